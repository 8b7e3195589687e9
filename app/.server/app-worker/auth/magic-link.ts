// Magic-link sign-in (docs/PRODUCT.md, "Accounts and sign-in"; ADR 005): 32 random bytes, stored as SHA-256, single use,
// 15 minutes. A request answers the same whether or not the address has an account.
import { and, eq, gt, isNull } from "drizzle-orm";
import { logActivity, type RequestMeta } from "../../activity-log";
import type { Db } from "../../db/client";
import { magicLinkTokens } from "../../db/schema";
import type { Config } from "../env";
import { HttpError } from "../../http-error";
import { getMailer } from "../../mail/mailer";
import { magicLinkMail } from "../../mail/templates";
import { tokenSchema } from "../../../lib/auth";
import { sha256Hex } from "../../crypto/hex";
import { randomToken } from "../../crypto/tokens";
import { createSession } from "./sessions";
import { findOrCreateUser } from "./users";

export const MAGIC_LINK_TTL_MINUTES = 15;

export const AUTH_MESSAGES = {
  linkSent: "Magic Link wurde gesendet! Prüfen Sie Ihre E-Mails.",
  linkInLocalOutbox:
    "Anmeldelink erstellt. Dieser lokale Server verschickt keine E-Mails: Der Link liegt im Postausgang, den nur der Rechner öffnen kann, auf dem der Server läuft (/dev/outbox).",
  demo: "Demo-Modus: Automatisch eingeloggt!",
  mailFailed: "Fehler beim Senden der E-Mail",
  invalidLink: "Ungültiger Anmeldelink. Bitte fordere einen neuen an.",
  expiredLink: "Dieser Anmeldelink ist abgelaufen. Bitte fordere einen neuen an.",
  usedLink: "Dieser Anmeldelink wurde bereits verwendet. Bitte fordere einen neuen an.",
  welcomeNew: "Willkommen! Ihr Account wurde erstellt.",
  welcomeBack: "Erfolgreich angemeldet!",
} as const;

type Context = { db: Db; config: Config; meta: RequestMeta };

async function signIn({ db, config, meta }: Context, email: string) {
  const { user, isNewUser } = await findOrCreateUser(db, email, config.ADMIN_EMAILS, config.SESSION_SECRET);
  const token = await createSession(db, user.id, { userAgent: meta.userAgent });
  await logActivity(db, { action: "login", userId: user.id, email: user.email, meta, details: { isNewUser } });
  return { user, isNewUser, token };
}

export type MagicLinkRequestResult =
  { demo: true; message: string; token: string; isNewUser: boolean } | { demo?: undefined; message: string };

/**
 * `mode` is how this request is answered: the configured mail mode, except that demo mode serves
 * only this machine (`signInMailMode`, endpoint/local-peer.ts, ADR 067).
 */
export async function requestMagicLink(
  context: Context,
  email: string,
  mode: Config["MAIL_MODE"] = context.config.MAIL_MODE,
): Promise<MagicLinkRequestResult> {
  const { db, config, meta } = context;
  await logActivity(db, { action: "magic_link_requested", email, meta, details: { mode } });

  const mailer = getMailer({ ...config, MAIL_MODE: mode }, db);
  if (!mailer) {
    // Demo mode (docs/PRODUCT.md, "Accounts and sign-in"): no mail; the visitor is signed in at once.
    const { token, isNewUser } = await signIn(context, email);
    return { demo: true, message: AUTH_MESSAGES.demo, token, isNewUser };
  }

  const token = randomToken();
  const id = crypto.randomUUID();
  // A new link replaces the older unused ones of this address.
  await db
    .update(magicLinkTokens)
    .set({ usedAt: Date.now() })
    .where(and(eq(magicLinkTokens.email, email), isNull(magicLinkTokens.usedAt)));
  await db.insert(magicLinkTokens).values({
    id,
    email,
    tokenHash: await sha256Hex(token),
    expiresAt: Date.now() + MAGIC_LINK_TTL_MINUTES * 60_000,
  });
  const mail = magicLinkMail({ baseUrl: config.PUBLIC_BASE_URL, token, validMinutes: MAGIC_LINK_TTL_MINUTES });
  try {
    await mailer.send({ to: email, subject: mail.subject, html: mail.html, text: mail.text, kind: "magic_link" });
  } catch (error) {
    // An unsent link must not stay valid.
    await db.delete(magicLinkTokens).where(eq(magicLinkTokens.id, id));
    console.error("magic link mail failed", error);
    throw new HttpError(502, AUTH_MESSAGES.mailFailed);
  }
  return { message: mode === config.MAIL_MODE ? AUTH_MESSAGES.linkSent : AUTH_MESSAGES.linkInLocalOutbox };
}

/** The unused token's row, or the German error a verification would give. Uses nothing up. */
async function liveTokenRow(db: Db, token: string) {
  if (!tokenSchema.safeParse(token).success) throw new HttpError(400, AUTH_MESSAGES.invalidLink);
  const [row] = await db
    .select()
    .from(magicLinkTokens)
    .where(eq(magicLinkTokens.tokenHash, await sha256Hex(token)));
  if (!row) throw new HttpError(400, AUTH_MESSAGES.invalidLink);
  if (row.usedAt) throw new HttpError(410, AUTH_MESSAGES.usedLink);
  if (row.expiresAt <= Date.now()) throw new HttpError(410, AUTH_MESSAGES.expiredLink);
  return row;
}

/**
 * Which address a link signs in, for the confirmation page ("Als name@… anmelden?"). Opening a
 * link never signs in by itself, so a link another site navigates a visitor to cannot switch
 * their account (login CSRF).
 */
export async function describeMagicLink(context: Pick<Context, "db">, token: string) {
  return { email: (await liveTokenRow(context.db, token)).email };
}

export async function verifyMagicLink(context: Context, token: string) {
  const { db } = context;
  if (!tokenSchema.safeParse(token).success) throw new HttpError(400, AUTH_MESSAGES.invalidLink);
  const tokenHash = await sha256Hex(token);
  const now = Date.now();
  // One statement claims the token, so two clicks at once cannot both sign in.
  const [claimed] = await db
    .update(magicLinkTokens)
    .set({ usedAt: now })
    .where(and(eq(magicLinkTokens.tokenHash, tokenHash), isNull(magicLinkTokens.usedAt), gt(magicLinkTokens.expiresAt, now)))
    .returning({ email: magicLinkTokens.email });
  if (!claimed) {
    const [row] = await db.select().from(magicLinkTokens).where(eq(magicLinkTokens.tokenHash, tokenHash));
    if (!row) throw new HttpError(400, AUTH_MESSAGES.invalidLink);
    throw new HttpError(410, row.usedAt ? AUTH_MESSAGES.usedLink : AUTH_MESSAGES.expiredLink);
  }
  const { token: sessionToken, isNewUser } = await signIn(context, claimed.email);
  return {
    isNewUser,
    token: sessionToken,
    message: isNewUser ? AUTH_MESSAGES.welcomeNew : AUTH_MESSAGES.welcomeBack,
  };
}
