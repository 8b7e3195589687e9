// "Bei Kleinanzeigen veröffentlichen" (ADR 038), only on the dealer's click: the listing, one media
// ticket with a presigned upload per photo (the app's R2 bytes), then the publication with the
// dealer's imprint. Kleinanzeigen decides asynchronously; the row stays `publishing` until the
// generator's cron reads the outcome (status.ts). The row is claimed first, so a double click
// publishes once; the listing uuid is stored the moment Kleinanzeigen names it, and a request that
// gets no answer leaves the row to the cron's sweep (sweep.ts, ADR 047).
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ads, listings, type Ad, type User } from "../../db/schema";
import type { EdgeCachePurge } from "../edge-cache/purge";
import { HttpError } from "../../http-error";
import { claimListingRow } from "../../publishing/claim";
import { NoAnswerError, PublishError } from "../../publishing/publisher";
import { getOwnAd } from "../ads/queries";
import { photoForUpload } from "../../storage/photo-upload";
import type { KleinanzeigenClient } from "../../kleinanzeigen/client";
import { ensureImprint } from "./imprint";
import { listingBody } from "./listing-body";
import { apiDetails, kleinanzeigenRow, sourceOf, type ApiDetails, type StartedDetails } from "../../kleinanzeigen/listing-row";
import { reviewedAd, type KleinanzeigenReview } from "./review";

export const DEALERS_ONLY =
  "Direkt aus AnzeigenPilot bei Kleinanzeigen veröffentlichen gibt es nur für gewerbliche Händler. Als privater Verkäufer kopierst du Titel und Text und fügst sie bei Kleinanzeigen ein.";

const OUTCOME_UNKNOWN =
  "Kleinanzeigen antwortet nicht. Ob die Anzeige trotzdem angekommen ist, prüfen wir in den nächsten Minuten – du musst nichts tun.";

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

/** Claims the ad's Kleinanzeigen row for this publication (atomically, ADR 047); refuses a second one (a duplicate). */
async function claimRow(db: Db, ad: Ad, priceCents: number) {
  const claimed = await claimListingRow(db, ad, "kleinanzeigen", { priceCents, startPriceCents: priceCents });
  if (claimed) return claimed;
  const busy = await kleinanzeigenRow(db, ad.id);
  if (busy && sourceOf(busy) === "link") {
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
  const row = await claimRow(db, ad, Math.round(body.price.amount * 100));
  await saveReview(context, ad, changes);

  let listingUuid: string | null = null;
  try {
    const imprintUuid = await ensureImprint(db, client, user);
    listingUuid = await client.createListing(body);
    // Stored at once (ADR 047): from here on a cut-off request leaves a row the sweep can settle.
    const started: StartedDetails = { source: "api", listingUuid, imprintUuid, priceType: body.price.type, category: body.category };
    await db.update(listings).set({ details: started, updatedAt: Date.now() }).where(eq(listings.id, row.id));
    for (const key of ad.imageUrls) {
      // The display copy (JPEG, without metadata, ADR 070).
      const photo = await photoForUpload(photos, key);
      if (!photo) continue;
      const ticket = await client.requestMediaTicket(photo.type);
      await client.uploadMedia(ticket.signedPutUrl, photo.bytes, photo.type);
      await client.addMedia(listingUuid, ticket.ticketUuid);
    }
    const publicationUuid = await client.createPublication(listingUuid, { imprintUuid, location: { zipCode: itemZipCode(ad, user)! } });
    const details: ApiDetails = { ...started, publicationUuid };
    const [published] = await db
      .update(listings)
      .set({ externalId: listingUuid, details, updatedAt: Date.now() })
      .where(eq(listings.id, row.id))
      .returning();
    return published;
  } catch (error) {
    // No answer: whether the last call took effect is unknown (a publication may exist). The row
    // stays `publishing` for the cron's sweep, which reads Kleinanzeigen back (ADR 047).
    if (error instanceof NoAnswerError) {
      await db.update(listings).set({ updatedAt: Date.now() }).where(eq(listings.id, row.id));
      throw new PublishError(OUTCOME_UNKNOWN, 502);
    }
    // Refused: nothing half-made stays at Kleinanzeigen; the row keeps the reason for the seller.
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
