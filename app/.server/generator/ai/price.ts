// The offline price model (ADR 013). In this order:
//   1. the seller's own asking price ("VB 80 €", "Festpreis 50 €") is kept;
//   2. with a new price and a purchase year: new price × the category's value curve at that age ×
//      a condition factor; with a new price but no year: new price × the condition's share;
//   3. otherwise a rough estimate: the typical used price of the item type (or of the category)
//      × the condition factor, × 1.3 for premium brands — labelled as a rough estimate.
// A used item is never suggested at or above its new price. Prices are rounded the way sellers
// write them (1 € below 20 €, 5 € below 100 €, 10 € below 1.000 €, then 50 €).
import type { Category } from "../../../lib/categories";
import { berlinYear } from "../../../lib/format";
import type { ConditionLabel } from "./condition";
import { PREMIUM_BRANDS, TYPICAL_USED_PRICE_EUR } from "../../ai/lexicon";

export type PriceBasis = "asking" | "new_price" | "estimate";

/** Value kept after the first year (r0) and per further year (d): value = r0 × d^(age − 1). */
export const VALUE_CURVES: Record<string, { firstYear: number; perYear: number }> = {
  elektronik: { firstYear: 0.7, perYear: 0.78 },
  moebel: { firstYear: 0.55, perYear: 0.88 },
  kleidung: { firstYear: 0.45, perYear: 0.85 },
  freizeit: { firstYear: 0.72, perYear: 0.88 },
  spielzeug: { firstYear: 0.6, perYear: 0.9 },
  familie: { firstYear: 0.6, perYear: 0.88 },
  garten: { firstYear: 0.65, perYear: 0.88 },
  // Tyres age by their rubber (DOT) as much as by their tread: steeper than tools, flatter than phones.
  auto: { firstYear: 0.6, perYear: 0.85 },
  sonstiges: { firstYear: 0.6, perYear: 0.87 },
} satisfies Record<Category, unknown>;

/** Condition relative to "Gut" (applied on top of the value curve or the typical price). */
export const CONDITION_FACTORS: Record<ConditionLabel, number> = {
  Neu: 1.3,
  Neuwertig: 1.15,
  "Sehr gut": 1.07,
  Gut: 1,
  Akzeptabel: 0.75,
  "Defekt – für Bastler": 0.3,
};

/** Share of the new price when no purchase year is known. */
const SHARE_OF_NEW_PRICE: Record<ConditionLabel, number> = {
  Neu: 0.75,
  Neuwertig: 0.65,
  "Sehr gut": 0.55,
  Gut: 0.45,
  Akzeptabel: 0.3,
  "Defekt – für Bastler": 0.12,
};

/** Typical used price ("Gut") per category when the item type is unknown. */
export const CATEGORY_BASE_PRICE_EUR: Record<string, number> = {
  elektronik: 80,
  moebel: 80,
  kleidung: 20,
  freizeit: 45,
  spielzeug: 20,
  familie: 30,
  garten: 40,
  auto: 60,
  sonstiges: 25,
} satisfies Record<Category, number>;

export function roundPrice(euros: number): number {
  const step = euros < 20 ? 1 : euros < 100 ? 5 : euros < 1000 ? 10 : 50;
  return Math.max(1, Math.round(euros / step) * step);
}

/** The largest seller-style price strictly below `limit`. */
function roundBelow(euros: number, limit: number): number {
  let price = roundPrice(euros);
  while (price >= limit && price > 1) {
    const step = price <= 20 ? 1 : price <= 100 ? 5 : price <= 1000 ? 10 : 50;
    price -= step;
  }
  return price;
}

export function valueShare(category: string, ageYears: number): number {
  const curve = VALUE_CURVES[category] ?? VALUE_CURVES.sonstiges;
  return curve.firstYear * curve.perYear ** Math.max(0, ageYears - 1);
}

export function typicalUsedPrice(itemName: string, category: string, brand: string | null): number {
  const typical =
    TYPICAL_USED_PRICE_EUR.find(([pattern]) => pattern.test(itemName))?.[1] ??
    CATEGORY_BASE_PRICE_EUR[category] ??
    CATEGORY_BASE_PRICE_EUR.sonstiges;
  return brand && PREMIUM_BRANDS.has(brand) ? typical * 1.3 : typical;
}

export type PriceInput = {
  itemName: string;
  category: string;
  brand: string | null;
  condition: ConditionLabel;
  askingPrice: number | null;
  newPrice: number | null;
  purchaseYear: number | null;
  now: Date;
};

export function suggestPrice(input: PriceInput) {
  const cents = (euros: number) => Math.round(euros * 100);
  if (input.askingPrice !== null) {
    const asking = Math.round(input.askingPrice);
    return {
      priceSuggestion: cents(asking),
      priceMin: cents(roundPrice(asking * 0.85)),
      priceMax: cents(asking),
      basis: "asking" as PriceBasis,
    };
  }
  const factor = CONDITION_FACTORS[input.condition];
  if (input.newPrice) {
    const age = input.purchaseYear ? Math.max(0, berlinYear(input.now.getTime()) - input.purchaseYear) : null;
    const raw =
      age === null
        ? input.newPrice * SHARE_OF_NEW_PRICE[input.condition]
        : input.newPrice * valueShare(input.category, Math.max(1, age)) * factor;
    // A used item stays clearly below its new price; even an unused one below 90 % of it.
    const ceiling = input.newPrice * (input.condition === "Neu" ? 0.9 : 0.85);
    const suggestion = roundBelow(Math.min(raw, ceiling), input.newPrice);
    return {
      priceSuggestion: cents(suggestion),
      priceMin: cents(roundPrice(suggestion * 0.85)),
      priceMax: cents(roundBelow(suggestion * 1.15, input.newPrice)),
      basis: "new_price" as PriceBasis,
    };
  }
  const suggestion = roundPrice(typicalUsedPrice(input.itemName, input.category, input.brand) * factor);
  return {
    priceSuggestion: cents(suggestion),
    priceMin: cents(roundPrice(suggestion * 0.65)),
    priceMax: cents(roundPrice(suggestion * 1.35)),
    basis: "estimate" as PriceBasis,
  };
}
