// The Kleinanzeigen part of the generator's scheduled housekeeping (generator/housekeeping.ts): end the
// listings of sold ads (ADR 048), settle rows stuck in `publishing` (ADR 047), follow the
// publication status of fresh listings, then remind sellers of expiring ones (ADR 038, ADR 039).
import { getDb } from "../../db/client";
import type { GeneratorConfig } from "../env";
import { getMailer } from "../../mail/mailer";
import { createKleinanzeigenClient } from "../../kleinanzeigen/client";
import { sendExpiryReminders } from "./expiry";
import { endSoldListings } from "./sold";
import { kleinanzeigenAccess } from "../../kleinanzeigen/settings";
import { followPublications } from "./status";
import { sweepStuckKleinanzeigenListings } from "./sweep";

export async function kleinanzeigenHousekeeping(d1: D1Database, config: GeneratorConfig, now = Date.now()) {
  const db = getDb(d1);
  const access = kleinanzeigenAccess(config);
  const client = access ? createKleinanzeigenClient(access) : null;
  // Sold first: a sold ad's publication is ended, never turned live by the status run after it.
  const sold = client ? await endSoldListings(db, client, now) : null;
  // Then the sweep: a publication it finds is followed in the same run.
  const swept = client ? await sweepStuckKleinanzeigenListings(db, client, now) : null;
  const status = client ? await followPublications(db, client, now) : null;
  // MAIL_MODE=demo sends no mail at all (local only; production requires http).
  const mailer = getMailer(config, db);
  const reminders = mailer ? await sendExpiryReminders(db, mailer, config.PUBLIC_BASE_URL, now) : null;
  return { sold, swept, status, reminders };
}
