// Scheduled housekeeping run by the generator Worker's cron trigger.
import { inArray, lt } from "drizzle-orm";
import { getDb } from "../db/client";
import { activityLogs, freeAdGrants, magicLinkTokens, openWaits, photoUploads, sessions } from "../db/schema";
import { deletePhotos } from "../storage/photos";
import { UPLOAD_RETENTION_MS } from "../../lib/photo-limits";

export const LOG_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
/** How long an address's free-ad record is kept (abuse prevention; Datenschutz). */
export const FREE_AD_RETENTION_MS = 2 * 365 * 24 * 60 * 60 * 1000;

export async function purgeExpiredData(d1: D1Database, now = Date.now()) {
  const db = getDb(d1);
  const [expiredSessions, expiredTokens, oldLogs, oldGrants, endedWaits] = await db.batch([
    db.delete(sessions).where(lt(sessions.expire, now)),
    db.delete(magicLinkTokens).where(lt(magicLinkTokens.expiresAt, now)),
    db.delete(activityLogs).where(lt(activityLogs.createdAt, now - LOG_RETENTION_MS)),
    db.delete(freeAdGrants).where(lt(freeAdGrants.createdAt, now - FREE_AD_RETENTION_MS)),
    // Places of dashboard waits whose isolate ended before it could give them back (ADR 066).
    db.delete(openWaits).where(lt(openWaits.expiresAt, now)),
  ]);
  return {
    sessions: expiredSessions.meta.changes,
    magicLinkTokens: expiredTokens.meta.changes,
    activityLogs: oldLogs.meta.changes,
    freeAdGrants: oldGrants.meta.changes,
    openWaits: endedWaits.meta.changes,
  };
}

/** How many abandoned uploads one run deletes (each photo is three R2 keys; R2 deletes up to 1,000 at once). */
const UPLOAD_SWEEP_BATCH = 100;

/**
 * Photos uploaded for an ad that was never created (ADR 082): their objects first, then their rows,
 * so a failed run leaves rows that point to what is left and the next run tries again.
 */
export async function sweepAbandonedUploads(d1: D1Database, photos: R2Bucket, now = Date.now()): Promise<number> {
  const db = getDb(d1);
  const old = await db
    .select({ key: photoUploads.key })
    .from(photoUploads)
    .where(lt(photoUploads.createdAt, now - UPLOAD_RETENTION_MS))
    .limit(UPLOAD_SWEEP_BATCH);
  if (old.length === 0) return 0;
  const keys = old.map((row) => row.key);
  await deletePhotos(photos, keys);
  await db.delete(photoUploads).where(inArray(photoUploads.key, keys));
  return keys.length;
}
