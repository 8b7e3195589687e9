// "Verkauft" reaches Kleinanzeigen even where the click could not (ADR 048): each cron run ends
// every listing the app published there whose ad is sold — one whose "Verkauft" found
// Kleinanzeigen unreachable, or one still being sent when the seller clicked — so a sold item
// never goes (or stays) live there. A listing Kleinanzeigen no longer has counts as ended.
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ads, listings } from "../../db/schema";
import { PublishError } from "../../publishing/publisher";
import { GONE, type KleinanzeigenClient } from "../../kleinanzeigen/client";
import { sourceOf } from "../../kleinanzeigen/listing-row";

const OPEN = ["publishing", "live", "paused"] as const;

export async function endSoldListings(db: Db, client: KleinanzeigenClient, now = Date.now()) {
  const run = { ended: 0, errors: 0 };
  const rows = await db
    .select({ listing: listings })
    .from(listings)
    .innerJoin(ads, eq(ads.id, listings.adId))
    .where(
      and(eq(listings.platform, "kleinanzeigen"), inArray(listings.status, OPEN), isNotNull(listings.externalId), isNotNull(ads.soldAt)),
    )
    .orderBy(asc(listings.updatedAt))
    .limit(50);
  for (const { listing } of rows) {
    if (sourceOf(listing) !== "api") continue;
    try {
      await client.deleteListing(listing.externalId!);
    } catch (error) {
      if (!(error instanceof PublishError && error.message === GONE)) {
        run.errors++;
        console.warn(`sold kleinanzeigen listing ${listing.id} not ended: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
    }
    await db
      .update(listings)
      .set({ status: "ended", endedAt: now, lastError: null, updatedAt: now })
      .where(and(eq(listings.id, listing.id), inArray(listings.status, OPEN)));
    run.ended++;
  }
  return run;
}
