// The eBay draft the seller reviews before publishing (ADR 036, ADR 046): eBay's category
// suggestions for the title and the record's searched facts (or the seller's own words) to pick
// from, the best one chosen; that category's aspects with their mode and value lists, prefilled
// from the record (ADR 072); only the conditions the category allows (with the descriptors each
// requires), the ad's condition moved to the nearest of them; the seller's price; what the offer
// record does at eBay in this category (Best Offer or a fixed price with the VB in the text, a
// dealer's GPSR data, ADR 073); and whether the parcel's weight and size are needed.
import { listingPrice } from "../../../lib/ad-price";
import { adSearchFacts, names, type SearchFacts } from "../../ai/search-facts";
import { platformVariant } from "../../../lib/platform-variants";
import type { Ad } from "../../db/schema";
import { fulfillmentPoliciesOf } from "../../ebay/account";
import { categoryRules } from "../../ebay/category-rules";
import type { EbaySession } from "../../ebay/client";
import { CONDITION_LABELS, ebayConditionOf, nearestCondition, type ConditionChoice } from "../../ebay/condition";
import { getEbayConnection, NOT_CONNECTED_MESSAGE, sellerSettingsOf } from "../../ebay/connection";
import { packageNeeded, shippingCostNeeded } from "../../ebay/listing";
import { ebayOfferNotes } from "../../ebay/offer-terms";
import { PublishError } from "../../publishing/publisher";
import { regulatoryNote, regulatorySellerOf } from "./regulatory";
import { requireFinished } from "./publish";
import {
  defaultCategoryTree,
  searchCategoryTree,
  suggestCategories,
  type AspectSpec,
  type CategorySuggestion,
  type CategoryTreeRef,
} from "../../ebay/taxonomy";
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

/** A searched size as eBay lists its values: "Gr. M" → "M", "RH 48 cm" → "48 cm". */
const sizeValue = (fact: string | null) => (fact ? fact.replace(/^(?:Gr\.|RH)\s*/, "") : null);

/**
 * eBay's suggestions are asked with the title and the record's searched facts it leaves out — who
 * the item is for ("Damen"), the brand and the model — so "Winterjacke Gr. M" from a note that says
 * "Damen" does not land in a men's category (ADR 072).
 */
export function categoryQuery(title: string, facts: SearchFacts): string {
  const missing = [facts.department, facts.brand, facts.model].filter((fact): fact is string => !!fact && !names(title, fact));
  return [title, ...new Set(missing)].join(" ");
}

/**
 * A value for an aspect from the ad's record: the photo's brand and model, else the note's searched
 * facts (brand, model, department, size, frame); a selection only with one of its values.
 */
function prefill(aspect: AspectSpec, ad: Ad, facts: SearchFacts): string {
  const analysis = ad.imageAnalysis;
  const text = `${ad.optimizedTitle ?? ""}\n${ad.optimizedDescription ?? ""}`;
  const { name } = aspect;
  const guess = /^marke$|brand/i.test(name)
    ? (analysis?.brand ?? facts.brand ?? "")
    : /^modell$|model/i.test(name)
      ? (analysis?.model ?? facts.model ?? "")
      : /^abteilung$|department/i.test(name)
        ? (facts.department ?? "")
        : /rahmenhöhe/i.test(name)
          ? (sizeValue(facts.frame) ?? sizeIn(text) ?? "")
          : /größe|size/i.test(name)
            ? (sizeValue(facts.size) ?? sizeIn(text) ?? "")
            : "";
  if (aspect.mode === "FREE_TEXT") return guess.slice(0, aspect.maxLength);
  // eBay takes a selection's values exactly as listed; a list of one is that one.
  if (aspect.values.length === 1) return aspect.values[0];
  return aspect.values.find((value) => value.toLowerCase() === guess.trim().toLowerCase()) ?? "";
}

/**
 * The categories to pick from: eBay's suggestions for the title and facts; for the seller's own
 * words, the categories of eBay's tree that are named so first, then eBay's suggestions for them —
 * a search that works where the suggestions do not (eBay's sandbox answers them with boilerplate).
 */
async function categoriesFor(session: EbaySession, tree: CategoryTreeRef, words: string | null, query: string) {
  if (!words) return suggestCategories(session, tree.categoryTreeId, query);
  const [named, suggested] = await Promise.all([
    searchCategoryTree(session, tree, words),
    suggestCategories(session, tree.categoryTreeId, words),
  ]);
  return [...named, ...suggested.filter((entry) => !named.some((found) => found.categoryId === entry.categoryId))];
}

export async function ebayDraft(session: EbaySession, ad: Ad, choice: { categoryId?: string; words?: string } = {}): Promise<EbayDraft> {
  requireFinished(ad);
  // The draft's calls take the app's token (ADR 072), but only a connected seller can publish it.
  const connection = await getEbayConnection(session.db, session.userId);
  if (!connection) throw new PublishError(NOT_CONNECTED_MESSAGE, 409);
  const title = ebayTitle(ad);
  const facts = adSearchFacts(ad);
  const tree = await defaultCategoryTree(session);
  const treeId = tree.categoryTreeId;
  const suggestions = await categoriesFor(session, tree, choice.words?.trim() || null, categoryQuery(title, facts));
  const chosen = choice.categoryId ?? suggestions[0]?.categoryId ?? null;
  const rules = chosen ? await categoryRules(session, chosen, treeId) : null;
  // A giveaway has no price on eBay (null), and so no note on price proposals either.
  const priceCents = listingPrice(ad)?.cents || null;
  const conditions = rules?.conditions ?? CONDITION_VALUES.map((value) => ({ value, label: CONDITION_LABELS[value], descriptors: [] }));
  const aspects = rules?.aspects ?? [];
  const seller = await regulatorySellerOf(session.db, session.userId);
  const gpsr = rules ? regulatoryNote(seller, rules.regulatory) : null;
  const settings = sellerSettingsOf(connection);
  const policies = settings ? await fulfillmentPoliciesOf(session) : [];
  return {
    title,
    categories: suggestions.slice(0, SUGGESTIONS_SHOWN),
    categoryId: chosen,
    // Required aspects first, then at most a few recommended ones.
    aspects: [
      ...aspects.filter((aspect) => aspect.required),
      ...aspects.filter((aspect) => !aspect.required).slice(0, RECOMMENDED_SHOWN),
    ].map((aspect) => ({ ...aspect, value: prefill(aspect, ad, facts) })),
    conditions,
    condition: nearestCondition(
      ebayConditionOf(ad.imageAnalysis?.condition),
      conditions.map((entry) => entry.value),
    ),
    priceCents,
    offerNotes: [
      ...ebayOfferNotes(ad, priceCents, rules?.bestOffer ?? null, shippingCostNeeded(ad, settings, policies)),
      ...(gpsr ? [gpsr] : []),
    ],
    needsPackage: packageNeeded(ad, priceCents ?? 0, settings, policies),
    needsShippingCost: shippingCostNeeded(ad, settings, policies),
  };
}
