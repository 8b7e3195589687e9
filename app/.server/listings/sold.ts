// "Verkauft" (ADR 037): on the seller's click the ad is marked sold, every listing published
// through an API is ended (eBay: the offer withdrawn), the price-cut plan stops, and the seller is
// reminded — on screen and by mail — to end the listings on platforms without an API themselves.
import { and, eq, inArray } from "drizzle-orm";
import { marketplaceOf } from "../../lib/listing-url";
import type { Db } from "../db/client";
import { ads, listings, type Ad, type Listing } from "../db/schema";
import type { Mailer } from "../mail/types";
import { endListingsReminderMail, platformName } from "./mails";
import { cancelPlan } from "./price-cut";
import { PublishError } from "./publisher";
import { publisherFor, type PublisherSettings } from "./publishers";

export type SoldResult = {
  soldAt: number;
  /** Listings this click ended through an API. */
  ended: Listing[];
  /** Where the seller has to end the ad by hand (platform names, German), with the reason where an API refused. */
  byHand: string[];
  failures: string[];
};

const OPEN_STATUSES = ["live", "paused", "publishing"] as const satisfies Listing["status"][];

/** The ad's listings that are still out there (or on their way). */
function openListings(db: Db, adId: string) {
  return db
    .select()
    .from(listings)
    .where(and(eq(listings.adId, adId), inArray(listings.status, OPEN_STATUSES)));
}

/** The publisher that ends a listing the app published through an API; null = the seller ends it by hand. */
function publisherOf(listing: Listing, config: PublisherSettings, db: Db) {
  return listing.externalId ? publisherFor(listing.platform, config, db) : null;
}

/** The marketplace of a link the seller saved by hand ("Wo ist die Anzeige online?"), unless a listing above is that link. */
function linkedByHand(ad: Pick<Ad, "listingUrl">, open: Listing[]): string | null {
  const linked = ad.listingUrl ? marketplaceOf(ad.listingUrl) : null;
  if (!linked || open.some((listing) => listing.externalId && listing.url === ad.listingUrl)) return null;
  return platformName(linked);
}

/**
 * What "Verkauft" will do, for its dialog (ADR 048): the platforms where the app ends the ad
 * itself, and those where the seller ends it by hand — by the same rules as `markSold`.
 */
export function soldPreview(db: Db, config: PublisherSettings, ad: Ad, all: Listing[]): { automatic: string[]; byHand: string[] } {
  const open = all.filter((listing) => (OPEN_STATUSES as readonly string[]).includes(listing.status));
  const automatic = new Set<string>();
  const byHand = new Set<string>();
  for (const listing of open) (publisherOf(listing, config, db) ? automatic : byHand).add(platformName(listing.platform));
  const linked = linkedByHand(ad, open);
  if (linked) byHand.add(linked);
  return { automatic: [...automatic], byHand: [...byHand].filter((name) => !automatic.has(name)) };
}

export async function markSold(
  db: Db,
  config: PublisherSettings,
  mailer: Mailer | null,
  user: { id: string; email: string },
  ad: Ad,
  baseUrl: string,
  now = Date.now(),
): Promise<SoldResult> {
  const soldAt = ad.soldAt ?? now;
  if (!ad.soldAt) await db.update(ads).set({ soldAt, updatedAt: now }).where(eq(ads.id, ad.id));
  await cancelPlan(db, ad.id);

  const open = await openListings(db, ad.id);
  const ended: Listing[] = [];
  const byHand = new Set<string>();
  const failures: string[] = [];
  for (const listing of open) {
    const publisher = publisherOf(listing, config, db);
    if (!publisher) {
      byHand.add(platformName(listing.platform));
      continue;
    }
    try {
      await publisher.end(listing);
      const [row] = await db
        .update(listings)
        .set({ status: "ended", endedAt: now, lastError: null, updatedAt: now })
        .where(eq(listings.id, listing.id))
        .returning();
      ended.push(row);
    } catch (error) {
      if (!(error instanceof PublishError)) throw error;
      await db.update(listings).set({ lastError: error.message, updatedAt: now }).where(eq(listings.id, listing.id));
      failures.push(`${platformName(listing.platform)}: ${error.message}`);
      byHand.add(platformName(listing.platform));
    }
  }
  // A link the seller saved by hand ("Wo ist die Anzeige online?") names one more platform.
  const linked = linkedByHand(ad, open);
  if (linked) byHand.add(linked);

  // Once, on the first click: where the app knows of none, the mail names every platform posted by hand.
  if (!ad.soldAt) {
    await mailer?.send({
      to: user.email,
      kind: "sold_end_listings",
      ...endListingsReminderMail({ baseUrl, title: ad.optimizedTitle || ad.itemName, platforms: [...byHand] }),
    });
  }
  return { soldAt, ended, byHand: [...byHand], failures };
}
