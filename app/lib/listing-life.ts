// Shared by the "Live auf" panel: the JSON it reads and German labels (ADR 037).
import { formatEuroCents } from "./format";

export type ListingView = {
  id: string;
  platform: string;
  status: "publishing" | "live" | "paused" | "ended" | "failed";
  url: string | null;
  externalId: string | null;
  priceCents: number | null;
  startPriceCents: number | null;
  publishedAt: number | null;
  expiresAt: number | null;
  endedAt: number | null;
  lastError: string | null;
  viaApi: boolean;
};

export type PlanView = {
  stepCents: number;
  intervalDays: number;
  floorCents: number;
  status: string;
  nextCutAt: number;
  lastCutAt: number | null;
};

export type ListingLife = { listings: ListingView[]; plan: PlanView | null; soldAt: number | null };

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
