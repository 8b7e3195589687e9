// Both Workers must hold the same token key ring (ADR 055): the app stores a seller's eBay tokens at
// connect time, either Worker stores them again after a refresh, and the generator's cron reads them
// for price cuts. A secret cannot be compared before a deploy, so every token write records the ring
// it was made with (`recordKeyRing`: key ids and a canary encrypted with the newest key), and the
// generator's cron (`checkKeyRings`) decrypts each recorded canary with its own ring. A ring it cannot
// read, or one that lacks the generator's newest key, is reported in the activity log
// (`token_key_mismatch`), at most once a day per ring, while it lasts.
import { and, eq, gte, isNull, lt, ne, or } from "drizzle-orm";
import { logActivity } from "../activity-log";
import type { Db } from "../db/client";
import { tokenKeyRings } from "../db/schema";
import { decryptToken, encryptToken, keyRingOf } from "./token-cipher";

const CANARY_TEXT = "anzeigenpilot-token-key-canary";
const CANARY_BOUND_TO = "token-key-canary";
const REPORT_EVERY_MS = 24 * 60 * 60 * 1000;

export const TOKEN_KEY_MISMATCH = "token_key_mismatch";

async function keyIdsOf(secret: string): Promise<string[]> {
  return (await keyRingOf(secret)).map(({ id }) => id);
}

/** Records the ring a token was just stored with (one upsert; the canary is made once per ring). */
export async function recordKeyRing(db: Db, secret: string, now = Date.now()): Promise<void> {
  const keyIds = (await keyIdsOf(secret)).join(",");
  await db
    .insert(tokenKeyRings)
    .values({ keyIds, canary: await encryptToken(secret, CANARY_TEXT, CANARY_BOUND_TO), firstSeenAt: now, lastWrittenAt: now })
    .onConflictDoUpdate({ target: tokenKeyRings.keyIds, set: { lastWrittenAt: now } });
}

export type KeyRingMismatch = {
  /** The recorded ring (key ids, oldest first). */
  keyIds: string[];
  /** The generator's ring. */
  generatorKeyIds: string[];
  /** Tokens stored with this ring's newest key cannot be read by the generator. */
  generatorCannotRead: boolean;
  /** The generator's newest key is missing from this ring: its tokens cannot be read by that Worker. */
  missingGeneratorKey: string | null;
};

/**
 * The cron's canary: every ring recorded since the generator's own ring was first used is checked
 * against it (older rows are rings both Workers have moved on from). Answers the mismatches found,
 * and logs those not reported in the last day.
 */
export async function checkKeyRings(db: Db, secret: string | undefined, now = Date.now()): Promise<KeyRingMismatch[]> {
  if (!secret) return [];
  const generatorKeyIds = await keyIdsOf(secret);
  const own = generatorKeyIds.join(",");
  const [ownRow] = await db.select().from(tokenKeyRings).where(eq(tokenKeyRings.keyIds, own));
  const others = await db
    .select()
    .from(tokenKeyRings)
    .where(and(ne(tokenKeyRings.keyIds, own), ownRow ? gte(tokenKeyRings.lastWrittenAt, ownRow.firstSeenAt) : undefined));

  const mismatches: (KeyRingMismatch & { reportedAt: number | null })[] = [];
  for (const row of others) {
    const keyIds = row.keyIds.split(",");
    const generatorCannotRead = await decryptToken(secret, row.canary, CANARY_BOUND_TO).then(
      (text) => text !== CANARY_TEXT,
      () => true,
    );
    // Only a ring recorded after the generator's own was used can be said to lack its newest key.
    const newest = generatorKeyIds[generatorKeyIds.length - 1];
    const missingGeneratorKey = ownRow && !keyIds.includes(newest) ? newest : null;
    if (generatorCannotRead || missingGeneratorKey)
      mismatches.push({ keyIds, generatorKeyIds, generatorCannotRead, missingGeneratorKey, reportedAt: row.reportedAt });
  }

  for (const { reportedAt, ...mismatch } of mismatches) {
    if (reportedAt !== null && reportedAt > now - REPORT_EVERY_MS) continue;
    await logActivity(db, { action: TOKEN_KEY_MISMATCH, details: mismatch });
    const keyIds = mismatch.keyIds.join(",");
    await db
      .update(tokenKeyRings)
      .set({ reportedAt: now })
      .where(
        and(eq(tokenKeyRings.keyIds, keyIds), or(isNull(tokenKeyRings.reportedAt), lt(tokenKeyRings.reportedAt, now - REPORT_EVERY_MS))),
      );
  }
  return mismatches.map(({ reportedAt: _reported, ...mismatch }) => mismatch);
}
