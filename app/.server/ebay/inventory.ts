// The Sell Inventory API calls of a listing's life: inventory item → offer → publish; the price of
// the published offer; withdraw; the offer of a SKU read back (getOffers, ADR 047).
// https://developer.ebay.com/api-docs/sell/static/inventory/inventory-item-to-offer.html
// https://developer.ebay.com/api-docs/sell/static/inventory/managing-offers.html
// https://developer.ebay.com/api-docs/sell/inventory/resources/offer/methods/getOffers
// https://developer.ebay.com/api-docs/sell/inventory/resources/offer/methods/withdrawOffer
// https://developer.ebay.com/api-docs/sell/inventory/resources/inventory_item/methods/bulkUpdatePriceQuantity
// https://developer.ebay.com/api-docs/sell/inventory/resources/offer/methods/updateOffer
// https://developer.ebay.com/api-docs/sell/inventory/resources/offer/methods/getOffer
// https://developer.ebay.com/api-docs/sell/inventory/resources/inventory_item/methods/getInventoryItem
import { PublishError } from "../publishing/publisher";
import { ebayCall, type EbaySession } from "./client";
import { EbayRefusal, explainEbayError } from "./errors";
import {
  bulkPriceResponseSchema,
  inventoryItemReadSchema,
  MARKETPLACE_ID,
  offerSchema,
  offerCreatedSchema,
  offersSchema,
  publishResponseSchema,
  type OfferOfSku,
  type Amount,
  type BulkPriceQuantity,
  type InventoryItem,
  type InventoryItemRead,
  type OfferDetails,
  type OfferRead,
} from "./types";

/** Euro cents as eBay's Amount ("12.50" EUR). */
export function euroAmount(cents: number): Amount {
  return { value: (cents / 100).toFixed(2), currency: "EUR" };
}

export async function putInventoryItem(session: EbaySession, sku: string, item: InventoryItem): Promise<void> {
  await ebayCall(session, { method: "PUT", path: `/sell/inventory/v1/inventory_item/${encodeURIComponent(sku)}`, body: item });
}

/** The item as eBay holds it (getInventoryItem). */
export async function getInventoryItem(session: EbaySession, sku: string): Promise<InventoryItemRead> {
  return inventoryItemReadSchema.parse(
    await ebayCall(session, { method: "GET", path: `/sell/inventory/v1/inventory_item/${encodeURIComponent(sku)}` }),
  );
}

/**
 * Replaces the item with what `revise` makes of eBay's own copy: the fields getInventoryItem adds
 * to the item (sku, locale, groups) are not part of createOrReplaceInventoryItem's body.
 */
export async function reviseInventoryItem(
  session: EbaySession,
  sku: string,
  revise: (item: InventoryItemRead) => InventoryItemRead | Promise<InventoryItemRead>,
): Promise<void> {
  const {
    sku: _sku,
    locale: _locale,
    groupIds: _groups,
    inventoryItemGroupKeys: _keys,
    ...item
  } = await revise(await getInventoryItem(session, sku));
  await ebayCall(session, { method: "PUT", path: `/sell/inventory/v1/inventory_item/${encodeURIComponent(sku)}`, body: item });
}

/** The offer as eBay holds it (getOffer). */
export async function getOffer(session: EbaySession, offerId: string): Promise<OfferRead> {
  return offerSchema.parse(await ebayCall(session, { method: "GET", path: `/sell/inventory/v1/offer/${encodeURIComponent(offerId)}` }));
}

/**
 * Replaces the offer with what `revise` makes of eBay's own copy (updateOffer; on a published offer
 * eBay revises the live listing). Its body names no id, SKU, marketplace, format, status or listing.
 */
export async function reviseOffer(session: EbaySession, offerId: string, revise: (offer: OfferRead) => OfferRead): Promise<void> {
  const {
    offerId: _offerId,
    sku: _sku,
    marketplaceId: _marketplaceId,
    format: _format,
    status: _status,
    listing: _listing,
    ...details
  } = revise(await getOffer(session, offerId));
  await ebayCall(session, { method: "PUT", path: `/sell/inventory/v1/offer/${encodeURIComponent(offerId)}`, body: details });
}

export async function createOffer(session: EbaySession, offer: OfferDetails): Promise<string> {
  return offerCreatedSchema.parse(await ebayCall(session, { method: "POST", path: "/sell/inventory/v1/offer", body: offer })).offerId;
}

/** Replaces an offer in full; its body (slr:EbayOfferDetailsWithId) names no sku, marketplace or format — they stay. */
export async function updateOffer(session: EbaySession, offerId: string, offer: OfferDetails): Promise<void> {
  const { sku: _sku, marketplaceId: _marketplaceId, format: _format, ...details } = offer;
  await ebayCall(session, { method: "PUT", path: `/sell/inventory/v1/offer/${encodeURIComponent(offerId)}`, body: details });
}

/**
 * The seller's fixed-price offer for the SKU on EBAY_DE, or null. eBay allows one offer per SKU
 * and marketplace (and format); getOffers answers 404 when there is none.
 */
export async function findOffer(session: EbaySession, sku: string): Promise<OfferOfSku | null> {
  try {
    const answer = offersSchema.parse(
      await ebayCall(session, { method: "GET", path: "/sell/inventory/v1/offer", query: { sku, marketplace_id: MARKETPLACE_ID } }),
    );
    return (
      answer.offers.find(
        (offer) =>
          offer.sku === sku &&
          (offer.marketplaceId ?? MARKETPLACE_ID) === MARKETPLACE_ID &&
          (offer.format ?? "FIXED_PRICE") === "FIXED_PRICE",
      ) ?? null
    );
  } catch (error) {
    if (error instanceof EbayRefusal && error.upstreamStatus === 404) return null;
    throw error;
  }
}

/** The listing id of an offer that is live at eBay (PUBLISHED, with its listing), else null. */
export function liveListingIdOf(offer: OfferOfSku | null): string | null {
  return offer?.status === "PUBLISHED" && offer.listing?.listingId ? offer.listing.listingId : null;
}

/** An offer's price in euro cents, as eBay holds it. */
export function priceCentsOf(offer: Pick<OfferOfSku, "pricingSummary">): number | null {
  const value = offer.pricingSummary?.price?.value;
  return value && /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : null;
}

export async function publishOffer(session: EbaySession, offerId: string): Promise<string> {
  return publishResponseSchema.parse(
    await ebayCall(session, { method: "POST", path: `/sell/inventory/v1/offer/${encodeURIComponent(offerId)}/publish` }),
  ).listingId;
}

export async function updateOfferPrice(session: EbaySession, offerId: string, cents: number): Promise<void> {
  const body: BulkPriceQuantity = { requests: [{ offers: [{ offerId, price: euroAmount(cents) }] }] };
  const answer = bulkPriceResponseSchema.parse(
    await ebayCall(session, { method: "POST", path: "/sell/inventory/v1/bulk_update_price_quantity", body }),
  );
  // The call answers 200 and reports each offer on its own.
  const refused = answer.responses.find((entry) => entry.statusCode >= 400);
  if (refused)
    throw new PublishError((refused.errors ?? []).map(explainEbayError).join(" ") || "eBay hat die Preisänderung abgelehnt.", 422);
}

/**
 * Ends the offer's listing. An offer that is no longer published (the listing ended at eBay, or was
 * withdrawn before) answers errorId 25713 "This Offer is not available" — the documented error of
 * withdrawOffer besides any user or system error — and counts as ended (ADR 047).
 */
export async function withdrawOffer(session: EbaySession, offerId: string): Promise<void> {
  try {
    await ebayCall(session, { method: "POST", path: `/sell/inventory/v1/offer/${encodeURIComponent(offerId)}/withdraw` });
  } catch (error) {
    if (error instanceof EbayRefusal && error.errorIds.includes(OFFER_NOT_AVAILABLE)) return;
    throw error;
  }
}

/** "This Offer is not available" (withdrawOffer, getOffer). */
const OFFER_NOT_AVAILABLE = 25713;
