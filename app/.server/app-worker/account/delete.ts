// GDPR-grade account deletion: live listings ended where an API exists (ADR 049), every photo
// (so nothing stays readable if the rest fails), then, in one D1 transaction, the user's rows;
// their activity-log entries are anonymised.
import { and, eq, inArray, or } from "drizzle-orm";
import type Stripe from "stripe";
import { logActivity } from "../../activity-log";
import type { Db } from "../../db/client";
import type { EdgeCachePurge } from "../edge-cache/purge";
import { freeAdHash } from "../auth/free-ad";
import {
  activityLogs,
  ads,
  freeAdGrants,
  invites,
  listings,
  magicLinkTokens,
  outboxMails,
  sessions,
  users,
  type User,
} from "../../db/schema";
import { endListingsOf, stillOnline } from "../listings/end";
import { deleteOpenUploads } from "../ads/photo-uploads";
import type { PublisherSettings } from "../../listings/publishers";

/**
 * Deletes the account. Its ads' listings are ended first where an API exists (ADR 049), while the
 * marketplace connections still hold the tokens; the answer names the ads that stay online
 * ("„Titel“ bei Vinted"), for the seller to end there.
 */
export async function deleteAccount(
  db: Db,
  photos: R2Bucket,
  user: Pick<User, "id" | "email" | "stripeSubscriptionId" | "subscriptionStatus">,
  stripe: Stripe | null,
  freeAdSecret: string | undefined,
  purgeEdgeCache: EdgeCachePurge,
  publishers: PublisherSettings,
): Promise<{ remaining: string[] }> {
  // A running subscription ends with the account: no charges for an account that no longer exists.
  if (
    stripe &&
    user.stripeSubscriptionId &&
    user.subscriptionStatus &&
    !["canceled", "incomplete_expired"].includes(user.subscriptionStatus)
  ) {
    await stripe.subscriptions.cancel(user.stripeSubscriptionId);
  }
  const userAds = await db
    .select({
      id: ads.id,
      imageUrls: ads.imageUrls,
      listingUrl: ads.listingUrl,
      soldAt: ads.soldAt,
      title: ads.optimizedTitle,
      itemName: ads.itemName,
    })
    .from(ads)
    .where(eq(ads.userId, user.id));
  const remaining = await endAllListings(db, publishers, user.id, userAds);
  // Every object lives under its ad's prefix (photos and their crops), so listing finds them all.
  const adIds = userAds.map((ad) => ad.id);
  for (const adId of adIds) {
    const listed = await photos.list({ prefix: `ads/${adId}/` });
    if (listed.objects.length > 0) await photos.delete(listed.objects.map((object) => object.key));
  }
  // Photos uploaded for an ad not created yet (ADR 082); their rows go with the account.
  await deleteOpenUploads(db, photos, user.id);

  // Remember that this address had its free ad (accounts older than that record included).
  const grant = db
    .insert(freeAdGrants)
    .values({ emailHash: await freeAdHash(user.email, freeAdSecret) })
    .onConflictDoNothing();
  await db.batch([
    grant,
    db
      .update(activityLogs)
      .set({ userId: null, email: null, ip: null, userAgent: null, details: null })
      .where(or(eq(activityLogs.userId, user.id), eq(activityLogs.email, user.email))),
    db.delete(sessions).where(eq(sessions.userId, user.id)),
    db.delete(magicLinkTokens).where(eq(magicLinkTokens.email, user.email)),
    db.delete(invites).where(eq(invites.inviterId, user.id)),
    db.delete(outboxMails).where(eq(outboxMails.to, user.email)),
    // By owner, not by a list of ids: one bound parameter however many ads there are (D1 allows
    // 100 per query, app/.server/db/d1-limits.ts).
    db.delete(ads).where(eq(ads.userId, user.id)),
    db.delete(users).where(eq(users.id, user.id)),
  ]);
  // Cached copies (pages, photos) go with the rest; the cache keys of crops follow from the photo keys.
  await purgeEdgeCache(userAds.map((ad) => ({ adId: ad.id, photoKeys: ad.imageUrls })));
  await logActivity(db, { action: "account_deleted" });
  return { remaining };
}

type OwnAd = { id: string; listingUrl: string | null; soldAt: number | null; title: string | null; itemName: string };

/** Ends every open listing of the seller's ads; the ads that stay online, as "„Titel“ bei eBay". */
async function endAllListings(db: Db, publishers: PublisherSettings, userId: string, userAds: OwnAd[]): Promise<string[]> {
  const open = await db
    .select({ adId: listings.adId })
    .from(listings)
    .where(and(eq(listings.userId, userId), inArray(listings.status, ["live", "paused", "publishing"])));
  const listed = new Set(open.map((row) => row.adId));
  const remaining: string[] = [];
  for (const ad of userAds) {
    // A sold ad's links were named at "Verkauft" already.
    if (!listed.has(ad.id) && !(ad.listingUrl && !ad.soldAt)) continue;
    const outcome = await endListingsOf(db, publishers, ad, { namesLink: !ad.soldAt });
    for (const where of stillOnline(outcome)) remaining.push(`„${ad.title || ad.itemName}“ bei ${where}`);
  }
  return remaining;
}
