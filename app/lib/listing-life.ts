// Shared by the "Live auf" panel: the JSON it reads and German labels (ADR 037).
import type { ApiAnswer } from "./api/types";
import { formatEuroCents } from "./format";

/** GET /api/ads/{id}/listings: the listings, the price-cut plan, when it sold and what "Verkauft" will end. */
export type ListingLife = ApiAnswer<"GET", "/api/ads/{id}/listings">;
export type ListingView = ListingLife["listings"][number];
export type PlanView = NonNullable<ListingLife["plan"]>;
/** What "Verkauft" will do: the platforms where the app ends the ad itself, and those the seller ends by hand. */
export type SoldEnding = ListingLife["ending"];

export const LISTING_STATUS_LABELS: Record<ListingView["status"], string> = {
  publishing: "Wird veröffentlicht …",
  live: "Live",
  paused: "Pausiert",
  ended: "Beendet",
  failed: "Fehlgeschlagen",
};

/** The price line: a cut shows as reduced only below the start price (Kleinanzeigen's rule, applied everywhere). */
export function priceLine(listing: Pick<ListingView, "priceCents" | "startPriceCents">): { now: string; before: string | null } | null {
  if (listing.priceCents === null) return null;
  const reduced = listing.startPriceCents !== null && listing.priceCents < listing.startPriceCents;
  return { now: formatEuroCents(listing.priceCents), before: reduced ? formatEuroCents(listing.startPriceCents!) : null };
}

/** "eBay", "eBay und Kleinanzeigen", "eBay, Vinted und Kleinanzeigen". */
export function namesList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} und ${names[names.length - 1]}`;
}

/** "jeden Tag", "alle 2 Tage" (never "alle 1 Tage"). */
export function everyDays(days: number): string {
  return days === 1 ? "jeden Tag" : `alle ${days} Tage`;
}

/** The "Verkauft" dialog's words: every platform the ad is on, what ends by itself and what by hand. */
export function soldDialogText(ending: SoldEnding): string {
  const lines: string[] = [];
  if (ending.automatic.length > 0) lines.push(`Wir beenden die Anzeige auf ${namesList(ending.automatic)} automatisch.`);
  if (ending.byHand.length > 0) lines.push(`Auf ${namesList(ending.byHand)} beendest du sie selbst – dort geht es nur von Hand.`);
  if (lines.length === 0)
    lines.push(
      "AnzeigenPilot hat die Anzeige auf keiner Plattform veröffentlicht. Wo du sie selbst eingestellt hast (z. B. Kleinanzeigen, Vinted, willhaben, Facebook), beendest du sie selbst.",
    );
  lines.push("Ein Preisplan endet, und deine Anzeigenseite zeigt „Verkauft“.");
  return lines.join(" ");
}
