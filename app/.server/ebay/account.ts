// The seller's own business policies and inventory locations (Sell Account API, Sell Inventory
// API location resource), listed so the seller chooses them once in the profile.
// https://developer.ebay.com/api-docs/sell/account/resources/methods
import { type z } from "zod";
import { ebayCall, type EbaySession } from "./client";
import { fulfillmentPoliciesSchema, locationsSchema, MARKETPLACE_ID, paymentPoliciesSchema, returnPoliciesSchema } from "./types";

export type Choice = { id: string; name: string };
export type EbayChoices = { fulfillment: Choice[]; payment: Choice[]; returns: Choice[]; locations: Choice[] };

/** One GET of eBay's, its answer parsed (eBay adds fields; only what we read is required). */
export async function ebayRead<T extends z.ZodType>(
  session: EbaySession,
  path: string,
  schema: T,
  query?: Record<string, string>,
): Promise<z.output<T>> {
  return schema.parse(await ebayCall(session, { method: "GET", path, query }));
}

/** The seller's fulfillment policies on eBay.de, with what publishing reads of them (ADR 041). */
export async function fulfillmentPoliciesOf(session: EbaySession) {
  const answer = await ebayRead(session, "/sell/account/v1/fulfillment_policy", fulfillmentPoliciesSchema, {
    marketplace_id: MARKETPLACE_ID,
  });
  return answer.fulfillmentPolicies;
}

/** The seller's three kinds of business policies on eBay.de and their inventory locations. */
export async function sellerPoliciesAndLocations(session: EbaySession) {
  const marketplace = { marketplace_id: MARKETPLACE_ID };
  const [fulfillment, payment, returns, locations] = await Promise.all([
    fulfillmentPoliciesOf(session),
    ebayRead(session, "/sell/account/v1/payment_policy", paymentPoliciesSchema, marketplace),
    ebayRead(session, "/sell/account/v1/return_policy", returnPoliciesSchema, marketplace),
    ebayRead(session, "/sell/inventory/v1/location", locationsSchema, { limit: "100" }),
  ]);
  return { fulfillment, payment: payment.paymentPolicies, returns: returns.returnPolicies, locations: locations.locations };
}

export async function listEbayChoices(session: EbaySession): Promise<EbayChoices> {
  const { fulfillment, payment, returns, locations } = await sellerPoliciesAndLocations(session);
  return {
    fulfillment: fulfillment.map((policy) => ({ id: policy.fulfillmentPolicyId, name: policy.name || policy.fulfillmentPolicyId })),
    payment: payment.map((policy) => ({ id: policy.paymentPolicyId, name: policy.name || policy.paymentPolicyId })),
    returns: returns.map((policy) => ({ id: policy.returnPolicyId, name: policy.name || policy.returnPolicyId })),
    locations: locations.map((location) => ({ id: location.merchantLocationKey, name: location.name || location.merchantLocationKey })),
  };
}
