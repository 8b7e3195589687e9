// Kleinanzeigen's 60-day life (ADR 038): a few days before a listing expires the seller gets one
// mail that says "Verlängern" — never delete and post again, which Kleinanzeigen forbids as a
// duplicate. For listings published through the gateway and for links the seller entered by hand.
// Sent once per listing life (`expiry_reminder_sent_at`); claimed before sending, so two cron runs
// never send it twice, and released again when the mail provider fails.
import { and, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ads, listings, users } from "../../db/schema";
import type { Mailer } from "../../mail/types";
import { kleinanzeigenExpiryMail } from "../../mail/templates";

export const REMINDER_DAYS_BEFORE = 5;
const REMINDER_WINDOW_MS = REMINDER_DAYS_BEFORE * 24 * 60 * 60 * 1000;

export async function sendExpiryReminders(db: Db, mailer: Mailer, baseUrl: string, now = Date.now()) {
  const due = await db
    .select({
      id: listings.id,
      url: listings.url,
      expiresAt: listings.expiresAt,
      email: users.email,
      title: ads.optimizedTitle,
      itemName: ads.itemName,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .innerJoin(ads, eq(ads.id, listings.adId))
    .where(
      and(
        eq(listings.platform, "kleinanzeigen"),
        inArray(listings.status, ["live", "paused"]),
        isNotNull(listings.expiresAt),
        lte(listings.expiresAt, now + REMINDER_WINDOW_MS),
        isNull(listings.expiryReminderSentAt),
        isNull(ads.soldAt),
      ),
    )
    .limit(50);
  let sent = 0;
  for (const listing of due) {
    const claimed = await db
      .update(listings)
      .set({ expiryReminderSentAt: now, updatedAt: now })
      .where(and(eq(listings.id, listing.id), isNull(listings.expiryReminderSentAt)))
      .returning({ id: listings.id });
    if (claimed.length === 0) continue;
    const mail = kleinanzeigenExpiryMail({
      baseUrl,
      title: listing.title || listing.itemName,
      listingUrl: listing.url,
      expiresAt: listing.expiresAt!,
    });
    try {
      await mailer.send({ to: listing.email, ...mail, kind: "kleinanzeigen_expiry" });
      sent++;
    } catch (error) {
      await db.update(listings).set({ expiryReminderSentAt: null }).where(eq(listings.id, listing.id));
      console.warn(`expiry reminder for listing ${listing.id} not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { due: due.length, sent };
}
