// "Wo ist die Anzeige online?": the marketplace address of the posted ad, shown to buyers.
import { and, eq } from "drizzle-orm";
import { logActivity } from "../activity/log";
import type { Db } from "../db/client";
import type { EdgeCachePurge } from "../edge-cache/purge";
import { ads, users } from "../db/schema";
import type { RequestMeta } from "../activity/log";
import { getOwnAd } from "./queries";

/** Saves (or with null removes) the address; the schema has already checked the host. */
export async function setListingUrl(context: { db: Db; meta?: RequestMeta; purgeEdgeCache: EdgeCachePurge }, actor: { id: string; email: string }, adId: string, listingUrl: string | null) {
  const { db } = context;
  const ad = await getOwnAd(db, actor.id, adId);
  const [updated] = await db
    .update(ads)
    .set({ listingUrl, updatedAt: Date.now() })
    .where(and(eq(ads.id, ad.id), eq(ads.userId, actor.id)))
    .returning();
  await context.purgeEdgeCache([{ adId: ad.id }]);
  await logActivity(db, { action: "ad_listing_url", userId: actor.id, email: actor.email, meta: context.meta, details: { adId, set: listingUrl !== null } });
  return updated;
}

/** The city the seller gave in the profile, for the public page (null when not given). */
export async function sellerCity(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ city: users.city }).from(users).where(eq(users.id, userId));
  return row?.city?.trim() || null;
}
