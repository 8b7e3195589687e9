// Model copies of an API client's photos, made in the create request from the request's own bytes
// while the photos are stored and the ad row is written — before the generation is queued, so
// the generation finds them and the seller's wait is the model call (ADR 053). Each copy has its
// own deadline; a copy that fails or is late is left to the generation (ensure.ts), which tells an
// unreadable photo from a quota or service error (failures.ts), and mirrors the rare mirrored
// photo (WebAssembly, which the app Worker does not load). The browser sends its own copies (ADR
// 010); then nothing is made here.
import { putModelCopy } from "../storage/photos";
import { modelCopy } from "./model-copy";
import { openUpload, type ImagesEnv } from "./source";

/** How long the create request waits for a model copy (a 12 MP photo takes well under a second). */
export const UPLOAD_COPY_DEADLINE_MS = 5_000;

export type Upload = { key: string; file: Blob; size: { width: number; height: number } };

async function copyOf(env: ImagesEnv, upload: Upload, deadline: Promise<never>) {
  const made = (async () => {
    const copy = await modelCopy(env, await openUpload(env, upload.key, upload.file, upload.size));
    await putModelCopy(env.PHOTOS, upload.key, new Blob([copy]));
  })();
  // A late copy still lands (it is the same copy); the generation only makes what it does not find.
  made.catch(() => {});
  await Promise.race([made, deadline]);
}

/**
 * Makes and stores the model copy of every upload, all at once; resolves when each is stored, has
 * failed or is past the deadline (never rejects). Returns how many were stored in time. Without
 * an Images binding (an app Worker configured without one) nothing is made.
 */
export async function makeModelCopiesAtUpload(
  env: { PHOTOS: R2Bucket; IMAGES?: ImagesBinding },
  uploads: Upload[],
  deadlineMs = UPLOAD_COPY_DEADLINE_MS,
): Promise<number> {
  const { IMAGES } = env;
  if (!IMAGES || uploads.length === 0) return 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no model copy within ${deadlineMs} ms`)), deadlineMs);
  });
  deadline.catch(() => {});
  try {
    const results = await Promise.allSettled(uploads.map((upload) => copyOf({ PHOTOS: env.PHOTOS, IMAGES }, upload, deadline)));
    results.forEach((result, index) => {
      if (result.status === "rejected")
        console.warn("model copy left to the generation", { photoKey: uploads[index].key, error: String(result.reason) });
    });
    return results.filter((result) => result.status === "fulfilled").length;
  } finally {
    clearTimeout(timer);
  }
}
