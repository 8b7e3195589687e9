// The listing's shipping from the offer record (ADR 075): the seller's parcel service as eBay.de's
// shipping service, the fulfillment policy that offers exactly that service, and the seller's
// amount as a complete shipping cost override on it.
// https://developer.ebay.com/api-docs/sell/static/seller-accounts/ht_shipping-setting-shipping-carrier-and-service-values.html
// ("use the value from the ShippingService field … for the value that you set in the policy's
// shippingServiceCode field"; the list per marketplace: Metadata API getShippingServices)
// https://developer.ebay.com/api-docs/sell/inventory/types/slr:ShippingCostOverride
import type { Carrier } from "../../lib/offer-facts";
import type { Ad } from "../db/schema";
import { euroAmount } from "./inventory";
import type { FulfillmentPolicy, ShippingCostOverride } from "./types";

/**
 * eBay.de's domestic service for each parcel service a seller names (ShippingServiceDetails of
 * EBAY_DE; ADR 075 names the source of each). GLS has no service of its own on eBay.de: its
 * listing says "Sonstige (Siehe Artikelbeschreibung)", and the description names GLS.
 */
export const CARRIER_SERVICES: Record<Carrier, { serviceCode: string; label: string }> = {
  DHL: { serviceCode: "DE_DHLPaket", label: "DHL Paket" },
  Hermes: { serviceCode: "DE_HermesPaket", label: "Hermes Paket" },
  DPD: { serviceCode: "DE_DPDClassic", label: "DPD Classic" },
  UPS: { serviceCode: "DE_UPSStandard", label: "UPS Standard" },
  "Deutsche Post": { serviceCode: "DE_DeutschePostBrief", label: "Deutsche Post Brief" },
  GLS: { serviceCode: "DE_Sonstige", label: "Sonstige (Siehe Artikelbeschreibung)" },
};

export const SHIPPING_COST_NEEDED =
  "Deine Anzeige sagt, dass der Käufer den Versand zahlt, aber nicht wie viel. Gib die Versandkosten an – eBay zeigt sie in der Anzeige, und wir übernehmen sie in deine Anzeige.";

type ShippingRecord = Pick<Ad, "shipping" | "shippingCost" | "shippingCarrier" | "deliveryKm">;

/** The seller ships but named no amount ("Käufer zahlt Versand"): the amount is asked before publishing, never made up. */
export function shippingCostMissing(ad: ShippingRecord): boolean {
  if (ad.shipping === "excluded" || ad.shippingCost !== null) return false;
  return ad.shipping === "offered" || ad.shippingCarrier !== null;
}

/**
 * The handover eBay shows is pickup: the seller does not ship, or delivers within a radius
 * without shipping (eBay.de has no local delivery; with localPickup "the buyer and seller make
 * arrangements for pickup time and location", api:FulfillmentPolicyRequest, and the description
 * names the delivery).
 */
export function handedOverInPerson(ad: ShippingRecord): boolean {
  return ad.shipping === "excluded" || (ad.deliveryKm !== null && ad.shipping !== "offered" && ad.shippingCarrier === null);
}

/** The domestic flat-rate services of a policy. */
function domesticServices(policy: FulfillmentPolicy) {
  return policy.shippingOptions
    .filter((option) => option.optionType === "DOMESTIC")
    .flatMap((option) => option.shippingServices.map((service, index) => ({ ...service, costType: option.costType, index })));
}

export type ServiceChoice = { fulfillmentPolicyId: string; priority: number };

/**
 * The seller's policy that offers exactly this one domestic flat-rate service (the chosen one
 * first), with the service's priority (its sortOrder, else its place in the list); null when none.
 */
export function carrierPolicyOf(policies: readonly FulfillmentPolicy[], serviceCode: string, preferredId: string): ServiceChoice | null {
  const fits = policies
    .filter((policy) => {
      const services = domesticServices(policy);
      return services.length === 1 && services[0].shippingServiceCode === serviceCode && services[0].costType === "FLAT_RATE";
    })
    .sort((a, b) => Number(b.fulfillmentPolicyId === preferredId) - Number(a.fulfillmentPolicyId === preferredId));
  const policy = fits[0];
  if (!policy) return null;
  const [service] = domesticServices(policy);
  return { fulfillmentPolicyId: policy.fulfillmentPolicyId, priority: service.sortOrder ?? service.index + 1 };
}

/** The first domestic service of a policy (the seller named an amount but no parcel service). */
export function firstDomesticService(policies: readonly FulfillmentPolicy[], policyId: string): ServiceChoice | null {
  const policy = policies.find((entry) => entry.fulfillmentPolicyId === policyId);
  const priorities = policy ? domesticServices(policy).map((service) => service.sortOrder ?? service.index + 1) : [];
  return priorities.length > 0 ? { fulfillmentPolicyId: policyId, priority: Math.min(...priorities) } : null;
}

/**
 * The seller's amount on one domestic service, with every cost field eBay keeps for an override
 * (slr:ShippingCostOverride; an updateOffer must send a defined one again): the cost of one item
 * and of each further one — the same, since the listing has one piece and an additional cost may
 * not exceed the cost (api:ShippingService.additionalShippingCost). No surcharge: "DO NOT USE
 * THIS FIELD".
 */
export function shippingOverride(priority: number, cents: number): ShippingCostOverride {
  return { priority, shippingServiceType: "DOMESTIC", shippingCost: euroAmount(cents), additionalShippingCost: euroAmount(cents) };
}
