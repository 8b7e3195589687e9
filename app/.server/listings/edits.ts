// The seller's edits reach every live listing (ADR 076). An edit of a published ad's price, title,
// text or photos marks each open listing: `pending` where the app published it through an API,
// `by_hand` where the seller posted it. The pending ones are sent through the same publisher a
// price cut uses (`publisherOf(...).update`, ADR 037) after the edit's answer — in the request's
// `waitUntil`, and by the generator's cron for any the request did not finish. A listing that did
// not take the edit is `failed` with the reason in German; the card offers "Erneut senden".
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { listingPrice } from "../../lib/ad-price";
import { adTextOf } from "../../lib/ad-text";
import type { Db } from "../db/client";
import { ads, listings, type Ad, type Listing, type PendingEdit } from "../db/schema";
import { platformName } from "../mail/listing-reminders";
import { modelKeyFor } from "../storage/photo-keys";
import { PublishError, type ListingChange } from "../publishing/publisher";
import { publisherOf, type PublisherSettings } from "./publishers";

/** The listings an edit follows: those out there now. */
const FOLLOWING = ["live", "paused"] as const satisfies Listing["status"][];

/**
 * How long a pending edit is the request's to send: after it, the cron sends it. Well past the
 * 30 s a request's `waitUntil` lives after its answer
 * (https://developers.cloudflare.com/workers/platform/limits/#duration), so the two never race.
 */
export const EDIT_HANDOVER_MS = 2 * 60 * 1000;

/** Pending edits the cron sends per run (each a handful of marketplace calls). */
const CRON_BATCH = 20;

/** What the seller reads when a listing did not take the edit. */
export function editFailedMessage(listing: Pick<Listing, "platform">, reason: string): string {
  return `Deine Änderung ist nicht bei ${platformName(listing.platform)} angekommen: ${reason}`;
}

/** The text a listing carries, without the price (the listing's own field). */
const listingText = (ad: Ad) => JSON.stringify({ ...adTextOf(ad), priceLabel: null });

/** What the edit changed that a listing shows (the seller's own price, the text, the photos); null when nothing. */
export function listingEditOf(before: Ad, after: Ad): PendingEdit | null {
  const edit: PendingEdit = {};
  const price = listingPrice(after);
  if (price?.basis === "asking" && price.cents > 0 && price.cents !== listingPrice(before)?.cents) edit.priceCents = price.cents;
  if (listingText(before) !== listingText(after)) edit.text = true;
  if (JSON.stringify(before.imageUrls) !== JSON.stringify(after.imageUrls)) edit.photos = true;
  return Object.keys(edit).length > 0 ? edit : null;
}

/**
 * Marks the ad's open listings for the edit: pending (merged with an edit not yet sent) where an
 * API exists, by_hand elsewhere. Answers how many are pending.
 */
export async function requestListingEdits(db: Db, adId: string, edit: PendingEdit, now = Date.now()): Promise<number> {
  const open = await db
    .select()
    .from(listings)
    .where(and(eq(listings.adId, adId), inArray(listings.status, FOLLOWING)));
  let pending = 0;
  for (const listing of open) {
    const viaApi = Boolean(listing.externalId);
    if (viaApi) pending += 1;
    await db
      .update(listings)
      .set(
        viaApi
          ? {
              editState: "pending",
              editRequestedAt: now,
              // A newer price replaces an older one; text and photos add up until sent.
              pendingEdit: sql`json_patch(coalesce(${listings.pendingEdit}, '{}'), ${JSON.stringify(edit)})`,
              updatedAt: now,
            }
          : { editState: "by_hand", editRequestedAt: now, updatedAt: now },
      )
      .where(eq(listings.id, listing.id));
  }
  return pending;
}

/** "Erneut senden": the ad's failed edits become pending again. Answers how many. */
export async function retryListingEdits(db: Db, adId: string, now = Date.now()): Promise<number> {
  const again = await db
    .update(listings)
    .set({ editState: "pending", editRequestedAt: now, updatedAt: now })
    .where(and(eq(listings.adId, adId), eq(listings.editState, "failed"), inArray(listings.status, FOLLOWING)))
    .returning({ id: listings.id });
  return again.length;
}

/** The change a pending edit makes at the platform. */
function changeOf(ad: Ad, edit: PendingEdit, photos: R2Bucket): ListingChange {
  return {
    ...(edit.priceCents !== undefined ? { priceCents: edit.priceCents } : {}),
    ...(edit.text || edit.photos ? { content: { ad, photos: edit.photos ? photos : null } } : {}),
  };
}

/**
 * Whether every photo has the display copy marketplaces get (ADR 070). A new photo's copy is made
 * by the `ad-images` queue after the edit (ADR 024); until then its edit waits for the cron.
 */
async function photosReady(photos: R2Bucket, keys: readonly string[]): Promise<boolean> {
  const heads = await Promise.all(keys.map((key) => photos.head(modelKeyFor(key))));
  return heads.every(Boolean);
}

/** One listing's pending edit, sent; the row settled only while no newer edit came meanwhile. */
async function sendEdit(db: Db, config: PublisherSettings, photos: R2Bucket, ad: Ad, listing: Listing, now: number): Promise<void> {
  const edit = listing.pendingEdit ?? {};
  if (edit.photos && !(await photosReady(photos, ad.imageUrls))) return;
  const mine = and(
    eq(listings.id, listing.id),
    eq(listings.editState, "pending"),
    eq(listings.editRequestedAt, listing.editRequestedAt ?? 0),
  );
  const publisher = publisherOf(listing, config, db);
  let failure: string | null = null;
  try {
    if (!publisher) throw new PublishError(`Die Verbindung zu ${platformName(listing.platform)} ist hier nicht eingerichtet.`, 409);
    await publisher.update(listing, changeOf(ad, edit, photos));
  } catch (error) {
    if (!(error instanceof PublishError)) console.warn("listing edit failed", listing.id, error instanceof Error ? error.message : error);
    failure = error instanceof PublishError ? error.message : "Unerwarteter Fehler. Bitte versuche es gleich noch einmal.";
  }
  await db
    .update(listings)
    .set(
      failure === null
        ? {
            editState: null,
            pendingEdit: null,
            lastError: null,
            ...(edit.priceCents !== undefined ? { priceCents: edit.priceCents } : {}),
            updatedAt: now,
          }
        : { editState: "failed", lastError: editFailedMessage(listing, failure), updatedAt: now },
    )
    .where(mine);
}

/** Sends the ad's pending edits to their platforms, one listing after another. Never throws. */
export async function sendListingEdits(db: Db, config: PublisherSettings, photos: R2Bucket, adId: string, now = Date.now()): Promise<void> {
  try {
    const [ad] = await db.select().from(ads).where(eq(ads.id, adId));
    if (!ad) return;
    const pending = await db
      .select()
      .from(listings)
      .where(and(eq(listings.adId, adId), eq(listings.editState, "pending"), inArray(listings.status, FOLLOWING)));
    for (const listing of pending) await sendEdit(db, config, photos, ad, listing, now);
  } catch (error) {
    // The rows stay pending: the cron sends them once their hand-over time has passed.
    console.warn("listing edits not sent", adId, error instanceof Error ? error.message : error);
  }
}

/** The cron's part: edits a request did not finish sending (it ended or was cut off). Answers how many ads. */
export async function sendLeftoverListingEdits(db: Db, config: PublisherSettings, photos: R2Bucket, now = Date.now()): Promise<number> {
  const left = await db
    .selectDistinct({ adId: listings.adId })
    .from(listings)
    .where(
      and(eq(listings.editState, "pending"), inArray(listings.status, FOLLOWING), lt(listings.editRequestedAt, now - EDIT_HANDOVER_MS)),
    )
    .orderBy(asc(listings.adId))
    .limit(CRON_BATCH);
  for (const { adId } of left) await sendListingEdits(db, config, photos, adId, now);
  return left.length;
}
