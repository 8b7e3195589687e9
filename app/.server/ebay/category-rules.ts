// What eBay asks of a listing in one category (ADR 046, ADR 073): its aspects (Taxonomy), the item
// conditions its policy allows with the descriptors each requires, its Best Offer features and
// its product-safety needs (Sell Metadata). Read for the draft, and again on publishing to check
// the seller's input before anything is sent.
// https://developer.ebay.com/api-docs/sell/metadata/resources/marketplace/methods/getItemConditionPolicies
import { bestOfferSupport, metadataCall, regulatoryNeeds, type BestOfferSupport, type RegulatoryNeeds } from "./category-policies";
import type { EbaySession } from "./client";
import { CONDITION_BY_ID, CONDITION_LABELS, type ConditionChoice, type ConditionDescriptorChoice } from "./condition";
import { aspectsForCategory, categoryTreeId, type AspectSpec } from "./taxonomy";
import { itemConditionPoliciesSchema } from "./types";

export type CategoryRules = {
  aspects: AspectSpec[];
  /** The conditions the category allows, eBay's labels; null when eBay names no policy for it. */
  conditions: ConditionChoice[] | null;
  bestOffer: BestOfferSupport;
  regulatory: RegulatoryNeeds;
};

type PolicyDescriptor = {
  conditionDescriptorId: string;
  conditionDescriptorName: string;
  conditionDescriptorConstraint: { usage?: string; mode?: string };
  conditionDescriptorValues: Array<{ conditionDescriptorValueId: string; conditionDescriptorValueName: string }>;
};

/**
 * The descriptors a condition requires, as the seller chooses them; null when one of them cannot
 * be chosen from a list (free text), which the product does not ask for: that condition is not offered.
 */
function requiredDescriptors(descriptors: readonly PolicyDescriptor[]): ConditionDescriptorChoice[] | null {
  const required = descriptors.filter((descriptor) => descriptor.conditionDescriptorConstraint.usage === "REQUIRED");
  if (
    required.some(
      (descriptor) => descriptor.conditionDescriptorConstraint.mode === "FREE_TEXT" || descriptor.conditionDescriptorValues.length === 0,
    )
  )
    return null;
  return required.map((descriptor) => ({
    id: descriptor.conditionDescriptorId,
    name: descriptor.conditionDescriptorName || descriptor.conditionDescriptorId,
    values: descriptor.conditionDescriptorValues.map((value) => ({
      id: value.conditionDescriptorValueId,
      name: value.conditionDescriptorValueName || value.conditionDescriptorValueId,
    })),
  }));
}

/** The category's allowed conditions, without the restricted ones (sel:UsageEnum RESTRICTED). */
export async function conditionsForCategory(session: EbaySession, categoryId: string): Promise<ConditionChoice[] | null> {
  const answer = itemConditionPoliciesSchema.parse(await metadataCall(session, "get_item_condition_policies", categoryId));
  const policy = answer.itemConditionPolicies.find((entry) => entry.categoryId === categoryId);
  if (!policy) return null;
  return policy.itemConditions.flatMap(({ conditionId, conditionDescription, usage, conditionDescriptors }) => {
    const value = CONDITION_BY_ID[conditionId];
    const descriptors = requiredDescriptors(conditionDescriptors);
    if (!value || usage === "RESTRICTED" || !descriptors) return [];
    return [{ value, label: conditionDescription?.trim() || CONDITION_LABELS[value], descriptors }];
  });
}

export async function categoryRules(session: EbaySession, categoryId: string, treeId?: string): Promise<CategoryRules> {
  const tree = treeId ?? (await categoryTreeId(session));
  const [aspects, conditions, bestOffer, regulatory] = await Promise.all([
    aspectsForCategory(session, tree, categoryId),
    conditionsForCategory(session, categoryId),
    bestOfferSupport(session, categoryId),
    regulatoryNeeds(session, categoryId),
  ]);
  return { aspects, conditions, bestOffer, regulatory };
}
