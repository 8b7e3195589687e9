// The text every copy and every marketplace listing is compiled from (ADR 041): the written title and
// description, and the seller's offer record — price as given, shipping and pickup, shipping cost and service,
// place, swap. One builder for the card, the API's variants and both publishers, so no surface
// assembles the offer on its own.
import { priceView, type AdPriceFields } from "./ad-price";
import type { OfferLineFacts } from "./offer-line";
import type { AdText } from "./platform-variants";
import type { Availability, Carrier } from "./offer-facts";

export type AdTextSource = AdPriceFields & {
  itemName: string;
  optimizedTitle: string | null;
  optimizedDescription: string | null;
  shipping: Availability | null;
  pickup: Availability | null;
  shippingCost: number | null;
  shippingCarrier: Carrier | null;
  swap: boolean | null;
  deliveryKm: number | null;
  postalCode: string | null;
  city: string | null;
};

/** The record's shipping, pickup and swap, without the price (shown apart). */
export function offerFacts(
  ad: Pick<AdTextSource, "shipping" | "pickup" | "shippingCost" | "shippingCarrier" | "swap" | "deliveryKm" | "postalCode" | "city">,
) {
  return {
    shipping: ad.shipping,
    pickup: ad.pickup,
    shippingCost: ad.shippingCost,
    shippingCarrier: ad.shippingCarrier,
    place: [ad.postalCode, ad.city].filter(Boolean).join(" ") || null,
    swap: ad.swap,
    deliveryKm: ad.deliveryKm,
  } satisfies OfferLineFacts;
}

export function adTextOf(ad: AdTextSource): AdText {
  const view = priceView(ad);
  return {
    title: ad.optimizedTitle || ad.itemName,
    description: ad.optimizedDescription ?? "",
    shipping: ad.shipping,
    priceLabel: view.kind === "seller" ? view.label : null,
    offer: offerFacts(ad),
  };
}
