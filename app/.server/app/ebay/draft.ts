// The eBay draft the seller reviews before publishing (ADR 036, ADR 046): eBay's category
// suggestions for the title (or the seller's own words) to pick from, the best one chosen; that
// category's aspects with their mode and value lists, prefilled from the ad; only the conditions
// the category allows, the ad's condition moved to the nearest of them; the seller's price; what
// the offer record does at eBay; and whether the parcel's weight and size are needed.
import { listingPrice } from "../../../lib/ad-price";
import { platformVariant } from "../../../lib/platform-variants";
import type { Ad } from "../../db/schema";
import { fulfillmentPoliciesOf } from "../../ebay/account";
import { categoryRules } from "../../ebay/category-rules";
import type { EbaySession } from "../../ebay/client";
import { CONDITION_LABELS, ebayConditionOf, nearestCondition, type ConditionChoice } from "../../ebay/condition";
import { getEbayConnection, sellerSettingsOf } from "../../ebay/connection";
import { packageNeeded, shippingCostNeeded } from "../../ebay/listing";
import { ebayOfferNotes } from "../../ebay/offer-terms";
import { requireFinished } from "./publish";
import { categoryTreeId, suggestCategories, type AspectSpec, type CategorySuggestion } from "../../ebay/taxonomy";
import { CONDITION_VALUES, type ConditionEnum } from "../../ebay/types";

/** Recommended (not required) aspects shown besides the required ones: a short form. */
const RECOMMENDED_SHOWN = 4;
/** Suggestions offered to pick from. */
const SUGGESTIONS_SHOWN = 8;

export type DraftAspect = AspectSpec & { value: string };
export type EbayDraft = {
  title: string;
  /** eBay's suggestions, best first; the seller picks one (or asks with other words). */
  categories: CategorySuggestion[];
  categoryId: string | null;
  aspects: DraftAspect[];
  /** The conditions the category allows, in eBay's words. */
  conditions: ConditionChoice[];
  /** The ad's condition moved to the nearest allowed one; null when the seller has to choose. */
  condition: ConditionEnum | null;
  priceCents: number | null;
  offerNotes: string[];
  /** The seller's shipping policy calculates the cost: the form asks for weight and size. */
  needsPackage: boolean;
  /** The ad says the buyer pays shipping but names no amount: the form asks for it (ADR 075). */
  needsShippingCost: boolean;
};

export function ebayTitle(ad: Ad): string {
  return platformVariant("ebay", { title: ad.optimizedTitle || ad.itemName, description: ad.optimizedDescription ?? "" }).title;
}

/** The size named in the ad's text ("Größe M", "Gr. 42", "Rahmenhöhe 56 cm"), if any. */
function sizeIn(text: string): string | null {
  const match = /\b(?:Größe|Gr\.|Rahmenhöhe)\s*:?\s*([A-Za-z0-9/.,]{1,10}(?:\s?cm)?)/i.exec(text);
  return match ? match[1].trim() : null;
}

/** A value for an aspect from what the ad knows (brand, model, size); a selection only with one of its values. */
function prefill(aspect: AspectSpec, ad: Ad): string {
  const analysis = ad.imageAnalysis;
  const text = `${ad.optimizedTitle ?? ""}\n${ad.optimizedDescription ?? ""}`;
  const { name } = aspect;
  const guess = /^marke$|brand/i.test(name)
    ? (analysis?.brand ?? "")
    : /^modell$|model/i.test(name)
      ? (analysis?.model ?? "")
      : /größe|rahmenhöhe|size/i.test(name)
        ? (sizeIn(text) ?? "")
        : "";
  if (aspect.mode === "FREE_TEXT") return guess.slice(0, aspect.maxLength);
  // eBay takes a selection's values exactly as listed; a list of one is that one.
  if (aspect.values.length === 1) return aspect.values[0];
  return aspect.values.find((value) => value.toLowerCase() === guess.trim().toLowerCase()) ?? "";
}

export async function ebayDraft(session: EbaySession, ad: Ad, choice: { categoryId?: string; words?: string } = {}): Promise<EbayDraft> {
  requireFinished(ad);
  const title = ebayTitle(ad);
  const treeId = await categoryTreeId(session);
  const suggestions = await suggestCategories(session, treeId, choice.words?.trim() || title);
  const chosen = choice.categoryId ?? suggestions[0]?.categoryId ?? null;
  const rules = chosen ? await categoryRules(session, chosen, treeId) : { aspects: [], conditions: null };
  // A giveaway has no price on eBay (null), and so no note on price proposals either.
  const priceCents = listingPrice(ad)?.cents || null;
  const conditions = rules.conditions ?? CONDITION_VALUES.map((value) => ({ value, label: CONDITION_LABELS[value] }));
  const settings = sellerSettingsOf(await getEbayConnection(session.db, session.userId));
  const policies = settings ? await fulfillmentPoliciesOf(session) : [];
  return {
    title,
    categories: suggestions.slice(0, SUGGESTIONS_SHOWN),
    categoryId: chosen,
    // Required aspects first, then at most a few recommended ones.
    aspects: [
      ...rules.aspects.filter((aspect) => aspect.required),
      ...rules.aspects.filter((aspect) => !aspect.required).slice(0, RECOMMENDED_SHOWN),
    ].map((aspect) => ({ ...aspect, value: prefill(aspect, ad) })),
    conditions,
    condition: nearestCondition(
      ebayConditionOf(ad.imageAnalysis?.condition),
      conditions.map((entry) => entry.value),
    ),
    priceCents,
    offerNotes: ebayOfferNotes(ad, priceCents, shippingCostNeeded(ad, settings, policies)),
    needsPackage: packageNeeded(ad, priceCents ?? 0, settings, policies),
    needsShippingCost: shippingCostNeeded(ad, settings, policies),
  };
}
