// What the seller's note says about price and handover, read the way sellers type it: the asking
// price anywhere ("VB 150", "250 VB", "70€ Festpreis", "… stand in vitrine, 250"), its type
// (Festpreis / VB / zu verschenken), the handover (Versand / Abholung / beides) and PLZ + Ort.
// A new price ("NP 329 €", "neu 400 € gekauft") is never the asking price (ADR 028).
// Pure and isomorphic: the create form prefills its fields with it, the server fills the fields an
// API client left out, and the offline writer strips the price phrases from the ad text.

import { formatEuroCents } from "./format";

export const PRICE_TYPES = ["festpreis", "vb", "verschenken"] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
export const PRICE_TYPE_LABELS: Record<PriceType, string> = { festpreis: "Festpreis", vb: "VB", verschenken: "Zu verschenken" };

export const HANDOVERS = ["versand", "abholung", "beides"] as const;
export type Handover = (typeof HANDOVERS)[number];
export const HANDOVER_LABELS: Record<Handover, string> = {
  versand: "Nur Versand",
  abholung: "Nur Abholung",
  beides: "Versand oder Abholung",
};

/** Parcel services a seller names ("Versand mit DHL"), as they are written. */
export const CARRIERS = ["DHL", "Hermes", "DPD", "GLS", "UPS", "Deutsche Post"] as const;
export type Carrier = (typeof CARRIERS)[number];

export type SellerFacts = {
  /** The asking price in euros (0 for "zu verschenken"), or null when the note names none. */
  price: number | null;
  priceType: PriceType | null;
  /** The new price in euros ("NP 329 €"), the basis of an estimate by depreciation. */
  newPrice: number | null;
  /** What shipping costs the buyer in euros ("Versand 6,99 €"; 0 for "inkl. Versand"), or null when unsaid. */
  shippingCost: number | null;
  /** The parcel service the seller names, or null. */
  carrier: Carrier | null;
  /** Whether the seller takes a swap ("Tausch möglich": true, "kein Tausch": false), or null when unsaid. */
  swap: boolean | null;
  handover: Handover | null;
  postalCode: string | null;
  city: string | null;
  /** The exact pieces of the note that state the asking price and its type (removed from the ad text). */
  phrases: string[];
};

/** "1.200", "1200", "1.200,50", "12,50", "70,-". */
const NUMBER = String.raw`(\d{1,3}(?:\.\d{3})+|\d{1,6})(?:,(\d{1,2}|-{1,2}))?`;
const CURRENCY = String.raw`(?:\s?(?:€|euro\b|eur\b|euronen\b))`;
/** An amount: a number, maybe with a currency. */
const AMOUNT = new RegExp(String.raw`(?<![\d.,\p{L}-])${NUMBER}(${CURRENCY})?`, "giu");
const FIXED = String.raw`(?:festpreis|fixpreis|fp\b|preis\s+ist\s+fest|fest\b)`;
const NEGOTIABLE = String.raw`(?:vb\b|vhb\b|verhandlungsbasis|verhandelbar|oder\s+(?:bestes\s+)?(?:gebot|angebot)|o\.?\s?b\.?\s?o\.?)`;
const TYPE_WORD = `(?:${FIXED}|${NEGOTIABLE})`;
/** Words that make a number something else than a price: units, sizes, counts. */
const UNIT_AFTER =
  /^\s?(?:cm|mm|m\b|meter|qm|m²|kg|g\b|gramm|gb|tb|mb|w\b|watt|kw|v\b|volt|ah\b|mah|wh|l\b|liter|ml|zoll|"|''|km|ps|%|x\b|×|jahre?n?|monate?n?|wochen|tage?n?|stück|stk|teile?|er\b|min|h\b|std|stunden|mal\b|hz|mhz|ghz|mp|kb|bar|grad|°|personen|sitzer|gang|fach|cl|mm²|lbs|tlg|teilig|-teilig|\/|-\d|\.\d)/i;
/**
 * Words that make an amount after them in the same clause the shipping cost, never the asking
 * price: "Versand 6,99", "gegen Aufpreis 6,99", "zzgl. 5 €", "Versand ca. 7 € mit DHL", "als
 * Päckchen für 4,50", "DHL 5,49".
 */
const SHIPPING_WORD_BEFORE = String.raw`(?:versand(?:kosten)?|versende\p{L}*|verschick\p{L}*|porto|aufpreis|zzgl\.?|zuzüglich|(?:als|per)\s+(?:päckchen|paket)|dhl|hermes|dpd|gls|ups)`;
const SHIPPING_WORD = new RegExp(String.raw`(?<!\p{L})${SHIPPING_WORD_BEFORE}(?!\p{L})`, "iu");
/**
 * Where a clause ends, looking back from an amount: a comma, semicolon, "!", "?", a line break, a
 * dash between spaces, or a full stop — except after the abbreviations an amount follows ("ca.",
 * "zzgl.", "inkl.").
 */
const CLAUSE_BREAK = /[,;!?\n]|\s[-–]\s|(?<!(?<!\p{L})(?:ca|zzgl|inkl|incl|ggf|evtl))\.(?!\d)/u;
/**
 * A shipping noun or a parcel service right after an amount: "6,99 € Versand", "4,50 Porto", "5 € für
 * den Versand", "5,49 € mit DHL" — unless the noun starts a statement of its own ("35 € Versand
 * möglich").
 */
const SHIPPING_AFTER =
  /^[ \t]?(?:€|euro\b|eur\b)?[ \t]*(?:(?:für[ \t]+(?:den[ \t]+)?)?(?:versand(?:kosten)?|porto)(?!\p{L})(?![ \t]*(?:möglich|mögl|auch|oder|gegen|ist|nicht|wäre|und|nur)\b)|(?:mit|per|via|über)[ \t]+(?:dhl|hermes|dpd|gls|ups|deutsche[ \t]+post)(?!\p{L}))/iu;
/** Shipping the price includes: the buyer pays nothing more for it. */
const SHIPPING_FREE =
  /(?<!\p{L})(?:inkl\.?|inklusive|incl\.?)[ \t]*(?:versand|porto)(?!\p{L})|(?<!\p{L})(?:versandkostenfrei|portofrei|versandfrei|(?:kostenloser|gratis)[ \t]+versand)(?!\p{L})|(?<!\p{L})versand[ \t]+(?:ist[ \t]+)?(?:kostenlos|gratis|inklusive|inkl\.?|frei)(?!\p{L})/iu;
const CARRIER_PATTERNS: Array<[Carrier, RegExp]> = [
  ["DHL", /(?<!\p{L})dhl(?!\p{L})/iu],
  ["Hermes", /(?<!\p{L})hermes(?!\p{L})/iu],
  ["DPD", /(?<!\p{L})dpd(?!\p{L})/iu],
  ["GLS", /(?<!\p{L})gls(?!\p{L})/iu],
  // Not the interjection that starts a sentence ("Ups, …", "Ups!").
  ["UPS", /(?<=(?:^|[.!?\n])\s*)ups(?![\p{L},!])|(?<!(?:^|[.!?\n])\s*)(?<!\p{L})ups(?!\p{L})/iu],
  ["Deutsche Post", /(?<!\p{L})(?:deutsche\s+post|warensendung|büchersendung|großbrief|maxibrief)(?!\p{L})/iu],
];
/** Words before a number that make it a size, type or count; a hyphen or slash only when attached ("XY-150", "205/55"), not a dash between spaces. */
const SIZE_BEFORE =
  /(?:(?:gr\.?|größe|groesse|nr\.?|no\.?|modell|typ|art\.?|jahrgang|baujahr|bj\.?|plz|\bx|×|#|ca\.?\s*\d+\s*x)\s*|[-/])$/i;
/** A price paid when new, not asked now. */
const NEW_PRICE_BEFORE =
  /(?:\bnp\b|neupreis|neu\s*preis|uvp|listenpreis|originalpreis|ladenpreis|neu\s+(?:gekostet|für|bei|war|um)|(?:gekauft|bezahlt|gekostet|kostete|kostet\s+neu|neu\s+kostet)\b[^.;!?]{0,30}?|\bneu\b\s*:?\s*(?:ca\.?|etwa|rund)?)\s*:?\s*(?:war|lag\s+bei|von|ca\.?|etwa|rund|über|knapp)?\s*(?:ca\.?|etwa|rund)?\s*$/i;
/** A new-price word right after an amount, on its line: "329 € NP", "400 € neu". */
const NEW_PRICE_AFTER = /^[ \t]?(?:€|euro|eur)?[ \t]*(?:neu|np|neupreis|uvp|gekauft|bezahlt|gekostet|(?:beim\s+)?kauf)\b/i;
/** The words that name an asking price: "Preis", "Preisvorstellung", "Verkaufspreis" — not "Aufpreis" or "Neupreis". */
const ASK_PRICE_WORD = String.raw`(?<!\p{L})(?:verkaufs|kauf|end|wunsch)?preis(?:vorstellung)?`;
const ASK_BEFORE = new RegExp(
  String.raw`(?:${TYPE_WORD}|${ASK_PRICE_WORD}|kostet|für|zu|ab|nur|abzugeben\s+für|abgabe\s+für|verkaufe?\s+für|möchte|hätte\s+gern)\s*:?\s*(?:nur\s+)?$`,
  "iu",
);
const TYPE_OR_PRICE_BEFORE = new RegExp(String.raw`(${TYPE_WORD}|${ASK_PRICE_WORD}|kostet|für)\s*:?\s*(?:nur\s+)?$`, "iu");
const GIVEAWAY =
  /\b(?:zu\s+verschenken|verschenke\b|verschenken\b|gratis\s+abzugeben|kostenlos\s+abzugeben|umsonst\s+abzugeben|gegen\s+abholung\s+(?:gratis|kostenlos|umsonst))\b|^\s*(?:gratis|kostenlos|umsonst)\b/im;

function euros(whole: string, fraction?: string): number {
  const cents = fraction && !fraction.startsWith("-") ? Number(fraction.padEnd(2, "0")) / 100 : 0;
  return Number(whole.replace(/\./g, "")) + cents;
}

type Candidate = { value: number; start: number; end: number; strength: number; type: PriceType | null; text: string };

/** The stretch of the note's clause around an index (sentence or comma boundaries). */
function clauseBefore(note: string, index: number) {
  const before = note.slice(0, index);
  const dash = before.search(/\s[-–]\s(?!.*\s[-–]\s)/s);
  const cut = Math.max(before.lastIndexOf("\n"), before.search(/[.!?;,](?=[^.!?;,]*$)/), dash === -1 ? -1 : dash + 2);
  return before.slice(cut + 1);
}

function isClauseEnd(rest: string) {
  return /^\s*(?:$|[\n.!?;,]|\s*-\s)/.test(rest);
}

function isClauseStart(before: string) {
  return /(?:^|[\n.!?;,:]|\s-)\s*$/.test(before);
}

function candidates(note: string): Candidate[] {
  const found: Candidate[] = [];
  for (const match of note.matchAll(AMOUNT)) {
    const start = match.index;
    let end = start + match[0].length;
    const whole = match[1];
    const value = euros(whole, match[2]);
    const hasCurrency = Boolean(match[3]);
    const before = note.slice(Math.max(0, start - 40), start);
    let after = note.slice(end);
    const clause = clauseBefore(note, start);
    if (!hasCurrency && UNIT_AFTER.test(after)) continue;
    if (SIZE_BEFORE.test(before) && !hasCurrency) continue;
    if (NEW_PRICE_BEFORE.test(clause) || NEW_PRICE_AFTER.test(after)) continue;
    if (isShippingAmount(note, start, after)) continue;
    if (!hasCurrency && /^\d{5}$/.test(whole)) continue;
    if (value <= 0 || value > 1_000_000) continue;

    let type: PriceType | null = null;
    let strength = 0;
    let start2 = start;
    // A type word right after, on the same line: "250 VB", "70€ Festpreis", "150,- VHB".
    const typeAfter = after.match(new RegExp(String.raw`^[ \t]*(?:€[ \t]*)?(${TYPE_WORD})`, "i"));
    if (typeAfter) {
      type = new RegExp(`^${FIXED}`, "i").test(typeAfter[1]) ? "festpreis" : "vb";
      end += typeAfter[0].length;
      after = note.slice(end);
      strength = 3;
    }
    // A type word or a price word right before: "VB 150", "Festpreis: 70 €", "Preis 80".
    const typeBefore = before.match(TYPE_OR_PRICE_BEFORE);
    if (typeBefore) {
      const word = typeBefore[1];
      if (!type && new RegExp(`^${FIXED}`, "i").test(word)) type = "festpreis";
      else if (!type && new RegExp(`^${NEGOTIABLE}`, "i").test(word)) type = "vb";
      start2 = start - typeBefore[0].length;
      strength = Math.max(strength, /^(?:für|kostet)$/i.test(word) ? (hasCurrency ? 2 : 1) : 3);
    } else if (ASK_BEFORE.test(before)) {
      strength = Math.max(strength, hasCurrency ? 2 : 1);
    }
    if (strength === 0 && hasCurrency) strength = 2;
    // A bare number that is a clause of its own at the end of the note: "… stand in vitrine, 250".
    if (
      strength === 0 &&
      isClauseEnd(after) &&
      isClauseStart(note.slice(0, start)) &&
      note
        .slice(end)
        .trim()
        .replace(/^[.!]+/, "")
        .trim() === ""
    )
      strength = 1;
    if (strength === 0) continue;
    // A year ("2019") unless a currency, cents or a price type makes it a price ("VB 1950,-").
    if (!hasCurrency && match[2] === undefined && strength < 3 && /^(?:19|20)\d{2}$/.test(whole)) continue;
    found.push({ value, start: start2, end, strength, type, text: note.slice(start2, end).trim() });
  }
  return found;
}

/** Whether the amount at `start` is a shipping cost: a shipping word before it in its clause, or a shipping noun after it. */
function isShippingAmount(note: string, start: number, after: string): boolean {
  if (SHIPPING_AFTER.test(after)) return true;
  const clause =
    note
      .slice(Math.max(0, start - 60), start)
      .split(CLAUSE_BREAK)
      .pop() ?? "";
  return SHIPPING_WORD.test(clause);
}

/** What shipping costs the buyer and with which service, as the note says it. */
function readShipping(note: string): { shippingCost: number | null; carrier: Carrier | null } {
  const carrier = CARRIER_PATTERNS.find(([, pattern]) => pattern.test(note))?.[0] ?? null;
  for (const match of note.matchAll(AMOUNT)) {
    const start = match.index;
    const after = note.slice(start + match[0].length);
    if (!match[3] && UNIT_AFTER.test(after)) continue;
    if (NEW_PRICE_BEFORE.test(clauseBefore(note, start)) || NEW_PRICE_AFTER.test(after)) continue;
    if (isShippingAmount(note, start, after)) return { shippingCost: euros(match[1]!, match[2]), carrier };
  }
  return { shippingCost: SHIPPING_FREE.test(note) ? 0 : null, carrier };
}

const NO_SWAP = /(?<!\p{L})(?:keine?\s+tausch\p{L}*|tausch\s+(?:ist\s+)?ausgeschlossen|nicht\s+zum\s+tausch(?:en)?)(?!\p{L})/iu;
const SWAP =
  /(?<!\p{L})(?:tausch(?:e|en)?\s+(?:ist\s+)?(?:möglich|mögl\.?|gegen|auch)|tausche\b|(?:oder|auch|gern(?:e)?)\s+tausch(?:\p{L}*)|tausch\s*\/|\/\s*tausch|tauschangebote\s+(?:willkommen|gern(?:e)?))/iu;

function readSwap(note: string): boolean | null {
  if (NO_SWAP.test(note)) return false;
  return SWAP.test(note) ? true : null;
}

/** A type stated apart from the number ("Preis ist fest", "Festpreis!", "VB" alone on a line). */
function separateType(note: string): { type: PriceType; text: string } | null {
  const fixed = note.match(
    /(?:^|[\s,.;(])((?:preis\s+ist\s+)?(?:festpreis|fixpreis)|preis\s+ist\s+fest|keine?\s+(?:preis)?verhandlung(?:en)?|nicht\s+verhandelbar)(?=$|[\s,.;!)])/im,
  );
  if (fixed) return { type: "festpreis", text: fixed[1] };
  const negotiable = note.match(/(?:^|[\s,.;(])(vb|vhb|verhandlungsbasis|preis\s+(?:ist\s+)?verhandelbar|verhandelbar)(?=$|[\s,.;!)])/im);
  if (negotiable) return { type: "vb", text: negotiable[1] };
  return null;
}

function readHandover(note: string): Handover | null {
  const text = note.toLowerCase();
  const pickupOnly =
    /\bnur\s+(?:an\s+)?(?:selbst)?abhol(?:ung|er|en)\b|\bkein\s+versand\b|\bversand\s+(?:nicht\s+möglich|ausgeschlossen)\b|\bnur\s+für\s+selbstabholer\b/.test(
      text,
    );
  const shippingOnly = /\bnur\s+versand\b|\bkeine\s+abholung\b/.test(text);
  const pickup = /\b(?:selbst)?abhol(?:ung|er|en|bar)\b|\babzuholen\b/.test(text);
  const shipping =
    (/(?<!\p{L})(?:versand\p{L}*|versende\p{L}*|verschick\p{L}*|porto\p{L}*)(?!\p{L})/u.test(text) ||
      CARRIER_PATTERNS.some(([, pattern]) => pattern.test(text))) &&
    !/\bversand\s+über\s+vinted\b/.test(text);
  if (pickupOnly) return "abholung";
  if (shippingOnly) return "versand";
  if (pickup && shipping) return "beides";
  if (pickup) return "abholung";
  if (shipping) return "versand";
  return null;
}

function titleCase(word: string) {
  return word
    .split(/([ -])/)
    .map((part) =>
      /^(?:am|an|der|im|in|bei|ob|vor|dem|den)$/i.test(part) ? part.toLowerCase() : part.charAt(0).toUpperCase() + part.slice(1),
    )
    .join("");
}

function readPlace(note: string): { postalCode: string | null; city: string | null } {
  const match = note.match(
    /(?<![\d,.])(\d{5})\s+(\p{L}[\p{L}-]*(?:\s(?:am|an der|im|in der|bei|ob der|vor der)\s\p{L}[\p{L}-]*|\s\((?:\p{L}|\s|\.)+\))?)/u,
  );
  if (match && !/^(?:euro|eur|km|cm|stück|mal|teile)$/i.test(match[2])) {
    const city = match[2].replace(/-$/, "");
    return { postalCode: match[1], city: titleCase(city) };
  }
  // The keyword in any case ("Abholung in Köln", "standort: Berlin"); the place capitalised.
  const ort = note.match(
    /(?<!\p{L})(?:[Ss]tandort|[Oo]rt|[Aa]bholung\s+in|[Aa]bholen\s+in|[Aa]bzuholen\s+in)\s*:?\s*(\p{Lu}[\p{L}-]+(?:\s\p{Lu}[\p{L}-]+)?)/u,
  );
  if (ort) return { postalCode: null, city: ort[1] };
  // Typed in lower case ("nur abholung in hamburg-altona"): after "in", any word that is no article,
  // pronoun or time ("in der Nähe", "in kürze") is the place, capitalised as a name.
  const lower = note.match(
    /(?<!\p{L})(?:abholung|abholen|abzuholen)\s+in\s+(?!(?:der|die|das|den|dem|des|ein|eine|einer|einem|meiner|unserer|kürze|absprache)(?![\p{L}-]))(\p{Ll}[\p{L}-]+(?:\s(?!(?:oder|und|bei|nach|ab|vb|mit)(?![\p{L}-]))\p{Ll}[\p{L}-]+)?)/iu,
  );
  return { postalCode: null, city: lower ? titleCase(lower[1]) : null };
}

function readNewPrice(note: string): number | null {
  const match =
    note.match(
      new RegExp(
        String.raw`(?:\bnp\b|neupreis|uvp|neu\s+(?:gekostet|für|war|um)|\bneu\b)\s*:?\s*(?:war|lag\s+bei|von|ca\.?|etwa|rund)?\s*(?:ca\.?|etwa|rund)?\s*${NUMBER}${CURRENCY}?`,
        "i",
      ),
    ) ??
    note.match(new RegExp(String.raw`(?:gekauft|bezahlt|gekostet)\b[^.;!?]{0,30}?\bfür\s*(?:ca\.?|etwa)?\s*${NUMBER}${CURRENCY}?`, "i")) ??
    note.match(new RegExp(String.raw`${NUMBER}${CURRENCY}?\s*(?:np|neupreis|uvp)\b`, "i"));
  if (!match) return null;
  const value = euros(match[1], match[2]);
  return value > 0 ? value : null;
}

export function readSellerFacts(note: string | null | undefined): SellerFacts {
  const text = (note ?? "").replace(/\r/g, "");
  const found = candidates(text).sort((a, b) => b.strength - a.strength || Number(Boolean(b.type)) - Number(Boolean(a.type)));
  const best = found[0] ?? null;
  const phrases: string[] = [];
  let price: number | null = null;
  let priceType: PriceType | null = null;
  const giveaway = text.match(GIVEAWAY);
  if (best && !(giveaway && best.strength < 2)) {
    price = best.value;
    priceType = best.type;
    phrases.push(best.text);
    if (!priceType) {
      const apart = separateType(text.slice(0, best.start) + text.slice(best.end));
      if (apart) {
        priceType = apart.type;
        phrases.push(apart.text);
      }
    }
  } else if (giveaway) {
    price = 0;
    priceType = "verschenken";
    phrases.push(giveaway[0].trim());
  }
  const place = readPlace(text);
  return {
    price,
    priceType,
    newPrice: readNewPrice(text),
    ...readShipping(text),
    swap: readSwap(text),
    handover: readHandover(text),
    ...place,
    phrases,
  };
}

/**
 * The note's shipping and swap as the offer record stores them (ADR 041): the cost in euro cents.
 * The server stores this; the create form shows the same in its one-line reading.
 */
export function shippingRecord(facts: Pick<SellerFacts, "shippingCost" | "carrier" | "swap">) {
  return {
    shippingCost: facts.shippingCost === null ? null : Math.round(facts.shippingCost * 100),
    shippingCarrier: facts.carrier,
    swap: facts.swap,
  };
}

/** "250 € VB", "70 € Festpreis", "Zu verschenken", "80 €": the seller's price exactly as stated. */
export function formatSellerPrice(cents: number, type: PriceType | null): string {
  if (type === "verschenken") return "Zu verschenken";
  const amount = formatEuroCents(cents);
  return type ? `${amount} ${PRICE_TYPE_LABELS[type]}` : amount;
}
