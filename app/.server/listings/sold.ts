// "Verkauft" (ADR 037): on the seller's click the ad is marked sold, every listing published
// through an API is ended (eBay: the offer withdrawn), the price-cut plan stops, and the seller is
// reminded — on screen and by mail — to end the listings on platforms without an API themselves.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { ads, type Ad, type Listing } from "../db/schema";
import type { Mailer } from "../mail/types";
import { endListingsOf } from "./end";
import { endListingsReminderMail } from "./mails";
import { cancelPlan } from "./price-cut";
import type { PublisherSettings } from "./publishers";

export type SoldResult = {
  soldAt: number;
  /** Listings this click ended through an API. */
  ended: Listing[];
  /** Where the seller has to end the ad by hand (platform names, German), with the reason where an API refused. */
  byHand: string[];
  failures: string[];
};

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
