// How many of the dashboard's waits (GET /api/ads/changes, ADR 063) may be open at once: a few per
// account and a few per client address (ADR 066). The count lives in D1, not in an isolate's memory:
// in production the waits of one account arrive at many isolates, and only a count that all of them
// see is a cap. Each wait holds one row of `open_waits` while it waits; taking a place is one
// statement that inserts the row only while both counts are below their caps, which D1 runs
// atomically (one primary, one statement at a time), so two isolates cannot both take the last place.
import { eq, sql } from "drizzle-orm";
import { sha256Hex } from "../../crypto/hex";
import type { Db } from "../../db/client";
import { openWaits } from "../../db/schema";
import { HttpError } from "../../http-error";

/** Open waits per account: a dashboard in a few windows or on a few devices at once. */
export const OPEN_WAITS_PER_USER = 4;
/** Open waits per client address (several people behind one router or a carrier's shared address). */
export const OPEN_WAITS_PER_ADDRESS = 12;
/**
 * How long a place outlives the wait it was taken for, at most: it bounds a place whose isolate ended
 * without giving it back (evicted, or a client gone where the runtime could not say so). Counts
 * ignore such a place from then on; the cron deletes it (generator/maintenance.ts).
 */
export const WAIT_PLACE_GRACE_MS = 10_000;

export const TOO_MANY_WAITS_MESSAGE =
  "Zu viele gleichzeitig geöffnete Ansichten warten auf deine Anzeigen. Bitte schließe andere Fenster oder Tabs und versuche es gleich noch einmal.";

export type Waiter = { userId: string; client: string };

/**
 * Takes a place for one wait of `seconds`, or answers 429 when the account or the address already
 * has its open waits. Returns the function that gives the place back; calling it again does nothing.
 */
export async function takeWaitPlace(db: Db, waiter: Waiter, seconds: number, now = Date.now()): Promise<() => Promise<void>> {
  const id = crypto.randomUUID();
  const clientHash = await sha256Hex(waiter.client);
  const expiresAt = now + seconds * 1000 + WAIT_PLACE_GRACE_MS;
  const taken = await db.run(sql`
    insert into open_waits (id, user_id, client_hash, expires_at)
    select ${id}, ${waiter.userId}, ${clientHash}, ${expiresAt}
    where (select count(*) from open_waits where user_id = ${waiter.userId} and expires_at > ${now}) < ${OPEN_WAITS_PER_USER}
      and (select count(*) from open_waits where client_hash = ${clientHash} and expires_at > ${now}) < ${OPEN_WAITS_PER_ADDRESS}`);
  if (taken.meta.changes !== 1) throw new HttpError(429, TOO_MANY_WAITS_MESSAGE);
  let given: Promise<void> | undefined;
  return () =>
    (given ??= db
      .delete(openWaits)
      .where(eq(openWaits.id, id))
      .then(() => undefined));
}
