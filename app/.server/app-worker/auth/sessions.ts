// Sessions live in D1 (sid, sess, expire). The client holds a random token; the row's sid is its
// SHA-256, so the table alone cannot be used to sign in. 30 days, sliding.
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { SESSION_TTL_MS } from "./cookie";
import { sha256Hex } from "../../crypto/hex";
import { randomToken } from "../../crypto/tokens";
import { tokenSchema } from "../../../lib/auth";

/** Sliding expiry is written at most once a day per session, not on every request. */
const SLIDE_AFTER_MS = 24 * 60 * 60 * 1000;

/** The session row's key for a token: its SHA-256, so that the table alone signs nobody in. */
export function sessionId(token: string): Promise<string> {
  return sha256Hex(token);
}

export async function createSession(db: Db, userId: string, meta: { userAgent: string | null }) {
  const token = randomToken();
  const now = Date.now();
  await db.insert(sessions).values({
    sid: await sessionId(token),
    userId,
    expire: now + SESSION_TTL_MS,
    sess: JSON.stringify({ userId, createdAt: now, userAgent: meta.userAgent }),
  });
  return token;
}

/**
 * The signed-in user for a session token, or null. `refreshed` says the expiry slid forward,
 * so the caller should renew the cookie; `sid` names the session (a wait re-checks it, ADR 066).
 */
export async function getSessionUser(db: Db, token: string | null, now = Date.now()) {
  if (!token || !tokenSchema.safeParse(token).success) return null;
  const sid = await sessionId(token);
  const [row] = await db
    .select({ user: users, expire: sessions.expire })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, now)));
  if (!row) return null;
  const refreshed = row.expire - now < SESSION_TTL_MS - SLIDE_AFTER_MS;
  if (refreshed)
    await db
      .update(sessions)
      .set({ expire: now + SESSION_TTL_MS })
      .where(eq(sessions.sid, sid));
  return { user: row.user, refreshed, sid };
}

export async function destroySession(db: Db, token: string | null) {
  if (!token || !tokenSchema.safeParse(token).success) return null;
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.sid, await sessionId(token)))
    .returning({ userId: sessions.userId });
  return row?.userId ?? null;
}

/** Ends every session of a user ("Auf allen Geräten abmelden"); answers how many there were. */
export async function destroyAllSessions(db: Db, userId: string): Promise<number> {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ sid: sessions.sid });
  return rows.length;
}
