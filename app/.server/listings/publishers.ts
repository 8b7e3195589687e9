// The publisher of each platform with an official API (ADR 036), or null where there is none (or
// it is not configured here): then the seller gets a reminder instead. The Kleinanzeigen gateway's
// publisher is added here beside eBay's.
import type { Db } from "../db/client";
import type { PublishingPlatform } from "../db/schema";
import { ebayConfigOf } from "../ebay/config";
import { ebayPublisher } from "../ebay/publisher";
import type { ListingPublisher } from "./publisher";

/** The settings any Worker that publishes has parsed (app and generator config share these keys). */
export type PublisherSettings = Parameters<typeof ebayConfigOf>[0];

export function publisherFor(platform: string, config: PublisherSettings, db: Db): ListingPublisher | null {
  switch (platform as PublishingPlatform) {
    case "ebay": {
      const ebay = ebayConfigOf(config);
      return ebay ? ebayPublisher(db, ebay) : null;
    }
    default:
      return null;
  }
}
