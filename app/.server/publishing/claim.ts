// The atomic claim of an ad's row on a platform before anything is sent there (ADR 047): one
// conditional statement inserts the row, or takes over a failed or ended one. D1 runs each
// statement on its own, so of parallel clicks exactly one gets the row back; the others see it
// `publishing` (or `live`) and are refused — they never write to it, so a loser can never mark a
// live listing failed. A row stuck in `publishing` is the cron's sweep's to settle (generator/listings/stuck.ts).
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { listings, type Listing, type PublishingPlatform } from "../db/schema";

/** What a claimed row starts with; the platform adds its own details and prices. */
type Fresh = Partial<Pick<Listing, "details" | "priceCents" | "startPriceCents">>;

/** The claimed row, or null when the ad's row on that platform is busy or live (the caller explains which). */
export async function claimListingRow(
  db: Db,
  ad: { id: string; userId: string },
  platform: PublishingPlatform,
  fresh: Fresh,
  now = Date.now(),
): Promise<Listing | null> {
  const values = {
    status: "publishing" as const,
    externalId: null,
    url: null,
    publishedAt: null,
    expiresAt: null,
    expiryReminderSentAt: null,
    endedAt: null,
    lastError: null,
    details: {},
    ...fresh,
    updatedAt: now,
  };
  const [inserted] = await db
    .insert(listings)
    .values({ id: crypto.randomUUID(), adId: ad.id, userId: ad.userId, platform, ...values, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [taken] = await db
    .update(listings)
    .set(values)
    .where(and(eq(listings.adId, ad.id), eq(listings.platform, platform), inArray(listings.status, ["failed", "ended"])))
    .returning();
  return taken ?? null;
}

/** The ad's row on a platform, if any. */
export async function listingOf(db: Db, adId: string, platform: PublishingPlatform): Promise<Listing | null> {
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.adId, adId), eq(listings.platform, platform)));
  return row ?? null;
}
