// The listing's own rules on eBay (ADR 046), as pure functions: the ad's condition moved to the
// nearest one the category allows, the Best Offer auto-decline below the seller's minimum, and the
// seller's input checked against the category's conditions, aspects and the parcel.
import { describe, expect, it } from "vitest";
import type { CategoryRules } from "~/.server/ebay/category-rules";
import { nearestCondition } from "~/.server/ebay/condition";
import { checkListingInput, PACKAGE_NEEDED } from "~/.server/ebay/listing";
import { publishInputSchema } from "~/.server/ebay/listing-input";
import { autoDeclineCents, ebayOfferNotes } from "~/.server/ebay/offer-terms";

const GENERAL = ["NEW", "NEW_OTHER", "USED_EXCELLENT", "FOR_PARTS_OR_NOT_WORKING"] as const;
const CLOTHING = ["NEW", "NEW_OTHER", "NEW_WITH_DEFECTS", "PRE_OWNED_EXCELLENT", "USED_EXCELLENT", "PRE_OWNED_FAIR"] as const;
const BOOKS = ["NEW", "LIKE_NEW", "USED_VERY_GOOD", "USED_GOOD", "USED_ACCEPTABLE"] as const;

describe("the nearest condition a category allows", () => {
  it.each([
    ["USED_GOOD", GENERAL, "USED_EXCELLENT"],
    ["LIKE_NEW", GENERAL, "USED_EXCELLENT"],
    ["USED_ACCEPTABLE", GENERAL, "USED_EXCELLENT"],
    ["USED_GOOD", CLOTHING, "USED_EXCELLENT"],
    ["USED_ACCEPTABLE", CLOTHING, "PRE_OWNED_FAIR"],
    ["USED_EXCELLENT", BOOKS, "USED_VERY_GOOD"],
    ["NEW", BOOKS, "NEW"],
    ["FOR_PARTS_OR_NOT_WORKING", GENERAL, "FOR_PARTS_OR_NOT_WORKING"],
  ] as const)("%s in %j → %s", (wanted, allowed, nearest) => {
    expect(nearestCondition(wanted, allowed)).toBe(nearest);
  });

  it("never lists a used item as new, nor a broken one as used: the seller chooses then", () => {
    expect(nearestCondition("USED_GOOD", ["NEW", "NEW_OTHER"])).toBeNull();
    expect(nearestCondition("FOR_PARTS_OR_NOT_WORKING", BOOKS)).toBeNull();
  });
});

describe("Best Offer auto-decline from the seller's minimum", () => {
  it("declines one cent below the minimum, so an offer of the minimum reaches the seller", () => {
    expect(autoDeclineCents(9500, 12000)).toBe(9499);
  });

  it("declines nothing without a minimum, or with one not below the price", () => {
    expect(autoDeclineCents(null, 12000)).toBeNull();
    expect(autoDeclineCents(12000, 12000)).toBeNull();
    expect(autoDeclineCents(1, 12000)).toBeNull();
  });
});

describe("the eBay draft's notes on shipping (ADR 064)", () => {
  const record = {
    priceType: null,
    priceFloor: null,
    shippingCost: null,
    shippingCarrier: null,
    deliveryKm: null,
    postalCode: null,
    city: null,
  };
  it("says what eBay will show where the ad says nothing about shipping, and nothing of the kind where it does", () => {
    expect(ebayOfferNotes({ ...record, shipping: null }, 3500, null).join(" ")).toContain("Versand steht nicht in deiner Anzeige");
    expect(ebayOfferNotes({ ...record, shipping: "offered" }, 3500, null).join(" ")).not.toContain("Versand steht nicht");
    expect(ebayOfferNotes({ ...record, shipping: "excluded" }, 3500, null).join(" ")).toContain("Nur Abholung");
  });
});

const RULES: CategoryRules = {
  conditions: CLOTHING.map((value) => ({ value, label: value, descriptors: [] })),
  bestOffer: { bestOffer: true, autoDecline: true },
  regulatory: { manufacturer: null, productSafety: null },
  aspects: [
    { name: "Marke", required: true, mode: "FREE_TEXT", multiple: false, maxLength: 50, values: [] },
    { name: "Größe", required: true, mode: "SELECTION_ONLY", multiple: false, maxLength: 50, values: ["S", "M", "L"] },
    { name: "Modell", required: false, mode: "FREE_TEXT", multiple: false, maxLength: 20, values: [] },
  ],
};

function input(overrides: Record<string, unknown> = {}) {
  return publishInputSchema.parse({
    categoryId: "57988",
    condition: "USED_EXCELLENT",
    priceCents: 3500,
    aspects: { Marke: "Jack Wolfskin", Größe: "M" },
    ...overrides,
  });
}

describe("the seller's input against the category", () => {
  it("takes an input that fits", () => {
    expect(() => checkListingInput(input(), RULES, false)).not.toThrow();
  });

  it.each([
    [{ condition: "USED_GOOD" }, "„Gebraucht – gut“ gibt es in dieser eBay-Kategorie nicht. Wähle einen Zustand aus der Liste."],
    [{ aspects: { Größe: "M" } }, "eBay verlangt in dieser Kategorie die Angabe „Marke“. Trage sie bei den Artikelmerkmalen ein."],
    [{ aspects: { Marke: "X", Größe: "m" } }, "„m“ passt nicht zu „Größe“. Wähle einen Wert aus eBays Liste."],
    [{ aspects: { Marke: "X", Größe: ["M", "L"] } }, "Für „Größe“ nimmt eBay nur einen Wert."],
    [{ aspects: { Marke: "X", Größe: "M", Modell: "x".repeat(21) } }, "„Modell“ darf bei eBay höchstens 20 Zeichen haben."],
  ])("refuses %j in German", (overrides, message) => {
    expect(() => checkListingInput(input(overrides), RULES, false)).toThrow(message);
  });

  it("asks for the parcel where the shipping policy calculates the cost", () => {
    expect(() => checkListingInput(input(), RULES, true)).toThrow(PACKAGE_NEEDED);
    const parcel = { weightGrams: 2500, lengthCm: 60, widthCm: 40, heightCm: 20 };
    expect(() => checkListingInput(input({ package: parcel }), RULES, true)).not.toThrow();
  });

  it("holds aspect values to eBay's 50 characters", () => {
    expect(publishInputSchema.safeParse({ ...input(), aspects: { Marke: "x".repeat(50) } }).success).toBe(true);
    const long = publishInputSchema.safeParse({ ...input(), aspects: { Marke: "x".repeat(51) } });
    expect(long.error?.issues[0].message).toBe("Höchstens 50 Zeichen je Merkmal.");
  });
});
