// Every ad with photos gets a social-preview cover: the browser's crop when it sent one (the fast
// path, ADR 006), otherwise one made here in the generator Worker, off the request path (ADR 019).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { ads } from "../db/schema";
import { coverKeyFor, modelKeyFor, putCover, readPhoto } from "../storage/photos";
import { readImageSize } from "../storage/image-info";
import { makeCover, MAX_COVER_SOURCE_PIXELS } from "./make-cover";

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
 * After an edit changed the first photo without a browser-made cover: make the cover and point
 * the ad at it, unless the first photo changed again meanwhile. A processing ad is left alone
 * (its generation ends by choosing the cover).
 */
export async function refreshAdCover(db: Db, bucket: R2Bucket, adId: string): Promise<void> {
  const [ad] = await db.select({ imageUrls: ads.imageUrls, coverImageKey: ads.coverImageKey, status: ads.status }).from(ads).where(eq(ads.id, adId));
  if (!ad || ad.status === "processing") return;
  const first = ad.imageUrls[0];
  if (!first || ad.coverImageKey === coverKeyFor(first)) return;
  const coverImageKey = await ensureCover(bucket, first);
  if (!coverImageKey) return;
  const result = await db
    .update(ads)
    .set({ coverImageKey, updatedAt: Date.now() })
    .where(and(eq(ads.id, adId), sql`json_extract(${ads.imageUrls}, '$[0]') = ${first}`));
  // Deleted meanwhile, or the photo left the ad: its objects are gone, so is the cover just made.
  if (result.meta.changes === 0) await deleteCoverUnlessUsed(db, bucket, adId, first);
}

/** Deletes a photo's cover when no row still holds that photo (the ad was deleted or edited during the work). */
export async function deleteCoverUnlessUsed(db: Db, bucket: R2Bucket, adId: string, photoKey: string) {
  const [ad] = await db.select({ imageUrls: ads.imageUrls }).from(ads).where(eq(ads.id, adId));
  if (!ad?.imageUrls.includes(photoKey)) await bucket.delete(coverKeyFor(photoKey));
}
