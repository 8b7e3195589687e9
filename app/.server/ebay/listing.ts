// The listing eBay gets (ADR 046): the seller's input checked against the category's rules, then
// the inventory item and the offer built from the ad, the input and the seller's policies — in one
// place, so the publication flow (publish.ts) only sends them.
// https://developer.ebay.com/api-docs/sell/inventory/resources/inventory_item/methods/createOrReplaceInventoryItem
// https://developer.ebay.com/api-docs/sell/inventory/resources/offer/methods/createOffer
// https://developer.ebay.com/api-docs/sell/inventory/types/slr:PackageWeightAndSize ("Package
// weight and dimensions are required when calculated shipping rates are used")
import { adTextOf } from "../../lib/ad-text";
import { platformVariant } from "../../lib/platform-variants";
import type { Ad } from "../db/schema";
import { HttpError } from "../http-error";
import { PublishError } from "../publishing/publisher";
import type { CategoryRules } from "./category-rules";
import { CONDITION_LABELS } from "./condition";
import type { EbaySellerSettings } from "./connection";
import { euroAmount } from "./inventory";
import { aspectValues, type PackageInput, type PublishInput } from "./listing-input";
import { bestOfferTerms, offerPolicies, VB_IN_DESCRIPTION, vbWithoutBestOffer } from "./offer-terms";
import {
  MARKETPLACE_ID,
  type FulfillmentPolicy,
  type InventoryItem,
  type OfferDetails,
  type PackageWeightAndSize,
  type Regulatory,
} from "./types";
import { shippingCostMissing } from "./shipping";

export const PACKAGE_NEEDED =
  "Deine eBay-Versandrichtlinie berechnet die Versandkosten nach Gewicht und Größe. Gib Gewicht und Maße des Pakets an und veröffentliche erneut.";

/** An ad's SKU on eBay: alphanumerics and hyphens, at most 50. */
export function skuOf(adId: string): string {
  return `ap-${adId}`;
}

/** Whether the fulfillment policy calculates the shipping cost (api:ShippingOption.costType CALCULATED). */
export function calculatesShipping(policies: readonly FulfillmentPolicy[], fulfillmentPolicyId: string): boolean {
  const policy = policies.find((entry) => entry.fulfillmentPolicyId === fulfillmentPolicyId);
  return (policy?.shippingOptions ?? []).some((option) => option.costType === "CALCULATED");
}

/** Whether this ad's listing needs the parcel's weight and size: its fulfillment policy calculates shipping. */
export function packageNeeded(
  ad: Ad,
  priceCents: number,
  settings: EbaySellerSettings | null,
  policies: readonly FulfillmentPolicy[],
): boolean {
  if (!settings) return false;
  try {
    return calculatesShipping(policies, offerPolicies(ad, priceCents, settings, policies).fulfillmentPolicyId);
  } catch (error) {
    // A pickup-only ad without a pickup policy: publishing says so (NO_PICKUP_POLICY); no parcel then.
    if (error instanceof PublishError) return false;
    throw error;
  }
}

/**
 * The amount the buyer pays must be asked (ADR 075): the ad ships without naming it, and eBay does
 * not calculate it (a calculated policy needs the parcel instead, ADR 046).
 */
export function shippingCostNeeded(ad: Ad, settings: EbaySellerSettings | null, policies: readonly FulfillmentPolicy[]): boolean {
  if (!shippingCostMissing(ad)) return false;
  return ad.shippingCarrier !== null || !settings || !calculatesShipping(policies, settings.fulfillmentPolicyId);
}

function refuse(message: string): never {
  throw new HttpError(400, message);
}

/** Checks the seller's input against the category's conditions and aspects; a German 400 says what to change. */
export function checkListingInput(input: PublishInput, rules: CategoryRules, packageNeeded: boolean): void {
  const condition = rules.conditions?.find((choice) => choice.value === input.condition);
  if (rules.conditions && !condition)
    refuse(`„${CONDITION_LABELS[input.condition]}“ gibt es in dieser eBay-Kategorie nicht. Wähle einen Zustand aus der Liste.`);
  // What the condition requires besides itself (trading cards: grader and grade, or the card's condition).
  for (const descriptor of condition?.descriptors ?? []) {
    const chosen = input.conditionDescriptors[descriptor.id];
    if (!chosen || !descriptor.values.some((value) => value.id === chosen))
      refuse(`eBay verlangt beim Zustand „${condition!.label}“ die Angabe „${descriptor.name}“. Wähle sie aus der Liste.`);
  }
  for (const aspect of rules.aspects) {
    const values = aspectValues(input.aspects[aspect.name]);
    if (aspect.required && values.length === 0)
      refuse(`eBay verlangt in dieser Kategorie die Angabe „${aspect.name}“. Trage sie bei den Artikelmerkmalen ein.`);
    if (!aspect.multiple && values.length > 1) refuse(`Für „${aspect.name}“ nimmt eBay nur einen Wert.`);
    for (const value of values) {
      if (aspect.mode === "SELECTION_ONLY" && !aspect.values.includes(value))
        refuse(`„${value}“ passt nicht zu „${aspect.name}“. Wähle einen Wert aus eBays Liste.`);
      if (value.length > aspect.maxLength) refuse(`„${aspect.name}“ darf bei eBay höchstens ${aspect.maxLength} Zeichen haben.`);
    }
  }
  if (packageNeeded && !input.package) refuse(PACKAGE_NEEDED);
}

/** slr:PackageWeightAndSize in kilograms and centimetres. */
function packageOf(parcel: PackageInput): PackageWeightAndSize {
  return {
    dimensions: { length: parcel.lengthCm, width: parcel.widthCm, height: parcel.heightCm, unit: "CENTIMETER" },
    weight: { value: parcel.weightGrams / 1000, unit: "KILOGRAM" },
  };
}

export type ListingContext = {
  settings: EbaySellerSettings;
  policies: readonly FulfillmentPolicy[];
  /** The category's rules: its conditions (with their descriptors) and Best Offer features (category-rules.ts). */
  rules: Pick<CategoryRules, "conditions" | "bestOffer">;
  /** A dealer's GPSR container (regulatory.ts); none for a private seller. */
  regulatory?: Regulatory;
  /** EPS URLs of the ad's photos (pictures.ts). */
  imageUrls: string[];
};

/**
 * The listing's title and formatted text, at publishing and after every edit (ADR 076); with
 * `vbNote`, a VB price listed at a fixed price says that proposals are welcome (ADR 073).
 */
export function ebayText(ad: Ad, vbNote: boolean): { title: string; description: string } {
  // The price is the listing's own field (and follows price cuts there), so the text names none.
  const variant = platformVariant("ebay", { ...adTextOf(ad), priceLabel: null });
  const description = variant.html
    ? `${variant.html}${vbNote ? `<p>${VB_IN_DESCRIPTION}</p>` : ""}`
    : `${variant.description}${vbNote ? `\n\n${VB_IN_DESCRIPTION}` : ""}`;
  return { title: variant.title, description };
}

/** The createOrReplaceInventoryItem and createOffer bodies for the ad. */
export function listingRequests(
  ad: Ad,
  input: PublishInput,
  context: ListingContext,
): { sku: string; item: InventoryItem; offer: OfferDetails } {
  const sku = skuOf(ad.id);
  // VB in a category without Best Offer: a fixed price, and the text says proposals are welcome (ADR 073).
  const { title, description } = ebayText(ad, vbWithoutBestOffer(ad, input.priceCents, context.rules.bestOffer));
  const aspects = Object.fromEntries(
    Object.entries(input.aspects)
      .map(([name, value]) => [name, aspectValues(value)] as const)
      .filter(([, values]) => values.length > 0),
  );
  const terms = bestOfferTerms(ad, input.priceCents, context.rules.bestOffer);
  const listingPolicies = {
    ...offerPolicies(ad, input.priceCents, context.settings, context.policies),
    ...(terms ? { bestOfferTerms: terms } : {}),
  };
  const descriptors = context.rules.conditions?.find((choice) => choice.value === input.condition)?.descriptors ?? [];
  const parcel = input.package && calculatesShipping(context.policies, listingPolicies.fulfillmentPolicyId) ? input.package : undefined;
  const item: InventoryItem = {
    availability: { shipToLocationAvailability: { quantity: 1 } },
    condition: input.condition,
    ...(descriptors.length > 0
      ? {
          conditionDescriptors: descriptors.map((descriptor) => ({
            name: descriptor.id,
            values: [input.conditionDescriptors[descriptor.id]],
          })),
        }
      : {}),
    ...(parcel ? { packageWeightAndSize: packageOf(parcel) } : {}),
    product: { title, description, aspects, imageUrls: context.imageUrls },
  };
  const offer: OfferDetails = {
    sku,
    marketplaceId: MARKETPLACE_ID,
    format: "FIXED_PRICE",
    availableQuantity: 1,
    categoryId: input.categoryId,
    listingDescription: description,
    // "For fixed-price listings, this value must be set to GTC" (slr:EbayOfferDetailsWithKeys).
    listingDuration: "GTC",
    listingPolicies,
    merchantLocationKey: context.settings.merchantLocationKey,
    pricingSummary: { price: euroAmount(input.priceCents) },
    ...(context.regulatory ? { regulatory: context.regulatory } : {}),
  };
  return { sku, item, offer };
}
