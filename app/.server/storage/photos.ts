// Photos in R2: unguessable keys (photo-keys.ts), the detected content type stored with the object.
import type { ImageType } from "./image-info";
import { coverKeyFor, modelKeyFor, withDerivedKeys } from "./photo-keys";

export { coverKeyFor, modelKeyFor, newPhotoKey } from "./photo-keys";

export type StoredPhoto = { key: string; contentType: string; size: number };

/** Stores one photo; the Blob is handed to R2 as it is, without another copy in memory. */
export async function putPhoto(bucket: R2Bucket, key: string, file: Blob, type: ImageType): Promise<StoredPhoto> {
  await bucket.put(key, file, {
    httpMetadata: { contentType: type.mime, cacheControl: "public, max-age=31536000, immutable" },
  });
  return { key, contentType: type.mime, size: file.size };
}

/** Stores the browser's 800×600 crop of a photo under the derived cover key. */
export async function putCover(bucket: R2Bucket, photoKey: string, cover: Blob) {
  await bucket.put(coverKeyFor(photoKey), cover, {
    httpMetadata: { contentType: "image/jpeg", cacheControl: "public, max-age=31536000, immutable" },
  });
}

export async function putModelCopy(bucket: R2Bucket, photoKey: string, copy: Blob) {
  await bucket.put(modelKeyFor(photoKey), copy, {
    httpMetadata: { contentType: "image/jpeg", cacheControl: "public, max-age=31536000, immutable" },
  });
}

/** The display copy (model copy) key of each photo, or null where none exists (yet). */
export function displayCopyKeys(bucket: R2Bucket, photoKeys: readonly string[]): Promise<(string | null)[]> {
  return Promise.all(photoKeys.map(async (key) => ((await bucket.head(modelKeyFor(key))) ? modelKeyFor(key) : null)));
}

/** The cover key of the first photo when that cover exists, else null (previews fall back). */
export async function existingCoverKey(bucket: R2Bucket, firstPhotoKey: string | undefined): Promise<string | null> {
  if (!firstPhotoKey) return null;
  const key = coverKeyFor(firstPhotoKey);
  return (await bucket.head(key)) ? key : null;
}

/** Deletes photos together with their covers and model copies (deleting a missing key is fine). */
export async function deletePhotos(bucket: R2Bucket, keys: string[]): Promise<void> {
  const all = withDerivedKeys(keys);
  if (all.length > 0) await bucket.delete(all);
}

export class PhotoMissingError extends Error {
  override name = "PhotoMissingError";
}

/**
 * What the model sees of a photo: only ever its model copy (JPEG, long edge ≤ 1024 px, ≤ 600 KB),
 * never the original of up to 10 MB. The generation makes missing copies first (ADR 024).
 */
export async function readPhotoForModel(bucket: R2Bucket, key: string) {
  const copy = await readPhoto(bucket, modelKeyFor(key));
  if (!copy) throw new PhotoMissingError(`photo ${key} has no model copy; the model never reads an original`);
  return copy;
}

export async function readPhoto(bucket: R2Bucket, key: string) {
  const object = await bucket.get(key);
  if (!object) return null;
  return { bytes: new Uint8Array(await object.arrayBuffer()), contentType: object.httpMetadata?.contentType ?? "application/octet-stream" };
}
