// Scheduled housekeeping run by the generator Worker's cron trigger.
import { lt } from "drizzle-orm";
import { getDb } from "../db/client";
import { activityLogs, magicLinkTokens, sessions } from "../db/schema";

export const LOG_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

export async function purgeExpiredData(d1: D1Database, now = Date.now()) {
  const db = getDb(d1);
  const [expiredSessions, expiredTokens, oldLogs] = await db.batch([
    db.delete(sessions).where(lt(sessions.expire, now)),
    db.delete(magicLinkTokens).where(lt(magicLinkTokens.expiresAt, now)),
    db.delete(activityLogs).where(lt(activityLogs.createdAt, now - LOG_RETENTION_MS)),
  ]);
  return {
    sessions: expiredSessions.meta.changes,
    magicLinkTokens: expiredTokens.meta.changes,
    activityLogs: oldLogs.meta.changes,
  };
}
