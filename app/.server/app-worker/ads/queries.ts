// Reading ads. Ownership is checked here, in the domain: someone else's ad is simply not found.
import { and, desc, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ads } from "../../db/schema";
import { HttpError } from "../../http-error";

export const AD_NOT_FOUND = "Anzeige nicht gefunden";

export async function listOwnAds(db: Db, userId: string) {
  return db.select().from(ads).where(eq(ads.userId, userId)).orderBy(desc(ads.createdAt));
}

/**
 * Those of `ids` that belong to `owner` (a user id, or a column holding one), found by primary key:
 * the unary `+` keeps SQLite from walking every ad of the seller by `user_id` instead (measured:
 * every ad of the seller read; tests/workers/ad-changes.test.ts). At most CHANGES_MAX_ADS ids.
 */
export function ownAdsAmong(owner: string | SQLWrapper, ids: string[]) {
  return and(eq(sql`+${ads.userId}`, owner), inArray(ads.id, ids));
}

export async function getOwnAd(db: Db, userId: string, adId: string) {
  const [ad] = await db
    .select()
    .from(ads)
    .where(and(eq(ads.id, adId), eq(ads.userId, userId)));
  if (!ad) throw new HttpError(404, AD_NOT_FOUND);
  return ad;
}

/** A finished ad anyone may see (public page, social previews); null for unknown or unfinished ads. */
export async function findPublicAd(db: Db, adId: string) {
  const [ad] = await db
    .select()
    .from(ads)
    .where(and(eq(ads.id, adId), eq(ads.status, "completed")));
  return ad ?? null;
}
