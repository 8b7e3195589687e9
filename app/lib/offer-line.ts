// The seller's offer in one line, as the create form shows it before the ad is written
// ("35 € VB · Versand 6,99 € (DHL) · Abholung nicht möglich"), so a wrong reading of the note is seen
// and corrected before the ad exists (ADR 041). Built from the same record the server stores.
import { formatEuroCents } from "./format";
import { formatSellerPrice, type Carrier, type Handover, type PriceType } from "./seller-price";

export type OfferLineFacts = {
  /** Euro cents; null = no price named. Left out (with the type) where the price is shown apart. */
  priceCents?: number | null;
  priceType?: PriceType | null;
  handover: Handover | null;
  /** Euro cents the buyer pays for shipping (0 = included); null = not stated. */
  shippingCost: number | null;
  shippingCarrier: Carrier | null;
  place: string | null;
  swap: boolean | null;
};

/**
 * The offer in one line. For the seller (the create form) an unnamed shipping cost is pointed out
 * ("Kosten nicht genannt"); for buyers (copies, the public page) it reads "Versand möglich".
 */
export function offerLine(facts: OfferLineFacts, audience: "seller" | "buyer" = "seller"): string {
  const parts: string[] = [];
  if (facts.priceType === "verschenken") parts.push("Zu verschenken");
  else if (facts.priceCents !== undefined)
    parts.push(facts.priceCents === null ? "Kein Preis genannt" : formatSellerPrice(facts.priceCents, facts.priceType ?? null));
  const carrier = facts.shippingCarrier ? ` (${facts.shippingCarrier})` : "";
  if (facts.handover === "abholung") parts.push("Kein Versand");
  else if (facts.shippingCost === 0) parts.push(`Versand inklusive${carrier}`);
  else if (facts.shippingCost !== null) parts.push(`Versand ${formatEuroCents(facts.shippingCost)}${carrier}`);
  else if (facts.handover !== null)
    parts.push(audience === "seller" ? `Versand${carrier}, Kosten nicht genannt` : `Versand möglich${carrier}`);
  if (facts.handover === "versand") parts.push("Abholung nicht möglich");
  else if (facts.handover === "abholung" || facts.handover === "beides")
    parts.push(facts.place ? `Abholung in ${facts.place}` : "Abholung möglich");
  if (facts.swap !== null) parts.push(facts.swap ? "Tausch möglich" : "Kein Tausch");
  return parts.join(" · ");
}
