// eBay as a ListingPublisher (ADR 036): the published offer's price, the seller's edits, the price
// read back, and withdrawing it. A price alone goes through bulkUpdatePriceQuantity (a price cut);
// an edit of the text or photos replaces the inventory item (title, text, photos) and revises the
// offer (its text, and the price where it changed) with updateOffer, each read from eBay first,
// since both calls replace the whole thing (ADR 076).
import { offeredPriceType } from "../../lib/ad-price";
import type { Db } from "../db/client";
import type { Listing } from "../db/schema";
import { PublishError, type ListingChange, type ListingPublisher } from "../publishing/publisher";
import type { EbaySession } from "./client";
import type { EbayConfig } from "./config";
import { euroAmount, getOffer, priceCentsOf, reviseInventoryItem, reviseOffer, updateOfferPrice, withdrawOffer } from "./inventory";
import { ebayText, skuOf } from "./listing";
import { uploadPictures } from "./pictures";

/** The edit at eBay: the item's title, text and (changed) photos, then the offer's text and price. */
async function revise(session: EbaySession, listing: Listing, offerId: string, change: ListingChange): Promise<void> {
  const content = change.content;
  if (content) {
    // The text keeps its VB note where the live offer has no Best Offer (ADR 073).
    const live = await getOffer(session, offerId);
    const priceCents = change.priceCents ?? priceCentsOf(live) ?? 0;
    const vbNote =
      offeredPriceType(priceCents, content.ad.priceType) === "vb" && live.listingPolicies?.bestOfferTerms?.bestOfferEnabled !== true;
    const { title, description } = ebayText(content.ad, vbNote);
    await reviseInventoryItem(session, skuOf(listing.adId), async (item) => ({
      ...item,
      product: {
        ...item.product,
        title,
        description,
        imageUrls: content.photos ? await uploadPictures(session, content.photos, content.ad.imageUrls) : item.product.imageUrls,
      },
    }));
    await reviseOffer(session, offerId, (offer) => ({
      ...offer,
      listingDescription: description,
      ...(change.priceCents !== undefined ? { pricingSummary: { ...offer.pricingSummary, price: euroAmount(change.priceCents) } } : {}),
    }));
  } else if (change.priceCents !== undefined) {
    await updateOfferPrice(session, offerId, change.priceCents);
  }
}

export function ebayPublisher(db: Db, config: EbayConfig): ListingPublisher {
  const session = (listing: Listing) => ({ db, config, userId: listing.userId });
  const offerOf = (listing: Listing) => {
    if (!listing.offerId) throw new PublishError("Zu diesem Eintrag gibt es kein eBay-Angebot.", 409);
    return listing.offerId;
  };
  return {
    platform: "ebay",
    update: (listing, change) => revise(session(listing), listing, offerOf(listing), change),
    currentPrice: async (listing) => priceCentsOf(await getOffer(session(listing), offerOf(listing))),
    end: (listing) => withdrawOffer(session(listing), offerOf(listing)),
  };
}
