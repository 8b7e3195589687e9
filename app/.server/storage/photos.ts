// Photos in R2: unguessable keys (photo-keys.ts), the detected content type stored with the object.
import type { ImageType } from "./image-info";
import { MalformedJpegError, stripJpegMetadata } from "./image-metadata";
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

/**
 * Marks a copy stored without metadata (ADR 070). Copies stored before carry no mark: the photo
 * route strips those as it serves them (`isStripped`).
 */
const STRIPPED = { metadata: "stripped" } as const;

export function isStripped(object: R2Object): boolean {
  return object.customMetadata?.metadata === STRIPPED.metadata;
}

/** Stores a public copy (cover or display copy) without any metadata, as every public byte is (ADR 070). */
async function putPublicCopy(bucket: R2Bucket, key: string, copy: Blob | Uint8Array<ArrayBuffer>) {
  const bytes = copy instanceof Blob ? new Uint8Array(await copy.arrayBuffer()) : copy;
  await bucket.put(key, stripJpegMetadata(bytes), {
    httpMetadata: { contentType: "image/jpeg", cacheControl: "public, max-age=31536000, immutable" },
    customMetadata: STRIPPED,
  });
}

/** Stores the 800×600 crop of a photo under the derived cover key. */
export function putCover(bucket: R2Bucket, photoKey: string, cover: Blob | Uint8Array<ArrayBuffer>) {
  return putPublicCopy(bucket, coverKeyFor(photoKey), cover);
}

/** Stores the model copy of a photo, which is also its public display copy. */
export function putModelCopy(bucket: R2Bucket, photoKey: string, copy: Blob | Uint8Array<ArrayBuffer>) {
  return putPublicCopy(bucket, modelKeyFor(photoKey), copy);
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
  const copy = await readPublicCopy(bucket, modelKeyFor(key));
  if (!copy) throw new PhotoMissingError(`photo ${key} has no model copy; the model never reads an original`);
  return { bytes: copy, contentType: "image/jpeg" };
}

/** A cover or display copy's bytes without metadata (copies stored before ADR 070 may still carry some); null when it is gone or unreadable. */
export async function readPublicCopy(bucket: R2Bucket, key: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  return isStripped(object) ? bytes : withoutMetadata(bytes);
}

/** A stored copy without its metadata; null for one that is no complete JPEG (it is never served as it is). */
export function withoutMetadata(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> | null {
  try {
    return stripJpegMetadata(bytes);
  } catch (error) {
    if (error instanceof MalformedJpegError) return null;
    throw error;
  }
}
