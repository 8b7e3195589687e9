// /api auth routes: magic link, verification, current user, login and logout.
import type { Context } from "hono";
import { z } from "zod";
import { magicLinkRequestSchema } from "../../../lib/auth";
import { logActivity, requestMeta } from "../../activity-log";
import type { AuthedBindings } from "../endpoint/require-user";
import { getDb } from "../../db/client";
import { getConfig } from "../env";
import { clientAddress } from "../endpoint/client";
import { signInMailMode } from "../endpoint/local-peer";
import { endpoint, json, JSON_BODY_LIMIT, messageSchema } from "../endpoint/endpoint";
import { HttpError, MESSAGES } from "../../http-error";
import { clearedSessionCookie, readSessionToken, sessionCookie } from "../auth/cookie";
import { AUTH_MESSAGES, describeMagicLink, requestMagicLink, verifyMagicLink } from "../auth/magic-link";
import { mailboxOf } from "../auth/mailbox";
import { destroyAllSessions, destroySession, getSessionUser } from "../auth/sessions";
import { publicUserSchema, toPublicUser } from "../auth/users";

const tokenField = z
  .string({ error: AUTH_MESSAGES.invalidLink })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: AUTH_MESSAGES.invalidLink })
  .meta({ description: "Token aus dem Magic Link", examples: ["kqEvX0yH8yO3f0tAbLJx3N0Wm4m9ZrR6y5n2d1c7o8s"] });
export const verifyQuerySchema = z.object({ token: tokenField });
export const verifyBodySchema = z.object({ token: tokenField }).strict();
export const logoutSchema = z.object({ everywhere: z.boolean().optional() }).strict();

const signedIn = z.object({ isNewUser: z.boolean(), token: z.string().describe("Sitzungstoken (Bearer)"), message: z.string() });
const magicLinkAnswer = z.union([signedIn.extend({ demo: z.literal(true) }), messageSchema]);

function crossSiteNavigation(site: string | undefined) {
  return Boolean(site && site !== "same-origin" && site !== "none");
}

/** Looking up and redeeming links share one count per client address. */
const verifyLimit = {
  limiter: "MAGIC_LINK_IP_LIMITER",
  per: "je Adresse",
  key: (c: Context<AuthedBindings>) => `verify:${clientAddress(c.req.raw, getConfig(c.env))}`,
} as const;

export const AUTH_ENDPOINTS = [
  endpoint({
    method: "post",
    path: "/api/send-magic-link",
    summary: "Magic Link anfordern (Demo-Modus: sofort angemeldet)",
    auth: "none",
    body: { type: "json", schema: magicLinkRequestSchema, maxBytes: JSON_BODY_LIMIT },
    responses: {
      200: json("Link gesendet, oder im Demo-Modus angemeldet", magicLinkAnswer),
      429: "zu viele Anfragen",
      502: "E-Mail konnte nicht gesendet werden",
    },
    // Per client address before the body is read; per mailbox once it is (`+tag` and Gmail's dots
    // reach the same inbox, so they share one count).
    rateLimit: [
      { limiter: "MAGIC_LINK_IP_LIMITER", per: "je Adresse", key: (c) => `ip:${clientAddress(c.req.raw, getConfig(c.env))}` },
      { limiter: "MAGIC_LINK_EMAIL_LIMITER", per: "je Postfach", keyFromBody: (_c, { body }) => `email:${mailboxOf(body.email)}` },
    ],
    handler: async (c, { body }) => {
      const { email } = await body();
      const config = getConfig(c.env);
      const context = { db: getDb(c.env.DB), config, meta: requestMeta(c.req.raw) };
      const result = await requestMagicLink(context, email, signInMailMode(c.req.raw, config));
      if (result.demo) c.header("Set-Cookie", sessionCookie(result.token));
      return c.json(result, 200);
    },
  }),
  // The confirmation page asks which address a link is for; nothing is used up or signed in.
  endpoint({
    method: "get",
    path: "/api/magic-link-info",
    summary: "Für welche Adresse ein Magic Link gilt (für die Bestätigungsseite; verbraucht nichts)",
    auth: "none",
    query: verifyQuerySchema,
    responses: {
      200: json("Adresse des Links", z.object({ email: z.string().email() })),
      410: "abgelaufen oder benutzt",
      429: "zu viele Anfragen",
    },
    cacheControl: "private, no-store",
    rateLimit: verifyLimit,
    handler: async (c, { query }) => c.json(await describeMagicLink({ db: getDb(c.env.DB) }, query.token), 200),
  }),
  // Signing in is a POST from our own page after the visitor confirmed the address: the API's
  // cross-site check refuses it from any other site, and merely opening a link does nothing.
  endpoint({
    method: "post",
    path: "/api/verify-magic-link",
    summary: "Magic Link einlösen (nach Bestätigung auf /auth/verify; nur von dieser Seite)",
    auth: "none",
    body: { type: "json", schema: verifyBodySchema, maxBytes: JSON_BODY_LIMIT },
    responses: { 200: json("angemeldet", signedIn), 410: "abgelaufen oder benutzt", 429: "zu viele Anfragen" },
    rateLimit: verifyLimit,
    handler: async (c, { body }) => {
      if (crossSiteNavigation(c.req.header("Sec-Fetch-Site"))) throw new HttpError(403, MESSAGES.crossSite);
      const { token } = await body();
      const result = await verifyMagicLink({ db: getDb(c.env.DB), config: getConfig(c.env), meta: requestMeta(c.req.raw) }, token);
      c.header("Set-Cookie", sessionCookie(result.token));
      return c.json(result, 200);
    },
  }),
  endpoint({
    method: "get",
    path: "/api/auth/user",
    summary: "Angemeldeter Nutzer (Cookie oder Bearer)",
    auth: "session",
    responses: { 200: json("Nutzer", publicUserSchema) },
    cacheControl: "private, no-store",
    handler: (c, { user }) => c.json(toPublicUser(user), 200),
  }),
  endpoint({
    method: "get",
    path: "/api/login",
    summary: "Zur Startseite mit geöffnetem Anmeldedialog",
    auth: "none",
    responses: { 302: "Weiterleitung zu /?login=1" },
    handler: (c) => c.redirect("/?login=1", 302),
  }),
  // GET /api/logout: a link on another site must not sign a visitor out, so only a
  // navigation from our own pages (or typed by the visitor) ends the session.
  endpoint({
    method: "get",
    path: "/api/logout",
    summary: "Abmelden (Sitzung beenden; nur von eigenen Seiten)",
    auth: "none",
    responses: { 302: "Weiterleitung zu /" },
    handler: async (c) => {
      if (crossSiteNavigation(c.req.header("Sec-Fetch-Site"))) return c.redirect("/", 302);
      const db = getDb(c.env.DB);
      const userId = await destroySession(db, readSessionToken(c.req.raw.headers));
      if (userId) await logActivity(db, { action: "logout", userId, meta: requestMeta(c.req.raw) });
      c.header("Set-Cookie", clearedSessionCookie());
      return c.redirect("/", 302);
    },
  }),
  // POST /api/logout (behind the API's cross-site check): this session, or with
  // `{ "everywhere": true }` every session of the account ("Auf allen Geräten abmelden").
  endpoint({
    method: "post",
    path: "/api/logout",
    summary: "Abmelden; mit { everywhere: true } auf allen Geräten",
    auth: "none",
    body: { type: "json", schema: logoutSchema, maxBytes: JSON_BODY_LIMIT, optional: true },
    responses: { 200: json("abgemeldet", messageSchema) },
    handler: async (c, { body }) => {
      const { everywhere } = await body();
      const db = getDb(c.env.DB);
      const token = readSessionToken(c.req.raw.headers);
      const session = await getSessionUser(db, token);
      if (session && everywhere) {
        const ended = await destroyAllSessions(db, session.user.id);
        await logActivity(db, {
          action: "logout",
          userId: session.user.id,
          meta: requestMeta(c.req.raw),
          details: { everywhere: true, sessions: ended },
        });
      } else {
        const userId = await destroySession(db, token);
        if (userId) await logActivity(db, { action: "logout", userId, meta: requestMeta(c.req.raw) });
      }
      c.header("Set-Cookie", clearedSessionCookie());
      return c.json({ message: everywhere ? "Auf allen Geräten abgemeldet." : "Abgemeldet." }, 200);
    },
  }),
];
