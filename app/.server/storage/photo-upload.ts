// The bytes of an ad's photo for a marketplace's upload (Kleinanzeigen's media tickets, ADR 038;
// eBay's Media API, ADR 046): its display copy (JPEG, long edge ≤ 1024 px, without metadata),
// never the original, which may carry the seller's GPS position and stays private (ADR 070).
// Every marketplace takes JPEG, and the copy is far below every marketplace's file limit.
import { modelKeyFor } from "./photo-keys";
import { readPublicCopy } from "./photos";

export type UploadPhoto = { bytes: Uint8Array<ArrayBuffer>; type: "image/jpeg" };

/** The photo's display copy for a marketplace, or null when it has none (a photo the image service could not read). */
export async function photoForUpload(bucket: R2Bucket, key: string): Promise<UploadPhoto | null> {
  const bytes = await readPublicCopy(bucket, modelKeyFor(key));
  return bytes ? { bytes, type: "image/jpeg" } : null;
}
