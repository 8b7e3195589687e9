// What the offer record decides on eBay (ADR 041): a VB price takes buyers' price proposals (Best
// Offer) where the category has Best Offer, and is said in the listing's text where it has not
// (ADR 073), a pickup-only item (or one the dealer delivers within a radius without shipping) is
// listed with the seller's pickup-only fulfillment policy, and the seller's parcel service and
// amount go on the policy that offers that service (ADR 075, ./shipping.ts). With the
// seller's minimum from the Verkaufshelfer, eBay declines proposals below it on its own (ADR 046);
// the minimum is never shown to buyers nor named in the draft. The listing stands at the ad's own
// place (ADR 045, ./location.ts).
// https://developer.ebay.com/api-docs/sell/inventory/types/slr:ListingPolicies
// https://developer.ebay.com/api-docs/sell/inventory/types/slr:BestOffer (autoDeclinePrice: "equal
// to or below this value" is declined; "must be lower than the current 'Buy it Now' price")
// https://developer.ebay.com/api-docs/sell/account/types/api:FulfillmentPolicy (localPickup)
import { offeredPriceType } from "../../lib/ad-price";
import { formatEuroCents } from "../../lib/format";
import type { Ad } from "../db/schema";
import { PublishError } from "../publishing/publisher";
import { euroAmount } from "./inventory";
import { placeOf } from "./location";
import type { BestOfferSupport } from "./category-policies";
import {
  CARRIER_SERVICES,
  carrierPolicyOf,
  firstDomesticService,
  handedOverInPerson,
  shippingCostMissing,
  shippingOverride,
} from "./shipping";
import type { FulfillmentPolicy, OfferDetails } from "./types";

export const NO_PICKUP_POLICY =
  "Dieser Artikel ist nur zur Abholung, und dein eBay-Konto hat keine Versandrichtlinie „Nur Abholung“. Lege sie im Profil unter „eBay einrichten“ an – dann erscheint er ohne Versand.";

/** Internal: publishing creates the parcel service's policy before it builds the offer (carrier-policy.ts). */
export const NO_CARRIER_POLICY = "Für den Versanddienst deiner Anzeige fehlt noch die eBay-Versandrichtlinie. Bitte versuche es erneut.";

type OfferRecord = Pick<Ad, "shipping" | "shippingCost" | "shippingCarrier" | "deliveryKm" | "priceType" | "priceFloor">;

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
  chosen: { fulfillmentPolicyId: string; paymentPolicyId: string; returnPolicyId: string; pickupPolicyId?: string },
  policies: readonly FulfillmentPolicy[],
): OfferDetails["listingPolicies"] {
  const result: OfferDetails["listingPolicies"] = {
    fulfillmentPolicyId: chosen.fulfillmentPolicyId,
    paymentPolicyId: chosen.paymentPolicyId,
    returnPolicyId: chosen.returnPolicyId,
  };
  // The seller does not ship (ADR 064), or delivers within a radius without shipping (ADR 075): in person.
  if (handedOverInPerson(ad)) {
    // The pickup policy the setup created (ADR 045), else the chosen one if it is for pickup, else any.
    const pickup =
      policies.find((policy) => policy.localPickup && policy.fulfillmentPolicyId === chosen.pickupPolicyId) ??
      policies.find((policy) => policy.localPickup && policy.fulfillmentPolicyId === chosen.fulfillmentPolicyId) ??
      policies.find((policy) => policy.localPickup);
    if (!pickup) throw new PublishError(NO_PICKUP_POLICY, 409);
    result.fulfillmentPolicyId = pickup.fulfillmentPolicyId;
  } else if (ad.shippingCarrier !== null) {
    // The seller's parcel service: the policy that offers exactly its eBay service (ADR 075).
    const service = carrierPolicyOf(policies, CARRIER_SERVICES[ad.shippingCarrier].serviceCode, chosen.fulfillmentPolicyId);
    if (!service) throw new PublishError(NO_CARRIER_POLICY, 409);
    result.fulfillmentPolicyId = service.fulfillmentPolicyId;
    if (ad.shippingCost !== null) result.shippingCostOverrides = [shippingOverride(service.priority, ad.shippingCost)];
  } else if (ad.shippingCost !== null) {
    const service = firstDomesticService(policies, chosen.fulfillmentPolicyId);
    if (service) result.shippingCostOverrides = [shippingOverride(service.priority, ad.shippingCost)];
  }
  return result;
}

/** The sentence a VB listing carries where the category takes no Best Offer: buyers still may propose. */
export const VB_IN_DESCRIPTION = "Preis VB: Preisvorschläge gern über „Verkäufer kontaktieren“.";

/** Whether the ad is VB in a category without Best Offer: a fixed price, the VB said in the text. */
export function vbWithoutBestOffer(ad: Pick<Ad, "priceType">, priceCents: number, support: BestOfferSupport): boolean {
  return offeredPriceType(priceCents, ad.priceType) === "vb" && !support.bestOffer;
}

/**
 * slr:BestOffer for a VB price where the category has Best Offer (getNegotiatedPricePolicies,
 * ADR 073); the auto-decline price only where the category has that feature too.
 */
export function bestOfferTerms(
  ad: Pick<Ad, "priceType" | "priceFloor">,
  priceCents: number,
  support: BestOfferSupport,
): OfferDetails["listingPolicies"]["bestOfferTerms"] {
  if (offeredPriceType(priceCents, ad.priceType) !== "vb" || !support.bestOffer) return undefined;
  const decline = support.autoDecline ? autoDeclineCents(ad.priceFloor, priceCents) : null;
  return { bestOfferEnabled: true, ...(decline === null ? {} : { autoDeclinePrice: euroAmount(decline) }) };
}

/** What eBay shows of the handover, in the seller's words (ADR 041, 064, 075). */
function shippingNotes(ad: OfferRecord, costAsked: boolean): string[] {
  const delivery =
    ad.deliveryKm === null
      ? null
      : handedOverInPerson(ad)
        ? `Lieferung im Umkreis von ${ad.deliveryKm} km: eBay zeigt „Abholung“ – Zeit und Ort vereinbart ihr nach dem Kauf, die Lieferung steht in der Beschreibung.`
        : `Lieferung im Umkreis von ${ad.deliveryKm} km steht in der Beschreibung; eBay zeigt dazu deinen Versand.`;
  const notes: string[] = [];
  if (ad.shipping === "excluded") notes.push("Nur Abholung: eBay zeigt den Artikel mit deiner Versandrichtlinie „Nur Abholung“.");
  else if (costAsked)
    notes.push("Versandkosten fehlen: Deine Anzeige nennt keinen Betrag. Gib unten an, was der Käufer für den Versand zahlt.");
  else if (ad.shippingCost !== null) {
    const service = ad.shippingCarrier ? ` mit ${CARRIER_SERVICES[ad.shippingCarrier].label}` : "";
    notes.push(
      ad.shippingCost === 0
        ? `Versand inklusive${service}: 0,00 € Versandkosten für den Käufer.`
        : `Versand ${formatEuroCents(ad.shippingCost)}${service}, wie in deiner Anzeige.`,
    );
    if (ad.shippingCarrier === "GLS") notes.push("Für GLS zeigt eBay „Sonstige (Siehe Artikelbeschreibung)“ – die Beschreibung nennt GLS.");
  }
  // Unsaid (ADR 064): eBay needs a shipping policy, so the seller is told what it will say.
  else if (ad.shipping === null && delivery === null)
    notes.push(
      "Versand steht nicht in deiner Anzeige: eBay zeigt deine Versandrichtlinie. Versendest du nicht, wähle beim Bearbeiten „Kein Versand“.",
    );
  if (delivery) notes.push(delivery);
  return notes;
}

/**
 * The offer record as the eBay draft shows it before publishing, in the seller's words; `support`:
 * the chosen category's Best Offer features (null before a category is chosen).
 */
export function ebayOfferNotes(
  ad: OfferRecord & Pick<Ad, "postalCode" | "city">,
  priceCents: number | null,
  support: BestOfferSupport | null,
  costAsked = shippingCostMissing(ad),
): string[] {
  const notes: string[] = [];
  if (priceCents !== null) {
    const vb = offeredPriceType(priceCents, ad.priceType) === "vb";
    if (vb && support && !support.bestOffer)
      notes.push(
        `VB: In dieser eBay-Kategorie gibt es keine Preisvorschläge. Dein Artikel erscheint zum Festpreis von ${formatEuroCents(priceCents)}; die Beschreibung sagt Käufern „Preis VB“ und dass sie dir Vorschläge per Nachricht senden können.`,
      );
    else notes.push(vb ? "VB: Käufer können dir Preisvorschläge senden." : "Festpreis: ohne Preisvorschläge.");
    if (vb && (support?.autoDecline ?? true) && autoDeclineCents(ad.priceFloor, priceCents) !== null)
      notes.push("Vorschläge unter deinem Mindestpreis aus dem Verkaufshelfer lehnt eBay für dich ab – Käufer sehen ihn nicht.");
  }
  notes.push(...shippingNotes(ad, costAsked));
  // The listing's location (ADR 045): the ad's own place, else the profile's.
  const place = placeOf(ad);
  notes.push(
    place
      ? `Artikelstandort: ${[place.postalCode, place.city].filter(Boolean).join(" ")}, wie in deiner Anzeige.`
      : "Artikelstandort: deine PLZ aus dem Profil.",
  );
  return notes;
}
