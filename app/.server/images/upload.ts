// Validating uploaded photos before anything is stored: count, size, real type by magic bytes.
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_MESSAGES } from "../../lib/ad-input";
import { MAX_PHOTO_MEGAPIXELS, MAX_PHOTO_PIXELS } from "../../lib/photo-limits";
import { photoRefused } from "../http-error";
import { detectImageType, isCompleteImage, readImageSize, type ImageType } from "../storage/image-info";

export const COVER_SIZE = { width: 800, height: 600 } as const;
export const COVER_MAX_BYTES = 1024 * 1024;
export const COVER_MESSAGE = "Bildupload fehlgeschlagen: Das Vorschaubild muss ein JPG mit 800×600 Pixeln sein.";

/** An upload that passed the checks, with its size as stored (read from its bytes, ADR 027). */
export type CheckedPhoto = { file: File; type: ImageType; size: { width: number; height: number } };

export const UNREADABLE_SIZE_MESSAGE = (name: string) =>
  `Bildupload fehlgeschlagen: Die Bildgröße von „${name}“ ist nicht eindeutig lesbar. Bitte speichere das Foto neu als JPG, PNG oder WebP.`;

export const INCOMPLETE_MESSAGE = (name: string) =>
  `Bildupload fehlgeschlagen: „${name}“ ist unvollständig – die Datei endet mitten im Bild. Bitte lade das Foto noch einmal hoch.`;

export async function checkPhoto(file: File): Promise<CheckedPhoto> {
  const name = file.name || "Datei";
  if (file.size > MAX_PHOTO_BYTES) throw photoRefused(413, PHOTO_MESSAGES.tooLarge(name));
  // The whole file: the size is read from the whole marker stream (ADR 027), never a prefix.
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type) throw photoRefused(415, PHOTO_MESSAGES.notImage(name));
  const size = readImageSize(bytes);
  if (!size) throw photoRefused(400, UNREADABLE_SIZE_MESSAGE(name));
  if (!isCompleteImage(bytes)) throw photoRefused(400, INCOMPLETE_MESSAGE(name));
  if (size.width * size.height > MAX_PHOTO_PIXELS) {
    throw photoRefused(
      400,
      `Bildupload fehlgeschlagen: „${name}“ hat mehr als ${MAX_PHOTO_MEGAPIXELS} Megapixel. Bitte verkleinere das Foto.`,
    );
  }
  return { file, type, size };
}

export async function checkPhotos(values: unknown[]): Promise<CheckedPhoto[]> {
  const files = values.filter((value): value is File => value instanceof File && value.size > 0);
  if (values.some((value) => !(value instanceof File))) throw photoRefused(400, PHOTO_MESSAGES.notImage("Feld photos"));
  if (files.length === 0) throw photoRefused(400, PHOTO_MESSAGES.none);
  if (files.length > MAX_PHOTOS) throw photoRefused(400, PHOTO_MESSAGES.tooMany);
  const checked: CheckedPhoto[] = [];
  for (const file of files) checked.push(await checkPhoto(file));
  return checked;
}

export const MODEL_COPY_MAX_EDGE = 1024;
export const MODEL_COPY_MAX_BYTES = 600 * 1024;
export const MODEL_COPY_MESSAGE =
  "Bildupload fehlgeschlagen: Die Kopie für die KI muss ein JPG mit höchstens 1024 Pixeln Kantenlänge sein.";

/** JPEG copies the browser made of each photo (all or none), each checked by its size read from the whole file (ADR 027). */
async function checkJpegCopies(
  values: unknown[],
  photoCount: number,
  rule: { maxBytes: number; message: string; fits: (size: { width: number; height: number }) => boolean },
) {
  if (values.length === 0) return [];
  if (values.length !== photoCount || values.some((value) => !(value instanceof File))) throw photoRefused(400, rule.message);
  const copies = values as File[];
  for (const copy of copies) {
    if (copy.size > rule.maxBytes) throw photoRefused(413, rule.message);
    const bytes = new Uint8Array(await copy.arrayBuffer());
    const size = readImageSize(bytes, { complete: true });
    if (detectImageType(bytes)?.mime !== "image/jpeg" || !size || !rule.fits(size)) throw photoRefused(400, rule.message);
  }
  return copies;
}

/** Model copies made by the browser: JPEG, long edge ≤ 1024 px, one per photo (or none). */
export function checkModelCopies(values: unknown[], photoCount: number): Promise<Blob[]> {
  return checkJpegCopies(values, photoCount, {
    maxBytes: MODEL_COPY_MAX_BYTES,
    message: MODEL_COPY_MESSAGE,
    fits: (size) => Math.max(size.width, size.height) <= MODEL_COPY_MAX_EDGE,
  });
}

/** Social-preview crops made by the browser: JPEG, exactly 800×600, one per photo (or none). */
export function checkCovers(values: unknown[], photoCount: number): Promise<Blob[]> {
  return checkJpegCopies(values, photoCount, {
    maxBytes: COVER_MAX_BYTES,
    message: COVER_MESSAGE,
    fits: (size) => size.width === COVER_SIZE.width && size.height === COVER_SIZE.height,
  });
}
