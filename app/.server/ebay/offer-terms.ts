// What the offer record decides on eBay (ADR 041): a VB price takes buyers' price proposals (Best
// Offer), a pickup-only item is listed with the seller's pickup-only fulfillment policy, and a
// shipping cost the seller named overrides the chosen policy's first domestic service. With the
// seller's minimum from the Verkaufshelfer, eBay declines proposals below it on its own (ADR 046);
// the minimum is never shown to buyers nor named in the draft.
// https://developer.ebay.com/api-docs/sell/inventory/types/slr:ListingPolicies
// https://developer.ebay.com/api-docs/sell/inventory/types/slr:BestOffer (autoDeclinePrice: "equal
// to or below this value" is declined; "must be lower than the current 'Buy it Now' price")
// https://developer.ebay.com/api-docs/sell/account/types/api:FulfillmentPolicy (localPickup)
import { offeredPriceType } from "../../lib/ad-price";
import { formatEuroCents } from "../../lib/format";
import type { Ad } from "../db/schema";
import { PublishError } from "../listings/publisher";
import { euroAmount } from "./inventory";
import type { FulfillmentPolicy, OfferDetails } from "./types";

export const NO_PICKUP_POLICY =
  "Dieser Artikel ist nur zur Abholung. Lege bei eBay eine Versandrichtlinie mit „Nur Abholung“ an – dann kann er ohne Versand erscheinen.";

type OfferRecord = Pick<Ad, "handover" | "shippingCost" | "priceType" | "priceFloor">;

/**
 * The Best Offer auto-decline price: one cent below the seller's minimum, so an offer of the
 * minimum itself reaches the seller. None without a minimum, or when it is not below the price. No
 * auto-accept: accepting is a sale, which the seller decides (and a price cut would leave an
 * accept price above the new price, which eBay refuses).
 */
export function autoDeclineCents(priceFloor: number | null, priceCents: number): number | null {
  if (priceFloor === null || priceFloor <= 1 || priceFloor >= priceCents) return null;
  return priceFloor - 1;
}

/** The listing policies for this ad: the seller's chosen ones, adjusted to the offer record. */
export function offerPolicies(
  ad: OfferRecord,
  priceCents: number,
  chosen: { fulfillmentPolicyId: string; paymentPolicyId: string; returnPolicyId: string },
  policies: readonly FulfillmentPolicy[],
): OfferDetails["listingPolicies"] {
  const result: OfferDetails["listingPolicies"] = {
    fulfillmentPolicyId: chosen.fulfillmentPolicyId,
    paymentPolicyId: chosen.paymentPolicyId,
    returnPolicyId: chosen.returnPolicyId,
  };
  if (ad.handover === "abholung") {
    const pickup =
      policies.find((policy) => policy.localPickup && policy.fulfillmentPolicyId === chosen.fulfillmentPolicyId) ??
      policies.find((policy) => policy.localPickup);
    if (!pickup) throw new PublishError(NO_PICKUP_POLICY, 409);
    result.fulfillmentPolicyId = pickup.fulfillmentPolicyId;
  } else if (ad.shippingCost !== null) {
    const policy = policies.find((entry) => entry.fulfillmentPolicyId === chosen.fulfillmentPolicyId);
    const domestic = policy?.shippingOptions.find((option) => option.optionType === "DOMESTIC");
    const priority = domestic?.shippingServices.map((service) => service.sortOrderId ?? 1).sort((a, b) => a - b)[0];
    if (priority !== undefined)
      result.shippingCostOverrides = [{ priority, shippingServiceType: "DOMESTIC", shippingCost: euroAmount(ad.shippingCost) }];
  }
  if (offeredPriceType(priceCents, ad.priceType) === "vb") {
    const decline = autoDeclineCents(ad.priceFloor, priceCents);
    result.bestOfferTerms = { bestOfferEnabled: true, ...(decline === null ? {} : { autoDeclinePrice: euroAmount(decline) }) };
  }
  return result;
}

/** The offer record as the eBay draft shows it before publishing, in the seller's words. */
export function ebayOfferNotes(ad: OfferRecord & { shippingCarrier: Ad["shippingCarrier"] }, priceCents: number | null): string[] {
  const notes: string[] = [];
  if (priceCents !== null) {
    const vb = offeredPriceType(priceCents, ad.priceType) === "vb";
    notes.push(vb ? "VB: Käufer können dir Preisvorschläge senden." : "Festpreis: ohne Preisvorschläge.");
    if (vb && autoDeclineCents(ad.priceFloor, priceCents) !== null)
      notes.push("Vorschläge unter deinem Mindestpreis aus dem Verkaufshelfer lehnt eBay für dich ab – Käufer sehen ihn nicht.");
  }
  if (ad.handover === "abholung") notes.push("Nur Abholung: eBay zeigt den Artikel mit deiner Versandrichtlinie „Nur Abholung“.");
  else if (ad.shippingCost === 0) notes.push("Versand inklusive: 0,00 € Versandkosten für den Käufer.");
  else if (ad.shippingCost !== null)
    notes.push(`Versand ${formatEuroCents(ad.shippingCost)}${ad.shippingCarrier ? ` (${ad.shippingCarrier})` : ""}, wie in deiner Notiz.`);
  return notes;
}
