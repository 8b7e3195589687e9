// Price rules of the offline generator. The suggestion comes, in this order, from:
//   1. the seller's own asking price in the note ("VB 80 €", "Preis: 80 Euro"), kept as it is;
//   2. a stated new price ("NP 300 €", "Neupreis 300 Euro") × the condition's share of the new price
//      (Neu 80 %, Neuwertig 70 %, Sehr gut 60 %, Gut 50 %, Akzeptabel 35 %, Defekt 15 %);
//   3. the category's typical used price × the condition factor relative to "Gut"
//      (Neu 1.8, Neuwertig 1.5, Sehr gut 1.25, Gut 1, Akzeptabel 0.7, Defekt 0.3).
// The range is −20 % / +20 % around the suggestion; everything is rounded to prices people use.
import type { Condition } from "./offline-text";

/** Typical asking price (euros) of a used item in "Gut" condition, per category. */
export const CATEGORY_BASE_PRICE_EUR: Record<string, number> = {
  elektronik: 120,
  moebel: 80,
  kleidung: 20,
  freizeit: 45,
  spielzeug: 20,
  garten: 40,
  sonstiges: 25,
};

const AMOUNT = String.raw`(\d{1,3}(?:[.\s]\d{3})*|\d+)(?:,(\d{1,2}))?\s*(?:€|euro|eur)?`;

function parseAmount(whole: string, fraction?: string): number {
  return Number(whole.replace(/[.\s]/g, "")) + (fraction ? Number(fraction.padEnd(2, "0")) / 100 : 0);
}

export function findAskingPrice(text: string): number | null {
  const match = text.match(new RegExp(String.raw`\b(?:VB|Preis(?:vorstellung)?|Festpreis|für)\s*:?\s*${AMOUNT}`, "i"));
  if (!match || !/€|euro|eur|vb|preis|festpreis/i.test(match[0])) return null;
  const value = parseAmount(match[1], match[2]);
  return value > 0 ? value : null;
}

export function findNewPrice(text: string): number | null {
  const match = text.match(new RegExp(String.raw`\b(?:NP|Neupreis|neu\s+(?:gekostet|für))\s*:?\s*(?:ca\.?|etwa|war)?\s*${AMOUNT}`, "i"));
  if (!match) return null;
  const value = parseAmount(match[1], match[2]);
  return value > 0 ? value : null;
}

/** Rounds euros to what sellers write: 1 € steps below 20 €, 5 € below 100 €, 10 € below 1000 €, else 50 €. */
export function roundPrice(euros: number): number {
  const step = euros < 20 ? 1 : euros < 100 ? 5 : euros < 1000 ? 10 : 50;
  return Math.max(1, Math.round(euros / step) * step);
}

export function suggestPrice(category: string, condition: Condition, note: string) {
  const asking = findAskingPrice(note);
  const newPrice = findNewPrice(note);
  const base = CATEGORY_BASE_PRICE_EUR[category] ?? CATEGORY_BASE_PRICE_EUR.sonstiges;
  const euros = asking ?? (newPrice ? newPrice * condition.factorFromNew : base * condition.factorFromUsed);
  const suggestion = asking ? Math.round(asking) : roundPrice(euros);
  return {
    priceSuggestion: suggestion * 100,
    priceMin: roundPrice(suggestion * 0.8) * 100,
    priceMax: roundPrice(suggestion * 1.2) * 100,
    basis: asking ? ("asking" as const) : newPrice ? ("new_price" as const) : ("category" as const),
  };
}
