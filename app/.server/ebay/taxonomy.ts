// Categories for the ad's title and each category's aspects (Taxonomy API), ADR 046.
// https://developer.ebay.com/api-docs/commerce/taxonomy/resources/category_tree/methods/getCategorySuggestions
// https://developer.ebay.com/api-docs/commerce/taxonomy/resources/category_tree/methods/getItemAspectsForCategory
// https://developer.ebay.com/api-docs/commerce/taxonomy/types/txn:AspectConstraint
// The Taxonomy API's document declares only the client-credentials flow: every call here is made
// with the app's token, never the seller's (ADR 072).
import { ebayCall, type EbaySession } from "./client";
import {
  categorySuggestionsSchema,
  categoryTreeIdSchema,
  categoryTreeSchema,
  itemAspectsSchema,
  MARKETPLACE_ID,
  type CategoryTreeNode,
} from "./types";
import { keptInIsolate } from "../isolate-memory";

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

export type CategoryTreeRef = { categoryTreeId: string; categoryTreeVersion: string };

/** The default category tree of EBAY_DE and its version (eBay: "category tree IDs do not change"). */
export async function defaultCategoryTree(session: EbaySession): Promise<CategoryTreeRef> {
  return categoryTreeIdSchema.parse(
    await ebayCall(session, {
      method: "GET",
      as: "application",
      path: "/commerce/taxonomy/v1/get_default_category_tree_id",
      query: { marketplace_id: MARKETPLACE_ID },
    }),
  );
}

export async function categoryTreeId(session: EbaySession): Promise<string> {
  return (await defaultCategoryTree(session)).categoryTreeId;
}

/** The tree's leaf categories (where items are listed), each with its place in the tree. */
const leavesByTree = keptInIsolate(new Map<string, CategorySuggestion[]>());
/** Categories a search answers at most. */
const SEARCH_RESULTS = 8;

/** The leaves under `node`, each with the names of its ancestors below the root ("Baby › Autositze"). */
function leavesOf(node: CategoryTreeNode, path: string[]): CategorySuggestion[] {
  const children = node.childCategoryTreeNodes ?? [];
  if (node.leafCategoryTreeNode || children.length === 0)
    return [{ categoryId: node.category.categoryId, categoryName: node.category.categoryName, path: path.join(" › ") }];
  return children.flatMap((child) => leavesOf(child, [...path, node.category.categoryName]));
}

/**
 * The leaf categories whose name (first) or place in the tree holds every one of the words: a search
 * over eBay's category tree itself (getCategoryTree), which the seller can use where eBay's
 * suggestions fail — in the sandbox they are boilerplate whatever the words (ADR 072). The tree is
 * read once per version and isolate; it is large (eBay: send Accept-Encoding gzip, which fetch does).
 * https://developer.ebay.com/api-docs/commerce/taxonomy/resources/category_tree/methods/getCategoryTree
 */
export async function searchCategoryTree(session: EbaySession, tree: CategoryTreeRef, words: string): Promise<CategorySuggestion[]> {
  const key = `${new URL(session.config.apiUrl).host} ${tree.categoryTreeId} ${tree.categoryTreeVersion}`;
  let leaves = leavesByTree.get(key);
  if (!leaves) {
    const answer = categoryTreeSchema.parse(
      await ebayCall(session, {
        method: "GET",
        as: "application",
        path: `/commerce/taxonomy/v1/category_tree/${encodeURIComponent(tree.categoryTreeId)}`,
      }),
    );
    // The root is no category of its own: its name is in no path.
    leaves = (answer.rootCategoryNode.childCategoryTreeNodes ?? []).flatMap((child) => leavesOf(child, []));
    leavesByTree.set(key, leaves);
  }
  const wanted = words
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const holds = (text: string) => wanted.every((word) => text.toLowerCase().includes(word));
  const inName = leaves.filter((leaf) => holds(leaf.categoryName));
  const inPath = leaves.filter((leaf) => !holds(leaf.categoryName) && holds(`${leaf.path} ${leaf.categoryName}`));
  return [...inName, ...inPath].slice(0, SEARCH_RESULTS);
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
