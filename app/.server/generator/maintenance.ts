// Scheduled housekeeping run by the generator Worker's cron trigger.
import { lt } from "drizzle-orm";
import { getDb } from "../db/client";
import { activityLogs, freeAdGrants, magicLinkTokens, openWaits, sessions } from "../db/schema";

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
