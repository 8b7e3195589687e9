// Validating uploaded photos before anything is stored: count, size, real type by magic bytes.
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_MESSAGES } from "../../lib/ad-input";
import { HttpError } from "../http/errors";
import { detectImageType, type ImageType } from "../storage/image-info";

export type CheckedPhoto = { file: File; type: ImageType };

export async function checkPhoto(file: File): Promise<CheckedPhoto> {
  const name = file.name || "Datei";
  if (file.size > MAX_PHOTO_BYTES) throw new HttpError(413, PHOTO_MESSAGES.tooLarge(name));
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const type = detectImageType(head);
  if (!type) throw new HttpError(415, PHOTO_MESSAGES.notImage(name));
  return { file, type };
}

export async function checkPhotos(values: unknown[]): Promise<CheckedPhoto[]> {
  const files = values.filter((value): value is File => value instanceof File && value.size > 0);
  if (values.some((value) => !(value instanceof File))) throw new HttpError(400, PHOTO_MESSAGES.notImage("Feld photos"));
  if (files.length === 0) throw new HttpError(400, PHOTO_MESSAGES.none);
  if (files.length > MAX_PHOTOS) throw new HttpError(400, PHOTO_MESSAGES.tooMany);
  const checked: CheckedPhoto[] = [];
  for (const file of files) checked.push(await checkPhoto(file));
  return checked;
}
