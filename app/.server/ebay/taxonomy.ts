// Categories for the ad's title and each category's aspects (Taxonomy API), ADR 046.
// https://developer.ebay.com/api-docs/commerce/taxonomy/resources/category_tree/methods/getCategorySuggestions
// https://developer.ebay.com/api-docs/commerce/taxonomy/resources/category_tree/methods/getItemAspectsForCategory
// https://developer.ebay.com/api-docs/commerce/taxonomy/types/txn:AspectConstraint
// The Taxonomy API's document declares only the client-credentials flow: every call here is made
// with the app's token, never the seller's (ADR 072).
import { ebayCall, type EbaySession } from "./client";
import { categorySuggestionsSchema, categoryTreeIdSchema, itemAspectsSchema, MARKETPLACE_ID } from "./types";

/** "Max Length for Aspect Value: 50" (slr:Product.aspects); the name has at most 40. */
export const ASPECT_VALUE_MAX = 50;
export const ASPECT_NAME_MAX = 40;
/** Suggested values of a free-text aspect the draft passes on (the form offers them to pick). */
const SUGGESTED_VALUES = 30;

export type CategorySuggestion = { categoryId: string; categoryName: string; path: string };
export type AspectSpec = {
  name: string;
  required: boolean;
  /** SELECTION_ONLY: only a value of `values` is taken; FREE_TEXT: `values` are suggestions. */
  mode: "FREE_TEXT" | "SELECTION_ONLY";
  /** itemToAspectCardinality MULTI: more than one value allowed. */
  multiple: boolean;
  maxLength: number;
  values: string[];
};

/** The default category tree of EBAY_DE (eBay: "category tree IDs do not change"). */
export async function categoryTreeId(session: EbaySession): Promise<string> {
  const answer = categoryTreeIdSchema.parse(
    await ebayCall(session, {
      method: "GET",
      as: "application",
      path: "/commerce/taxonomy/v1/get_default_category_tree_id",
      query: { marketplace_id: MARKETPLACE_ID },
    }),
  );
  return answer.categoryTreeId;
}

/** eBay's suggestions for the words, best first, each with its place in the tree ("Baby › Kinderwagen & Buggys"). */
export async function suggestCategories(session: EbaySession, treeId: string, words: string): Promise<CategorySuggestion[]> {
  const answer = categorySuggestionsSchema.parse(
    await ebayCall(session, {
      method: "GET",
      as: "application",
      path: `/commerce/taxonomy/v1/category_tree/${encodeURIComponent(treeId)}/get_category_suggestions`,
      query: { q: words.slice(0, 350) },
    }),
  );
  return answer.categorySuggestions.map(({ category, categoryTreeNodeAncestors }) => ({
    ...category,
    path: categoryTreeNodeAncestors
      .map((ancestor) => ancestor.categoryName)
      .reverse()
      .join(" › "),
  }));
}

export async function aspectsForCategory(session: EbaySession, treeId: string, categoryId: string): Promise<AspectSpec[]> {
  const answer = itemAspectsSchema.parse(
    await ebayCall(session, {
      method: "GET",
      as: "application",
      path: `/commerce/taxonomy/v1/category_tree/${encodeURIComponent(treeId)}/get_item_aspects_for_category`,
      query: { category_id: categoryId },
    }),
  );
  return answer.aspects.map(({ localizedAspectName, aspectConstraint, aspectValues }) => {
    const values = (aspectValues ?? []).map((value) => value.localizedValue);
    const selectionOnly = aspectConstraint.aspectMode === "SELECTION_ONLY";
    return {
      name: localizedAspectName,
      required: aspectConstraint.aspectRequired,
      mode: aspectConstraint.aspectMode,
      multiple: aspectConstraint.itemToAspectCardinality === "MULTI",
      maxLength: Math.min(aspectConstraint.aspectMaxLength ?? ASPECT_VALUE_MAX, ASPECT_VALUE_MAX),
      // A selection list is the rule and stays whole; free-text values are only suggestions.
      values: selectionOnly ? values : values.slice(0, SUGGESTED_VALUES),
    };
  });
}
