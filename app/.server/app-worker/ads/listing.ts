// "Wo ist die Anzeige online?": the marketplace address of the posted ad, shown to buyers.
import { and, eq } from "drizzle-orm";
import { logActivity } from "../../activity-log";
import type { Db } from "../../db/client";
import type { EdgeCachePurge } from "../edge-cache/purge";
import { ads, users } from "../../db/schema";
import type { RequestMeta } from "../../activity-log";
import { LISTING_URL_MAX, LISTING_URL_MESSAGE, marketplaceOf } from "../../../lib/listing-url";
import { z } from "../../../lib/zod";
import { getOwnAd } from "./queries";
import { syncLinkedListing } from "./linked-listing";

/** PUT /api/ads/{id}/listing: a known marketplace address, or null (or "") to remove it. */
export const listingUrlSchema = z.object({
  listingUrl: z
    .string({ error: LISTING_URL_MESSAGE })
    .trim()
    .max(LISTING_URL_MAX, { error: `Der Link darf höchstens ${LISTING_URL_MAX} Zeichen lang sein.` })
    .meta({ format: "uri", examples: ["https://www.kleinanzeigen.de/s-anzeige/kaffeevollautomat/1234567890-176-1234"] })
    .refine((value) => value === "" || marketplaceOf(value) !== null, { error: LISTING_URL_MESSAGE })
    .transform((value) => (value === "" ? null : new URL(value).toString()))
    .nullable(),
});

/** Saves (or with null removes) the address; the schema has already checked the host. */
export async function setListingUrl(
  context: { db: Db; meta?: RequestMeta; purgeEdgeCache: EdgeCachePurge },
  actor: { id: string; email: string },
  adId: string,
  listingUrl: string | null,
) {
  const { db } = context;
  const ad = await getOwnAd(db, actor.id, adId);
  const [updated] = await db
    .update(ads)
    .set({ listingUrl, updatedAt: Date.now() })
    .where(and(eq(ads.id, ad.id), eq(ads.userId, actor.id)))
    .returning();
  // A Kleinanzeigen link starts the 60-day reminder (ADR 038).
  await syncLinkedListing(db, ad, listingUrl);
  await context.purgeEdgeCache([{ adId: ad.id }]);
  await logActivity(db, {
    action: "ad_listing_url",
    userId: actor.id,
    email: actor.email,
    meta: context.meta,
    details: { adId, set: listingUrl !== null },
  });
  return updated;
}

/** The city the seller gave in the profile, for the public page (null when not given). */
export async function sellerCity(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ city: users.city }).from(users).where(eq(users.id, userId));
  return row?.city?.trim() || null;
}
