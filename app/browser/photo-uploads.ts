// Photos upload while the seller fills in the form (ADR 082): each chosen photo is made smaller on
// the device (downscale.ts: the photo, its cover and its model copy) and sent to POST /api/photos at
// once, under the draft this form's ad will get (the server names it with the first photo). Sending
// the ad then names the uploads; its request carries no photo, so the seller's wait after tapping
// is the model's.
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from "~/lib/ad-input";
import { ApiError } from "./api-client";
import { coverCrop, downscalePhoto, modelCopy } from "./downscale";
import { sendForm, type UploadProgress } from "./upload";

/** A photo too large even after downscaling: said like the server's refusal (400, photo_upload_failed). */
function tooLarge(name: string): ApiError {
  return new ApiError(400, JSON.stringify({ message: PHOTO_MESSAGES.tooLarge(name), code: "photo_upload_failed" }), "Bad Request");
}

type Uploaded = { upload: string; draft: string };

async function uploadOne(draft: string | null, file: File, onProgress: (progress: UploadProgress) => void): Promise<Uploaded> {
  const photo = await downscalePhoto(file);
  if (photo.size > MAX_PHOTO_BYTES) throw tooLarge(file.name);
  const [cover, model] = await Promise.all([coverCrop(photo), modelCopy(photo)]);
  const form = new FormData();
  if (draft) form.append("draft", draft);
  form.append("photo", photo, photo.name);
  if (cover) form.append("cover", cover, "cover.jpg");
  if (model) form.append("model", model, "model.jpg");
  return sendForm("POST", "/api/photos", form, { onProgress });
}

/**
 * The uploads of one form's draft, one per chosen photo, started as soon as it is chosen. The
 * server names the draft in its answer to the first upload; the others wait for that answer and
 * join it. A draft the server no longer has open (409) is left and the photo begins a new one.
 * `idsFor` waits for those still under way and tries a failed one once more; `reset` starts a new
 * draft (after the ad was created, or when the server no longer knows the uploads).
 */
export class DraftUploads {
  private draft: string | null = null;
  /** The upload that is to name the draft, while it is under way. */
  private first: Promise<unknown> | null = null;
  /** Counts resets: an answer for an earlier draft never sets the current one. */
  private generation = 0;
  private uploads = new Map<File, Promise<string>>();
  private progress = new Map<File, UploadProgress>();

  constructor(private readonly onProgress: () => void = () => {}) {}

  /** Starts uploading each photo not yet sent. */
  start(files: readonly File[]): void {
    // A failure is handled by `send` itself and said when the ad is sent.
    for (const file of files) if (!this.uploads.has(file)) void this.send(file);
  }

  private send(file: File): Promise<string> {
    const upload = this.upload(file);
    upload.catch(() => {});
    this.uploads.set(file, upload);
    return upload;
  }

  private async upload(file: File, again = true): Promise<string> {
    const generation = this.generation;
    // Joins the draft the first upload is opening; if that one fails, this photo opens it.
    while (!this.draft && this.first) await this.first.catch(() => {});
    const draft = this.draft;
    const sent = uploadOne(draft, file, (progress) => {
      if (generation !== this.generation) return;
      this.progress.set(file, progress);
      this.onProgress();
    });
    if (!draft) {
      this.first = sent;
      void sent.then(
        (answer) => {
          if (generation === this.generation) this.draft ??= answer.draft;
        },
        () => {
          if (this.first === sent) this.first = null;
        },
      );
    }
    try {
      return (await sent).upload;
    } catch (error) {
      // The draft was closed meanwhile (its ad created, or its photos expired): begin a new one.
      if (!again || !(error instanceof ApiError) || error.status !== 409 || generation !== this.generation) throw error;
      if (this.draft === draft) this.draft = null;
      return this.upload(file, false);
    }
  }

  /** The upload ids of these photos in their order, once all are stored. */
  async idsFor(files: readonly File[]): Promise<string[]> {
    return Promise.all(files.map((file) => (this.uploads.get(file) ?? this.send(file)).catch(() => this.send(file))));
  }

  /** Bytes sent and to send of these photos' uploads, once their sizes are known. */
  sent(files: readonly File[]): UploadProgress | null {
    const sum: UploadProgress = { loaded: 0, total: 0 };
    for (const file of files) {
      const progress = this.progress.get(file);
      if (!progress) return null;
      sum.loaded += progress.loaded;
      sum.total += progress.total;
    }
    return sum;
  }

  reset(): void {
    this.generation++;
    this.draft = null;
    this.first = null;
    this.uploads.clear();
    this.progress.clear();
  }
}
