// One offer vocabulary (ADR 064): the note reader and the fact guard read every price-type cue the
// same way. Each phrase is written the way sellers type it; the reader must take it as the type, and
// the guard must keep it in an ad whose record has that type and take it out of one whose record
// does not. A cue that one of them knows and the other does not fails here.
import { describe, expect, it } from "vitest";
import { guardFacts, type GuardRecord } from "~/.server/generator/ai/fact-guard";
import type { PriceType } from "~/lib/offer-facts";
import { readSellerFacts } from "~/lib/seller-price";

const NEGOTIABLE = [
  "VB",
  "VHB",
  "Verhandlungsbasis",
  "Verhandlungssache",
  "Preis verhandelbar",
  "Preisvorschläge willkommen",
  "Angebote willkommen",
  "oder bestes Angebot",
];
const FIXED = ["Festpreis", "FP", "Fixpreis", "Preis ist fest", "letzter Preis", "nicht verhandelbar", "keine Preisverhandlung"];

const record = (priceType: PriceType | null): GuardRecord => ({
  priceCents: 5000,
  priceType,
  shipping: null,
  pickup: null,
  swap: null,
  shippingCents: null,
});

function guarded(phrase: string, note: string, type: PriceType | null) {
  return guardFacts(
    { title: "Fahrrad Cube", description: `Fahrrad Cube, fährt gut.\n\n- ${phrase}`, notes: [] },
    { itemName: "Fahrrad Cube", note, record: record(type), photos: null },
  );
}

describe("the offer vocabulary, read alike by the reader and the guard", () => {
  it.each([...NEGOTIABLE.map((phrase) => [phrase, "vb"] as const), ...FIXED.map((phrase) => [phrase, "festpreis"] as const)])(
    "%s → %s",
    (phrase, type) => {
      const note = `Fahrrad Cube, fährt gut, 50 €, ${phrase}`;
      expect(readSellerFacts(note).priceType).toBe(type);
      // The seller said it and the record says it: the guard keeps the phrase.
      expect(guarded(phrase, note, type).changes).toEqual([]);
      // The seller said nothing of the kind and the record has the other type: the phrase goes.
      const other = type === "vb" ? "festpreis" : "vb";
      expect(guarded(phrase, "Fahrrad Cube, fährt gut, 50 €", other).changes).not.toEqual([]);
    },
  );
});
