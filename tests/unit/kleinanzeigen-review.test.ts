// The dealer's review before publishing to Kleinanzeigen and the card's words around it (ADR 048):
// the suggested category from the item, the record's condition in Kleinanzeigen's terms, a review
// that confirms the record changes nothing (but makes the condition the seller's pick) while a
// changed fact becomes the record's, and the
// "Verkauft" dialog and price plan in correct German.
import { describe, expect, it } from "vitest";
import { suggestCategoryPath } from "~/.server/app-worker/kleinanzeigen/category";
import { kleinanzeigenConditionOf } from "~/.server/app-worker/kleinanzeigen/listing-body";
import { kleinanzeigenReviewSchema, NEEDS_PRICE, reviewDraft, reviewedAd } from "~/.server/app-worker/kleinanzeigen/review";
import { everyDays, namesList, soldDialogText } from "~/lib/listing-life";
import { pramAd } from "../fixtures/pram-ad";

const record = pramAd();

const review = (overrides: Record<string, unknown> = {}) =>
  kleinanzeigenReviewSchema.parse({
    category: "Familie_Kind_Baby/Kinderwagen_Buggys",
    condition: "like_new",
    priceType: "vb",
    price: "350",
    shipping: "excluded",
    pickup: "offered",
    ...overrides,
  });

describe("the suggested Kleinanzeigen category", () => {
  it.each([
    ["familie", "Kinderwagen", null, "Familie_Kind_Baby/Kinderwagen_Buggys"],
    ["sonstiges", "Buggy", "Buggy Cybex Eezy S Twist", "Familie_Kind_Baby/Kinderwagen_Buggys"],
    ["elektronik", "Kaffeevollautomat", "Siemens EQ.6", "Elektronik/Haushaltsgeraete"],
    ["elektronik", "iPhone 13", null, "Elektronik/Handy_Telefon"],
    ["freizeit", "Fahrrad", "Trekkingrad 28 Zoll", "Auto_Rad_Boot/Fahrraeder_Zubehoer"],
    ["moebel", "Sofa", "Ecksofa grau", "Haus_Garten/Wohnzimmer"],
    ["kleidung", "Winterjacke", "Damen Winterjacke Gr. M", "Mode_Beauty/Damenbekleidung"],
    ["auto", "Winterreifen", null, "Auto_Rad_Boot/Autoteile_Reifen"],
    // Nothing closer known: the app category's default.
    ["sonstiges", "Vase", "Glasvase blau", "Freizeit_Hobby_Nachbarschaft/Weiteres_Freizeit_Hobby_Nachbarschaft"],
  ] as const)("%s / %s → %s", (category, itemName, optimizedTitle, path) => {
    expect(suggestCategoryPath({ category, itemName, optimizedTitle })).toBe(path);
  });
});

describe("the record's condition in Kleinanzeigen's terms", () => {
  it.each([
    ["Neu", "new"],
    ["Neuwertig", "like_new"],
    ["Sehr gut", "like_new"],
    ["Gut", "ok"],
    ["Akzeptabel", "alright"],
    ["Defekt – für Bastler", "defect"],
    ["kaum benutzt", null],
    [null, null],
  ])("%s → %s (unknown words claim nothing)", (words, condition) => {
    expect(kleinanzeigenConditionOf(words)).toBe(condition);
  });
});

describe("the review", () => {
  it("is prefilled from the record", () => {
    expect(reviewDraft(record)).toMatchObject({
      category: "Familie_Kind_Baby/Kinderwagen_Buggys",
      condition: "like_new",
      priceType: "vb",
      priceCents: 35000,
      priceIsEstimate: false,
      shipping: "excluded",
      pickup: "offered",
      shippingCostCents: null,
    });
  });

  it("changes nothing when it confirms the record, and makes a confirmed condition the seller's pick", () => {
    // The grade came from the writer, not the seller: confirming it in the review makes it the seller's pick.
    expect(reviewedAd(record, review()).changes).toEqual({ imageAnalysis: { ...record.imageAnalysis, conditionPicked: true } });
    const picked = { ...record, imageAnalysis: { ...record.imageAnalysis!, conditionPicked: true } };
    expect(reviewedAd(picked, review()).changes).toEqual({});
  });

  it("makes every changed fact the record's, by the editor's rule", () => {
    const { ad, changes } = reviewedAd(
      record,
      review({ priceType: "festpreis", price: "320", shipping: "offered", pickup: "offered", shippingCost: "6,99", condition: "ok" }),
    );
    expect(changes).toEqual({
      askingPrice: 32000,
      priceType: "festpreis",
      shipping: "offered",
      shippingCost: 699,
      imageAnalysis: { ...record.imageAnalysis, condition: "Gut", conditionPicked: true },
    });
    expect(ad).toMatchObject(changes);
    // A giveaway has no price; pickup only keeps the record's shipping cost as it was.
    expect(reviewedAd(record, review({ priceType: "verschenken", price: undefined })).changes).toEqual({
      askingPrice: 0,
      priceType: "verschenken",
      imageAnalysis: { ...record.imageAnalysis, conditionPicked: true },
    });
  });

  it("needs a price unless the item is given away", () => {
    const missing = kleinanzeigenReviewSchema.safeParse({ ...review(), price: undefined, priceType: "festpreis" });
    expect(missing.error?.issues).toEqual([expect.objectContaining({ path: ["price"], message: NEEDS_PRICE })]);
    expect(kleinanzeigenReviewSchema.safeParse({ ...review(), price: undefined, priceType: "verschenken" }).success).toBe(true);
  });
});

describe("the card's words", () => {
  it("says 'jeden Tag', never 'alle 1 Tage'", () => {
    expect(everyDays(1)).toBe("jeden Tag");
    expect(everyDays(2)).toBe("alle 2 Tage");
    expect(everyDays(14)).toBe("alle 14 Tage");
  });

  it("names every platform in the 'Verkauft' dialog: what ends by itself and what by hand", () => {
    expect(namesList(["eBay", "Kleinanzeigen", "Vinted"])).toBe("eBay, Kleinanzeigen und Vinted");
    expect(soldDialogText({ automatic: ["eBay", "Kleinanzeigen"], byHand: ["Vinted"] })).toBe(
      "Wir beenden die Anzeige auf eBay und Kleinanzeigen automatisch. Auf Vinted beendest du sie selbst – dort geht es nur von Hand. Ein Preisplan endet, und deine Anzeigenseite zeigt „Verkauft“.",
    );
    expect(soldDialogText({ automatic: [], byHand: [] })).toContain("auf keiner Plattform veröffentlicht");
  });
});
