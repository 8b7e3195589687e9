// Pure rules of publishing and a listing's life: eBay's condition values (eBay's errors in German:
// ebay-errors.test.ts), the price-cut steps and floors, and the struck-through price (ADR 036, ADR 037).
import { describe, expect, it } from "vitest";
import { ebayConditionOf } from "~/.server/ebay/condition";
import { effectiveFloor, nextPrice } from "~/.server/listings/price-cut";
import { euroInputOf, euroInputToCents } from "~/lib/euro-input";
import { priceLine } from "~/lib/listing-life";

describe("eBay condition", () => {
  it.each([
    ["Neu", "NEW"],
    ["Neuwertig", "LIKE_NEW"],
    ["Sehr gut", "USED_EXCELLENT"],
    ["Gut", "USED_GOOD"],
    ["Akzeptabel", "USED_ACCEPTABLE"],
    ["Defekt – für Bastler", "FOR_PARTS_OR_NOT_WORKING"],
    [null, "USED_GOOD"],
  ])("maps %s to %s", (label, value) => {
    expect(ebayConditionOf(label)).toBe(value);
  });
});

describe("price-cut steps", () => {
  it("cuts by the step and stops at the floor, never below", () => {
    expect(nextPrice(12000, 1500, 9000)).toBe(10500);
    expect(nextPrice(10000, 1500, 9000)).toBe(9000);
    expect(nextPrice(9000, 1500, 9000)).toBeNull();
  });

  it("never goes below the seller's own minimum when it is higher than the plan's floor", () => {
    expect(effectiveFloor({ floorCents: 9000 }, { priceFloor: 9500 })).toBe(9500);
    expect(effectiveFloor({ floorCents: 9000 }, { priceFloor: null })).toBe(9000);
  });

  it("shows a price as reduced only below the start price", () => {
    expect(priceLine({ priceCents: 10500, startPriceCents: 12000 })?.before).toMatch(/120 €/);
    expect(priceLine({ priceCents: 12000, startPriceCents: 12000 })?.before).toBeNull();
  });

  it("reads euro amounts the German way", () => {
    expect(euroInputToCents("120,50")).toBe(12050);
    expect(euroInputToCents("1.200")).toBe(120000);
    expect(euroInputToCents("15 €")).toBe(1500);
    expect(euroInputToCents("abc")).toBeNull();
    expect(euroInputOf(25_000)).toBe("250");
    expect(euroInputOf(1250)).toBe("12,50");
    expect(euroInputOf(120_000)).toBe("1200");
  });
});
