// Photos in R2: unguessable keys, the detected content type stored with the object.
import { randomToken } from "../auth/crypto";
import type { ImageType } from "./image-info";

export type StoredPhoto = { key: string; contentType: string; size: number };

export function newPhotoKey(adId: string, type: ImageType): string {
  return `ads/${adId}/${randomToken()}.${type.extension}`;
}

/** Stores one photo; the Blob is handed to R2 as it is, without another copy in memory. */
export async function putPhoto(bucket: R2Bucket, key: string, file: Blob, type: ImageType): Promise<StoredPhoto> {
  await bucket.put(key, file, {
    httpMetadata: { contentType: type.mime, cacheControl: "public, max-age=31536000, immutable" },
  });
  return { key, contentType: type.mime, size: file.size };
}

export async function deletePhotos(bucket: R2Bucket, keys: string[]): Promise<void> {
  if (keys.length > 0) await bucket.delete(keys);
}

export async function readPhoto(bucket: R2Bucket, key: string) {
  const object = await bucket.get(key);
  if (!object) return null;
  return { bytes: new Uint8Array(await object.arrayBuffer()), contentType: object.httpMetadata?.contentType ?? "application/octet-stream" };
}
