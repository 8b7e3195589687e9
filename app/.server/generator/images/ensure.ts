// Every photo gets a model copy (which is also its display copy) and every ad with photos a
// social-preview cover: the browser's when it sent them (the fast path, ADR 006, ADR 010),
// otherwise made through the Images binding — model copies in the create request (ADR 053) or,
// failing that, before the model call, covers and missing display copies in an `ad-images` queue
// message (ADR 019, 021, 024).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ads } from "../../db/schema";
import { coverKeyFor, modelKeyFor, putCover, putModelCopy } from "../../storage/photos";
import { makeCover, makeDisplayCopy } from "./make-copies";
import { AMBIGUOUS_CODE, UnreadablePhotoError } from "../../images/failures";
import { openPhoto, type ImagesEnv } from "../../images/source";

/** Makes and stores the model copy of a photo that has none; false when the photo itself is gone. */
async function makeModelCopy(env: ImagesEnv, photoKey: string): Promise<boolean> {
  if (await env.PHOTOS.head(modelKeyFor(photoKey))) return true;
  const photo = await openPhoto(env, photoKey);
  if (!photo) return false;
  await putModelCopy(env.PHOTOS, photoKey, new Blob([await makeDisplayCopy(env, photo)]));
  return true;
}

/** Which photos the model can read, and which the image service refused (named to the seller, ADR 053). */
export type ModelCopies = { readable: string[]; unreadable: string[] };

/** One photo's model copy; a refusal with the code the service also uses for passing faults is tried once more. */
async function modelCopyOrRefusal(env: ImagesEnv, photoKey: string): Promise<boolean> {
  for (let tries = 1; ; tries++) {
    try {
      await makeModelCopy(env, photoKey);
      return true;
    } catch (error) {
      if (!(error instanceof UnreadablePhotoError)) throw error;
      if (error.code === AMBIGUOUS_CODE && tries === 1) continue;
      console.warn("photo left out of the model call: the image service cannot read it", { photoKey, error: String(error) });
      return false;
    }
  }
}

/**
 * Before a generation: a model copy (JPEG, long edge ≤ 1024 px, ≤ 600 KB) for every photo that
 * has none, all at once (the binding works outside this isolate). Returns the photos the model is
 * to read and those the image service refused to read (a damaged upload; logged), which the model
 * could not read either. A quota or service error of the binding throws an `PhotoPreparationError`
 * (failures.ts), any other failure as it is, so the attempt is retried or the ad failed with the
 * reason. A photo that is gone stays in the list: reading it for the model fails the attempt, as before.
 */
export async function ensureModelCopies(env: ImagesEnv, photoKeys: string[]): Promise<ModelCopies> {
  const readable = await Promise.all(photoKeys.map((photoKey) => modelCopyOrRefusal(env, photoKey)));
  return { readable: photoKeys.filter((_, index) => readable[index]), unreadable: photoKeys.filter((_, index) => !readable[index]) };
}

/**
 * The cover key of a photo: the existing cover (browser-made or made before), or a new one made
 * from the photo. Null when the photo is gone or cannot be read — the page then shows the brand
 * image, and the ad itself is not harmed.
 */
export async function ensureCover(env: ImagesEnv, photoKey: string | undefined): Promise<string | null> {
  if (!photoKey) return null;
  const key = coverKeyFor(photoKey);
  if (await env.PHOTOS.head(key)) return key;
  try {
    const photo = await openPhoto(env, photoKey);
    if (!photo) return null;
    await putCover(env.PHOTOS, photoKey, new Blob([await makeCover(env, photo)]));
    return key;
  } catch (error) {
    console.warn("no cover could be made from the photo; the preview uses the brand image", { photoKey, error: String(error) });
    return null;
  }
}

/**
 * The display copy of a photo (its model copy). False when the photo is gone or cannot be read:
 * the gallery then shows the photo itself.
 */
export async function ensureDisplayCopy(env: ImagesEnv, photoKey: string): Promise<boolean> {
  try {
    return await makeModelCopy(env, photoKey);
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
export async function refreshAdImages(db: Db, env: ImagesEnv, adId: string): Promise<void> {
  const [ad] = await db
    .select({ imageUrls: ads.imageUrls, coverImageKey: ads.coverImageKey, status: ads.status })
    .from(ads)
    .where(eq(ads.id, adId));
  if (!ad || ad.status === "processing") return;
  const first = ad.imageUrls[0];
  const needsCover = first !== undefined && ad.coverImageKey !== coverKeyFor(first);
  const [coverImageKey] = await Promise.all([
    needsCover ? ensureCover(env, first) : null,
    ...ad.imageUrls.map((photoKey) => ensureDisplayCopy(env, photoKey)),
  ]);
  if (needsCover && coverImageKey) {
    await db
      .update(ads)
      .set({ coverImageKey, updatedAt: Date.now() })
      .where(and(eq(ads.id, adId), sql`json_extract(${ads.imageUrls}, '$[0]') = ${first}`));
  }
  // Deleted or edited meanwhile: whatever was made for photos the ad no longer holds goes.
  const [now] = await db.select({ imageUrls: ads.imageUrls }).from(ads).where(eq(ads.id, adId));
  const gone = ad.imageUrls.filter((photoKey) => !now?.imageUrls.includes(photoKey));
  if (gone.length > 0) await env.PHOTOS.delete(gone.flatMap((photoKey) => [coverKeyFor(photoKey), modelKeyFor(photoKey)]));
}
