// The fulfillment policy for the seller's parcel service, made on demand (ADR 075): an ad that
// ships "mit Hermes" goes on a policy that offers Hermes and nothing else, so eBay shows the
// service the text names. The seller's policies are searched first (by eBay service code); one is
// created only when none fits, named after the service and found again by that name (unique per
// marketplace; a duplicate answers 20400 with its id, setup.ts). Its own cost is the first ad's
// amount; each ad's amount goes on the offer as an override (../../ebay/shipping.ts).
// https://developer.ebay.com/api-docs/sell/account/resources/fulfillment_policy/methods/createFulfillmentPolicy
import type { Ad } from "../../db/schema";
import type { EbaySession } from "../../ebay/client";
import { euroAmount } from "../../ebay/inventory";
import { CARRIER_SERVICES, carrierPolicyOf, handedOverInPerson } from "../../ebay/shipping";
import { fulfillmentPolicyCreatedSchema, type FulfillmentPolicy, type FulfillmentPolicyRequest } from "../../ebay/types";
import { base, createPolicy, HANDLING_DAYS } from "./setup";

/** The name the policy of a parcel service gets at eBay (at most 64 characters). */
export function carrierPolicyName(label: string): string {
  return `AnzeigenPilot: Versand mit ${label}`;
}

/**
 * The seller's policies, with one for the ad's parcel service added when none offers exactly it.
 * Ads that name no service, or are handed over in person, need none.
 */
export async function withCarrierPolicy(
  session: EbaySession,
  ad: Pick<Ad, "shipping" | "shippingCarrier" | "shippingCost" | "deliveryKm">,
  policies: readonly FulfillmentPolicy[],
): Promise<readonly FulfillmentPolicy[]> {
  if (ad.shippingCarrier === null || handedOverInPerson(ad)) return policies;
  const { serviceCode, label } = CARRIER_SERVICES[ad.shippingCarrier];
  if (carrierPolicyOf(policies, serviceCode, "")) return policies;
  const shippingServices = [{ sortOrder: 1, shippingServiceCode: serviceCode, shippingCost: euroAmount(ad.shippingCost ?? 0) }];
  const request: FulfillmentPolicyRequest = {
    ...base(carrierPolicyName(label)),
    handlingTime: { unit: "DAY", value: HANDLING_DAYS },
    shippingOptions: [{ optionType: "DOMESTIC", costType: "FLAT_RATE", shippingServices }],
  };
  const fulfillmentPolicyId = await createPolicy(
    session,
    "/sell/account/v1/fulfillment_policy/",
    request,
    fulfillmentPolicyCreatedSchema,
    (parsed) => parsed.fulfillmentPolicyId,
  );
  return [...policies, { fulfillmentPolicyId, name: request.name, localPickup: false, shippingOptions: request.shippingOptions ?? [] }];
}
