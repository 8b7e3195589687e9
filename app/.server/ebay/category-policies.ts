// What a category allows beyond conditions and aspects (ADR 073), from the Metadata API: its Best
// Offer features (getNegotiatedPricePolicies) and its EU product-safety requirement
// (getRegulatoryPolicies). Both are marketplace facts, the same for every seller, so they are kept
// for a day in the isolate: one read per category and day, not one per draft and publish.
// https://developer.ebay.com/api-docs/sell/metadata/resources/marketplace/methods/getNegotiatedPricePolicies
// https://developer.ebay.com/api-docs/sell/metadata/resources/marketplace/methods/getRegulatoryPolicies
// https://developer.ebay.com/api-docs/sell/metadata/types/sel:RegulatoryAttributeEnum
import { ebayCall, type EbaySession } from "./client";
import { MARKETPLACE_ID, negotiatedPricePoliciesSchema, regulatoryPoliciesSchema } from "./types";
import { keptInIsolate } from "../isolate-memory";

/** Whether buyers may send price proposals (Best Offer) in the category, and whether eBay declines low ones for the seller. */
export type BestOfferSupport = { bestOffer: boolean; autoDecline: boolean };
/** Whether the category requires (or only recommends) the manufacturer's contact and product-safety information (GPSR). */
export type RegulatoryNeeds = { manufacturer: "required" | "recommended" | null; productSafety: "required" | "recommended" | null };

const KEPT_MS = 24 * 60 * 60 * 1000;
const kept = keptInIsolate(new Map<string, { until: number; value: unknown }>());

async function keptFor<T>(key: string, read: () => Promise<T>, now: number): Promise<T> {
  const hit = kept.get(key);
  if (hit && hit.until > now) return hit.value as T;
  const value = await read();
  kept.set(key, { until: now + KEPT_MS, value });
  return value;
}

/**
 * One Metadata API policy read for one category of EBAY_DE, with the application token: the
 * negotiated-price and regulatory policies declare only the client-credentials scope (ADR 072).
 */
export function metadataCall(session: EbaySession, method: string, categoryId: string) {
  return ebayCall(session, {
    method: "GET",
    as: "application",
    path: `/sell/metadata/v1/marketplace/${MARKETPLACE_ID}/${method}`,
    query: { filter: `categoryIds:{${categoryId}}` },
  });
}

/**
 * The category's Best Offer features. sel:NegotiatedPricePolicy names no plain "Best Offer
 * allowed": a category allows it when its policy enables any Best Offer feature; none named, none allowed.
 */
export function bestOfferSupport(session: EbaySession, categoryId: string, now = Date.now()): Promise<BestOfferSupport> {
  return keptFor(
    `negotiated:${categoryId}`,
    async () => {
      const answer = negotiatedPricePoliciesSchema.parse(await metadataCall(session, "get_negotiated_price_policies", categoryId));
      const policy = answer.negotiatedPricePolicies.find((entry) => entry.categoryId === categoryId);
      if (!policy) return { bestOffer: false, autoDecline: false };
      const bestOffer = policy.bestOfferAutoAcceptEnabled || policy.bestOfferAutoDeclineEnabled || policy.bestOfferCounterEnabled;
      return { bestOffer, autoDecline: bestOffer && policy.bestOfferAutoDeclineEnabled };
    },
    now,
  );
}

const usageOf = (usage: string | undefined) => (usage === "REQUIRED" ? "required" : usage === "RECOMMENDED" ? "recommended" : null);

/** The category's GPSR needs: MANUFACTURER_CONTACT and PRODUCT_SAFETY of its regulatory policy. */
export function regulatoryNeeds(session: EbaySession, categoryId: string, now = Date.now()): Promise<RegulatoryNeeds> {
  return keptFor(
    `regulatory:${categoryId}`,
    async () => {
      const answer = regulatoryPoliciesSchema.parse(await metadataCall(session, "get_regulatory_policies", categoryId));
      const attributes = answer.regulatoryPolicies.find((entry) => entry.categoryId === categoryId)?.supportedAttributes ?? [];
      const usage = (name: string) => usageOf(attributes.find((attribute) => attribute.name === name)?.usage);
      return { manufacturer: usage("MANUFACTURER_CONTACT"), productSafety: usage("PRODUCT_SAFETY") };
    },
    now,
  );
}
