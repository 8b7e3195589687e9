// The seller's photo order is the ad's (docs/PRODUCT.md, "Photos"): the first photo the seller chose
// is the cover, the gallery follows the upload order, and the photo the writer scored best is only
// a suggestion (`bestImageIndex`) that moves nothing.
import { describe, expect, it } from "vitest";
import type { GenerationOutput } from "~/.server/ai/types";
import { finalizeAd } from "~/.server/generator/generation/finalize";

const photos = ["u/1/erstes.jpg", "u/1/zweites.jpg", "u/1/drittes.jpg"];

function output(bestImageIndex: number): GenerationOutput {
  return {
    title: "Stehlampe Messing, 160 cm",
    description: "Schöne Stehlampe aus Messing. Funktioniert einwandfrei, kleiner Kratzer am Fuß (Foto 3).",
    notes: [],
    priceSuggestion: 4500,
    priceMin: 3500,
    priceMax: 5500,
    priceBasis: "estimate",
    bestImageIndex,
    imageAnalysis: { brand: null, model: null, serialNumber: null, condition: null, defects: [{ text: "Kratzer am Fuß", photoIndex: 2 }] },
    offer: null,
    privacyHints: null,
  };
}

function finalize(bestImageIndex: number, imageKeys = photos) {
  return finalizeAd(output(bestImageIndex), {
    platform: "kleinanzeigen",
    sellerType: "private",
    imprint: { companyName: null },
    imageKeys,
    source: {
      itemName: "Stehlampe",
      note: "Stehlampe Messing, 160 cm, kleiner Kratzer am Fuß",
      record: { priceCents: null, priceType: null, shipping: null, pickup: null, swap: null, shippingCents: null },
      photos: null,
    },
  });
}

describe("the photos after the ad is written", () => {
  it("keep the seller's order, whichever photo the writer scored best: the seller's first photo stays the cover", () => {
    for (const best of [0, 1, 2]) {
      const ad = finalize(best);
      expect(ad.imageUrls).toEqual(photos);
      expect(ad.bestImageIndex).toBe(best);
      // The photo the writer suggests is named in the seller's order.
      expect(ad.imageUrls[ad.bestImageIndex]).toBe(photos[best]);
    }
  });

  it("leave a defect on the photo it was seen on, also when that photo scored best", () => {
    expect(finalize(2).imageAnalysis.defects).toEqual([{ text: "Kratzer am Fuß", photoIndex: 2 }]);
  });

  it("suggest the first photo for an index beyond the photos, and an ad without photos keeps none", () => {
    expect(finalize(7)).toMatchObject({ imageUrls: photos, bestImageIndex: 0 });
    expect(finalize(0, [])).toMatchObject({ imageUrls: [], bestImageIndex: 0 });
  });
});
