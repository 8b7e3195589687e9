// A category for the ad's title and that category's aspects (Taxonomy API).
// https://developer.ebay.com/api-docs/commerce/taxonomy/resources/category_tree/methods/getCategorySuggestions
// https://developer.ebay.com/api-docs/commerce/taxonomy/resources/category_tree/methods/getItemAspectsForCategory
import { ebayCall, type EbaySession } from "./client";
import { categorySuggestionsSchema, categoryTreeIdSchema, itemAspectsSchema, MARKETPLACE_ID } from "./types";

export type CategorySuggestion = { categoryId: string; categoryName: string };
export type AspectSpec = { name: string; required: boolean; values: string[] };

/** The default category tree of EBAY_DE (eBay: "category tree IDs do not change"). */
async function categoryTreeId(session: EbaySession): Promise<string> {
  const answer = categoryTreeIdSchema.parse(
    await ebayCall(session, {
      method: "GET",
      path: "/commerce/taxonomy/v1/get_default_category_tree_id",
      query: { marketplace_id: MARKETPLACE_ID },
    }),
  );
  return answer.categoryTreeId;
}

export async function suggestCategories(
  session: EbaySession,
  title: string,
): Promise<{ treeId: string; suggestions: CategorySuggestion[] }> {
  const treeId = await categoryTreeId(session);
  const answer = categorySuggestionsSchema.parse(
    await ebayCall(session, {
      method: "GET",
      path: `/commerce/taxonomy/v1/category_tree/${encodeURIComponent(treeId)}/get_category_suggestions`,
      query: { q: title.slice(0, 350) },
    }),
  );
  return { treeId, suggestions: answer.categorySuggestions.map(({ category }) => category) };
}

export async function aspectsForCategory(session: EbaySession, treeId: string, categoryId: string): Promise<AspectSpec[]> {
  const answer = itemAspectsSchema.parse(
    await ebayCall(session, {
      method: "GET",
      path: `/commerce/taxonomy/v1/category_tree/${encodeURIComponent(treeId)}/get_item_aspects_for_category`,
      query: { category_id: categoryId },
    }),
  );
  return answer.aspects.map((aspect) => ({
    name: aspect.localizedAspectName,
    required: aspect.aspectConstraint.aspectRequired,
    values: (aspect.aspectValues ?? []).slice(0, 30).map((value) => value.localizedValue),
  }));
}
