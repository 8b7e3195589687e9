// Each variant's handover and contact lines, written for its platform (ADR 029): Vinted ships
// through Vinted and allows no phone numbers or addresses, so pickup lines become "Versand über
// Vinted" and contact lines go. A pickup-only item gets no shipping line anywhere, Vinted's copy
// included: the notice says that Vinted needs shipping (ADR 041). The other marketplaces never
// mention Vinted.
import type { Platform } from "./platforms";

const HANDOVER_HEADING = /^\S*\s*\*{0,2}(?:abholung|versand|übergabe)\b.*\*{0,2}$/iu;
const HANDOVER_LINE = /abhol|abzuholen|versand|versende|verschick|übergabe|porto|\bdhl\b|hermes|\bdpd\b|\bgls\b/i;
const PHONE = /(?:\+49|\b0)\s?\d{2,5}[\s/-]?\d{3,}|\bwhats ?app\b|\btelegram\b|\btel\.?\s*:?\s*\d|\bhandy(?:nummer)?\s*:?\s*\d|\banruf/i;
const ADDRESS = /\b\d{5}\s+\p{Lu}|\p{L}+(?:straße|str\.|weg|gasse|allee|platz)\s+\d+/iu;
const PICKUP_ONLY = /\bnur\s+(?:an\s+)?(?:selbst)?abhol|\bkein(?:en)?\s+versand\b|\bversand\s+(?:nicht\s+möglich|ausgeschlossen)\b/i;
const VINTED = /vinted/i;

export const VINTED_SHIPPING_LINE = "- Versand über Vinted (Versandlabel in der App)";
export const VINTED_PICKUP_NOTICE =
  "Nur Abholung: Vinted-Käufe laufen über den Versand in der App, deshalb steht hier kein Versand – für Abholung passt eine andere Plattform besser.";

/** `handoverNotes`: the ad's own handover lines that say more than the offer line, to go under it. */
export type AdaptedBody = { body: string; notice: string | null; handoverNotes: string[] };

/** True when the seller does not ship the item (the record's shipping fact, or its text when the record has none). */
export function isPickupOnly(body: string, shipping?: string | null): boolean {
  return shipping === "excluded" || (shipping == null && PICKUP_ONLY.test(body));
}

/** Words of a handover line that carry no fact beyond the offer line's ("nur", "möglich", "oder"). */
const HANDOVER_FILLER = new Set(
  "abholung selbstabholung abholen abzuholen abgeholt abholbar selbst werden muss kann nur oder und sowie auch aber gerne gern möglich mögl versand versende versenden verschicke verschicken versandkosten porto aufpreis kein keine nicht gegen zzgl inkl inklusive plus für von mit per bei beim aus euro eur".split(
    " ",
  ),
);

/** The words and amounts of a line ("Versand für 6,99" → versand, für, 6,99). */
function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}{3,}|\d+(?:[.,]\d+)*/gu) ?? []).map((word) => word.replace(/,00$/, ""));
}

/**
 * The ad's own handover sections when the offer's "🚚 Übergabe: …" line states the handover: a line
 * the offer line states in full (each word is the offer line's or a filler word) goes; a line that
 * says more ("Abholung ab 18 Uhr", "Wegen Gewicht lieber Abholung") moves under the offer line, so
 * the copy has one handover heading and says each fact once.
 */
function withoutStatedHandover(lines: string[], offer: string): { lines: string[]; moved: string[] } {
  const stated = new Set(wordsOf(offer));
  const covered = (line: string) => wordsOf(line).every((word) => stated.has(word) || HANDOVER_FILLER.has(word));
  const result: string[] = [];
  const moved: string[] = [];
  let inHandover = false;
  for (const line of lines) {
    if (!line.startsWith("- ") && HANDOVER_HEADING.test(line.trim()) && line.trim().length < 40) {
      inHandover = true;
      continue;
    }
    if (inHandover && line.startsWith("- ")) {
      if (!covered(line)) moved.push(line);
      continue;
    }
    inHandover = false;
    result.push(line);
  }
  // No blank lines left twice where a section went.
  return { lines: result.filter((line, index) => line.trim() !== "" || result[index - 1]?.trim() !== ""), moved };
}

export function adaptHandover(
  platform: Platform,
  body: string,
  shipping?: string | null,
  offerHandover: string | null = null,
): AdaptedBody {
  const lines = body.split("\n");
  if (platform !== "vinted") {
    // "Versand über Vinted" belongs to Vinted's copy only.
    const own = lines.filter((line) => !VINTED.test(line));
    if (!offerHandover) return { body: own.join("\n"), notice: null, handoverNotes: [] };
    const { lines: kept, moved } = withoutStatedHandover(own, offerHandover);
    return { body: kept.join("\n"), notice: null, handoverNotes: moved };
  }
  const pickupOnly = isPickupOnly(body, shipping);
  const result: string[] = [];
  let inHandover = false;
  let shippingWritten = false;
  for (const line of lines) {
    if (HANDOVER_HEADING.test(line.trim()) && line.trim().length < 40) {
      inHandover = true;
      // One handover on Vinted: a second heading, or the offer's "🚚 Übergabe: …" line, adds no second shipping line.
      if (pickupOnly || shippingWritten) continue;
      result.push(line);
      result.push(VINTED_SHIPPING_LINE);
      shippingWritten = true;
      continue;
    }
    if (inHandover && line.trim() === "") inHandover = false;
    if (inHandover && line.startsWith("- ")) continue;
    // No phone numbers or addresses on Vinted; pickup lines elsewhere in the text go as well.
    if (PHONE.test(line) || ADDRESS.test(line)) continue;
    if (line.startsWith("- ") && HANDOVER_LINE.test(line)) continue;
    result.push(line);
  }
  if (!shippingWritten && !pickupOnly) {
    while (result.length > 0 && result[result.length - 1].trim() === "") result.pop();
    result.push("", "🚚 Versand", VINTED_SHIPPING_LINE);
  }
  return { body: result.join("\n"), notice: pickupOnly ? VINTED_PICKUP_NOTICE : null, handoverNotes: [] };
}
