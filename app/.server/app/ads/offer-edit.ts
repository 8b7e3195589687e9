// The seller changes price, price type, handover, PLZ/Ort, shipping cost, parcel service or swap
// after creation (ADR 034, ADR 041): the same rules as on creation (ADR 028), applied to the stored ad. A field the edit leaves out
// (undefined) keeps its value; null removes it.
import type { Carrier, Handover, PriceType } from "../../../lib/seller-price";
import type { Ad } from "../../db/schema";

export type OfferEdit = {
  /** Euros. */
  price?: number | null;
  priceType?: PriceType | null;
  handover?: Handover | null;
  postalCode?: string | null;
  city?: string | null;
  /** Euros; 0 = included. */
  shippingCost?: number | null;
  shippingCarrier?: Carrier | null;
  swap?: "ja" | "nein" | null;
};

type OfferColumns = Pick<
  Ad,
  "askingPrice" | "priceType" | "handover" | "postalCode" | "city" | "priceBasis" | "shippingCost" | "shippingCarrier" | "swap"
>;

/** The ad's offer columns after the edit (only those that change). */
export function applyOfferEdit(ad: OfferColumns, edit: OfferEdit): Partial<OfferColumns> {
  const next: Partial<OfferColumns> = {};
  if (edit.handover !== undefined) next.handover = edit.handover;
  if (edit.postalCode !== undefined) next.postalCode = edit.postalCode;
  if (edit.city !== undefined) next.city = edit.city;
  if (edit.shippingCost !== undefined) next.shippingCost = edit.shippingCost === null ? null : Math.round(edit.shippingCost * 100);
  if (edit.shippingCarrier !== undefined) next.shippingCarrier = edit.shippingCarrier;
  if (edit.swap !== undefined) next.swap = edit.swap === null ? null : edit.swap === "ja";

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
