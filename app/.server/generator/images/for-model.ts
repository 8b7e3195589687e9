// The photos a generation sends the model (ADR 024, ADR 053): every photo's model copy, made here
// only when the create request did not (a browser-made or create-time copy is found and read).
// This work has a deadline of its own and runs before the model call's, never inside it. A photo
// the image service refuses is left out and named on the ad (`unreadablePhotos`); no readable
// photo at all, an exhausted quota or a service that keeps failing fail the ad with a German
// reason (failures.ts) — the model is never asked about fewer photos than the seller sent
// without the ad saying so.
import type { PrivacyFindings, StoredImageAnalysis } from "../../ai/types";
import type { StoredPrivacyHints } from "../../../lib/privacy-hints";
import { readPhotoForModel } from "../../storage/photos";
import { ensureModelCopies } from "./ensure";
import { IMAGES_MESSAGES, PhotoPreparationError } from "../../images/failures";
import type { ImagesEnv } from "../../images/source";

/** The image work before a model call; within the lease's margin over the model's deadline (policy.ts: + 30 s). */
export const MODEL_PHOTOS_DEADLINE_MS = 20_000;

export async function photosForModel(env: ImagesEnv, photoKeys: string[], deadlineMs = MODEL_PHOTOS_DEADLINE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PhotoPreparationError(`the model copies took longer than ${deadlineMs} ms`, IMAGES_MESSAGES.service, false)),
      deadlineMs,
    );
  });
  try {
    const { readable, unreadable } = await Promise.race([ensureModelCopies(env, photoKeys), late]);
    if (photoKeys.length > 0 && readable.length === 0)
      throw new PhotoPreparationError("no photo of the ad can be read", IMAGES_MESSAGES.noPhotoReadable, true);
    const photos = await Promise.all(readable.map((key) => readPhotoForModel(env.PHOTOS, key)));
    return { photos, readable, unreadable };
  } finally {
    clearTimeout(timer);
  }
}

/** The analysis as stored, naming the photos (their index in the ad's final order) the model could not read. */
export function withUnreadablePhotos(analysis: StoredImageAnalysis, imageUrls: string[], unreadable: string[]): StoredImageAnalysis {
  if (unreadable.length === 0) return analysis;
  return { ...analysis, unreadablePhotos: unreadable.map((key) => imageUrls.indexOf(key)).filter((index) => index >= 0) };
}

/**
 * The model's privacy findings keyed by photo (ADR 069): the model numbered the photos it read
 * (`readable`), so its index names one of those keys. Null when nothing looked at the photos.
 */
export function privacyByPhoto(findings: PrivacyFindings | null, readable: string[]): StoredPrivacyHints | null {
  if (!findings) return null;
  return Object.fromEntries(findings.flatMap((entry) => (readable[entry.photoIndex] ? [[readable[entry.photoIndex], entry.seen]] : [])));
}
