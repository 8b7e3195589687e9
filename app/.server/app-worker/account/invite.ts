// Referral invites: a German mail through the mail adapter, and a record of who invited whom.
import { and, gt, inArray, sql } from "drizzle-orm";
import type { RequestMeta } from "../../activity-log";
import { logActivity } from "../../activity-log";
import { mailboxOf, sameMailboxDomains } from "../auth/mailbox";
import type { Db } from "../../db/client";
import { invites, type User } from "../../db/schema";
import type { Config } from "../env";
import { HttpError } from "../../http-error";
import { getMailer } from "../../mail/mailer";
import type { Mailer } from "../../mail/types";
import { createOutboxMailer } from "../../mail/outbox";
import { inviteMail } from "../../mail/templates";
import { firstNameSchema } from "../../../lib/profile";

/** Invites one address may receive per day, from everyone together (no mail-bombing through us). */
export const INVITES_PER_RECIPIENT_PER_DAY = 2;

/**
 * Invites sent to this mailbox in the last 24 hours, counted by mailbox (`+tag` removed, Gmail dots
 * ignored), so `victim+1@…` is the same recipient as `victim@…`.
 */
async function recentInvitesTo(db: Db, email: string): Promise<number> {
  const target = mailboxOf(email);
  const domain = email.trim().toLowerCase().split("@")[1] ?? "";
  const rows = await db
    .select({ email: invites.email })
    .from(invites)
    .where(
      and(
        gt(invites.createdAt, Date.now() - 24 * 60 * 60 * 1000),
        inArray(sql`lower(substr(${invites.email}, instr(${invites.email}, '@') + 1))`, sameMailboxDomains(domain)),
      ),
    );
  return rows.filter((row) => mailboxOf(row.email) === target).length;
}

export async function sendInvite(context: { db: Db; config: Config; meta: RequestMeta }, inviter: User, email: string) {
  if (email === inviter.email) throw new HttpError(400, "Du kannst dich nicht selbst einladen.");
  if ((await recentInvitesTo(context.db, email)) >= INVITES_PER_RECIPIENT_PER_DAY)
    throw new HttpError(429, "Diese Adresse wurde heute schon eingeladen. Bitte versuche es morgen wieder.");
  // Demo mode sends no mail at all; the invite is kept in the outbox table instead.
  const mailer: Mailer = getMailer(context.config, context.db) ?? createOutboxMailer(context.db);
  // Only a first name the profile would take today (one stored before its rules is left out), never
  // the address: a mail to someone else carries no link or domain the inviter chose.
  const inviterName = firstNameSchema.safeParse(inviter.firstName ?? "").success ? inviter.firstName : null;
  const mail = inviteMail({ baseUrl: context.config.PUBLIC_BASE_URL, inviterName });
  try {
    await mailer.send({ to: email, ...mail, kind: "invite" });
  } catch (error) {
    console.error("invite mail failed", error);
    throw new HttpError(502, "Fehler beim Senden der Einladung");
  }
  await context.db.insert(invites).values({ id: crypto.randomUUID(), inviterId: inviter.id, email });
  await logActivity(context.db, { action: "invite_sent", userId: inviter.id, email: inviter.email, meta: context.meta });
}
