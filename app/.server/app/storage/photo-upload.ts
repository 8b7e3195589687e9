// The bytes of an ad's photo for a marketplace's upload (Kleinanzeigen's media tickets, ADR 038;
// eBay's Media API, ADR 046): the original when the marketplace takes its type, else its JPEG
// model copy (photo-keys.ts), which every marketplace takes. Photos are at most MAX_PHOTO_BYTES
// (app/lib/photo-limits.ts), below every marketplace's file limit.
import { modelKeyFor } from "../../storage/photo-keys";

export type UploadPhoto<T extends string> = { bytes: ArrayBuffer; type: T };

export async function photoForUpload<T extends string>(bucket: R2Bucket, key: string, types: readonly T[]): Promise<UploadPhoto<T> | null> {
  for (const candidate of [key, modelKeyFor(key)]) {
    const object = await bucket.get(candidate);
    if (!object) continue;
    const type = object.httpMetadata?.contentType ?? "";
    if ((types as readonly string[]).includes(type)) return { bytes: await object.arrayBuffer(), type: type as T };
    // A type the marketplace does not take: its model copy next.
    await object.body.cancel();
  }
  return null;
}
