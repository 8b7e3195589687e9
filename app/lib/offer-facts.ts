// The offer record's vocabulary of facts (ADR 041, 064): price types, shipping and pickup as two
// facts, parcel services, the facts a reading keeps for "Bitte prüfen", and the seller's price as
// shown. Its own module without the note reader, so pages that only show an offer (the public ad
// page) never load the reader's gazetteer.
import { formatEuroCents } from "./format";

export const PRICE_TYPES = ["festpreis", "vb", "verschenken"] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
export const PRICE_TYPE_LABELS: Record<PriceType, string> = { festpreis: "Festpreis", vb: "VB", verschenken: "Zu verschenken" };

/** Shipping and pickup are two facts: each offered, excluded, or (null) unsaid. */
export const AVAILABILITIES = ["offered", "excluded"] as const;
export type Availability = (typeof AVAILABILITIES)[number];
export const SHIPPING_LABELS: Record<Availability, string> = { offered: "Versand möglich", excluded: "Kein Versand" };
export const PICKUP_LABELS: Record<Availability, string> = { offered: "Abholung möglich", excluded: "Keine Abholung" };

/** Parcel services a seller names ("Versand mit DHL"), as they are written. */
export const CARRIERS = ["DHL", "Hermes", "DPD", "GLS", "UPS", "Deutsche Post"] as const;
export type Carrier = (typeof CARRIERS)[number];

/** The facts of the offer record (ADR 064). */
export const OFFER_FACTS = ["price", "priceType", "shipping", "pickup", "shippingCost", "carrier", "place", "swap", "delivery"] as const;
export type OfferFact = (typeof OFFER_FACTS)[number];

/** An amount in the note that the reader placed nowhere: the form asks "250 € – ist das dein Preis?". */
export type UnplacedAmount = { value: number; words: string };

/** A fact the seller's note stated and the seller has not yet confirmed, with their words; `doubt` when the reading could be wrong. */
export type UnconfirmedFact = { fact: OfferFact; words: string; doubt: boolean };

/** The words of an entry that only the model read ("KI liest: 50 €", ADR 064): the card shows them as the model's reading. */
export const MODEL_WORDS_PREFIX = "KI liest: ";

/** What the record keeps of the reading (ADR 064): shown as "Bitte prüfen" until the seller confirms or edits. */
export type OfferReading = { unconfirmed: UnconfirmedFact[]; unplaced: UnplacedAmount[] };

/** "250 € VB", "70 € Festpreis", "Zu verschenken", "80 €": the seller's price exactly as stated. */
export function formatSellerPrice(cents: number, type: PriceType | null): string {
  if (type === "verschenken") return "Zu verschenken";
  const amount = formatEuroCents(cents);
  return type ? `${amount} ${PRICE_TYPE_LABELS[type]}` : amount;
}
