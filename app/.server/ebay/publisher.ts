// eBay as a ListingPublisher (ADR 036): the price of the published offer, and withdrawing it.
import type { Db } from "../db/client";
import type { Listing } from "../db/schema";
import { PublishError, type ListingPublisher } from "../publishing/publisher";
import type { EbayConfig } from "./config";
import { updateOfferPrice, withdrawOffer } from "./inventory";

export function ebayPublisher(db: Db, config: EbayConfig): ListingPublisher {
  const session = (listing: Listing) => ({ db, config, userId: listing.userId });
  const offerOf = (listing: Listing) => {
    if (!listing.offerId) throw new PublishError("Zu diesem Eintrag gibt es kein eBay-Angebot.", 409);
    return listing.offerId;
  };
  return {
    platform: "ebay",
    updatePrice: (listing, priceCents) => updateOfferPrice(session(listing), offerOf(listing), priceCents),
    end: (listing) => withdrawOffer(session(listing), offerOf(listing)),
  };
}
