// Rows stuck in `publishing` (ADR 047): a publication whose request was cut off, or whose last
// call got no answer, leaves its row `publishing`, and the claim (publishing/claim.ts) refuses every
// retry while it is. The generator's cron settles such rows with the marketplace (eBay:
// generator/listings/ebay-sweep.ts, Kleinanzeigen: generator/kleinanzeigen/sweep.ts) once nothing has touched them for
// STUCK_AFTER_MS — longer than any publishing request can last (every call has a 15 s budget,
// publishing/marketplace-fetch.ts; a publication makes at most about 20), so a request still under
// way is never overtaken.
import { and, asc, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ads, listings, type Listing, type PublishingPlatform } from "../../db/schema";

export const STUCK_AFTER_MS = 10 * 60 * 1000;

/** Rows per platform and cron run: a hanging marketplace holds a run up for at most this many budgets. */
const SWEEP_LIMIT = 10;

export type StuckRow = { listing: Listing; soldAt: number | null };

/** The platform's stuck rows, oldest first, with their ad's "Verkauft" date. */
export async function stuckListings(db: Db, platform: PublishingPlatform, now: number): Promise<StuckRow[]> {
  return db
    .select({ listing: listings, soldAt: ads.soldAt })
    .from(listings)
    .innerJoin(ads, eq(ads.id, listings.adId))
    .where(and(eq(listings.platform, platform), eq(listings.status, "publishing"), lt(listings.updatedAt, now - STUCK_AFTER_MS)))
    .orderBy(asc(listings.updatedAt))
    .limit(SWEEP_LIMIT);
}

/**
 * Changes a stuck row only if it is still as the sweep read it (`publishing`, not touched since):
 * a late request or a second run beside this one wins, never both. Answers whether it changed.
 */
export async function settleStuck(db: Db, row: Listing, values: Partial<Listing>, now: number): Promise<boolean> {
  const changed = await db
    .update(listings)
    .set({ ...values, updatedAt: now })
    .where(and(eq(listings.id, row.id), eq(listings.status, "publishing"), eq(listings.updatedAt, row.updatedAt)))
    .returning({ id: listings.id });
  return changed.length > 0;
}

export type SweepRun = { checked: number; live: number; failed: number; ended: number; skipped: number };
