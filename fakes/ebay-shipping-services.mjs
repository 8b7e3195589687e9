// The fake eBay's domestic shipping services for EBAY_DE, in the shape of the Metadata API's
// getShippingServices (sel:ShippingService:
// https://developer.ebay.com/api-docs/sell/metadata/resources/shipping%3Amarketplace/methods/getShippingServices):
// a fulfillment policy may name a service "only … if validForSellingFlow is true", with a
// costType the service supports (shippingCostTypes), and its shippingCarrierCode, when sent, is
// the service's carrier
// (https://developer.ebay.com/api-docs/sell/static/seller-accounts/ht_shipping-setting-shipping-carrier-and-service-values.html).
// The codes are eBay.de's (ShippingServiceDetails of site 77; ADR 075 names where each was seen).

/** @type {Array<{ shippingService: string, shippingCarrier: string, description: string, validForSellingFlow: boolean, shippingCostTypes: string[], shippingCategory: string }>} */
export const DE_SHIPPING_SERVICES = [
  service("DE_DHLPaket", "DHL", "DHL Paket", ["FLAT_RATE", "CALCULATED"]),
  service("DE_DHLPackchen", "DHL", "DHL Päckchen", ["FLAT_RATE"]),
  service("DE_HermesPaket", "Hermes", "Hermes Paket", ["FLAT_RATE"]),
  service("DE_DPDClassic", "DPD", "DPD Classic", ["FLAT_RATE"]),
  service("DE_UPSStandard", "UPS", "UPS Standard", ["FLAT_RATE"]),
  service("DE_DeutschePostBrief", "DeutschePost", "Deutsche Post Brief", ["FLAT_RATE"]),
  service("DE_Sonstige", "Other", "Sonstige (Siehe Artikelbeschreibung)", ["FLAT_RATE"]),
];

/**
 * @param {string} shippingService
 * @param {string} shippingCarrier
 * @param {string} description
 * @param {string[]} shippingCostTypes
 */
function service(shippingService, shippingCarrier, description, shippingCostTypes) {
  return { shippingService, shippingCarrier, description, validForSellingFlow: true, shippingCostTypes, shippingCategory: "STANDARD" };
}

/**
 * Why a policy may not name this domestic service with this cost type (eBay's words), or null.
 * @param {{ shippingServiceCode?: unknown, shippingCarrierCode?: unknown }} entry
 * @param {string} costType
 */
export function domesticServiceProblem(entry, costType) {
  const known = DE_SHIPPING_SERVICES.find((candidate) => candidate.shippingService === entry?.shippingServiceCode);
  if (!known || !known.validForSellingFlow) return ["shippingServiceCode", "Please select a valid shipping service."];
  if (entry.shippingCarrierCode !== undefined && entry.shippingCarrierCode !== known.shippingCarrier)
    return ["shippingCarrierCode", `The shipping carrier does not match the shipping service ${known.shippingService}.`];
  if (!known.shippingCostTypes.includes(costType))
    return ["costType", `The shipping service ${known.shippingService} does not support ${costType} shipping.`];
  return null;
}
