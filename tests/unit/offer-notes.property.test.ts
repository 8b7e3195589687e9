// ADR 041: the seller's offer read from generated notes (tests/fixtures/offer-notes.ts). `npm test`
// reads 5,000 notes from a fixed seed; `npm run eval` reads 50,000 from a random one
// (OFFER_NOTES_RUNS, OFFER_NOTES_SEED; bench/eval.mjs). A failure prints the shrunk note and what was read.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSellerFacts } from "~/lib/seller-price";
import { generatedNote } from "../fixtures/offer-notes";

const RUNS = Number(process.env.OFFER_NOTES_RUNS ?? 5_000);
const SEED = Number(process.env.OFFER_NOTES_SEED ?? 20261125);

describe(`the offer read from ${RUNS} generated notes (seed ${SEED})`, () => {
  it("recovers the price, price type, shipping cost, carrier, shipping, pickup, new price and swap of every note", () => {
    fc.assert(
      fc.property(generatedNote, ({ note, offer }) => {
        const read = readSellerFacts(note);
        expect({
          price: read.price,
          priceType: read.priceType,
          shippingCost: read.shippingCost,
          carrier: read.carrier,
          shipping: read.shipping,
          pickup: read.pickup,
          newPrice: read.newPrice,
          swap: read.swap,
        }).toEqual(offer);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
  }, 120_000);
});
