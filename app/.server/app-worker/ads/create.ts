// Creating an ad: reserve a credit, store the photos (and make the model copies the client did
// not send, ADR 053), insert the row, queue the generation.
// Every step that fails undoes the ones before it: no orphan row, object or lost credit.
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { PROMPT_KEYS, type AdTextFields, type PromptKey } from "../../../lib/ad-input";
import { DEFAULT_PLATFORM } from "../../../lib/platforms";
import { OFFER_FACTS, type OfferFact, type OfferReading } from "../../../lib/offer-facts";
import { readSellerFacts, shippingRecord, type SellerFacts } from "../../../lib/seller-price";
import { logActivity, type RequestMeta } from "../../activity-log";
import type { Db } from "../../db/client";
import type { EdgeCachePurge } from "../edge-cache/purge";
import { ads, users } from "../../db/schema";
import { HttpError, photoRefused } from "../../http-error";
import { startGeneration } from "./start-generation";
import { makeModelCopiesAtUpload, UNDECODABLE_MESSAGE } from "./photos-at-upload";
import { coverKeyFor, deletePhotos, newPhotoKey, putCover, putModelCopy, putPhoto } from "../../storage/photos";
import { refundCredit, refundStatement, reserveCredit, type CreditSource } from "../../ad-credits";
import type { CheckedPhoto } from "../../images/upload";
import { claimStatement, restoreStatement, UPLOAD_MESSAGES, type StagedPhotos, type StagedRow } from "./photo-uploads";

export type AdsContext = {
  db: Db;
  photos: R2Bucket;
  queue: Queue;
  /** The `ad-images` queue: covers and display copies an edit leaves to make (ADR 024). */
  imagesQueue: Queue;
  /** The Images binding: model copies of photos the client sent none for, made before the queue (ADR 053). */
  images?: ImagesBinding;
  meta?: RequestMeta;
  /** Makes the public page, JSON and photos of changed ads unreachable in every data center. */
  purgeEdgeCache: EdgeCachePurge;
  /** The request's `ctx.waitUntil`: work that may finish after the answer (at most 30 s). */
  waitUntil: (promise: Promise<unknown>) => void;
};

export const CREATE_FAILED_MESSAGE = "Die Anzeige konnte gerade nicht gespeichert werden. Bitte versuche es gleich noch einmal.";

/** The prompt overrides sent with the request (already bounded by the schema), or null when there are none. */
export function promptOverrides(fields: AdTextFields): Partial<Record<PromptKey, string>> | null {
  const overrides: Partial<Record<PromptKey, string>> = {};
  for (const key of PROMPT_KEYS) {
    const value = fields[`prompt_${key}`];
    if (value) overrides[key] = value;
  }
  return Object.keys(overrides).length > 0 ? overrides : null;
}

/**
 * The seller's offer (ADR 028, 041, 064): each fact from the form's field when the seller gave one
 * (confirmed), else from the note (stated, kept in `offerReading` with the seller's words until the
 * seller confirms it), else unknown. So "… 250 VB" is the price either way, and the card asks
 * "Bitte prüfen" beside what the note alone said.
 */
export function sellerOffer(fields: AdTextFields) {
  const note = readSellerFacts(fields.description);
  const giveaway = fields.priceType === "verschenken";
  const price = giveaway ? 0 : (fields.price ?? note.price);
  const priceType = fields.priceType ?? (price !== null && price === note.price ? note.priceType : null);
  const fromNote = fields.postalCode === undefined && fields.city === undefined;
  const given: Record<OfferFact, boolean> = {
    price: fields.price !== undefined || giveaway,
    priceType: fields.priceType !== undefined,
    shipping: fields.shipping !== undefined,
    pickup: fields.pickup !== undefined,
    shippingCost: fields.shippingCost !== undefined,
    carrier: fields.shippingCarrier !== undefined,
    place: !fromNote,
    swap: fields.swap !== undefined,
    delivery: fields.deliveryKm !== undefined,
  };
  const record = {
    askingPrice: price === null ? null : Math.round(price * 100),
    priceType,
    perPiecePrice: note.perPiece === null || given.price ? null : Math.round(note.perPiece * 100),
    shipping: fields.shipping ?? note.shipping,
    pickup: fields.pickup ?? note.pickup,
    postalCode: fields.postalCode ?? (fromNote ? note.postalCode : null),
    city: fields.city ?? (fromNote ? note.city : null),
    ...shippingRecord({
      shippingCost: fields.shippingCost ?? note.shippingCost,
      carrier: fields.shippingCarrier ?? note.carrier,
      swap: fields.swap ? fields.swap === "ja" : note.swap,
    }),
    deliveryKm: fields.deliveryKm ?? note.deliveryKm,
  };
  return { ...record, offerReading: offerReadingOf(note, given) };
}

/** What the note alone stated (not given in a field), with the seller's words; and the amounts placed nowhere. */
function offerReadingOf(note: SellerFacts, given: Record<OfferFact, boolean>): OfferReading | null {
  const unconfirmed = OFFER_FACTS.flatMap((fact) => {
    const words = note.words[fact];
    return !given[fact] && words ? [{ fact, words, doubt: note.doubts.includes(fact) }] : [];
  });
  const unplaced = given.price ? [] : note.unplaced;
  return unconfirmed.length > 0 || unplaced.length > 0 ? { unconfirmed, unplaced } : null;
}

/** How long the hand-off waits for late model copies: well inside `waitUntil`'s 30 s after the answer. */
const LATE_COPY_WAIT_MS = 20_000;

/**
 * Queues the generation once the create request's late copies have ended (or after
 * LATE_COPY_WAIT_MS). Should the queue refuse the message, the ad stays `processing` and the
 * generator's sweep queues it again after STUCK_AFTER_MS (generator/generation/sweep.ts).
 */
async function queueAfterLateCopies(queue: Queue, adId: string, ended: Promise<unknown>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([ended, new Promise((resolve) => (timer = setTimeout(resolve, LATE_COPY_WAIT_MS)))]);
  clearTimeout(timer);
  await startGeneration(queue, adId).catch((error: unknown) =>
    console.error("generation not queued after late model copies; the sweep queues it again", { adId, error: String(error) }),
  );
}

export async function createAd(
  context: AdsContext,
  user: { id: string; email: string },
  fields: AdTextFields,
  photos: CheckedPhoto[],
  covers: Blob[] = [],
  modelCopies: Blob[] = [],
) {
  const { db } = context;
  const adId = crypto.randomUUID();
  const { source, prompts } = await reserveFor(db, user.id, fields);

  const keys = photos.map((photo) => newPhotoKey(adId, photo.type));
  // Every object at once (the bytes are in the request already); the generation needs only the
  // model copies — the browser's, or those made here from the request's bytes (ADR 053).
  const originals = Promise.all(
    photos.map((photo, index) =>
      Promise.all([
        putPhoto(context.photos, keys[index], photo.file, photo.type),
        covers[index] ? putCover(context.photos, keys[index], covers[index]) : null,
      ]),
    ),
  );
  const madeHere =
    modelCopies.length === 0
      ? makeModelCopiesAtUpload(
          { PHOTOS: context.photos, IMAGES: context.images },
          photos.map((photo, index) => ({ key: keys[index], file: photo.file, size: photo.size })),
        )
      : null;
  const modelCopiesStored =
    madeHere?.stored ??
    Promise.all(modelCopies.map((copy, index) => putModelCopy(context.photos, keys[index], copy))).then(() => keys.length);
  const writes = Promise.allSettled([originals, modelCopiesStored]);
  let inserted = false;
  try {
    const [ad] = await db
      .insert(ads)
      .values(newAdRow(adId, user.id, fields, keys, { prompts, source, coverImageKey: covers.length > 0 ? coverKeyFor(keys[0]) : null }))
      .returning();
    inserted = true;
    // A photo the image service cannot decode is refused now, not after the credit is spent (ADR 070).
    const refused = await (madeHere?.refused ?? []);
    if (refused.length > 0) throw photoRefused(400, UNDECODABLE_MESSAGE(photos[refused[0]].file.name || "Datei"));
    // The generation is queued as soon as every model copy is stored — or, for one the binding
    // failed to make, once the photo it is made from is (ensure.ts makes it then) — and the photos
    // and covers finish during the model call (ADR 061).
    if ((await modelCopiesStored) < keys.length) await originals;
    // A copy past its deadline is still being made: the generation is queued once it has ended, so
    // it finds the copy instead of making (and paying for) a second one; the seller's answer does
    // not wait for it (ADR 080).
    if (madeHere && (await madeHere.late)) context.waitUntil(queueAfterLateCopies(context.queue, adId, madeHere.ended));
    else await startGeneration(context.queue, adId);
    await Promise.all([
      originals,
      fields.platform ? preferPlatform(db, user.id, fields.platform) : null,
      logCreated(db, user, fields, ad, photos.length, context.meta),
    ]);
    return ad;
  } catch (error) {
    await writes; // every write has settled (a late server-made copy is deleted below once it ends)
    await rollBack(db, user.id, source, inserted ? adId : null);
    await deletePhotos(context.photos, keys);
    // A server-made copy past its deadline may still land: it is deleted once it has (ADR 061).
    if (madeHere) context.waitUntil(madeHere.ended.then(() => deletePhotos(context.photos, keys)));
    throw failed(error);
  }
}

/**
 * Creates an ad from photos uploaded before (ADR 082): the request carries no photo, so it holds no
 * R2 write — the credit, one batch that inserts the row and claims the uploads, the queue message.
 * The ad gets the draft's id, under which its photos are stored already.
 */
export async function createAdFromUploads(
  context: AdsContext,
  user: { id: string; email: string },
  fields: AdTextFields,
  staged: StagedPhotos,
) {
  const { db } = context;
  const adId = staged.draftId;
  const { source, prompts } = await reserveFor(db, user.id, fields);
  const { keys } = staged;
  let inserted = false;
  let claimed: StagedRow[] = [];
  try {
    // One round trip: the row, the uploads claimed, and the marketplace preselected next time.
    const [[ad], claimedRows] = await db.batch([
      db
        .insert(ads)
        .values(
          newAdRow(adId, user.id, fields, keys, { prompts, source, coverImageKey: staged.firstHasCover ? coverKeyFor(keys[0]) : null }),
        )
        .returning(),
      claimStatement(db, user.id, staged),
      ...(fields.platform ? [preferPlatform(db, user.id, fields.platform)] : []),
    ]);
    inserted = true;
    claimed = claimedRows;
    // An upload the cron or a newer draft deleted between the read and the batch: no ad without its photos.
    if (!keys.every((key) => claimed.some((row) => row.key === key))) throw photoRefused(400, UPLOAD_MESSAGES.unknown);
    await startGeneration(context.queue, adId);
    // Photos the seller removed in the form before sending are no one's any more.
    const unused = claimed.map((row) => row.key).filter((key) => !keys.includes(key));
    if (unused.length > 0) context.waitUntil(deletePhotos(context.photos, unused));
    // The operator's log entry need not hold the seller's answer.
    context.waitUntil(logCreated(db, user, fields, ad, keys.length, context.meta));
    return ad;
  } catch (error) {
    // The uploads wait again for the next try: nothing of them is deleted.
    await rollBack(db, user.id, source, inserted ? adId : null, claimed.length > 0 ? [restoreStatement(db, claimed)] : []);
    throw failed(error);
  }
}

/** The credit the ad takes, and its prompts: the request's own, else those stored in the account. */
async function reserveFor(db: Db, userId: string, fields: AdTextFields) {
  const { source, promptSettings } = await reserveCredit(db, userId);
  const prompts = promptOverrides(fields) ?? (promptSettings && Object.keys(promptSettings).length > 0 ? promptSettings : null);
  return { source, prompts };
}

type RowSettings = { prompts: Partial<Record<PromptKey, string>> | null; source: CreditSource | null; coverImageKey: string | null };

/** The new ad's row, `processing`, with the seller's offer read once (ADR 064). */
function newAdRow(adId: string, userId: string, fields: AdTextFields, keys: string[], settings: RowSettings) {
  const now = Date.now();
  return {
    id: adId,
    userId,
    itemName: fields.itemName,
    category: fields.category,
    description: fields.description ?? null,
    originalDescription: fields.description ?? null,
    imageUrls: keys,
    platform: fields.platform ?? DEFAULT_PLATFORM,
    ...sellerOffer(fields),
    promptOverrides: settings.prompts,
    creditSource: settings.source,
    coverImageKey: settings.coverImageKey,
    status: "processing" as const,
    createdAt: now,
    updatedAt: now,
  };
}

/** The marketplace chosen now is preselected next time. */
function preferPlatform(db: Db, userId: string, platform: NonNullable<AdTextFields["platform"]>) {
  return db.update(users).set({ preferredPlatform: platform }).where(eq(users.id, userId));
}

/** The activity log's entry for a created ad. */
function logCreated(
  db: Db,
  user: { id: string; email: string },
  fields: AdTextFields,
  ad: { id: string; platform: string },
  photoCount: number,
  meta: RequestMeta | undefined,
) {
  return logActivity(db, {
    action: "ad_created",
    userId: user.id,
    email: user.email,
    meta,
    details: { adId: ad.id, photos: photoCount, category: fields.category, platform: ad.platform },
  });
}

/**
 * Undoes a create: the credit back, and the row gone when it was inserted. The generation may
 * already have run: the credit comes back only while the row still holds it (a failed generation
 * has refunded it already).
 */
async function rollBack(
  db: Db,
  userId: string,
  source: CreditSource | null,
  insertedAdId: string | null,
  more: BatchItem<"sqlite">[] = [],
) {
  if (insertedAdId === null) return refundCredit(db, userId, source);
  const stillReserved = sql`exists (select 1 from ${ads} where ${ads.id} = ${insertedAdId} and ${ads.creditSource} is not null)`;
  const refund = refundStatement(db, userId, source, stillReserved);
  const remove = db.delete(ads).where(eq(ads.id, insertedAdId));
  await db.batch([...(refund ? [refund] : []), remove, ...more] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** A refusal passes as it is; anything else was a fault, said as one German sentence. */
function failed(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  console.error("ad creation failed and was rolled back", error);
  return new HttpError(503, CREATE_FAILED_MESSAGE);
}
