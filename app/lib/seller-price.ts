// What the seller's note says about the offer, read the way sellers type it (ADR 028, 041, 064):
// the asking price anywhere ("VB 150", "250 VB", "Euro 120", "für einen Fuffi", "… in vitrine, 250"),
// its type (Festpreis / VB / zu verschenken), a per-piece and a bundle price, shipping and pickup as
// two facts (each offered, excluded or unsaid), the shipping cost and service, PLZ + Ort, swap.
// A new price ("NP 329 €") is never the asking price. Every amount the reader does not place is
// returned as a question, and every reading it is unsure of is named in `doubts`: the product asks
// the seller ("Bitte prüfen") instead of deciding silently.
// Pure and isomorphic: the create form shows the reading as the seller types, the server stores it,
// the offline writer takes the price phrases out of the ad text. The words come from
// offer-vocabulary.ts; the places from the gazetteer (places.ts).

import {
  BUNDLE_AFTER,
  BUNDLE_BEFORE,
  caseless,
  CARRIER_CUES,
  CURRENCY,
  FIXED,
  FIXED_NEXT_TO_AMOUNT,
  GIVEAWAY,
  NEGOTIABLE,
  NEGOTIABLE_NEXT_TO_AMOUNT,
  NO_PICKUP,
  NO_SHIPPING,
  numberWordValue,
  PER_PIECE_AFTER,
  PER_PIECE_BEFORE,
  PER_PIECE_PER_NOUN,
  PICKUP,
  PLACE_BEFORE_PICKUP,
  PLACE_LEAD,
  SHIPPING,
  SHIPPING_INCLUDED,
  SHIPPING_NOUN,
  SLANG_AMOUNT,
  SLANG_AMOUNTS,
  WORD_AMOUNT,
} from "./offer-vocabulary";
import { isAmbiguousPlaceWord, knownPlace, placeMatchesPostalCode } from "./places/gazetteer";
import type { Availability, Carrier, OfferFact, PriceType, UnplacedAmount } from "./offer-facts";

export type SellerFacts = {
  /** The asking price in euros (0 for "zu verschenken"; the bundle's price for a lot), or null when the note names none. */
  price: number | null;
  priceType: PriceType | null;
  /** The price of one piece ("je 12 €"), kept beside a bundle price; null when the note names none. */
  perPiece: number | null;
  /** The new price in euros ("NP 329 €"), the basis of an estimate by depreciation. */
  newPrice: number | null;
  /** What shipping costs the buyer in euros ("Versand 6,99 €"; 0 for "inkl. Versand"), or null when unsaid. */
  shippingCost: number | null;
  /** The parcel service the seller names, or null. */
  carrier: Carrier | null;
  /** Whether the seller takes a swap ("Tausch möglich": true, "kein Tausch": false), or null when unsaid. */
  swap: boolean | null;
  /** The seller's own delivery radius in km ("Lieferung im Umkreis von 20 km", ADR 075), or null when unsaid. */
  deliveryKm: number | null;
  shipping: Availability | null;
  pickup: Availability | null;
  postalCode: string | null;
  city: string | null;
  /** The exact pieces of the note that state the asking price and its type (removed from the ad text). */
  phrases: string[];
  /** The seller's words each fact was read from. */
  words: Partial<Record<OfferFact, string>>;
  /** Facts the reader is unsure of: the note could mean something else. */
  doubts: OfferFact[];
  /** Amounts the reader did not place. */
  unplaced: UnplacedAmount[];
};

const rx = (source: string, flags = "iu") => new RegExp(source, flags);

/** "1.200", "1200", "1.200,50", "12,50", "70,-", "180,--", "80.-". */
const NUMBER = String.raw`(\d{1,3}(?:\.\d{3})+(?!\d)|\d{1,6})(?:,(\d{1,2}(?!\d)|-{1,2})|\.(-{1,2}))?`;
const CURRENCY_AFTER = String.raw`(?:\s?(?:${CURRENCY}))`;
/** An amount: a number, maybe with a currency before ("EUR 80") or after ("80 €"). */
const AMOUNT = rx(String.raw`(?<![\d.,\p{L}-])(?:(€|euro|eur)\s?(?=\d))?${NUMBER}(${CURRENCY_AFTER})?`, "giu");
const TYPE_AFTER = rx(String.raw`^[ \t]*(?:€[ \t]*)?[(]?(${FIXED}|${NEGOTIABLE}|${FIXED_NEXT_TO_AMOUNT}|${NEGOTIABLE_NEXT_TO_AMOUNT})`);
const TYPE_BEFORE = rx(
  String.raw`(${FIXED}|${NEGOTIABLE}|${FIXED_NEXT_TO_AMOUNT}|${NEGOTIABLE_NEXT_TO_AMOUNT})\s*[:(]?\s*(?:preis\s*)?(?:nur\s+)?(?:ca\.?\s*)?$`,
);
const TYPE_OR_CURRENCY_WORD = rx(String.raw`^(?:${FIXED}|${NEGOTIABLE}|${FIXED_NEXT_TO_AMOUNT}|${NEGOTIABLE_NEXT_TO_AMOUNT}|${CURRENCY})$`);
const IS_FIXED = rx(String.raw`^(?:${FIXED}|${FIXED_NEXT_TO_AMOUNT})$`);
/** Words that make a number something else than a price: units, sizes, counts, a scale or a time ("1:32", "18:30"). */
const UNIT_AFTER =
  /^\s?(?:cm|mm|m(?![\p{L}\d])|meter|qm|m²|kg|g(?![\p{L}\d])|gramm|gb|tb|mb|w(?![\p{L}\d])|watt|kw|v(?![\p{L}\d])|volt|ah(?![\p{L}\d])|mah|wh|l(?![\p{L}\d])|liter|ml|zoll|"|''|km|ps|%|x(?![\p{L}\d])|×|jahre?n?|monate?n?|wochen|tage?n?|stück|stk|teile?|er(?![\p{L}\d])|min|h(?![\p{L}\d])|std|stunden|mal(?![\p{L}\d])|hz|mhz|ghz|mp|kb|bar|grad|°|personen|pers(?![\p{L}\d])|leute|sitzer|gang|fach|cl|mm²|lbs|tlg|teilig|-teilig|\/|-\d|\.\d|:\d)/iu;
/** The amount is glued to letters of a model designation ("5600X", "RS 175"). */
const MODEL_AFTER = /^[A-Za-z](?![\p{L}])|^[A-Za-z]{1,3}\d/u;
/**
 * Words that make an amount after them in the same clause the shipping cost, never the asking
 * price: "Versand 6,99", "gegen Aufpreis 6,99", "zzgl. 5 €", "Versand ca. 7 € mit DHL", "als
 * Päckchen für 4,50", "DHL 5,49".
 */
const SHIPPING_WORD = rx(
  String.raw`(?<!\p{L})(?:versand(?:kosten)?|versende\p{L}*|verschick\p{L}*|porto|aufpreis|zzgl\.?|zuzüglich|(?:als|per)\s+(?:päckchen|paket|brief)|${CARRIER_CUES.map(([, cue]) => cue).join("|")})(?!\p{L})`,
);
/**
 * Where a clause ends, looking back from an amount: a comma, semicolon, "!", "?", a line break, a
 * dash between spaces, or a full stop — except after the abbreviations an amount follows ("ca.",
 * "zzgl.", "inkl.").
 */
const CLAUSE_BREAK = /[,;!?\n(]|\s[-–]\s|(?<!(?<!\p{L})(?:ca|zzgl|inkl|incl|ggf|evtl))\.(?!\d)/u;
/**
 * A shipping noun or a parcel service right after an amount: "6,99 € Versand", "4,50 Porto", "5 € für
 * den Versand", "5,49 € mit DHL" — unless the noun starts a statement of its own ("35 € Versand
 * möglich").
 */
const SHIPPING_AFTER = rx(
  String.raw`^[ \t]?(?:€|euro\b|eur\b)?[ \t]*(?:(?:für[ \t]+(?:den[ \t]+)?)?(?:versand(?:kosten)?|porto)(?!\p{L})(?![ \t]*(?:möglich|mögl|auch|oder|gegen|ist|nicht|wäre|und|nur|auf)\b)(?![ \t]*(?:für[ \t]*|ca\.?[ \t]*)?\d)|(?:mit|per|via|über)[ \t]+(?:${CARRIER_CUES.map(([, cue]) => cue).join("|")})(?!\p{L}))`,
);
const CARRIER_PATTERNS: Array<[Carrier, RegExp]> = CARRIER_CUES.map(([carrier, cue]) => [
  carrier,
  // "UPS" is not the interjection that starts a sentence ("Ups, …", "Ups!").
  carrier === "UPS"
    ? /(?<=(?:^|[.!?\n])\s*)ups(?![\p{L},!])|(?<!(?:^|[.!?\n])\s*)(?<!\p{L})ups(?!\p{L})/iu
    : rx(String.raw`(?<!\p{L})(?:${cue})(?!\p{L})`),
]);
/** Words before a number that make it a size, type or count; a hyphen or slash only when attached ("XY-150", "205/55"), not a dash between spaces. */
const SIZE_BEFORE =
  /(?:(?:gr\.?|größe|groesse|nr\.?|no\.?|modell|typ|art\.?|jahrgang|baujahr|bj\.?|plz|\bx|×|#|ca\.?\s*\d+\s*x|max\.?|min\.?|rh|\b(?:uk|eu|us|fr|it))\s*|[-/:])$/i;
/** A price paid when new, not asked now. */
const NEW_PRICE_BEFORE =
  /(?:\bnp\b|neupreis|neu\s*preis|uvp|listenpreis|originalpreis|ladenpreis|neu\s+(?:gekostet|für|bei|war|um)|(?:gekauft|bezahlt|gekostet|kostete|kostet\s+neu|neu\s+kosten|neu\s+kostet)\b[^.;!?]{0,30}?|(?<!wie[ \t])\bneu\b[ \t]*:?[ \t]*(?:ca\.?|etwa|rund)?)[ \t]*:?[ \t]*(?:(?:zusammen|insgesamt|damals|komplett|alles)\s+)?(?:war|lag\s+bei|von|ca\.?|etwa|rund|über|knapp)?[ \t]*(?:ca\.?|etwa|rund)?[ \t]*$/i;
/** A new-price word right after an amount, on its line: "329 € NP", "400 € neu". */
const NEW_PRICE_AFTER = /^[ \t]?(?:€|euro|eur)?[ \t]*(?:neu|np|neupreis|uvp|gekauft|bezahlt|gekostet|(?:beim\s+)?kauf)(?!\p{L})/iu;
/** The words that name an asking price: "Preis", "Preisvorstellung", "Verkaufspreis" — not "Aufpreis" or "Neupreis". */
const ASK_PRICE_WORD = String.raw`(?<!\p{L})(?:verkaufs|kauf|end|wunsch|stück|einzel|paket|set|gesamt)?preis(?:vorstellung)?|(?<!\p{L})vorstellung`;
const ASK_BEFORE = rx(
  String.raw`(?:${ASK_PRICE_WORD}|kostet|für|zu|ab|nur|hier|jetzt|abzugeben\s+für|abgabe\s+für|verkaufe?\s+für|(?:möchte|will|hätte\s+gern)(?:\s+(?:noch|gern|gerne|dafür))?|also)\s*:?\s*(?:nur\s+)?(?:ca\.?\s*)?$`,
);
const PRICE_WORD_BEFORE = rx(String.raw`(${ASK_PRICE_WORD}|kostet|für)\s*:?\s*(?:nur\s+)?(?:ca\.?\s*)?$`);
const PER_PIECE_BEFORE_RX = rx(PER_PIECE_BEFORE);
const PER_PIECE_AFTER_RX = rx(PER_PIECE_AFTER);
const BUNDLE_BEFORE_RX = rx(BUNDLE_BEFORE);
const BUNDLE_AFTER_RX = rx(BUNDLE_AFTER);
const PER_PIECE_PER_NOUN_RX = rx(PER_PIECE_PER_NOUN);
/** A bundle lead that ties the number after it to the lot ("zusammen", "für", "komplett", "Paketpreis"), not "alle" alone. */
const BARE_BUNDLE_LEAD = /(?:zusammen|zus\.?|zs\.?|für|zu|nur|komplett|set|paket|bundle|konvolut|preis|gesamt)\s*:?\s*$/iu;
/** A per-piece lead or a bundle lead that ties the number after it to the lot, right before a number ("je", "zusammen", "alle für"). */
function followsPriceLead(before: string): boolean {
  const bundle = before.match(BUNDLE_BEFORE_RX);
  return PER_PIECE_BEFORE_RX.test(before) || (bundle !== null && BARE_BUNDLE_LEAD.test(bundle[0]));
}
/** A bundle lead and its amount right after a number: "je 8 zusammen 20", "je 5 alle für 12". */
function bundleLeadAfter(after: string): boolean {
  const lead = /^[ \t]+[^\d\n,.;!?]{1,30}?[ \t]*(?=\d)/u.exec(after);
  return lead !== null && BUNDLE_BEFORE_RX.test(lead[0]);
}
/** Another statement of the offer right after a number: shipping, pickup or their exclusion ("45 abholung …", "45 versand inkl."). */
const OFFER_STATEMENT_AFTER = rx(String.raw`^[ \t]+(?:${NO_SHIPPING}|${NO_PICKUP}|${SHIPPING_INCLUDED}|${SHIPPING}|${PICKUP})`);
/** A price word or a long price-type cue right before an amount: "Preis 350", "Festpreis: 350", "VB 150", "Preisvorstellung ca. 80". */
const PRICE_CUE_BEFORE = rx(
  String.raw`(?:${FIXED}|${NEGOTIABLE}|${ASK_PRICE_WORD})[ \t]*[:(]?[ \t]*(?:preis[ \t]*)?(?:nur[ \t]+)?(?:ca\.?[ \t]*)?$`,
);
/** A short price-type cue that counts only beside an amount: "fest 80", "fix 30", "VS 90". */
const NEAR_PRICE_CUE_BEFORE = rx(
  String.raw`(?:${FIXED_NEXT_TO_AMOUNT}|${NEGOTIABLE_NEXT_TO_AMOUNT})[ \t]*[:(]?[ \t]*(?:nur[ \t]+)?(?:ca\.?[ \t]*)?$`,
);
/** "Versand inklusive", "versand versichert inkl", "Versand kostenlos" right after an amount: shipping included, no cost. */
const INCLUDED_AFTER = rx(String.raw`^[ \t]?(?:€|euro|eur)?[ \t]*${SHIPPING_INCLUDED}`);
const SHIPPING_INCLUDED_ALL = rx(SHIPPING_INCLUDED, "giu");
/** A number right before a cue, maybe with cents and a currency: "50 VB", "50 € Festpreis". */
const NUMBER_BEFORE_CUE = rx(String.raw`(?<![\d.,])\d[\d.]*(?:,\d{1,2}|,-{1,2}|\.-{1,2})?([ \t]*(?:${CURRENCY}))?[ \t]*[(]?[ \t]*$`);
/** A token right before a number that makes it part of a name: "PSA 8", "RTX 3080" (as in `otherRole`). */
const MODEL_TOKEN_BEFORE = /(?:^|[ \t])(?:\p{Lu}{2,}|\p{L}*\d\p{L}*)[ \t]$/u;

/**
 * Whether `cue` ends `near` (the text right before an amount) and is that amount's own: not the type
 * of an amount before it ("50 VB 3,99 € Versand": the VB is the 50's; "PSA 8 Festpreis 350": the 8
 * is a grade, so the Festpreis is the 350's).
 */
function ownCue(near: string, cue: RegExp): boolean {
  const match = cue.exec(near);
  if (match === null) return false;
  const before = near.slice(0, match.index);
  const number = NUMBER_BEFORE_CUE.exec(before);
  if (number === null) return true;
  const ahead = before.slice(0, number.index);
  return !number[1] && (MODEL_TOKEN_BEFORE.test(ahead) || SIZE_BEFORE.test(ahead));
}
/** A giveaway cue that is about shipping or a present the seller once got, not about the price. */
const NOT_GIVEAWAY_AFTER = /^[ \t]*(?:versand|porto|lieferung|dazu|bekommen|gekriegt|erhalten)/iu;
const NOT_GIVEAWAY_BEFORE = /(?:versand|porto|lieferung)(?:[ \t]+ist)?[ \t]*$/iu;

function euros(whole: string, fraction?: string): number {
  const cents = fraction && !fraction.startsWith("-") ? Number(fraction.padEnd(2, "0")) / 100 : 0;
  return Number(whole.replace(/\./g, "")) + cents;
}

type Role = "ask" | "piece" | "bundle";
type Candidate = {
  value: number;
  start: number;
  end: number;
  strength: number;
  type: PriceType | null;
  text: string;
  role: Role;
  /** The amount the candidate was read from. */
  amount: Amount;
};

function isClauseEnd(rest: string) {
  return /^\s*(?:$|[\n.!?;,)]|\s*-\s)/.test(rest);
}

function isClauseStart(before: string) {
  return /(?:^|[\n.!?;,:(]|\s-)\s*$/.test(before);
}

/** The note's clause up to an index. */
function clauseBefore(note: string, index: number) {
  return (
    note
      .slice(Math.max(0, index - 60), index)
      .split(CLAUSE_BREAK)
      .pop() ?? ""
  );
}

function typeOf(word: string): PriceType {
  return IS_FIXED.test(word.trim()) ? "festpreis" : "vb";
}

/** Every amount written in digits, words or slang, with where it stands. */
type Amount = { value: number; start: number; end: number; hasCurrency: boolean; whole: string; cents?: string; spoken: boolean };

function amountsOf(note: string): Amount[] {
  const found: Amount[] = [];
  for (const match of note.matchAll(AMOUNT)) {
    found.push({
      value: euros(match[2], match[3] ?? match[4]),
      start: match.index,
      end: match.index + match[0].length,
      // ",-" and ".-" ("85,-") are written only after an amount of money.
      hasCurrency: Boolean(match[1] || match[5] || /^-+$/.test(match[3] ?? match[4] ?? "")),
      whole: match[2],
      cents: match[3] ?? match[4],
      spoken: false,
    });
  }
  for (const match of note.matchAll(rx(WORD_AMOUNT, "giu"))) {
    const value = numberWordValue(match[1]);
    if (value === null) continue;
    found.push({
      value,
      start: match.index,
      end: match.index + match[0].length,
      hasCurrency: true,
      whole: match[1],
      spoken: true,
    });
  }
  for (const match of note.matchAll(rx(SLANG_AMOUNT, "giu")))
    found.push({
      value: SLANG_AMOUNTS[match[1].toLowerCase()],
      start: match.index,
      end: match.index + match[0].length,
      hasCurrency: true,
      whole: match[1],
      spoken: true,
    });
  return found.sort((a, b) => a.start - b.start);
}

/** Why an amount is not an asking price: a unit, a size, a model number, a new price, a shipping cost — or null. */
function otherRole(note: string, amount: Amount): "unit" | "new" | "shipping" | "postal" | null {
  const before = note.slice(Math.max(0, amount.start - 40), amount.start);
  const after = note.slice(amount.end);
  if (!amount.hasCurrency && (UNIT_AFTER.test(after) || MODEL_AFTER.test(after))) return "unit";
  if (!amount.hasCurrency && SIZE_BEFORE.test(before)) return "unit";
  // Glued to a model name before it ("RS 175", "Frontman 10G" is handled after): a capitalised
  // token that holds a digit or is all capitals right before the number, with no currency.
  const glued = before.match(/(?:^|[ \t])(\p{Lu}{2,}|\p{L}*\d\p{L}*)[ \t]$/u);
  if (
    !amount.hasCurrency &&
    !amount.spoken &&
    glued &&
    !TYPE_OR_CURRENCY_WORD.test(glued[1]) &&
    !CARRIER_PATTERNS.some(([, pattern]) => pattern.test(glued[1])) &&
    !isClauseEnd(after)
  )
    return "unit";
  if (NEW_PRICE_BEFORE.test(clauseBefore(note, amount.start)) || NEW_PRICE_AFTER.test(after)) return "new";
  // A five-digit number without a currency is never an amount of money ("Abholung 81373 München").
  if (!amount.hasCurrency && /^\d{5}$/.test(amount.whole)) return "postal";
  if (isShippingAmount(note, amount.start, after)) return "shipping";
  return null;
}

function candidates(note: string, amounts: Amount[]): Candidate[] {
  const found: Candidate[] = [];
  for (const amount of amounts) {
    const { start, value, hasCurrency } = amount;
    let end = amount.end;
    if (otherRole(note, amount) !== null) continue;
    if (value <= 0 || value > 1_000_000) continue;
    const before = note.slice(Math.max(0, start - 40), start);
    let after = note.slice(end);

    let type: PriceType | null = null;
    let strength = 0;
    let start2 = start;
    // A type word right after, on the same line: "250 VB", "70€ Festpreis", "150,- VHB".
    const typeAfter = after.match(TYPE_AFTER);
    if (typeAfter) {
      type = typeOf(typeAfter[1]);
      end += typeAfter[0].length;
      after = note.slice(end);
      strength = 3;
    }
    // The lot right after, maybe a type after it: "70 fürs Paar VB", "40 für beide" (ADR 091).
    const lot = typeAfter ? null : after.match(BUNDLE_AFTER_RX);
    if (lot) {
      end += lot[0].length;
      after = note.slice(end);
      const typeAfterLot = after.match(TYPE_AFTER);
      if (typeAfterLot) {
        type = typeOf(typeAfterLot[1]);
        end += typeAfterLot[0].length;
        after = note.slice(end);
      }
      strength = typeAfterLot ? 3 : 2;
    }
    // A type word or a price word right before: "VB 150", "Festpreis: 70 €", "Preis 80", "fix 30".
    const typeBefore = before.match(TYPE_BEFORE);
    const priceWord = before.match(PRICE_WORD_BEFORE);
    if (typeBefore) {
      type ??= typeOf(typeBefore[1]);
      start2 = start - typeBefore[0].length;
      strength = 3;
    } else if (priceWord) {
      start2 = start - priceWord[0].length;
      strength = Math.max(strength, /^(?:für|kostet)$/i.test(priceWord[1]) ? (hasCurrency ? 2 : 1) : 3);
    } else if (ASK_BEFORE.test(before)) {
      strength = Math.max(strength, hasCurrency ? 2 : 1);
    }
    if (strength === 0 && hasCurrency && !amount.spoken) strength = 2;
    // A bare number that shipping is included in is money: "will 45 inkl. Versand".
    if (strength < 2 && !amount.spoken && INCLUDED_AFTER.test(after)) strength = 2;
    // A bare number before what shipping costs on top: "80 versand 6", "50 + versand für 5" — the price, to be checked.
    if (strength === 0 && !amount.spoken && isClauseStart(note.slice(0, start)) && COST_OF_SHIPPING_AFTER.test(after)) strength = 1;
    // A bare number before the shipping added to it: "35 + 5 versand" — the price.
    if (strength === 0 && !amount.spoken && isClauseStart(note.slice(0, start)) && PLUS_SHIPPING_AFTER.test(after)) strength = 2;
    // The price for a buyer who picks up: "abholen in Freiburg geht auch, dann 40", "bei Abholung 40".
    if (
      strength === 0 &&
      isClauseEnd(after) &&
      /(?<!\p{L})(?:dann|(?:bei|für)\s+(?:selbst)?abhol\p{L}*)\s*:?\s*$/iu.test(before) &&
      /abhol/iu.test(clauseBefore(note, start))
    )
      strength = 2;
    // A spoken amount that starts its clause ("…. fuffzig euro und er gehört dir", "nen Hunni"): a price, to be checked.
    if (strength === 0 && amount.spoken && isClauseStart(note.slice(0, start))) strength = 1;
    // A bare number that is a clause of its own at the end of the note: "… stand in vitrine, 250".
    if (
      strength === 0 &&
      isClauseEnd(after) &&
      isClauseStart(note.slice(0, start)) &&
      note
        .slice(end)
        .trim()
        .replace(/^[.!)]+/, "")
        .trim() === ""
    )
      strength = 1;
    // A price per piece ("je 12 €", "5 € pro Buch") or for the whole lot ("alle zusammen 50 €").
    const bundle = before.match(BUNDLE_BEFORE_RX);
    const piece = before.match(PER_PIECE_BEFORE_RX);
    const pieceAfter = after.match(PER_PIECE_AFTER_RX) ?? (hasCurrency ? after.match(PER_PIECE_PER_NOUN_RX) : null);
    // A bare number right after a per-piece or bundle lead is an amount as if it had a currency ("je
    // 25, zusammen 45") where it ends its clause or another statement of the offer follows ("zusammen
    // 45 abholung …"). After "alle" alone it is a count ("alle 4, kaum gefahren").
    if (strength === 0 && followsPriceLead(before) && (isClauseEnd(after) || OFFER_STATEMENT_AFTER.test(after) || bundleLeadAfter(after)))
      strength = 2;
    if (strength === 0) continue;
    // A year ("2019") unless a currency, cents or a price type makes it a price ("VB 1950,-").
    if (!hasCurrency && amount.cents === undefined && strength < 3 && /^(?:19|20)\d{2}$/.test(amount.whole)) continue;
    let role: Role = "ask";
    if (piece || pieceAfter) {
      role = "piece";
      if (pieceAfter) end += pieceAfter[0].length;
    } else if (bundle || lot) {
      role = "bundle";
      if (bundle) start2 = Math.min(start2, start - bundle[0].length);
      strength = Math.max(strength, 2);
    }
    found.push({ value, start: start2, end, strength, type, role, text: note.slice(start2, end).trim(), amount });
  }
  return found;
}

/**
 * Whether the amount at `start` is a shipping cost: a shipping word before it in its clause, or a
 * shipping noun after it. A price word or a long price-type cue right before the amount makes it the
 * price whatever shipping word stands beside it ("Versand möglich, Preis 30", "Festpreis 350 versand
 * …"); a short type cue, a per-piece or a bundle lead does so against a shipping noun after it ("fest
 * 80 versand 6", "zusammen 45 versand 5"). A shipping word that says shipping is included ("inkl.
 * Versand 30 €", "350 € Versand inklusive") names no cost.
 */
function isShippingAmount(note: string, start: number, after: string): boolean {
  // "… oder 30 bei Abholung": the price for a buyer who picks up, never a shipping cost.
  if (PICKUP_PRICE_AFTER.test(after)) return false;
  // Right before the amount, on its line.
  const near =
    note
      .slice(Math.max(0, start - 40), start)
      .split("\n")
      .pop() ?? "";
  if (ownCue(near, PRICE_CUE_BEFORE)) return false;
  // "120 € gern mit Versand 6 €": after a price, the amount right after "mit Versand" is what shipping
  // costs ("Preis mit Versand 50 €" alone is a price that includes it).
  const sentence =
    note
      .slice(Math.max(0, start - 60), start)
      .split(/[\n.!?;]/)
      .pop() ?? "";
  if (WITH_SHIPPING_BEFORE.test(sentence) && /\d\s*(?:€|euro|eur)(?!\p{L})/iu.test(sentence.replace(WITH_SHIPPING_BEFORE, ""))) return true;
  const clause = clauseBefore(note, start).replace(SHIPPING_INCLUDED_ALL, " ");
  if (SHIPPING_WORD.test(clause)) return true;
  // A clause without its own subject goes on about the clause before it: "Versand ist möglich, kostet dann 12 €",
  // "nur Versand, versichert 5,99 dazu".
  if (COST_CONTINUES.test(clause) && SHIPPING_WORD.test(clauseBefore(note, start - clause.length - 1))) return true;
  // In brackets right after a shipping word: "gegen Versandkosten (6,99 € Hermes)".
  if (SHIPPING_WORD_BEFORE_BRACKET.test(near)) return true;
  if (ownCue(near, NEAR_PRICE_CUE_BEFORE) || BUNDLE_BEFORE_RX.test(near) || PER_PIECE_BEFORE_RX.test(near)) return false;
  if (SHIPPING_AFTER.test(after) && !INCLUDED_AFTER.test(after)) return true;
  // Added to the price and named as shipping right after: "40 euro + 5 versand oder abholen".
  if (SURCHARGE_BEFORE.test(near) && SHIPPING_NOUN_AFTER.test(after)) return true;
  // A surcharge right after a clause about shipping: "kann auch verschicken, dann + 6,99".
  const before = note.slice(Math.max(0, start - 60), start);
  return SURCHARGE_BEFORE.test(before) && SHIPPING_WORD.test(before.split(/[\n.!?;]/).pop() ?? "");
}

/** A shipping word, then an opening bracket, before an amount: "Versand mgl. (versichert 9,90)", "gegen Aufpreis (ca 15€ …)". */
const SHIPPING_WORD_BEFORE_BRACKET = rx(String.raw`${SHIPPING_WORD.source}[^()\n.]{0,30}(?:mögl\.|mgl\.)?[^()\n]{0,10}\([^()\n]{0,20}$`);
const WITH_SHIPPING_BEFORE =
  /(?<!\p{L})(?:mit|samt)\s+(?:(?:versichert|unversichert|dhl|hermes|dpd|gls)\p{L}*\s+)?(?:versand|porto)\s*(?:für|von|zu|ca\.?|à|\(|\+)?\s*$/iu;
/**
 * A clause that only says what something costs, its subject in the clause before: ", kostet dann ", ", kommen noch ",
 * or the parcels it goes in (", 2 pakete kostet ").
 */
const COST_CONTINUES =
  /^\s*(?:(?:\d|zwei|drei|beide|die|das|ein|eine)\s+(?:pakete?|päckchen|kartons?)\s+)?(?:kostet|kosten|macht|kämen|kommen|versichert|unversichert|als\s+(?:paket|päckchen))(?:\s+(?:dann|noch|nochmal|zusätzlich|extra|aber|halt|ca\.?|etwa|für))*\s*$/iu;
/** Shipping and its amount right after an amount: " versand 6", " + versand für 5,49". */
const COST_OF_SHIPPING_AFTER = /^[ \t]*(?:\+|plus|zzgl\.?)?[ \t]*(?:versand|porto)[ \t]+(?:für[ \t]+|ca\.?[ \t]*)?\d/iu;
/** The shipping cost added right after an amount: "+ 5 versand", "plus 4,99 € porto". */
const PLUS_SHIPPING_AFTER = /^[ \t]*(?:\+|plus)[ \t]*\d{1,3}(?:,\d{1,2})?[ \t]*(?:€|euro|eur)?[ \t]*(?:versand|porto)(?!\p{L})/iu;
/** "bei Abholung", "für Abholer" right after an amount. */
const PICKUP_PRICE_AFTER = /^\s*(?:€|euro|eur)?\s*(?:bei|für)\s+(?:selbst)?abhol/iu;

/** A shipping noun right after an amount, whatever follows it: "5 Versand oder …". */
const SHIPPING_NOUN_AFTER = /^[ \t]?(?:€|euro|eur)?[ \t]*(?:versand(?:kosten)?|porto)(?!\p{L})/iu;
/** "+ 6,99", "plus 4 €", "dann + 5": an amount added to the price. */
const SURCHARGE_BEFORE = /(?:\+|(?<!\p{L})plus|(?<!\p{L})zzgl\.?)\s*$/iu;

const SHIPPING_INCLUDED_RX = rx(SHIPPING_INCLUDED);

/** What shipping costs the buyer and with which service, as the note says it. */
function readShipping(
  note: string,
  amounts: Amount[],
): { shippingCost: number | null; amount: Amount | null; carrier: Carrier | null; carrierWords: string | null; words: string | null } {
  let carrier: Carrier | null = null;
  let carrierWords: string | null = null;
  for (const [name, pattern] of CARRIER_PATTERNS) {
    const match = note.match(pattern);
    if (match) {
      carrier = name;
      carrierWords = match[0];
      break;
    }
  }
  for (const amount of amounts) {
    if (amount.spoken) continue;
    if (otherRole(note, amount) === "shipping")
      return { shippingCost: amount.value, amount, carrier, carrierWords, words: note.slice(amount.start, amount.end).trim() };
  }
  const included = note.match(SHIPPING_INCLUDED_RX);
  return { shippingCost: included ? 0 : null, amount: null, carrier, carrierWords, words: included?.[0] ?? null };
}

/**
 * A shipping word right before an amount, with nothing but a colon, a plus, "ca." or "kostet" between:
 * "Versand 4,99 €", "zzgl. 5 €", "Porto: 2 €", "Versand per Hermes 4,50", "Versand (DHL) 5,49 €".
 */
const SHIPPING_WORD_RIGHT_BEFORE = rx(
  String.raw`${SHIPPING_WORD.source}[ \t]*(?:\([^()\n]{0,20}\)[ \t]*)?(?:[:=+][ \t]*)?(?:(?:kostet|kosten|für|ca\.?|etwa|nur|pauschal)[ \t]*)*$`,
);

/**
 * Whether a shipping cost is written the way a shipping cost is: as money (a currency or cents, "5,-") and
 * with its shipping word right before it. A bare number ("versand möglich 350"), or an amount whose
 * only shipping word is the noun after it ("350 € versand versichert"), is not: that noun may start a
 * statement of its own.
 */
function hasShippingCostForm(note: string, amount: Amount): boolean {
  const money = amount.hasCurrency || amount.cents !== undefined;
  return money && SHIPPING_WORD_RIGHT_BEFORE.test(note.slice(Math.max(0, amount.start - 40), amount.start));
}

const NO_SWAP =
  /(?<!\p{L})(?:keine?\s+tausch\p{L}*|tausch\p{L}*\s+(?:nee|nö|nein)(?!\p{L})|tausch\p{L}*\s+(?:ist\s+)?(?:ausgeschlossen|(?:leider\s+)?nicht\s+(?:möglich|mögl\.?|mgl\.?|gewünscht|erwünscht|drin))|nicht\s+zum\s+tausch(?:en)?)(?!\p{L})/iu;
const SWAP =
  /(?<!\p{L})(?:tausch(?:e|en)?\s+(?:ist\s+)?(?:möglich|mögl\.?|gegen|auch)|tausche\b|(?:oder|auch|gern(?:e)?)\s+tausch(?:\p{L}*)|tausch\s*\/|\/\s*tausch|tauschangebote\s+(?:willkommen|gern(?:e)?))/iu;

function readSwap(note: string): { value: boolean | null; words: string | null } {
  const no = note.match(NO_SWAP);
  if (no) return { value: false, words: no[0] };
  const yes = note.match(SWAP);
  return yes ? { value: true, words: yes[0] } : { value: null, words: null };
}

/** "Lieferung im Umkreis (von) 20 km", "liefere bis 15 km", "Auslieferung innerhalb 30 km": a delivery word, then the radius. */
const DELIVERY =
  /\b(?:(?:aus)?liefer(?:ung|e|n)|bring(?:e|en)?)\b[^.,;:!?\n]{0,30}?\b(?:im\s+umkreis|umkreis|bis|innerhalb)\s+(?:von\s+)?(\d{1,3})\s*km\b/iu;

/** The seller's own delivery radius in km (ADR 075); null when the note names none. */
export function readDelivery(note: string): number | null {
  return deliveryOf(note).km;
}

/** The delivery radius with the seller's words ("Lieferung im Umkreis von 20 km"). */
function deliveryOf(note: string): { km: number | null; words: string | null } {
  const match = DELIVERY.exec(note);
  const km = match ? Number(match[1]) : 0;
  return km > 0 && match ? { km, words: match[0] } : { km: null, words: null };
}

const STANDALONE_TYPE = rx(String.raw`(?:^|[\s,.;:(])(${FIXED}|${NEGOTIABLE})(?=$|[\s,.;:!)])`, "gimu");

/** Price types stated apart from the number ("Preis ist fest", "Festpreis!", "Preisvorschläge willkommen"). */
function separateTypes(note: string): Array<{ type: PriceType; text: string }> {
  return [...note.matchAll(STANDALONE_TYPE)].map((match) => ({ type: typeOf(match[1]), text: match[1] }));
}

const NO_SHIPPING_RX = rx(NO_SHIPPING);
const NO_PICKUP_RX = rx(NO_PICKUP);
const SHIPPING_RX = rx(SHIPPING, "giu");
const PICKUP_RX = rx(PICKUP);
const VINTED_SHIPPING = /(?<!\p{L})versand\s+über\s+vinted(?!\p{L})/iu;

type Fact<T> = { value: T | null; words: string | null; doubt: boolean };

/** Shipping: excluded ("kein Versand", "nur Abholung", "Selbstabholer"), offered (a shipping word or cost), or unsaid. */
function readShippingFact(note: string, shippingCost: number | null, carrier: Carrier | null): Fact<Availability> {
  const text = note.replace(VINTED_SHIPPING, " ");
  const excluded = text.match(NO_SHIPPING_RX);
  // A shipping word that is not part of the exclusion ("kein Versand") itself.
  const offered = [...text.matchAll(SHIPPING_RX)].find(
    (match) => !excluded || match.index < excluded.index! || match.index >= excluded.index! + excluded[0].length,
  );
  if (excluded) return { value: "excluded", words: excluded[0], doubt: shippingCost !== null && shippingCost > 0 };
  if (offered || shippingCost !== null || carrier !== null) return { value: "offered", words: offered?.[0] ?? null, doubt: false };
  return { value: null, words: null, doubt: false };
}

/** Pickup: excluded ("nur Versand", "keine Abholung"), offered (a pickup word), or unsaid. */
function readPickupFact(note: string): Fact<Availability> {
  const excluded = note.match(NO_PICKUP_RX);
  if (excluded) return { value: "excluded", words: excluded[0], doubt: false };
  const offered = note.match(PICKUP_RX);
  if (offered) return { value: "offered", words: offered[0], doubt: false };
  return { value: null, words: null, doubt: false };
}

function titleCase(word: string) {
  return word
    .split(/([ -])/)
    .map((part) =>
      /^(?:am|an|der|im|in|bei|ob|vor|dem|den)$/i.test(part) ? part.toLowerCase() : part.charAt(0).toUpperCase() + part.slice(1),
    )
    .join("");
}

/** Capitalised words after a place cue that are no place ("Abholung Samstag", "Raum für Ideen"). */
const NOT_A_PLACE =
  /^(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|samstags|sonntags|werktags|wochentags|wochenende|abends|gerne|gern|sofort|jederzeit|bevorzugt|heute|morgen|täglich|ebenfalls|ebenso|auch|natürlich|selbstverständlich|leider|dann|dort|hier|direkt|gleich|schon|noch|also|aber|bzw|evtl|ggf|vielleicht|morgens|nachmittags|vormittags|bitte|nur|nach|möglich|gegen|und|oder|mit|ohne|euro|eur|km|cm|stück|mal|teile|vereinbarung|absprache|kürze|der|die|das|den|dem|ein|eine|einer|einem|meiner|unserer|ca|etwa|nähe|raum|plz|ort|innerhalb|ab|bis|von|vor|zzgl|inkl|versand|abholung|preis|vb|fp|uhr|og|eg|dg|ug|stock)$/iu;
/** A place's name after its first letter: "-Nippes", " am Rhein", " (Breisgau)"; the second word capitalised, or any letter when `lower`. */
const nameTail = (lower: boolean) =>
  String.raw`[\p{L}]*(?:-(?:St\.[ \t]?)?\p{L}+(?:[ \t]\p{Lu}\p{Ll}+(?![\p{L}-]))?)*(?:[ \t](?:am|an[ \t]der|im|in[ \t]der|bei|ob[ \t]der|vor[ \t]der)[ \t]${lower ? String.raw`\p{L}` : String.raw`\p{Lu}`}[\p{L}-]*|[ \t]\((?:\p{L}|[ \t]|\.)+\))?`;
const NAME_TAIL = nameTail(false);
const NAME = String.raw`\p{L}${nameTail(true)}`;
const POSTAL_PLACE = rx(String.raw`(?<![\d,.])(\d{5})(?:\s+(${NAME}))?`, "gu");
const PLACE_CUE_BEFORE = rx(String.raw`(?:${PLACE_LEAD}|plz\s*:?\s*)$`);
const LEAD_PLACE = rx(String.raw`${caseless(PLACE_LEAD)}(\p{Lu}${NAME_TAIL})`, "gu");
const LOWER_PLACE = rx(
  String.raw`(?<!\p{L})(?:abholung|abholen|abzuholen)\s+in\s+(?!(?:der|die|das|den|dem|des|ein|eine|einer|einem|meiner|unserer|kürze|absprache)(?![\p{L}-]))(\p{Ll}[\p{L}-]+(?:[ \t](?!(?:oder|und|bei|nach|ab|vb|mit|mfg|lg|vg|gruß|grüße|danke|gerne?|ebenfalls|auch|möglich|mgl|jederzeit|sofort|bevorzugt|bitte|nur|am|ab)(?![\p{L}-]))\p{Ll}[\p{L}-]+)?)`,
);

const PLACE_BEFORE_PICKUP_RX = rx(PLACE_BEFORE_PICKUP);

/** The place as the seller wrote it, in the gazetteer's spelling where it knows the start ("Berlin-Prenzlauer Berg"). */
function placeName(name: string): string {
  const known = knownPlace(name);
  if (!known) return titleCase(name);
  return name.toLowerCase().startsWith(known.toLowerCase()) ? known + name.slice(known.length) : known;
}

type Place = { postalCode: string | null; city: string | null; words: string | null; doubt: boolean };

/** A place lead, then a space, colon or bracket, then a lower-case letter. */
const LEAD_BEFORE_LOWER = rx(String.raw`${PLACE_LEAD}(?<!\p{L})(?=\p{Ll})`, "giu");

/**
 * The seller's words for a known place at the start of `text`: as many words as the gazetteer's name
 * has, a district after a hyphen included ("bad kreuznach-planig" for "Bad Kreuznach").
 */
function typedPlace(text: string, known: string): string | null {
  return (
    text.match(new RegExp(String.raw`^[\p{L}.-]+(?:\s[\p{L}.-]+){${known.split(" ").length - 1}}`, "u"))?.[0].replace(/[.-]+$/, "") ?? null
  );
}

/** A place the gazetteer knows, in lower case right after a place lead that is more than a preposition. */
function lowerKnownPlace(note: string): Place | null {
  for (const match of note.matchAll(LEAD_BEFORE_LOWER)) {
    if (/^\s*(?:in|bei|aus)\s*[:,]?\s*\(?\s*$/iu.test(match[0])) continue;
    const rest = note.slice(match.index + match[0].length);
    const first = rest.split(/[^\p{L}]/u)[0];
    // A town that is an everyday word is a place where its bracket says which ("halle (saale)").
    const bracketed = /^\p{L}+\s*\(\p{L}+\)/u.test(rest) && (knownPlace(rest)?.includes("(") ?? false);
    if (NOT_A_PLACE.test(first) || (isAmbiguousPlaceWord(first) && !bracketed)) continue;
    const known = knownPlace(rest);
    if (!known) continue;
    const typed = typedPlace(rest, known) ?? known;
    // "nur abholung\ncottbus sandow": the line of the town and its district, the district kept and asked.
    // "abholung aachen burtscheid oder versand": up to the line's end or the word that goes on with the handover.
    const said = rest.split(/[\n,;.!?]|\s(?=(?:oder|und|bzw\.?|mit|ab|bis|gegen|nur|möglich|mgl\.?)(?:\s|$))/iu)[0];
    const line = placeWords(said);
    if (line?.district && line.place === known)
      return { postalCode: null, city: withDistrict(known, line.district), words: (match[0] + said).trim(), doubt: true };
    return { postalCode: null, city: known, words: (match[0] + typed).trim(), doubt: false };
  }
  return null;
}

/** PLZ and place: a postal code only where a place exists for it or a place cue stands before it; a place after a cue. */
/** Colours and finishes, which follow "in" as often as a place does ("in Schwarz", "in Silber"). */
const COLOUR_WORD =
  /^(?:schwarz|weiß|weiss|rot|blau|grün|gruen|grau|braun|gelb|silber|gold|beige|rosa|lila|pink|orange|anthrazit|creme|natur|türkis|petrol|oliv|bordeaux|dunkelblau|hellblau|dunkelgrau|hellgrau|dunkelgrün|hellgrün|chrom|titan|bronze|kupfer|mint|schwarzweiß)$/iu;

/** A handover word before "aus" in its sentence ("Versand aus Köln", "Privatverkauf aus Bochum"). */
const HANDOVER_BEFORE_AUS = rx(String.raw`(?:${SHIPPING_NOUN}|abhol|abzuhol|privatverkauf|komme|stamme)`, "iu");

/** The note's text before `index`, back to the start of its sentence. */
function sentenceBefore(note: string, index: number): string {
  const before = note.slice(0, index);
  return before.slice(Math.max(...[".", "!", "?", "\n", ";"].map((mark) => before.lastIndexOf(mark))) + 1);
}

function readPlace(note: string): Place {
  for (const match of note.matchAll(POSTAL_PLACE)) {
    const code = match[1];
    const name = match[2]?.replace(/-$/, "") ?? null;
    const cued = PLACE_CUE_BEFORE.test(note.slice(Math.max(0, match.index - 30), match.index));
    const named = name !== null && !NOT_A_PLACE.test(name.split(/[\s-]/)[0]);
    const known = named && placeMatchesPostalCode(code, name);
    if (known || (cued && (named || name === null))) {
      const city = named ? placeName(name) : null;
      // A cue without a known place (the gazetteer does not know it): asked, not decided.
      return { postalCode: code, city, words: match[0].trim(), doubt: !known && named };
    }
  }
  // A place after a pickup or place word first ("Abholung in Köln-Sülz"); one after a bare "in" only
  // where none is ("Kinderwagen in Schwarz" is a colour, even where a village bears the name; ADR 089).
  const leads = [...note.matchAll(LEAD_PLACE)];
  const bare = (match: RegExpMatchArray) => /^\s*(?:in|bei|aus)\s*$/iu.test(match[0].slice(0, match[0].length - match[1].length));
  for (const match of [...leads.filter((lead) => !bare(lead)), ...leads.filter(bare)]) {
    let name = match[1].replace(/-$/, "");
    // "Bad Kreuznach-Planig", "Neustadt an der Weinstraße": as many words as the gazetteer's name has.
    const rest = note.slice((match.index ?? 0) + match[0].length - match[1].length);
    const longer = knownPlace(rest);
    const typed = longer ? typedPlace(rest, longer) : null;
    if (typed && typed.length > name.length) name = typed;
    if (NOT_A_PLACE.test(name.split(/[\s-]/)[0])) continue;
    const known = knownPlace(name);
    // After "in" alone (not a pickup word), or after a comma ("Nur Abholung, Dortmund-Hörde"), only
    // a known place is read: "in OVP", "in Rot", "Abholung, Bitte" are no places; after "in" alone
    // never a colour or an everyday word.
    const lead = match[0].slice(0, match[0].length - match[1].length);
    if (!known && (bare(match) || lead.includes(","))) continue;
    // "aus" alone names a material as often as a place ("Sekretär aus Nussbaum", a wood and a
    // village): a place only where the sentence before it is about the handover ("Versand aus Köln").
    if (/^\s*aus\s*$/iu.test(lead) && !HANDOVER_BEFORE_AUS.test(sentenceBefore(note, match.index))) continue;
    if (bare(match) && (COLOUR_WORD.test(name.split(/[\s/-]/)[0]) || isAmbiguousPlaceWord(name.split(/[\s/-]/)[0]))) continue;
    // The postal code after the name ("Freiburg (79098)", "Bochum, 44866"): read where it belongs to the place.
    const said = lead + name;
    const after = note.slice(match.index + said.length).match(/^\s*[,(]?\s*(\d{5})(?![\d,.])\s*\)?/u);
    if (after && known) {
      // A code that belongs to another place is asked, never dropped or taken silently.
      const matches = placeMatchesPostalCode(after[1], name);
      return { postalCode: after[1], city: placeName(name), words: (said + after[0]).trim(), doubt: !matches };
    }
    return { postalCode: null, city: known ? placeName(name) : name, words: said.trim(), doubt: known === null };
  }
  // A known place typed in lower case right after a place lead without "in" ("abholung bochum",
  // "standort: essen-kray"): only a place the gazetteer knows, never an everyday word that is also a
  // town ("abholung ohne termin"), and not after a bare "in", "bei" or "aus" ("in rot").
  const lowerKnown = lowerKnownPlace(note);
  if (lowerKnown) return lowerKnown;
  // Typed in lower case ("nur abholung in hamburg-altona"): after "in", any word that is no article,
  // pronoun or time ("in der Nähe", "in kürze") is the place, capitalised as a name.
  const lower = note.match(LOWER_PLACE);
  // A place that is also an everyday word ("abholung in weil …") is no place in lower case (ADR 065).
  if (lower && !isAmbiguousPlaceWord(lower[1].split(/[\s-]/)[0])) {
    const known = knownPlace(lower[1]);
    return { postalCode: null, city: known ?? titleCase(lower[1]), words: lower[0], doubt: known === null };
  }
  // The place before the pickup verb ("in bonn beuel abholen", "in Kleinmachnow abzuholen"): a place
  // the gazetteer does not know is asked.
  const before = note.match(PLACE_BEFORE_PICKUP_RX);
  if (before) {
    const first = before[1].split(/[\s-]/)[0];
    if (!NOT_A_PLACE.test(first) && !COLOUR_WORD.test(first) && !isAmbiguousPlaceWord(first)) {
      const known = knownPlace(before[1]);
      // "in berlin köpenick abzuholen": the town and its district, the district kept and asked.
      const line = known ? placeWords(before[1]) : null;
      if (known && line?.district && line.place === known)
        return { postalCode: null, city: withDistrict(known, line.district), words: before[0], doubt: true };
      return { postalCode: null, city: known ?? titleCase(before[1]), words: before[0], doubt: known === null };
    }
  }
  // A known place standing alone as a clause ("… selbstabholung. bochum langendreer."), no cue
  // before it: read only where the seller offers pickup, and asked ("Bitte prüfen"), never decided.
  return placeAlone(note) ?? { postalCode: null, city: null, words: null, doubt: false };
}

/**
 * The known place a clause consists of, with at most a district and a floor ("köln ehrenfeld 3",
 * "Leipzig Plagwitz"), or null: any other word makes the clause a sentence.
 */
function placeWords(typed: string): { place: string; district: string | null; postalCode: string | null; near: string | null } | null {
  // "in konstanz", "raum ulm", "standort bad dürkheim": the place after the word that leads to it;
  // "56564 neuwied": the postal code the seller wrote before it.
  const led = typed.replace(/^\s*(?:(?:in|aus|raum|nähe)\s+|(?:standort|wohnort|ort)(?:\s*:\s*|\s+))(?=\p{L}|\d{5}\s)/iu, "").trim();
  const postalCode = led.match(/^(\d{5})\s+(?=\p{L})/u)?.[1] ?? null;
  // "bornheim bei bonn": the place, and the known town it lies near.
  const near = /\s+(?:bei|b\.|nähe|nahe)\s+(\p{L}[\p{L}-]+)$/iu.exec(led);
  const nearTown = near ? knownPlace(near[1]) : null;
  const clause = (postalCode ? led.slice(postalCode.length) : led)
    .slice(0, near && nearTown ? near.index - (postalCode ? postalCode.length : 0) : undefined)
    .trim();
  const words = clause.split(/\s+/);
  if (words.length === 0 || words.length > 3 || words.some((word) => NOT_A_PLACE.test(word))) return null;
  if (isAmbiguousPlaceWord(words[0]) || /\d/.test(words[0])) return null;
  const known = knownPlace(clause);
  if (!known) return null;
  const rest = clause.slice(known.length).trim().split(/\s+/).filter(Boolean);
  // After the place only a district ("langendreer") and a floor number; a participle is no district
  // ("feucht geworden" says what became of a part, though Feucht is a town).
  if (rest.length > 2 || rest.some((word, index) => (index === 0 ? !/^[\p{L}-]+$/u.test(word) : !/^\d{1,2}$/.test(word)))) return null;
  if (rest[0] && (PARTICIPLE_WORD.test(rest[0]) || /^(?:abhol|abzuhol|abgeholt|versand|versende|verschick)/iu.test(rest[0]))) return null;
  return { place: known, district: rest[0] && /^\p{L}{4,}$/u.test(rest[0]) ? rest[0] : null, postalCode, near: nearTown };
}

/** A number before the things it counts, in the dative plural ("mit je 2 schlüsseln"): a count, no amount of money. */
const COUNT_OF_THINGS = /^\s+(?!(?:abholen|holen|verhandeln|nehmen|kaufen|bezahlen|zahlen)(?!\p{L}))\p{L}{4,}n(?![\p{L}\d])/iu;

/** An amount and its price type before a place on one line ("45€ pinneberg", "vb 30 bochum"). */
const AMOUNT_BEFORE_PLACE =
  /^\s*(?:(?:vb|vhb|festpreis|fp)\s*)?\d{1,5}(?:[.,]\d{1,2})?\s*(?:€|euro|eur)?\s*(?:(?:vb|vhb|festpreis|fp)(?!\p{L}))?\s+(?=\p{L})/iu;

/** A past participle in lower case ("geworden", "gemacht", "gestrichen"); not a district that looks like one ("Gesundbrunnen"). */
const PARTICIPLE_WORD =
  /^ge\p{Ll}{3,}t$|^ge(?:worden|wesen|tragen|fahren|laufen|legen|standen|blieben|schnitten|strichen|brochen|rissen|gangen|lassen)$/u;

/** The known place a clause consists of (see `placeWords`), or null. */
export function placeClause(typed: string): string | null {
  return placeWords(typed)?.place ?? null;
}

/** The place a clause consists of with the district the seller named after it ("cottbus sandow" → "Cottbus-Sandow"), or null. */
export function placeClauseName(typed: string): string | null {
  const read = placeWords(typed);
  return read && [read.postalCode, withDistrict(read.place, read.district), read.near && `bei ${read.near}`].filter(Boolean).join(" ");
}

const withDistrict = (place: string, district: string | null) =>
  district ? `${place}-${district.charAt(0).toUpperCase()}${district.slice(1)}` : place;

/**
 * A clause of a known place and at most a district and a floor ("köln ehrenfeld 3. og"), where pickup
 * is offered or the note says nothing of the handover (the seller's town, where a buyer would come);
 * not the first.
 */
function placeAlone(note: string): Place | null {
  // `search`, not `test`: the global pattern keeps no position from one note to the next.
  if (!PICKUP_RX.test(note) && note.search(SHIPPING_RX) >= 0) return null;
  // Not the note's first clause: that names the item ("Hamburg Trikot").
  for (const clause of note.split(/[.!?;,\n]+/).slice(1)) {
    // "45€ pinneberg": the place after the price on its line.
    const own = clause.replace(AMOUNT_BEFORE_PLACE, "");
    const read = placeWords(own);
    if (!read) continue;
    // The district the seller named after the town stays with it ("freising lerchenfeld" → "Freising-Lerchenfeld").
    return { postalCode: null, city: withDistrict(read.place, read.district), words: own.trim(), doubt: true };
  }
  return null;
}

function readNewPrice(note: string): number | null {
  const match =
    note.match(
      rx(
        String.raw`(?:\bnp\b|neupreis|uvp|neu\s+(?:gekostet|für|war|um)|neu\s+(?:kosten|kostet|kostete)\s+(?:die|der|das|er|sie|es)\s+(?:um\s+die\s+|so\s+)?|(?<!wie[ \t])\bneu\b(?=[ \t]*:?[ \t]*\S))\s*:?\s*(?:(?:zusammen|insgesamt|damals|komplett|alles)\s+)?(?:war|lag\s+bei|von|ca\.?|etwa|rund|über)?\s*(?:ca\.?|etwa|rund)?\s*${NUMBER}${CURRENCY_AFTER}?`,
        "i",
      ),
    ) ??
    note.match(rx(String.raw`(?:gekauft|bezahlt|gekostet)\b[^.;!?]{0,30}?\bfür\s*(?:ca\.?|etwa)?\s*${NUMBER}${CURRENCY_AFTER}?`, "i")) ??
    note.match(rx(String.raw`${NUMBER}${CURRENCY_AFTER}?\s*(?:np|neupreis|uvp)\b`, "i")) ??
    note.match(rx(String.raw`(?<![\d.,])${NUMBER}${CURRENCY_AFTER}?[ \t]*(?:bezahlt|gekostet)(?!\p{L})`, "iu"));
  if (!match) return null;
  const value = euros(match[1], match[2] ?? match[3]);
  return value > 0 ? value : null;
}

/** The giveaway cue, unless it is about shipping ("Versand kostenlos") or a present ("geschenkt bekommen"). */
function giveawayCue(note: string): RegExpMatchArray | null {
  for (const match of note.matchAll(rx(GIVEAWAY, "giu"))) {
    const after = note.slice(match.index + match[0].length);
    // Only "gratis", "kostenlos", "umsonst" also describe shipping ("Versand kostenlos", "gratis Versand").
    const ambiguous = /^(?:gratis|kostenlos|umsonst)/iu.test(match[0]);
    if (ambiguous && (NOT_GIVEAWAY_AFTER.test(after) || NOT_GIVEAWAY_BEFORE.test(note.slice(0, match.index)))) continue;
    if (/^geschenkt/iu.test(match[0]) && NOT_GIVEAWAY_AFTER.test(after)) continue;
    return match;
  }
  return null;
}

/** The price among the candidates: a bundle over a per-piece price, then the strongest. */
function choosePrice(found: Candidate[]) {
  const sorted = [...found].sort(
    (a, b) =>
      Number(b.role === "bundle") - Number(a.role === "bundle") ||
      b.strength - a.strength ||
      Number(Boolean(b.type)) - Number(Boolean(a.type)),
  );
  const best = sorted[0] ?? null;
  const piece = found.find((candidate) => candidate.role === "piece") ?? null;
  // Two different amounts that are equally the price: the seller is asked.
  const rival = sorted.find(
    (candidate) =>
      candidate !== best && candidate.role === best?.role && candidate.strength === best.strength && candidate.value !== best.value,
  );
  return { best, piece, doubt: Boolean(rival) || (best !== null && best.strength < 2) };
}

export function readSellerFacts(note: string | null | undefined): SellerFacts {
  const text = (note ?? "").replace(/\r/g, "");
  const amounts = amountsOf(text);
  const found = candidates(text, amounts);
  const { best, piece, doubt: priceDoubt } = choosePrice(found);
  const phrases: string[] = [];
  const words: Partial<Record<OfferFact, string>> = {};
  const doubts = new Set<OfferFact>();
  let price: number | null = null;
  let priceType: PriceType | null = null;
  let perPiece: number | null = null;
  const giveaway = giveawayCue(text);
  if (best && !(giveaway && best.strength < 2)) {
    price = best.value;
    priceType = best.type;
    words.price = best.text;
    if (priceDoubt) doubts.add("price");
    // The per-piece price stays in the text; a bundle's phrase goes with the price.
    if (best.role === "piece") perPiece = best.value;
    else {
      phrases.push(best.text);
      if (piece) perPiece = piece.value;
    }
    const rest = text.slice(0, best.start) + " " + text.slice(best.end);
    const apart = separateTypes(rest);
    if (!priceType && apart.length > 0) {
      priceType = apart[0].type;
      phrases.push(apart[0].text);
    }
    if (priceType) words.priceType = best.type ? best.text : apart[0]?.text;
    if (new Set([...(best.type ? [best.type] : []), ...apart.map((entry) => entry.type)]).size > 1) doubts.add("priceType");
  } else if (giveaway) {
    price = 0;
    priceType = "verschenken";
    phrases.push(giveaway[0].trim());
    words.price = words.priceType = giveaway[0].trim();
  } else {
    // "Preis: VB" — a type without an amount.
    const apart = separateTypes(text);
    if (apart.length > 0) {
      priceType = apart[0].type;
      words.priceType = apart[0].text;
      if (new Set(apart.map((entry) => entry.type)).size > 1) doubts.add("priceType");
    }
  }
  const shippingRead = readShipping(text, amounts);
  if (shippingRead.words) words.shippingCost = shippingRead.words;
  if (shippingRead.carrierWords) words.carrier = shippingRead.carrierWords;
  const swap = readSwap(text);
  if (swap.words) words.swap = swap.words;
  const shipping = readShippingFact(text, shippingRead.shippingCost, shippingRead.carrier);
  const pickup = readPickupFact(text);
  if (shipping.words) words.shipping = shipping.words;
  if (pickup.words) words.pickup = pickup.words;
  if (shipping.doubt) doubts.add("shipping");
  const place = readPlace(text);
  if (place.words) words.place = place.words;
  if (place.doubt) doubts.add("place");
  const delivery = deliveryOf(text);
  if (delivery.words) words.delivery = delivery.words;
  const newPrice = readNewPrice(text);
  // Every amount with a currency (or spoken) that is neither price, per-piece, shipping nor new price;
  // with no price read, also a bare number that ends its clause ("Waschmaschine 250, nur Abholung").
  // A bare number the reader reads as money (a price word or type cue before it, a per-piece or
  // bundle lead: "Preis 80", "zusammen 45") is an amount too: beside a price read, it is asked,
  // never dropped; so is one after such a lead that the reader could not place ("zusammen 70 mit …").
  const placed = new Set([best?.value, perPiece, shippingRead.shippingCost, newPrice].filter((value) => value !== null));
  const candidateAmounts = new Set(found.filter((candidate) => candidate.strength >= 2).map((candidate) => candidate.amount));
  const unplaced = amounts
    .filter((amount) => !placed.has(amount.value) && otherRole(text, amount) === null)
    .filter(
      (amount) =>
        amount.hasCurrency ||
        candidateAmounts.has(amount) ||
        (!amount.spoken &&
          !/^(?:19|20)\d{2}$/.test(amount.whole) &&
          !COUNT_OF_THINGS.test(text.slice(amount.end)) &&
          followsPriceLead(text.slice(Math.max(0, amount.start - 40), amount.start))) ||
        (price === null &&
          amount.cents === undefined &&
          !/^(?:19|20)\d{2}$/.test(amount.whole) &&
          isClauseEnd(text.slice(amount.end)) &&
          !/\d\.$/.test(text.slice(amount.start, amount.end + 1))),
    )
    .map((amount) => ({ value: amount.value, words: text.slice(amount.start, amount.end).trim() }));
  // No price, and a shipping cost without the form of one: the amount may be the price the reader
  // missed, so the shipping cost is unsure and the amount is asked ("„350“ – ist das dein Preis?").
  const shippingAmount = shippingRead.amount;
  if (price === null && shippingAmount && !hasShippingCostForm(text, shippingAmount)) {
    doubts.add("shippingCost");
    unplaced.push({ value: shippingAmount.value, words: text.slice(shippingAmount.start, shippingAmount.end).trim() });
  }
  if (price === null && unplaced.length > 0) doubts.add("price");
  return {
    price,
    priceType,
    perPiece,
    newPrice,
    shippingCost: shippingRead.shippingCost,
    carrier: shippingRead.carrier,
    swap: swap.value,
    deliveryKm: delivery.km,
    shipping: shipping.value,
    pickup: pickup.value,
    postalCode: place.postalCode,
    city: place.city,
    phrases,
    words,
    doubts: [...doubts],
    unplaced,
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
