// Model copies of an API client's photos, made in the create request from the request's own bytes
// while the photos are stored and the ad row is written — before the generation is queued, so
// the generation finds them and the seller's wait is the model call (ADR 053). Each copy has its
// own deadline. A photo the image service refuses to decode is refused with the upload (a 400,
// nothing kept); a copy still under way at its deadline is waited for by the hand-off, not by the
// answer (ADR 080); one that fails otherwise is left to the generation (ensure.ts), which tells an
// unreadable photo from a quota or service error (failures.ts), and mirrors the rare mirrored
// photo (WebAssembly, which the app Worker does not load). The browser sends its own copies (ADR
// 010); then nothing is made here.
import { putModelCopy } from "../../storage/photos";
import { modelCopy } from "../../images/model-copy";
import { openUpload, type ImagesEnv } from "../../images/source";
import { AMBIGUOUS_CODE, UnreadablePhotoError } from "../../images/failures";

/** How long the create request waits for a model copy (a 12 MP photo takes well under a second). */
export const UPLOAD_COPY_DEADLINE_MS = 5_000;

export const UNDECODABLE_MESSAGE = (name: string) =>
  `Bildupload fehlgeschlagen: „${name}“ lässt sich nicht als Bild öffnen (beschädigt oder unvollständig). Bitte speichere das Foto neu als JPG und lade es noch einmal hoch.`;

export type Upload = { key: string; file: Blob; size: { width: number; height: number } };

/**
 * What the create request learns of its copies: how many were stored in time, which photos the
 * image service refused to decode (their index: the upload is refused, nothing is kept), whether a
 * copy was still being made when its deadline passed (`late`), and when every copy (a late one
 * too) has ended.
 */
export type UploadCopies = { stored: Promise<number>; refused: Promise<number[]>; late: Promise<boolean>; ended: Promise<unknown> };

/** A refusal that names the photo itself, not a passing fault of the service (failures.ts). */
function isRefusal(reason: unknown): boolean {
  return reason instanceof UnreadablePhotoError && reason.code !== AMBIGUOUS_CODE;
}

/**
 * Makes and stores the model copy of every upload, all at once. `stored` resolves when each copy
 * is stored, has failed or is past the deadline (never rejects), with how many were stored in
 * time; `ended` when every copy has ended, a late one included — after it, no copy can land.
 * Without an Images binding (an app Worker configured without one) nothing is made.
 */
export function makeModelCopiesAtUpload(
  env: { PHOTOS: R2Bucket; IMAGES?: ImagesBinding },
  uploads: Upload[],
  deadlineMs = UPLOAD_COPY_DEADLINE_MS,
): UploadCopies {
  const { IMAGES } = env;
  if (!IMAGES || uploads.length === 0)
    return { stored: Promise.resolve(0), refused: Promise.resolve([]), late: Promise.resolve(false), ended: Promise.resolve() };
  // A late copy still lands (it is the same copy); the generation only makes what it does not find.
  const images: ImagesEnv = { PHOTOS: env.PHOTOS, IMAGES };
  const made = uploads.map(async (upload) => {
    const copy = await modelCopy(images, await openUpload(images, upload.key, upload.file, upload.size));
    await putModelCopy(env.PHOTOS, upload.key, new Blob([copy]));
  });
  const ended = Promise.allSettled(made);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pastDeadline = new Error(`no model copy within ${deadlineMs} ms`);
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(pastDeadline), deadlineMs);
  });
  deadline.catch(() => {});
  const settled = Promise.allSettled(made.map((copy) => Promise.race([copy, deadline]))).then((results) => {
    clearTimeout(timer);
    results.forEach((result, index) => {
      if (result.status === "rejected" && !isRefusal(result.reason))
        console.warn("model copy not stored in time", { photoKey: uploads[index].key, error: String(result.reason) });
    });
    return results;
  });
  return {
    stored: settled.then((results) => results.filter((result) => result.status === "fulfilled").length),
    refused: settled.then((results) =>
      results.flatMap((result, index) => (result.status === "rejected" && isRefusal(result.reason) ? [index] : [])),
    ),
    // A copy still under way at its deadline will land: the generation is to find it, not make it again.
    late: settled.then((results) => results.some((result) => result.status === "rejected" && result.reason === pastDeadline)),
    ended,
  };
}
