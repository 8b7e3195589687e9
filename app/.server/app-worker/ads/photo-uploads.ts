// Photos uploaded while the seller fills in the form, before the ad exists (ADR 082). Each photo is
// stored, with its copies, under the ad id the form will create (its draft) and recorded in
// `photo_uploads`; `POST /api/ads` with `uploads` then claims them in the batch that inserts the ad,
// so the create request carries no photo and the seller's wait is the model's. Unclaimed uploads
// are deleted by the cron after UPLOAD_RETENTION_MS (generator/maintenance.ts).
import { and, eq, inArray, sql } from "drizzle-orm";
import { MAX_PHOTOS, PHOTO_MESSAGES } from "../../../lib/ad-input";
import { UPLOAD_RETENTION_MS } from "../../../lib/photo-limits";
import type { Db } from "../../db/client";
import { ads, photoUploads } from "../../db/schema";
import { HttpError, photoRefused } from "../../http-error";
import type { CheckedPhoto } from "../../images/upload";
import { deletePhotos, newPhotoKey, putCover, putModelCopy, putPhoto } from "../../storage/photos";
import { makeModelCopiesAtUpload, UNDECODABLE_MESSAGE } from "./photos-at-upload";

/** How long before the cron may delete it an upload is no longer taken by a create. */
const UPLOAD_SWEEP_MARGIN_MS = 60 * 60 * 1000;

/** Uploads one account may hold that belong to no ad yet: a few forms' worth (several tabs or devices). */
export const OPEN_UPLOADS_PER_USER = 3 * MAX_PHOTOS;

/** How long an upload without the browser's copy waits for the model copy made here. */
const UPLOAD_COPY_WAIT_MS = 20_000;

export const UPLOAD_MESSAGES = {
  draftClosed:
    "Dieser Entwurf ist nicht mehr offen: Seine Anzeige ist schon erstellt, oder seine Fotos sind abgelaufen. Lade das Foto ohne Entwurfskennung hoch, dann beginnt ein neuer Entwurf.",
  tooManyOpen: `In diesem Entwurf sind schon ${OPEN_UPLOADS_PER_USER} Fotos hochgeladen. Sende die Anzeige ab oder beginne einen neuen Entwurf.`,
  unknown:
    "Ein hochgeladenes Foto ist nicht mehr da (nicht verwendete Fotos werden nach 24 Stunden gelöscht). Bitte lade die Fotos noch einmal hoch und sende die Anzeige erneut.",
  oneDraft: "Die Fotos einer Anzeige müssen mit derselben Entwurfskennung hochgeladen sein.",
  twice: "Ein Foto ist doppelt angegeben.",
  both: "Bitte sende entweder Fotos oder die Kennungen vorab hochgeladener Fotos (uploads), nicht beides.",
} as const;

export type StagedRow = typeof photoUploads.$inferSelect;

export type StagedPhotos = {
  /** The ad id the photos were stored under: the ad gets it. */
  draftId: string;
  /** The photo keys in the order the seller chose. */
  keys: string[];
  /** Whether the first photo's cover was uploaded with it (else the generator makes it). */
  firstHasCover: boolean;
};

/**
 * Stores one photo of a draft with its copies: the browser's (ADR 010), or for an API client the
 * model copy made here (ADR 053; a photo the image service cannot decode is refused, nothing kept).
 * Without `draft` a new draft begins: its id is made here, never by the client, so no id an ad has
 * (or had) can be taken; with it, the draft must be the seller's and still open. The row comes
 * first, by one statement that also checks the account's cap — so a refused upload writes nothing,
 * and an object written is always named by a row the cron can find. At the cap the account's oldest
 * other draft gives way (a form left or reloaded). Should the draft's ad be created while the
 * objects are being written (its create claims the row), they are deleted and the upload answers 409.
 */
export async function stagePhoto(
  context: { db: Db; photos: R2Bucket; images?: ImagesBinding },
  userId: string,
  draft: string | undefined,
  photo: CheckedPhoto,
  copies: { cover?: Blob; model?: Blob },
): Promise<{ key: string; draft: string }> {
  const { db, photos } = context;
  const draftId = draft ?? crypto.randomUUID();
  const key = newPhotoKey(draftId, photo.type);
  const open =
    draft === undefined ? sql`1` : sql`exists (select 1 from ${photoUploads} where draft_id = ${draftId} and user_id = ${userId})`;
  const insert = () =>
    db.run(sql`
      insert into ${photoUploads} (key, draft_id, user_id, has_cover, created_at)
      select ${key}, ${draftId}, ${userId}, ${copies.cover ? 1 : 0}, ${Date.now()}
      where ${open}
        and not exists (select 1 from ${ads} where ${ads.id} = ${draftId})
        and (select count(*) from ${photoUploads} where user_id = ${userId}) < ${OPEN_UPLOADS_PER_USER}`);
  let result = await insert();
  if (result.meta.changes === 0 && (await dropOldestOtherDraft(db, photos, userId, draftId))) result = await insert();
  if (result.meta.changes === 0) throw await refusal(db, userId, draft);
  // No hurry for the model copy here: the seller is still typing. One that fails for another
  // reason than the photo is left to the generation (ensure.ts), as on the create request (ADR 053).
  const made = copies.model
    ? null
    : makeModelCopiesAtUpload(
        { PHOTOS: photos, IMAGES: context.images },
        [{ key, file: photo.file, size: photo.size }],
        UPLOAD_COPY_WAIT_MS,
      );
  try {
    const [, refused] = await Promise.all([
      Promise.all([
        putPhoto(photos, key, photo.file, photo.type),
        copies.cover ? putCover(photos, key, copies.cover) : null,
        copies.model ? putModelCopy(photos, key, copies.model) : null,
      ]),
      made ? made.ended.then(() => made.refused) : [],
    ]);
    if (refused.length > 0) throw photoRefused(400, UNDECODABLE_MESSAGE(photo.file.name || "Datei"));
    const [stillOpen] = await db.select({ key: photoUploads.key }).from(photoUploads).where(eq(photoUploads.key, key));
    if (!stillOpen) throw new HttpError(409, UPLOAD_MESSAGES.draftClosed);
    return { key, draft: draftId };
  } catch (error) {
    await made?.ended; // a copy still being made lands before the objects are deleted
    await deletePhotos(photos, [key]);
    await db.delete(photoUploads).where(eq(photoUploads.key, key));
    throw error;
  }
}

/** Deletes the account's draft whose first upload is oldest, other than `keep`; false when there is none. */
async function dropOldestOtherDraft(db: Db, photos: R2Bucket, userId: string, keep: string): Promise<boolean> {
  const [oldest] = await db
    .select({ draftId: photoUploads.draftId })
    .from(photoUploads)
    .where(and(eq(photoUploads.userId, userId), sql`${photoUploads.draftId} <> ${keep}`))
    .groupBy(photoUploads.draftId)
    .orderBy(sql`min(${photoUploads.createdAt})`)
    .limit(1);
  if (!oldest) return false;
  const dropped = await db
    .delete(photoUploads)
    .where(and(eq(photoUploads.userId, userId), eq(photoUploads.draftId, oldest.draftId)))
    .returning({ key: photoUploads.key });
  await deletePhotos(
    photos,
    dropped.map((row) => row.key),
  );
  return true;
}

/** Why the insert was refused, read after it: a draft that is not (or no longer) the seller's open one, or the cap. */
async function refusal(db: Db, userId: string, draft: string | undefined): Promise<HttpError> {
  if (draft === undefined) return new HttpError(429, UPLOAD_MESSAGES.tooManyOpen);
  const [[own], [taken]] = await db.batch([
    db
      .select({ key: photoUploads.key })
      .from(photoUploads)
      .where(and(eq(photoUploads.draftId, draft), eq(photoUploads.userId, userId)))
      .limit(1),
    db.select({ id: ads.id }).from(ads).where(eq(ads.id, draft)),
  ]);
  return own && !taken ? new HttpError(429, UPLOAD_MESSAGES.tooManyOpen) : new HttpError(409, UPLOAD_MESSAGES.draftClosed);
}

/**
 * The seller's uploads named by a create request, checked: all theirs, of one draft, none twice,
 * at most MAX_PHOTOS. Read only; `claimStatement` removes them in the create's insert batch.
 */
export async function readStagedPhotos(db: Db, userId: string, keys: string[]): Promise<StagedPhotos> {
  if (keys.length === 0) throw photoRefused(400, PHOTO_MESSAGES.none);
  if (new Set(keys).size !== keys.length) throw photoRefused(400, UPLOAD_MESSAGES.twice);
  if (keys.length > MAX_PHOTOS) throw photoRefused(400, PHOTO_MESSAGES.tooMany);
  const rows = await db
    .select()
    .from(photoUploads)
    .where(and(inArray(photoUploads.key, keys), eq(photoUploads.userId, userId)));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const named = keys.map((key) => byKey.get(key));
  // An upload the cron may be deleting right now counts as gone already.
  const sweptFrom = Date.now() - UPLOAD_RETENTION_MS + UPLOAD_SWEEP_MARGIN_MS;
  if (named.some((row) => !row || row.createdAt < sweptFrom)) throw photoRefused(400, UPLOAD_MESSAGES.unknown);
  const draftId = named[0]!.draftId;
  if (named.some((row) => row!.draftId !== draftId)) throw photoRefused(400, UPLOAD_MESSAGES.oneDraft);
  return {
    draftId,
    keys,
    firstHasCover: named[0]!.hasCover,
  };
}

/**
 * Removes a draft's upload rows: run in the batch that inserts its ad, so they are claimed once.
 * Returns every key it removed: those the create does not name are deleted once the ad exists.
 */
export function claimStatement(db: Db, userId: string, staged: StagedPhotos) {
  return db
    .delete(photoUploads)
    .where(and(eq(photoUploads.draftId, staged.draftId), eq(photoUploads.userId, userId)))
    .returning();
}

/** Puts the upload rows a failed create claimed back: the photos wait again. */
export function restoreStatement(db: Db, rows: StagedRow[]) {
  return db.insert(photoUploads).values(rows).onConflictDoNothing();
}

/** The objects of every upload an account still holds (deleting the account deletes them). */
export async function deleteOpenUploads(db: Db, photos: R2Bucket, userId: string): Promise<void> {
  const rows = await db.select({ key: photoUploads.key }).from(photoUploads).where(eq(photoUploads.userId, userId));
  await deletePhotos(
    photos,
    rows.map((row) => row.key),
  );
}
