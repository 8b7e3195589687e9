// The model's reading of the offer against the record (ADR 064, "The model reads the offer too"):
// a disagreement on a fact the seller has not confirmed becomes "Bitte prüfen" with a doubt; a
// confirmed fact and an agreement change nothing; the record's values are never touched here.
import { describe, expect, it } from "vitest";
import { compareOffer, type OfferRecord } from "~/.server/generator/ai/offer-check";
import type { ModelOffer } from "~/.server/ai/types";
import type { OfferReading } from "~/lib/offer-facts";

/** "Glasvitrine, 250 VB, Versand möglich": every fact read from the note, none confirmed. */
const record: OfferRecord = { askingPrice: 25000, priceType: "vb", shipping: "offered", pickup: null, shippingCost: null };
const reading: OfferReading = {
  unconfirmed: [
    { fact: "price", words: "250 VB", doubt: false },
    { fact: "priceType", words: "250 VB", doubt: false },
    { fact: "shipping", words: "Versand möglich", doubt: false },
  ],
  unplaced: [{ value: 12, words: "12 €" }],
};
const agreeing: ModelOffer = { price: 250, priceType: "vb", shipping: "offered", pickup: null, shippingCost: null };

describe("compareOffer", () => {
  it("changes nothing when the model agrees, or when no model read the offer (offline)", () => {
    expect(compareOffer(record, reading, agreeing)).toBe(reading);
    expect(compareOffer(record, reading, null)).toBe(reading);
    expect(compareOffer(record, null, null)).toBeNull();
  });

  it("doubts a stated fact the model reads differently, keeping the seller's words and every other entry", () => {
    const next = compareOffer(record, reading, { ...agreeing, price: 25 });
    expect(next).toEqual({
      unconfirmed: [
        { fact: "price", words: "250 VB", doubt: true },
        { fact: "priceType", words: "250 VB", doubt: false },
        { fact: "shipping", words: "Versand möglich", doubt: false },
      ],
      unplaced: [{ value: 12, words: "12 €" }],
    });
    // The input is not changed.
    expect(reading.unconfirmed[0].doubt).toBe(false);
  });

  it("doubts a stated fact the model finds unsaid", () => {
    const next = compareOffer(record, reading, { ...agreeing, shipping: null });
    expect(next?.unconfirmed.find((entry) => entry.fact === "shipping")).toEqual({
      fact: "shipping",
      words: "Versand möglich",
      doubt: true,
    });
  });

  it("asks about a fact only the model read, in the model's words", () => {
    const next = compareOffer(record, reading, { ...agreeing, pickup: "excluded", shippingCost: 4.99 });
    expect(next?.unconfirmed.slice(3)).toEqual([
      { fact: "pickup", words: "KI liest: Keine Abholung", doubt: true },
      { fact: "shippingCost", words: "KI liest: Versand 4,99 €", doubt: true },
    ]);
    const unread: OfferRecord = { askingPrice: null, priceType: null, shipping: null, pickup: null, shippingCost: null };
    expect(compareOffer(unread, null, { ...agreeing, shippingCost: 0 })).toEqual({
      unconfirmed: [
        { fact: "price", words: "KI liest: 250 €", doubt: true },
        { fact: "priceType", words: "KI liest: VB", doubt: true },
        { fact: "shipping", words: "KI liest: Versand möglich", doubt: true },
        { fact: "shippingCost", words: "KI liest: Versand inklusive", doubt: true },
      ],
      unplaced: [],
    });
  });

  it("leaves a fact the seller confirmed in the form alone, whatever the model reads", () => {
    // Price and type from the form: a value without an entry.
    const confirmed: OfferReading = { unconfirmed: [{ fact: "shipping", words: "Versand möglich", doubt: false }], unplaced: [] };
    expect(compareOffer(record, confirmed, { ...agreeing, price: 80, priceType: "festpreis" })).toBe(confirmed);
    expect(compareOffer(record, null, { ...agreeing, price: 80, shipping: "excluded" })).toBeNull();
  });

  it("compares amounts in cents, so 4.99 € read is the stored 499", () => {
    const withCost: OfferRecord = { ...record, shippingCost: 499 };
    const costReading: OfferReading = {
      ...reading,
      unconfirmed: [...reading.unconfirmed, { fact: "shippingCost", words: "Versand 4,99", doubt: false }],
    };
    expect(compareOffer(withCost, costReading, { ...agreeing, shippingCost: 4.99 })).toBe(costReading);
  });

  it("keeps an entry the reader already doubted as it is", () => {
    const doubted: OfferReading = { unconfirmed: [{ fact: "price", words: "250", doubt: true }], unplaced: [] };
    expect(
      compareOffer({ ...record, priceType: null, shipping: null }, doubted, { ...agreeing, price: 25, priceType: null, shipping: null }),
    ).toBe(doubted);
  });
});
