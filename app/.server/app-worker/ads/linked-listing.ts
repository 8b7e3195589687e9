// A Kleinanzeigen link the seller entered by hand ("Wo ist die Anzeige online?") becomes the ad's
// Kleinanzeigen `listings` row (`details.source` "link"), so the 60-day reminder covers ads posted
// by hand too (ADR 038). A listing published through the gateway is never replaced by a link.
import { and, eq, sql } from "drizzle-orm";
import { marketplaceOf } from "../../../lib/listing-url";
import type { Db } from "../../db/client";
import { listings } from "../../db/schema";
import { KLEINANZEIGEN_LIFETIME_MS, kleinanzeigenRow, sourceOf } from "../../kleinanzeigen/listing-row";

export async function syncLinkedListing(db: Db, ad: { id: string; userId: string }, listingUrl: string | null, now = Date.now()) {
  const existing = await kleinanzeigenRow(db, ad.id);
  if (existing && sourceOf(existing) !== "link") return;
  if (!listingUrl || marketplaceOf(listingUrl) !== "kleinanzeigen") {
    await db
      .delete(listings)
      .where(
        and(eq(listings.adId, ad.id), eq(listings.platform, "kleinanzeigen"), sql`json_extract(${listings.details}, '$.source') = 'link'`),
      );
    return;
  }
  if (existing?.url === listingUrl) return;
  // A new link is a new listing at Kleinanzeigen: its 60 days start now.
  const life = {
    status: "live" as const,
    url: listingUrl,
    publishedAt: now,
    expiresAt: now + KLEINANZEIGEN_LIFETIME_MS,
    expiryReminderSentAt: null,
    lastError: null,
    details: { source: "link" },
    updatedAt: now,
  };
  if (existing) await db.update(listings).set(life).where(eq(listings.id, existing.id));
  else
    await db
      .insert(listings)
      .values({ id: crypto.randomUUID(), adId: ad.id, userId: ad.userId, platform: "kleinanzeigen", ...life, createdAt: now })
      .onConflictDoNothing();
}
