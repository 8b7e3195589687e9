// The seller's own business policies and inventory locations (Sell Account API, Sell Inventory
// API location resource), listed so the seller chooses them once in the profile.
// https://developer.ebay.com/api-docs/sell/account/resources/methods
import { type z } from "zod";
import { ebayCall, type EbaySession } from "./client";
import { fulfillmentPoliciesSchema, locationsSchema, MARKETPLACE_ID, paymentPoliciesSchema, returnPoliciesSchema } from "./types";

export type Choice = { id: string; name: string };
export type EbayChoices = { fulfillment: Choice[]; payment: Choice[]; returns: Choice[]; locations: Choice[] };

async function read<T extends z.ZodType>(
  session: EbaySession,
  path: string,
  schema: T,
  query?: Record<string, string>,
): Promise<z.output<T>> {
  return schema.parse(await ebayCall(session, { method: "GET", path, query }));
}

/** The seller's fulfillment policies on eBay.de, with what publishing reads of them (ADR 041). */
export async function fulfillmentPoliciesOf(session: EbaySession) {
  const answer = await read(session, "/sell/account/v1/fulfillment_policy", fulfillmentPoliciesSchema, { marketplace_id: MARKETPLACE_ID });
  return answer.fulfillmentPolicies;
}

export async function listEbayChoices(session: EbaySession): Promise<EbayChoices> {
  const marketplace = { marketplace_id: MARKETPLACE_ID };
  const [fulfillment, payment, returns, locations] = await Promise.all([
    read(session, "/sell/account/v1/fulfillment_policy", fulfillmentPoliciesSchema, marketplace),
    read(session, "/sell/account/v1/payment_policy", paymentPoliciesSchema, marketplace),
    read(session, "/sell/account/v1/return_policy", returnPoliciesSchema, marketplace),
    read(session, "/sell/inventory/v1/location", locationsSchema, { limit: "100" }),
  ]);
  return {
    fulfillment: fulfillment.fulfillmentPolicies.map((policy) => ({
      id: policy.fulfillmentPolicyId,
      name: policy.name || policy.fulfillmentPolicyId,
    })),
    payment: payment.paymentPolicies.map((policy) => ({ id: policy.paymentPolicyId, name: policy.name || policy.paymentPolicyId })),
    returns: returns.returnPolicies.map((policy) => ({ id: policy.returnPolicyId, name: policy.name || policy.returnPolicyId })),
    locations: locations.locations.map((location) => ({
      id: location.merchantLocationKey,
      name: location.name || location.merchantLocationKey,
    })),
  };
}
