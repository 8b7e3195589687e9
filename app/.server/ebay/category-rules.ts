// What eBay asks of a listing in one category (ADR 046): its aspects (Taxonomy) and the item
// conditions its policy allows (Sell Metadata). Read for the draft, and again on publishing to
// check the seller's input before anything is sent.
// https://developer.ebay.com/api-docs/sell/metadata/resources/marketplace/methods/getItemConditionPolicies
import { ebayCall, type EbaySession } from "./client";
import { CONDITION_BY_ID, CONDITION_LABELS, type ConditionChoice } from "./condition";
import { aspectsForCategory, categoryTreeId, type AspectSpec } from "./taxonomy";
import { itemConditionPoliciesSchema, MARKETPLACE_ID } from "./types";

export type CategoryRules = {
  aspects: AspectSpec[];
  /** The conditions the category allows, eBay's labels; null when eBay names no policy for it. */
  conditions: ConditionChoice[] | null;
};

/** The category's allowed conditions, without the restricted ones (sel:UsageEnum RESTRICTED). */
export async function conditionsForCategory(session: EbaySession, categoryId: string): Promise<ConditionChoice[] | null> {
  const answer = itemConditionPoliciesSchema.parse(
    await ebayCall(session, {
      method: "GET",
      path: `/sell/metadata/v1/marketplace/${MARKETPLACE_ID}/get_item_condition_policies`,
      query: { filter: `categoryIds:{${categoryId}}` },
    }),
  );
  const policy = answer.itemConditionPolicies.find((entry) => entry.categoryId === categoryId);
  if (!policy) return null;
  return policy.itemConditions.flatMap(({ conditionId, conditionDescription, usage }) => {
    const value = CONDITION_BY_ID[conditionId];
    if (!value || usage === "RESTRICTED") return [];
    return [{ value, label: conditionDescription?.trim() || CONDITION_LABELS[value] }];
  });
}

export async function categoryRules(session: EbaySession, categoryId: string, treeId?: string): Promise<CategoryRules> {
  const tree = treeId ?? (await categoryTreeId(session));
  const [aspects, conditions] = await Promise.all([
    aspectsForCategory(session, tree, categoryId),
    conditionsForCategory(session, categoryId),
  ]);
  return { aspects, conditions };
}
