// Each variant's handover and contact lines, written for its platform (ADR 029): Vinted ships
// through Vinted and allows no phone numbers or addresses, so pickup lines become "Versand über
// Vinted" and contact lines go. A pickup-only item gets no shipping line anywhere, Vinted's copy
// included: the notice says that Vinted needs shipping (ADR 041). The other marketplaces never
// mention Vinted.
import type { Platform } from "./platforms";
import { PAYMENT, PICKUP, SHIPPING_INCLUDED } from "./offer-vocabulary";

const HANDOVER_HEADING = /^\S*\s*\*{0,2}(?:abholung|versand|übergabe|standort)\b.*\*{0,2}$/iu;
const HANDOVER_LINE = /abhol|abzuholen|versand|versende|verschick|übergabe|porto|\bdhl\b|hermes|\bdpd\b|\bgls\b/i;
const PHONE = /(?:\+49|\b0)\s?\d{2,5}[\s/-]?\d{3,}|\bwhats ?app\b|\btelegram\b|\btel\.?\s*:?\s*\d|\bhandy(?:nummer)?\s*:?\s*\d|\banruf/i;
const ADDRESS = /\b\d{5}\s+\p{Lu}|\p{L}+(?:straße|str\.|weg|gasse|allee|platz)\s+\d+/iu;
const PICKUP_ONLY = /\bnur\s+(?:an\s+)?(?:selbst)?abhol|\bkein(?:en)?\s+versand\b|\bversand\s+(?:nicht\s+möglich|ausgeschlossen)\b/i;
const VINTED = /vinted/i;
/** The ad's closing line ("Bei Fragen einfach melden.", and the dealer's own). */
const CLOSING_LINE = /^Bei Fragen\b/u;

export const VINTED_SHIPPING_LINE = "- Versand über Vinted (Versandlabel in der App)";
export const VINTED_PICKUP_NOTICE =
  "Nur Abholung: Vinted-Käufe laufen über den Versand in der App, deshalb steht hier kein Versand – für Abholung passt eine andere Plattform besser.";

/**
 * `handoverNotes`: the ad's own handover lines that say more than the offer line, to go under it;
 * `handoverInWords`: the seller's own handover sentence where it states every fact of the offer line,
 * to stand in the offer line's place (the handover said once, as the seller said it).
 */
export type AdaptedBody = { body: string; notice: string | null; handoverNotes: string[]; handoverInWords: string | null };

/** True when the seller does not ship the item (the record's shipping fact, or its text when the record has none). */
export function isPickupOnly(body: string, shipping?: string | null): boolean {
  return shipping === "excluded" || (shipping == null && PICKUP_ONLY.test(body));
}

/** Words of a handover line that carry no fact beyond the offer line's ("nur", "möglich", "oder"). */
const HANDOVER_FILLER = new Set(
  "abholung selbstabholung abholen abzuholen abgeholt abholbar standort selbst werden muss kann nur oder und sowie auch aber gerne gern möglich mögl versand versende versenden verschicke verschicken versandkosten porto aufpreis kein keine nicht gegen zzgl inkl inklusive plus für von mit per bei beim aus euro eur".split(
    " ",
  ),
);

/** A shipping the buyer pays on top of the price, with no amount named ("gegen Aufpreis", "gg aufpreis", "zzgl. Porto"). */
const BUYER_PAYS =
  /(?<!\p{L})(?:(?:gegen|gg\.?)\s+(?:aufpreis|porto|versandkosten|kostenübernahme|bezahlung|erstattung)|zzgl\.?|zuzüglich|plus\s+(?:versand|porto)|auf\s+kosten\s+de[sr]\s+käufers?|käufer\s+(?:zahlt|trägt))(?!\p{L})|\+\s*(?:versand|porto)/iu;

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
function withoutStatedHandover(lines: string[], offer: string): { lines: string[]; moved: string[]; inWords: string | null } {
  const stated = new Set(wordsOf(offer));
  // "Versand gegen Aufpreis möglich" says more than "Versand möglich": the buyer pays for it, though no amount is named.
  const amountless = !/\d/.test(offer);
  const covered = (line: string) =>
    wordsOf(line).every((word) => stated.has(word) || HANDOVER_FILLER.has(word)) && !(amountless && BUYER_PAYS.test(line));
  const result: string[] = [];
  const own: string[] = [];
  let inHandover = false;
  for (const line of lines) {
    if (!line.startsWith("- ") && HANDOVER_HEADING.test(line.trim()) && line.trim().length < 40) {
      inHandover = true;
      continue;
    }
    if (inHandover && line.startsWith("- ")) {
      if (!covered(line)) own.push(line.slice(2).trim());
      continue;
    }
    inHandover = false;
    result.push(line);
  }
  // No blank lines left twice where a section went.
  const kept = result.filter((line, index) => line.trim() !== "" || result[index - 1]?.trim() !== "");
  // Payment lines stay lines of their own under the offer line; the handover lines may say it in the seller's words.
  const payment = own.filter((line) => PAYMENT_LINE.test(line));
  const { label, rest } = inSellersWords(
    own.filter((line) => !PAYMENT_LINE.test(line)),
    offer.replace(/^.*?:\*{0,2}\s*/u, ""),
  );
  return { lines: kept, moved: [...rest, ...payment].map((line) => `- ${inEuros(line)}`), inWords: label };
}

/** A line about payment ("PayPal Freunde oder Überweisung", "bar bei Abholung"). */
const PAYMENT_LINE = new RegExp(PAYMENT, "iu");
/** Words a handover line starts with that are no noun, written small inside a sentence. */
const NO_NOUN_START =
  /^(?:Kein|Keine|Keinen|Nur|Sonst|Ansonsten|Oder|Aber|Auch|Gerne?|Bitte|Inkl\.?|Zzgl\.?|Ab|Bis|Zur|Zum|Bei|Mit|Per|Wegen|Leider|Lieber|Eher|Alternativ|Ebenfalls|Dann|Bevorzugt)(?!\p{L})/u;
/** The most a handover said in the seller's words may take, in lines and characters. */
const MAX_OWN_LINES = 2;
const MAX_OWN_LENGTH = 200;
/** A bare amount the seller typed for a handover ("oder 30 bei Abholung", "versichert 9,90"): euros. */
const BARE_AMOUNT =
  /(?<![\d.,])(\d{1,4},\d{2}|(?<=(?:für|oder|plus|zzgl\.?|je|nur|dann|einzeln|\+)\s+)\d{1,4})(?!\s*(?:€|euro|eur|%|[.,]?\d))(?=\s*(?:\)|$|[,;]|\s+(?:bei|oder|und|mit|per|als|möglich|mgl\.?|inkl\.?|zzgl\.?|dazu|extra|zusätzlich|versichert|unversichert|kosten|kostet|gut|verpackt|dhl|hermes|dpd|gls|ups|\p{L}*versand)(?!\p{L})|\s+\+))/giu;

/** What a handover word stands for: the forms of shipping, pickup, "included" and "none" as one key each. */
function factKey(word: string): string {
  if (/^(?:versand\p{L}*|versende\p{L}*|verschick\p{L}*|porto)$/u.test(word)) return "versand";
  if (/^(?:abhol\p{L}*|abzuholen|selbstabhol\p{L}*|abgeholt)$/u.test(word)) return "abholung";
  if (/^(?:inkl|inklusive)$/u.test(word)) return "inklusive";
  if (/^(?:kein|keine|keinen|nicht)$/u.test(word)) return "kein";
  return word;
}
const FACT_KEYS = new Set(["versand", "abholung", "inklusive", "kein"]);
/** The facts of a handover text: shipping, pickup, included, none, and every word that is no filler (amounts, carriers, places). */
function factsOf(text: string): string[] {
  const facts = wordsOf(text)
    .map(factKey)
    .filter((word) => FACT_KEYS.has(word) || !HANDOVER_FILLER.has(word));
  // "Versand übernehme ich", "portofrei": shipping included; "ihr holt sie in Detmold ab": pickup, in the seller's words.
  return [...facts, ...(SHIPPING_INCLUDED_RX.test(text) ? ["inklusive"] : []), ...(PICKUP_RX.test(text) ? ["abholung"] : [])];
}
const SHIPPING_INCLUDED_RX = new RegExp(SHIPPING_INCLUDED, "iu");
const PICKUP_RX = new RegExp(PICKUP, "iu");
const states = (lines: string[], part: string) => {
  const said = new Set(lines.flatMap(factsOf));
  return factsOf(part).every((fact) => said.has(fact));
};

/** Whether a line says no fact of another part: no other handover kind, no amount the part does not state. */
const onlyOf = (line: string, part: string) => {
  const own = new Set(factsOf(part));
  return factsOf(line).every((fact) => own.has(fact) || (!FACT_KEYS.has(fact) && !/^\d/.test(fact)));
};

/** A handover text's amounts in euros: "6€" → "6 €", a bare "oder 30 bei Abholung" → "oder 30 € bei Abholung". */
export function inEuros(text: string): string {
  return text.replace(/(\d)\s*€/g, "$1 €").replace(BARE_AMOUNT, "$1 €");
}

/** The seller's lines as the label writes them: one sentence, a lower-case start inside it, amounts in euros. */
function asSentence(lines: string[]): string {
  return inEuros(
    lines
      .map((line) => line.replace(/[.\s]+$/, ""))
      .map((line, index) => (index > 0 ? line.replace(NO_NOUN_START, (word) => word.toLowerCase()) : line))
      .join(", "),
  );
}

/**
 * The offer line's handover in the seller's words, where their lines say more than it and state its
 * facts — shipping or pickup, "included" or "none", amounts, carriers, places. All of it: "Versand
 * als versichertes Paket für 6 € oder abholen in Kiel Gaarden" for "Versand 6 € · Abholung in Kiel".
 * Or part by part: "Versand inklusive · Keine Abholung möglich, bin gerade viel unterwegs". Where
 * the record says something the seller's words do not (a cost corrected in the editor), that part
 * stays the record's. `rest`: the seller's lines that took no part's place, to go under the line.
 */
function inSellersWords(lines: string[], label: string): { label: string | null; rest: string[] } {
  if (lines.length === 0) return { label: null, rest: [] };
  if (lines.length <= MAX_OWN_LINES && states(lines, label)) {
    const sentence = asSentence(lines);
    if (sentence.length <= MAX_OWN_LENGTH) return { label: sentence, rest: [] };
  }
  const rest = [...lines];
  let replaced = false;
  const parts = label.split(" · ").map((part) => {
    const index = rest.findIndex((line) => states([line], part) && onlyOf(line, part) && line.length <= MAX_OWN_LENGTH);
    if (index === -1) return part;
    replaced = true;
    return asSentence(rest.splice(index, 1));
  });
  return replaced ? { label: parts.join(" · "), rest } : { label: null, rest: lines };
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
    if (!offerHandover) return { body: own.join("\n"), notice: null, handoverNotes: [], handoverInWords: null };
    const { lines: kept, moved, inWords } = withoutStatedHandover(own, offerHandover);
    return { body: kept.join("\n"), notice: null, handoverNotes: moved, handoverInWords: inWords };
  }
  const pickupOnly = isPickupOnly(body, shipping);
  const result: string[] = [];
  let inHandover = false;
  let shippingWritten = false;
  for (const line of lines) {
    // "📍 Standort" says where the item is, no way of handing it over: it stays, and Vinted's shipping gets its own heading.
    if (HANDOVER_HEADING.test(line.trim()) && line.trim().length < 40 && /standort/iu.test(line)) {
      result.push(line);
      continue;
    }
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
    // Before the closing line ("Bei Fragen einfach melden."), where the ad's other sections end.
    const closing = result.length > 1 && CLOSING_LINE.test(result[result.length - 1]) ? result.pop()! : null;
    while (result.length > 0 && result[result.length - 1].trim() === "") result.pop();
    result.push("", "🚚 **Versand**", VINTED_SHIPPING_LINE, ...(closing ? ["", closing] : []));
  }
  return { body: result.join("\n"), notice: pickupOnly ? VINTED_PICKUP_NOTICE : null, handoverNotes: [], handoverInWords: null };
}
