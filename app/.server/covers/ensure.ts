// Every ad with photos gets a social-preview cover and every photo a display copy: the browser's
// when it sent them (the fast path, ADR 006), otherwise made here in the generator Worker, off the
// request path (ADR 019 covers, ADR 021 display copies).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { ads } from "../db/schema";
import { coverKeyFor, modelKeyFor, putCover, putModelCopy, readPhoto } from "../storage/photos";
import { readImageSize } from "../storage/image-info";
import { makeCover, makeDisplayCopy, MAX_COVER_SOURCE_PIXELS } from "./make-cover";

// One cover at a time per isolate: the generator works up to six ads at once, and six decoded
// photos would not fit into a Worker's memory together.
let queue: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => {});
  return run;
}

/** The photo itself when it fits the decoding budget, else the browser's smaller model copy. */
async function coverSource(bucket: R2Bucket, photoKey: string) {
  const photo = await readPhoto(bucket, photoKey);
  if (!photo) return null;
  const size = readImageSize(photo.bytes);
  if (size && size.width * size.height <= MAX_COVER_SOURCE_PIXELS) return photo.bytes;
  return (await readPhoto(bucket, modelKeyFor(photoKey)))?.bytes ?? photo.bytes;
}

/**
 * The cover key of a photo: the existing cover (browser-made or made before), or a new one made
 * from the photo. Null when the photo is gone or cannot be decoded — the page then shows the
 * brand image, and the ad itself is not harmed.
 */
export async function ensureCover(bucket: R2Bucket, photoKey: string | undefined): Promise<string | null> {
  if (!photoKey) return null;
  const key = coverKeyFor(photoKey);
  if (await bucket.head(key)) return key;
  try {
    return await oneAtATime(async () => {
      const source = await coverSource(bucket, photoKey);
      if (!source) return null;
      await putCover(bucket, photoKey, new Blob([await makeCover(source)]));
      return key;
    });
  } catch (error) {
    console.warn("no cover could be made from the photo; the preview uses the brand image", { photoKey, error: String(error) });
    return null;
  }
}

/**
 * The display copy of a photo (JPEG, long edge ≤ 1024 px; the browser's model copy when it sent
 * one). False when the photo is gone or cannot be decoded here: the gallery then shows the photo.
 */
export async function ensureDisplayCopy(bucket: R2Bucket, photoKey: string): Promise<boolean> {
  if (await bucket.head(modelKeyFor(photoKey))) return true;
  try {
    return await oneAtATime(async () => {
      const photo = await readPhoto(bucket, photoKey);
      if (!photo) return false;
      await putModelCopy(bucket, photoKey, new Blob([await makeDisplayCopy(photo.bytes)]));
      return true;
    });
  } catch (error) {
    console.warn("no display copy could be made; the gallery shows the photo itself", { photoKey, error: String(error) });
    return false;
  }
}

/**
 * After completion or an edit that left images to make: the display copy of every photo, and the
 * cover of the first photo (pointing the ad at it unless the first photo changed meanwhile). A
 * processing ad is left alone (its generation ends by asking for this again). Copies made for
 * photos that left the ad during the work are deleted again.
 */
export async function refreshAdImages(db: Db, bucket: R2Bucket, adId: string): Promise<void> {
  const [ad] = await db.select({ imageUrls: ads.imageUrls, coverImageKey: ads.coverImageKey, status: ads.status }).from(ads).where(eq(ads.id, adId));
  if (!ad || ad.status === "processing") return;
  for (const photoKey of ad.imageUrls) await ensureDisplayCopy(bucket, photoKey);
  const first = ad.imageUrls[0];
  if (first && ad.coverImageKey !== coverKeyFor(first)) {
    const coverImageKey = await ensureCover(bucket, first);
    if (coverImageKey) {
      await db
        .update(ads)
        .set({ coverImageKey, updatedAt: Date.now() })
        .where(and(eq(ads.id, adId), sql`json_extract(${ads.imageUrls}, '$[0]') = ${first}`));
    }
  }
  // Deleted or edited meanwhile: whatever was made for photos the ad no longer holds goes.
  const [now] = await db.select({ imageUrls: ads.imageUrls }).from(ads).where(eq(ads.id, adId));
  const gone = ad.imageUrls.filter((photoKey) => !now?.imageUrls.includes(photoKey));
  if (gone.length > 0) await bucket.delete(gone.flatMap((photoKey) => [coverKeyFor(photoKey), modelKeyFor(photoKey)]));
}
