// The seller changes price, price type, shipping, pickup, PLZ/Ort, shipping cost, parcel service or swap
// after creation (ADR 034, ADR 041): the same rules as on creation (ADR 028), applied to the stored ad. A field the edit leaves out
// (undefined) keeps its value; null removes it. A fact the edit sends is confirmed: its "Bitte prüfen"
// goes (ADR 064).
import type { Availability, Carrier, OfferFact, OfferReading, PriceType } from "../../../lib/offer-facts";
import type { Ad } from "../../db/schema";

export type OfferEdit = {
  /** Euros. */
  price?: number | null;
  priceType?: PriceType | null;
  shipping?: Availability | null;
  pickup?: Availability | null;
  postalCode?: string | null;
  city?: string | null;
  /** Euros; 0 = included. */
  shippingCost?: number | null;
  shippingCarrier?: Carrier | null;
  swap?: "ja" | "nein" | null;
  /** The seller's own delivery radius in km (ADR 075). */
  deliveryKm?: number | null;
};

type OfferColumns = Pick<
  Ad,
  | "askingPrice"
  | "priceType"
  | "shipping"
  | "pickup"
  | "postalCode"
  | "city"
  | "priceBasis"
  | "shippingCost"
  | "shippingCarrier"
  | "swap"
  | "deliveryKm"
  | "offerReading"
>;

/** The edit's field for each fact of the record. */
const EDIT_FIELDS: Record<OfferFact, Array<keyof OfferEdit>> = {
  price: ["price"],
  priceType: ["priceType", "price"],
  shipping: ["shipping"],
  pickup: ["pickup"],
  shippingCost: ["shippingCost"],
  carrier: ["shippingCarrier"],
  place: ["postalCode", "city"],
  swap: ["swap"],
  delivery: ["deliveryKm"],
};

/** The reading without the facts the edit confirms; null when nothing is left to check. */
function confirmed(reading: OfferReading | null | undefined, edit: OfferEdit): OfferReading | null {
  if (!reading) return null;
  const unconfirmed = reading.unconfirmed.filter(({ fact }) => EDIT_FIELDS[fact].every((field) => edit[field] === undefined));
  const unplaced = edit.price !== undefined || edit.priceType !== undefined ? [] : reading.unplaced;
  return unconfirmed.length > 0 || unplaced.length > 0 ? { unconfirmed, unplaced } : null;
}

/** The ad's offer columns after the edit (only those that change). */
export function applyOfferEdit(ad: OfferColumns, edit: OfferEdit): Partial<OfferColumns> {
  const next: Partial<OfferColumns> = {};
  if (edit.shipping !== undefined) next.shipping = edit.shipping;
  if (edit.pickup !== undefined) next.pickup = edit.pickup;
  const reading = confirmed(ad.offerReading, edit);
  if (JSON.stringify(reading) !== JSON.stringify(ad.offerReading ?? null)) next.offerReading = reading;
  if (edit.postalCode !== undefined) next.postalCode = edit.postalCode;
  if (edit.city !== undefined) next.city = edit.city;
  if (edit.shippingCost !== undefined) next.shippingCost = edit.shippingCost === null ? null : Math.round(edit.shippingCost * 100);
  if (edit.shippingCarrier !== undefined) next.shippingCarrier = edit.shippingCarrier;
  if (edit.swap !== undefined) next.swap = edit.swap === null ? null : edit.swap === "ja";
  if (edit.deliveryKm !== undefined) next.deliveryKm = edit.deliveryKm;

  let priceType = edit.priceType !== undefined ? edit.priceType : ad.priceType;
  // A price named for a giveaway, its type left as it was: the giveaway ends, the price stands.
  if (edit.priceType === undefined && ad.priceType === "verschenken" && edit.price != null && edit.price > 0) priceType = null;
  let cents = edit.price !== undefined ? (edit.price === null ? null : Math.round(edit.price * 100)) : ad.askingPrice;
  if (priceType === "verschenken") cents = 0;
  // Leaving "zu verschenken" without naming a price: there is no price yet (not 0 € VB).
  else if (ad.priceType === "verschenken" && edit.price === undefined && cents === 0) cents = null;

  if (cents !== ad.askingPrice) next.askingPrice = cents;
  if (priceType !== ad.priceType) next.priceType = priceType;
  // An old ad whose writer kept the seller's price as its suggestion (basis "asking"): once the
  // seller removes the price, that number is no longer the seller's, and is not shown as a price.
  if (cents === null && edit.price === null && ad.priceBasis === "asking") next.priceBasis = "estimate";
  return next;
}
