// /api auth routes: magic link, verification, current user, login and logout.
import { z } from "zod";
import { requestMeta, logActivity } from "../activity/log";
import { getDb } from "../db/client";
import { getConfig } from "../env";
import { HttpError, MESSAGES } from "../http/errors";
import { createRouter, validate } from "../http/router";
import { magicLinkRequestSchema } from "../../lib/auth";
import { clearedSessionCookie, readSessionToken, sessionCookie } from "./cookie";
import { AUTH_MESSAGES, describeMagicLink, requestMagicLink, verifyMagicLink } from "./magic-link";
import { enforceRateLimit } from "./rate-limit";
import { destroyAllSessions, destroySession, getSessionUser } from "./sessions";
import { toPublicUser } from "./users";

const tokenField = z.string({ error: AUTH_MESSAGES.invalidLink }).max(200, { error: AUTH_MESSAGES.invalidLink });
export const verifyQuerySchema = z.object({ token: tokenField });
export const verifyBodySchema = z.object({ token: tokenField }).strict();
export const logoutSchema = z.object({ everywhere: z.boolean().optional() }).strict();

export function createAuthRouter() {
  const router = createRouter();

  router.post("/send-magic-link", validate("json", magicLinkRequestSchema), async (c) => {
    const { email } = c.req.valid("json");
    const ip = c.req.header("CF-Connecting-IP") ?? "unknown";
    await enforceRateLimit(c.env.MAGIC_LINK_IP_LIMITER, `ip:${ip}`);
    await enforceRateLimit(c.env.MAGIC_LINK_EMAIL_LIMITER, `email:${email}`);
    const result = await requestMagicLink(
      { db: getDb(c.env.DB), config: getConfig(c.env), meta: requestMeta(c.req.raw) },
      email,
    );
    if (result.demo) c.header("Set-Cookie", sessionCookie(result.token));
    return c.json(result);
  });

  // The confirmation page asks which address a link is for; nothing is used up or signed in.
  router.get("/magic-link-info", validate("query", verifyQuerySchema), async (c) => {
    const ip = c.req.header("CF-Connecting-IP") ?? "unknown";
    await enforceRateLimit(c.env.MAGIC_LINK_IP_LIMITER, `verify:${ip}`);
    c.header("Cache-Control", "private, no-store");
    return c.json(await describeMagicLink({ db: getDb(c.env.DB) }, c.req.valid("query").token));
  });

  // Signing in is a POST from our own page after the visitor confirmed the address: the API's
  // cross-site check refuses it from any other site, and merely opening a link does nothing.
  router.post("/verify-magic-link", validate("json", verifyBodySchema), async (c) => {
    const site = c.req.header("Sec-Fetch-Site");
    if (site && site !== "same-origin" && site !== "none") throw new HttpError(403, MESSAGES.crossSite);
    const ip = c.req.header("CF-Connecting-IP") ?? "unknown";
    await enforceRateLimit(c.env.MAGIC_LINK_IP_LIMITER, `verify:${ip}`);
    const result = await verifyMagicLink(
      { db: getDb(c.env.DB), config: getConfig(c.env), meta: requestMeta(c.req.raw) },
      c.req.valid("json").token,
    );
    c.header("Set-Cookie", sessionCookie(result.token));
    return c.json(result);
  });

  router.get("/auth/user", async (c) => {
    const token = readSessionToken(c.req.raw.headers);
    const session = await getSessionUser(getDb(c.env.DB), token);
    if (!session) throw new HttpError(401, MESSAGES.unauthorized);
    if (session.refreshed && token) c.header("Set-Cookie", sessionCookie(token));
    c.header("Cache-Control", "private, no-store");
    return c.json(toPublicUser(session.user));
  });

  router.get("/login", (c) => c.redirect("/?login=1", 302));

  // GET /api/logout (spec): a link on another site must not sign a visitor out, so only a
  // navigation from our own pages (or typed by the visitor) ends the session.
  router.get("/logout", async (c) => {
    const site = c.req.header("Sec-Fetch-Site");
    if (site && site !== "same-origin" && site !== "none") return c.redirect("/", 302);
    const db = getDb(c.env.DB);
    const userId = await destroySession(db, readSessionToken(c.req.raw.headers));
    if (userId) await logActivity(db, { action: "logout", userId, meta: requestMeta(c.req.raw) });
    c.header("Set-Cookie", clearedSessionCookie());
    return c.redirect("/", 302);
  });

  // POST /api/logout (behind the API's cross-site check): this session, or with
  // `{ "everywhere": true }` every session of the account ("Auf allen Geräten abmelden").
  router.post("/logout", async (c) => {
    const raw = await c.req.text();
    let parsed: unknown = {};
    try {
      if (raw) parsed = JSON.parse(raw);
    } catch {
      throw new HttpError(400, MESSAGES.invalidJson);
    }
    const body = logoutSchema.safeParse(parsed);
    if (!body.success) throw new HttpError(400, MESSAGES.invalidInput);
    const db = getDb(c.env.DB);
    const token = readSessionToken(c.req.raw.headers);
    const session = await getSessionUser(db, token);
    if (session && body.data.everywhere) {
      const ended = await destroyAllSessions(db, session.user.id);
      await logActivity(db, { action: "logout", userId: session.user.id, meta: requestMeta(c.req.raw), details: { everywhere: true, sessions: ended } });
    } else {
      const userId = await destroySession(db, token);
      if (userId) await logActivity(db, { action: "logout", userId, meta: requestMeta(c.req.raw) });
    }
    c.header("Set-Cookie", clearedSessionCookie());
    return c.json({ message: body.data.everywhere ? "Auf allen Geräten abgemeldet." : "Abgemeldet." });
  });

  return router;
}
