// The seller's price, type, handover and place changed after creation (ADR 034): only what the
// edit names changes; a giveaway is 0 €; leaving a giveaway without a price leaves no "0 € VB".
import { describe, expect, it } from "vitest";
import { applyOfferEdit } from "~/.server/app-worker/ads/offer-edit";

const ad = {
  askingPrice: 25000,
  priceType: "vb" as const,
  shipping: null,
  pickup: null,
  offerReading: null,
  postalCode: null,
  city: null,
  priceBasis: "estimate" as const,
  shippingCost: null,
  shippingCarrier: null,
  swap: null,
  deliveryKm: null,
};

describe("applyOfferEdit", () => {
  it("changes shipping cost, parcel service and swap like the other fields (ADR 041)", () => {
    expect(applyOfferEdit(ad, { shippingCost: 5.49, shippingCarrier: "DHL", swap: "nein" })).toEqual({
      shippingCost: 549,
      shippingCarrier: "DHL",
      swap: false,
    });
    expect(applyOfferEdit(ad, { shippingCost: 0 })).toEqual({ shippingCost: 0 });
    const shipped = { ...ad, shippingCost: 549, shippingCarrier: "DHL" as const, swap: true };
    expect(applyOfferEdit(shipped, { shippingCost: null, shippingCarrier: null, swap: null })).toEqual({
      shippingCost: null,
      shippingCarrier: null,
      swap: null,
    });
  });

  it("changes only what the edit names", () => {
    expect(applyOfferEdit(ad, {})).toEqual({});
    expect(applyOfferEdit(ad, { price: 199.5 })).toEqual({ askingPrice: 19950 });
    expect(
      applyOfferEdit(ad, { priceType: "festpreis", shipping: "excluded", pickup: "offered", postalCode: "50823", city: "Köln" }),
    ).toEqual({
      priceType: "festpreis",
      shipping: "excluded",
      pickup: "offered",
      postalCode: "50823",
      city: "Köln",
    });
  });

  it("removes values named as null", () => {
    expect(applyOfferEdit(ad, { price: null, priceType: null, city: null })).toEqual({ askingPrice: null, priceType: null, city: null });
  });

  it("makes a giveaway 0 €, whatever price was sent with it", () => {
    expect(applyOfferEdit(ad, { priceType: "verschenken", price: 40 })).toEqual({ askingPrice: 0, priceType: "verschenken" });
  });

  it("leaves a giveaway without a price: no price yet, never 0 € VB", () => {
    const giveaway = { ...ad, askingPrice: 0, priceType: "verschenken" as const };
    expect(applyOfferEdit(giveaway, { priceType: "vb" })).toEqual({ askingPrice: null, priceType: "vb" });
    expect(applyOfferEdit(giveaway, { priceType: "vb", price: 30 })).toEqual({ askingPrice: 3000, priceType: "vb" });
    // A price alone ends the giveaway: the price stands without a type.
    expect(applyOfferEdit(giveaway, { price: 30 })).toEqual({ askingPrice: 3000, priceType: null });
  });

  it("an old ad whose writer kept the seller's price as its suggestion shows no price once the seller removes it", () => {
    const old = { ...ad, askingPrice: null, priceBasis: "asking" as const };
    expect(applyOfferEdit(old, { price: null })).toEqual({ priceBasis: "estimate" });
    // A title-only edit leaves it alone.
    expect(applyOfferEdit(old, {})).toEqual({});
  });
});

describe("confirming a delivery radius (ADR 086)", () => {
  it("takes it off the list of facts to check once the edit names it", () => {
    const read = {
      ...ad,
      deliveryKm: 20,
      offerReading: { unconfirmed: [{ fact: "delivery" as const, words: "Lieferung im Umkreis 20 km", doubt: false }], unplaced: [] },
    };
    expect(applyOfferEdit(read, { deliveryKm: 20 })).toMatchObject({ deliveryKm: 20, offerReading: null });
  });
});
