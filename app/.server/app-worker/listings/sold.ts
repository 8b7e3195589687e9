// "Verkauft" (ADR 037): on the seller's click the ad is marked sold, every listing published
// through an API is ended (eBay: the offer withdrawn), the price-cut plan stops, and the seller is
// reminded — on screen and by mail — to end the listings on platforms without an API themselves.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ads, type Ad, type Listing } from "../../db/schema";
import type { Mailer } from "../../mail/types";
import { endListingsOf, isOpen, postedByHand } from "./end";
import { endListingsReminderMail, platformName } from "../../mail/listing-reminders";
import { cancelPlan } from "../../listings/price-cut";
import { publisherOf, type PublisherSettings } from "../../listings/publishers";

export type SoldResult = {
  soldAt: number;
  /** Listings this click ended through an API. */
  ended: Listing[];
  /** Where the seller has to end the ad by hand (platform names, German), with the reason where an API refused. */
  byHand: string[];
  failures: string[];
};

/**
 * What "Verkauft" will do, for its dialog (ADR 048): the platforms where the app ends the ad
 * itself, and those where the seller ends it by hand — by the same rules as `markSold`.
 */
export function soldPreview(db: Db, config: PublisherSettings, ad: Ad, all: Listing[]): { automatic: string[]; byHand: string[] } {
  const open = all.filter(isOpen);
  const automatic = new Set<string>();
  const byHand = new Set<string>();
  for (const listing of open) (publisherOf(listing, config, db) ? automatic : byHand).add(platformName(listing.platform));
  for (const name of postedByHand(ad, open)) byHand.add(name);
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

  const { ended, byHand, failures } = await endListingsOf(db, config, ad, { namesLink: true, now });

  // Once, on the first click: where the app knows of none, the mail names every platform posted by hand.
  if (!ad.soldAt) {
    await mailer?.send({
      to: user.email,
      kind: "sold_end_listings",
      ...endListingsReminderMail({ baseUrl, title: ad.optimizedTitle || ad.itemName, platforms: byHand }),
    });
  }
  return { soldAt, ended, byHand, failures };
}
