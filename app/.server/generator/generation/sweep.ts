// Ads stuck in `processing` (a lost message, a crashed attempt) for more than 10 minutes go back
// into the queue, or, once out of attempts, to `failed` with their credit refunded.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { getDb } from "../../db/client";
import { ads } from "../../db/schema";
import { enqueueAdGeneration } from "../../queue/ad-generation";
import { failAd, FAILURE_MESSAGES } from "./attempt";
import { MAX_ATTEMPTS, STUCK_AFTER_MS } from "./policy";

export async function sweepStuckAds(env: { DB: D1Database; AD_QUEUE: Queue }, now = Date.now()) {
  const db = getDb(env.DB);
  const stuck = await db
    .select()
    .from(ads)
    // An ad whose lease is still held is being generated right now, however old its last write.
    .where(and(eq(ads.status, "processing"), lt(ads.updatedAt, now - STUCK_AFTER_MS), or(isNull(ads.leaseUntil), lt(ads.leaseUntil, now))))
    .limit(100);
  let requeued = 0;
  let failed = 0;
  for (const ad of stuck) {
    if (ad.attempts >= MAX_ATTEMPTS) {
      if (await failAd(db, ad, FAILURE_MESSAGES.stuck, "stuck in processing")) failed++;
      continue;
    }
    // Touch first so the next sweep does not pick it up again while the message waits.
    const [touched] = await db
      .update(ads)
      .set({ updatedAt: now })
      .where(and(eq(ads.id, ad.id), eq(ads.status, "processing"), lt(ads.updatedAt, now - STUCK_AFTER_MS)))
      .returning({ id: ads.id });
    if (touched) {
      await enqueueAdGeneration(env.AD_QUEUE, ad.id);
      requeued++;
    }
  }
  return { requeued, failed };
}
