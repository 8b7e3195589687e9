// The publisher of each platform with an official API (ADR 036), or null where there is none (or
// it is not configured here): then the seller gets a reminder instead. eBay's Sell APIs (ADR 036)
// and Kleinanzeigen's gateway for dealers (ADR 038).
import type { Db } from "../db/client";
import type { Listing, PublishingPlatform } from "../db/schema";
import { ebayConfigOf } from "../ebay/config";
import { ebayPublisher } from "../ebay/publisher";
import { kleinanzeigenPublisher } from "../kleinanzeigen/publisher";
import { kleinanzeigenAccess } from "../kleinanzeigen/settings";
import type { ListingPublisher } from "../publishing/publisher";

/** The settings any Worker that publishes has parsed (app and generator config share these keys). */
export type PublisherSettings = Parameters<typeof ebayConfigOf>[0] & Parameters<typeof kleinanzeigenAccess>[0];

export function publisherFor(platform: string, config: PublisherSettings, db: Db): ListingPublisher | null {
  switch (platform as PublishingPlatform) {
    case "ebay": {
      const ebay = ebayConfigOf(config);
      return ebay ? ebayPublisher(db, ebay) : null;
    }
    case "kleinanzeigen":
      return kleinanzeigenAccess(config) ? kleinanzeigenPublisher(config) : null;
    default:
      return null;
  }
}

/** The publisher of a listing the app published through an API; null = the seller changes and ends it by hand. */
export function publisherOf(listing: Listing, config: PublisherSettings, db: Db): ListingPublisher | null {
  return listing.externalId ? publisherFor(listing.platform, config, db) : null;
}
