// "Bei Kleinanzeigen veröffentlichen" (ADR 038), only on the dealer's click: the listing, one media
// ticket with a presigned upload per photo (the app's R2 bytes), then the publication with the
// dealer's imprint. Kleinanzeigen decides asynchronously; the row stays `publishing` until the
// generator's cron reads the outcome (status.ts). The row is claimed first, so a double click
// publishes once.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { ads, listings, type Ad, type User } from "../db/schema";
import type { EdgeCachePurge } from "../edge-cache/purge";
import { HttpError } from "../http/errors";
import { PublishError } from "../listings/publisher";
import { getOwnAd } from "../ads/queries";
import { modelKeyFor } from "../storage/photo-keys";
import type { KleinanzeigenClient } from "./client";
import { MEDIA_TYPES, type MediaType } from "./contract";
import { ensureImprint } from "./imprint";
import { listingBody } from "./listing-body";
import { apiDetails, kleinanzeigenRow, sourceOf, type ApiDetails } from "./listing-row";
import { reviewedAd, type KleinanzeigenReview } from "./review";

export const DEALERS_ONLY =
  "Direkt aus AnzeigenPilot bei Kleinanzeigen veröffentlichen gibt es nur für gewerbliche Händler. Als privater Verkäufer kopierst du Titel und Text und fügst sie bei Kleinanzeigen ein.";

/** The bytes Kleinanzeigen takes (JPEG or PNG): the original, or for a WebP its JPEG display copy. */
async function photoForUpload(bucket: R2Bucket, key: string): Promise<{ bytes: ArrayBuffer; type: MediaType } | null> {
  for (const candidate of [key, modelKeyFor(key)]) {
    const object = await bucket.get(candidate);
    if (!object) continue;
    const type = object.httpMetadata?.contentType ?? "";
    if ((MEDIA_TYPES as readonly string[]).includes(type)) return { bytes: await object.arrayBuffer(), type: type as MediaType };
  }
  return null;
}

/** Where the item is: the PLZ the seller gave for this ad (ADR 041), else the profile's. */
function itemZipCode(ad: Ad, user: User): string | null {
  for (const code of [ad.postalCode, user.postalCode]) if (code && /^\d{5}$/.test(code)) return code;
  return null;
}

/** Checks what the seller can fix before anything is sent (the review step asks the same). */
export function checkPublishable(user: User, ad: Ad) {
  if (user.businessType !== "commercial") throw new PublishError(DEALERS_ONLY, 409);
  if (!user.companyName)
    throw new PublishError("Bitte trage im Profil deinen Firmennamen ein – er steht als Impressum unter jeder Anzeige.", 422);
  if (!itemZipCode(ad, user)) {
    throw new PublishError(
      "Bitte trage bei der Anzeige oder im Profil eine fünfstellige Postleitzahl ein – Kleinanzeigen braucht sie als Standort der Anzeige.",
      422,
    );
  }
  if (ad.status !== "completed") throw new HttpError(409, "Die Anzeige ist noch nicht fertig.");
  if (ad.soldAt) throw new PublishError("Die Anzeige ist als verkauft markiert.", 409);
}

/** The record as the dealer reviewed it: every surface shows it from now on (the public page at once). */
async function saveReview(context: Pick<PublishContext, "db" | "purgeEdgeCache">, ad: Ad, changes: Partial<Ad>) {
  if (Object.keys(changes).length === 0) return;
  await context.db
    .update(ads)
    .set({ ...changes, updatedAt: Date.now() })
    .where(eq(ads.id, ad.id));
  await context.purgeEdgeCache([{ adId: ad.id }]);
}

/** Claims the ad's Kleinanzeigen row for this publication; refuses a second one (a duplicate). */
async function claimRow(db: Db, ad: Ad, user: User, priceCents: number) {
  const existing = await kleinanzeigenRow(db, ad.id);
  const now = Date.now();
  const fresh = {
    status: "publishing" as const,
    externalId: null,
    url: null,
    priceCents,
    startPriceCents: priceCents,
    publishedAt: null,
    expiresAt: null,
    expiryReminderSentAt: null,
    endedAt: null,
    lastError: null,
    details: {},
    updatedAt: now,
  };
  if (!existing) {
    const inserted = await db
      .insert(listings)
      .values({ id: crypto.randomUUID(), adId: ad.id, userId: user.id, platform: "kleinanzeigen", ...fresh, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted.length > 0) return inserted[0];
  } else if (existing.status === "failed" || existing.status === "ended") {
    const updated = await db
      .update(listings)
      .set(fresh)
      .where(and(eq(listings.id, existing.id), inArray(listings.status, ["failed", "ended"])))
      .returning();
    if (updated.length > 0) return updated[0];
  }
  const again = existing ?? (await kleinanzeigenRow(db, ad.id));
  if (again && sourceOf(again) === "link") {
    throw new PublishError(
      "Für diese Anzeige hast du schon einen Kleinanzeigen-Link eingetragen. Eine zweite Anzeige wäre ein Duplikat, das Kleinanzeigen nicht erlaubt.",
      409,
    );
  }
  throw new PublishError("Diese Anzeige ist bei Kleinanzeigen schon veröffentlicht oder wird gerade veröffentlicht.", 409);
}

export type PublishContext = { db: Db; photos: R2Bucket; client: KleinanzeigenClient; purgeEdgeCache: EdgeCachePurge };

/**
 * Publishes the ad as the dealer reviewed it (ADR 048). The review's changes are saved to the
 * ad's record once the row is claimed — a refused publication changes nothing.
 */
export async function publishToKleinanzeigen(context: PublishContext, user: User, adId: string, review: KleinanzeigenReview) {
  const { db, photos, client } = context;
  const stored = await getOwnAd(db, user.id, adId);
  checkPublishable(user, stored);
  const { ad, changes } = reviewedAd(stored, review);
  const body = listingBody(ad, user, review.category);
  const row = await claimRow(db, ad, user, Math.round(body.price.amount * 100));
  await saveReview(context, ad, changes);

  let listingUuid: string | null = null;
  try {
    const imprintUuid = await ensureImprint(db, client, user);
    listingUuid = await client.createListing(body);
    for (const key of ad.imageUrls) {
      const photo = await photoForUpload(photos, key);
      if (!photo) continue;
      const ticket = await client.requestMediaTicket(photo.type);
      await client.uploadMedia(ticket.signedPutUrl, photo.bytes, photo.type);
      await client.addMedia(listingUuid, ticket.ticketUuid);
    }
    const publicationUuid = await client.createPublication(listingUuid, { imprintUuid, location: { zipCode: itemZipCode(ad, user)! } });
    const details: ApiDetails = {
      source: "api",
      listingUuid,
      publicationUuid,
      imprintUuid,
      priceType: body.price.type,
      category: body.category,
    };
    const [published] = await db
      .update(listings)
      .set({ externalId: listingUuid, details, updatedAt: Date.now() })
      .where(eq(listings.id, row.id))
      .returning();
    return published;
  } catch (error) {
    // Nothing half-made stays at Kleinanzeigen; the row keeps the reason for the seller.
    if (listingUuid) await client.deleteListing(listingUuid).catch(() => undefined);
    const message =
      error instanceof PublishError ? error.message : "Die Veröffentlichung bei Kleinanzeigen ist fehlgeschlagen. Versuch es noch einmal.";
    await db.update(listings).set({ status: "failed", lastError: message, updatedAt: Date.now() }).where(eq(listings.id, row.id));
    throw error instanceof PublishError ? error : new PublishError(message, 502);
  }
}

/**
 * "Änderungen an Kleinanzeigen senden": the ad's current text, photos' order aside, and price go to
 * the live listing, which Kleinanzeigen then republishes (asynchronously; the listing stays online).
 */
export async function updateOnKleinanzeigen(context: { db: Db; client: KleinanzeigenClient }, user: User, adId: string) {
  const { db, client } = context;
  const ad = await getOwnAd(db, user.id, adId);
  const row = await kleinanzeigenRow(db, ad.id);
  const ids = row ? apiDetails.safeParse(row.details) : null;
  if (!row || !ids?.success || (row.status !== "live" && row.status !== "paused")) {
    throw new PublishError(
      "Diese Anzeige ist nicht über AnzeigenPilot bei Kleinanzeigen online. Änderungen an selbst eingestellten Anzeigen machst du bei Kleinanzeigen.",
      409,
    );
  }
  const { customReference: _reference, ...body } = listingBody(ad, user, ids.data.category);
  await client.updateListing(ids.data.listingUuid, body);
  await client.republish(ids.data.listingUuid, ids.data.publicationUuid);
  const priceCents = Math.round(body.price.amount * 100);
  const details: ApiDetails = { ...ids.data, priceType: body.price.type };
  const [updated] = await db
    .update(listings)
    .set({ priceCents, details, lastError: null, updatedAt: Date.now() })
    .where(eq(listings.id, row.id))
    .returning();
  return updated;
}
