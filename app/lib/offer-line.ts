// The seller's offer in one line, as the create form shows it before the ad is written
// ("35 € VB · Versand 6,99 € (DHL) · Abholung in Köln"), so a wrong reading of the note is seen and
// corrected before the ad exists (ADR 041). Built from the same record the server stores. Shipping and
// pickup are two facts (ADR 064): the line says only what the seller said of each, never the other side.
import { formatEuroCents } from "./format";
import { formatSellerPrice, type Availability, type Carrier, type PriceType } from "./offer-facts";

export type OfferLineFacts = {
  /** Euro cents; null = no price named. Left out (with the type) where the price is shown apart. */
  priceCents?: number | null;
  priceType?: PriceType | null;
  /** Shipping and pickup: offered, excluded, or null when the seller said nothing about it. */
  shipping: Availability | null;
  pickup: Availability | null;
  /** Euro cents the buyer pays for shipping (0 = included); null = not stated. */
  shippingCost: number | null;
  shippingCarrier: Carrier | null;
  place: string | null;
  swap: boolean | null;
  /** The seller's own delivery radius in km (ADR 075); null = none stated. Optional for lines without it. */
  deliveryKm?: number | null;
};

/** The shipping part of the line, or null when the seller said nothing about shipping. */
function shippingPart(facts: OfferLineFacts, audience: "seller" | "buyer"): string | null {
  const carrier = facts.shippingCarrier ? ` (${facts.shippingCarrier})` : "";
  if (facts.shipping === "excluded") return "Kein Versand";
  if (facts.shipping === null && facts.shippingCost === null) return null;
  if (facts.shippingCost === 0) return `Versand inklusive${carrier}`;
  if (facts.shippingCost !== null) return `Versand ${formatEuroCents(facts.shippingCost)}${carrier}`;
  return audience === "seller" ? `Versand${carrier}, Kosten nicht genannt` : `Versand möglich${carrier}`;
}

/**
 * The offer in one line. For the seller (the create form) an unnamed shipping cost is pointed out
 * ("Kosten nicht genannt"); for buyers (copies, the public page) it reads "Versand möglich".
 */
export function offerLine(facts: OfferLineFacts, audience: "seller" | "buyer" = "seller"): string {
  const parts: string[] = [];
  if (facts.priceType === "verschenken") parts.push("Zu verschenken");
  else if (facts.priceCents !== undefined)
    parts.push(facts.priceCents === null ? "Kein Preis genannt" : formatSellerPrice(facts.priceCents, facts.priceType ?? null));
  const shipping = shippingPart(facts, audience);
  if (shipping) parts.push(shipping);
  if (facts.pickup === "excluded") parts.push("Keine Abholung");
  else if (facts.pickup === "offered") parts.push(facts.place ? `Abholung in ${facts.place}` : "Abholung möglich");
  if (facts.deliveryKm) parts.push(`Lieferung im Umkreis von ${facts.deliveryKm} km`);
  if (facts.swap !== null) parts.push(facts.swap ? "Tausch möglich" : "Kein Tausch");
  return parts.join(" · ");
}
