// The Sell Inventory API calls of a listing's life: inventory item → offer → publish; the price of
// the published offer; withdraw. https://developer.ebay.com/api-docs/sell/static/inventory/inventory-item-to-offer.html
// https://developer.ebay.com/api-docs/sell/static/inventory/managing-offers.html
// https://developer.ebay.com/api-docs/sell/inventory/resources/inventory_item/methods/bulkUpdatePriceQuantity
// https://developer.ebay.com/api-docs/sell/inventory/resources/offer/methods/updateOffer
import { PublishError } from "../listings/publisher";
import { ebayCall, type EbaySession } from "./client";
import { explainEbayError } from "./errors";
import {
  bulkPriceResponseSchema,
  offerCreatedSchema,
  publishResponseSchema,
  type Amount,
  type BulkPriceQuantity,
  type InventoryItem,
  type OfferDetails,
} from "./types";

/** Euro cents as eBay's Amount ("12.50" EUR). */
export function euroAmount(cents: number): Amount {
  return { value: (cents / 100).toFixed(2), currency: "EUR" };
}

export async function putInventoryItem(session: EbaySession, sku: string, item: InventoryItem): Promise<void> {
  await ebayCall(session, { method: "PUT", path: `/sell/inventory/v1/inventory_item/${encodeURIComponent(sku)}`, body: item });
}

export async function createOffer(session: EbaySession, offer: OfferDetails): Promise<string> {
  return offerCreatedSchema.parse(await ebayCall(session, { method: "POST", path: "/sell/inventory/v1/offer", body: offer })).offerId;
}

/** Replaces an offer in full; its body (slr:EbayOfferDetailsWithId) names no sku, marketplace or format — they stay. */
export async function updateOffer(session: EbaySession, offerId: string, offer: OfferDetails): Promise<void> {
  const { sku: _sku, marketplaceId: _marketplaceId, format: _format, ...details } = offer;
  await ebayCall(session, { method: "PUT", path: `/sell/inventory/v1/offer/${encodeURIComponent(offerId)}`, body: details });
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

export async function withdrawOffer(session: EbaySession, offerId: string): Promise<void> {
  await ebayCall(session, { method: "POST", path: `/sell/inventory/v1/offer/${encodeURIComponent(offerId)}/withdraw` });
}
