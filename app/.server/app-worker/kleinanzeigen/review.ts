// The dealer's review before "Bei Kleinanzeigen veröffentlichen" (ADR 048): category, condition,
// price type and price, shipping or pickup and the shipping cost, prefilled from the ad's offer
// record (ADR 041). What the dealer changes is a change of the record — price, type, shipping, pickup
// and shipping cost through the editor's own rule (`applyOfferEdit`), the condition as the record's
// words — so the card, the public page, every copy and every marketplace keep saying one thing.
// Only the category is Kleinanzeigen's own and is kept with the listing.
import { z } from "zod";
import { listingPrice, offeredPriceType } from "../../../lib/ad-price";
import { sellerOfferFields } from "../../../lib/ad-input";
import { platformVariant } from "../../../lib/platform-variants";
import { adTextOf } from "../../../lib/ad-text";
import { AVAILABILITIES, PRICE_TYPES } from "../../../lib/offer-facts";
import type { Ad } from "../../db/schema";
import { applyOfferEdit, type OfferEdit } from "../ads/offer-edit";
import { suggestCategoryPath } from "./category";
import { CATEGORY_PATH_VALUES, CONDITION_VALUES, CONDITIONS, KLEINANZEIGEN_CATEGORIES } from "../../kleinanzeigen/contract";
import { CONDITION_WORDS, kleinanzeigenConditionOf } from "./listing-body";

export const NEEDS_PRICE = "Gib deinen Preis in Euro an – oder wähle „Zu verschenken“.";

export const kleinanzeigenReviewSchema = z
  .object({
    category: z
      .enum(CATEGORY_PATH_VALUES, { error: "Wähle eine Kategorie aus der Liste." })
      .describe("Kleinanzeigen-Kategorie (Pfad aus dem Entwurf)")
      .meta({ examples: ["Familie_Kind_Baby/Kinderwagen_Buggys"] }),
    condition: z.enum(CONDITION_VALUES, { error: "Wähle den Zustand." }).describe("Zustand: new, like_new, ok, alright, defect"),
    priceType: z
      .enum(PRICE_TYPES, { error: "Wähle Festpreis, VB oder Zu verschenken." })
      .describe("festpreis, vb oder verschenken; ohne „verschenken“ braucht es einen Preis über 0 €")
      // The one value that is valid without a price: festpreis and vb need one, a rule JSON Schema cannot state.
      .meta({ examples: ["verschenken"] }),
    price: sellerOfferFields.price.describe("Preis in Euro (nicht bei „Zu verschenken“)"),
    shipping: z
      .enum(AVAILABILITIES, { error: "Wähle, ob du versendest: „Versand möglich“ oder „Kein Versand“." })
      .describe("offered = Versand möglich, excluded = kein Versand (nur Abholung)"),
    pickup: sellerOfferFields.pickup.describe("offered = Abholung möglich, excluded = keine Abholung; leer = nicht angegeben"),
    shippingCost: sellerOfferFields.shippingCost.describe("Versandkosten in Euro, 0 = inklusive; leer = nicht angegeben"),
  })
  .superRefine((review, context) => {
    if (review.priceType !== "verschenken" && !(review.price !== undefined && review.price > 0))
      context.addIssue({ code: "custom", path: ["price"], message: NEEDS_PRICE });
  });

export type KleinanzeigenReview = z.infer<typeof kleinanzeigenReviewSchema>;

/** The review's offer as an edit of the record, by the editor's rule: left out = unchanged. */
export function reviewEdit(review: KleinanzeigenReview): OfferEdit {
  return {
    priceType: review.priceType,
    ...(review.priceType === "verschenken" ? {} : { price: review.price }),
    shipping: review.shipping,
    pickup: review.pickup ?? null,
    // No shipping: a shipping cost the record holds stays (it is shown nowhere then).
    ...(review.shipping === "excluded" ? {} : { shippingCost: review.shippingCost ?? null }),
  };
}

const NO_ANALYSIS = { brand: null, model: null, serialNumber: null, condition: null, defects: [] };

/** The ad as the dealer reviewed it, and the record's columns the review changes (none when it confirms the record). */
export function reviewedAd(ad: Ad, review: KleinanzeigenReview): { ad: Ad; changes: Partial<Ad> } {
  const edited = applyOfferEdit(ad, reviewEdit(review));
  // Only what differs: a review that confirms the record leaves the ad as it was.
  const changes = Object.fromEntries(Object.entries(edited).filter(([key, value]) => ad[key as keyof Ad] !== value)) as Partial<Ad>;
  // The dealer picked the condition: from now on every surface states it (app/lib/condition-grade.ts).
  if (kleinanzeigenConditionOf(ad.imageAnalysis?.condition) !== review.condition || !ad.imageAnalysis?.conditionPicked)
    changes.imageAnalysis = { ...(ad.imageAnalysis ?? NO_ANALYSIS), condition: CONDITION_WORDS[review.condition], conditionPicked: true };
  return { ad: { ...ad, ...changes }, changes };
}

export const reviewDraftSchema = z.object({
  title: z.string().describe("Titel bei Kleinanzeigen"),
  category: z.string().describe("vorgeschlagene Kategorie (Pfad)"),
  categories: z.array(z.object({ path: z.string(), group: z.string(), name: z.string() })).describe("Kleinanzeigens Kategorien zur Wahl"),
  condition: z.enum(CONDITION_VALUES).nullable().describe("Zustand laut Anzeige; null = nicht angegeben"),
  conditions: z.array(z.object({ value: z.enum(CONDITION_VALUES), label: z.string() })),
  priceType: z.enum(PRICE_TYPES).nullable(),
  priceCents: z.number().int().nullable().describe("dein Preis, sonst die Schätzung; null = noch keiner"),
  priceIsEstimate: z.boolean().describe("der Preis ist eine Schätzung, noch nicht deiner"),
  shipping: z.enum(AVAILABILITIES).nullable(),
  pickup: z.enum(AVAILABILITIES).nullable(),
  shippingCostCents: z.number().int().nullable(),
});
export type ReviewDraft = z.infer<typeof reviewDraftSchema>;

/** The review step's form, filled from the record. */
export function reviewDraft(ad: Ad): ReviewDraft {
  const price = listingPrice(ad);
  return {
    title: platformVariant("kleinanzeigen", { ...adTextOf(ad), priceLabel: null }).title,
    category: suggestCategoryPath(ad),
    categories: KLEINANZEIGEN_CATEGORIES.map(({ path, group, name }) => ({ path, group, name })),
    condition: kleinanzeigenConditionOf(ad.imageAnalysis?.condition),
    conditions: CONDITIONS.map(({ value, label }) => ({ value, label })),
    priceType: price ? offeredPriceType(price.cents, price.type) : ad.priceType,
    priceCents: price && price.cents > 0 ? price.cents : null,
    priceIsEstimate: price !== null && price.basis !== "asking",
    shipping: ad.shipping,
    pickup: ad.pickup,
    shippingCostCents: ad.shippingCost,
  };
}
