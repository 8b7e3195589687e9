// Photos are re-encoded in the browser before upload, every one (ADR 070): upright as the camera
// meant it, the long edge at most 2048 px (sellers are on mobile data), as WebP (or JPEG where the
// browser cannot write WebP) at quality 0.85. A canvas writes pixels only, so the upload carries no
// EXIF, XMP or IPTC — no GPS position, no camera, no owner name. Only a photo this browser cannot
// decode is sent as it is (the server judges it, and keeps it private).

export const MAX_EDGE_PX = 2048;
export const QUALITY = 0.85;

function canvasToBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

export async function downscalePhoto(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file; // Not decodable here: let the server judge it.
  }
  const longEdge = Math.max(bitmap.width, bitmap.height);
  const scale = Math.min(1, MAX_EDGE_PX / longEdge);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext("2d");
  if (!context) {
    bitmap.close();
    return file;
  }
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();

  // toBlob silently falls back to PNG for types it cannot write: check what came out.
  let blob = await canvasToBlob(canvas, "image/webp");
  if (!blob || blob.type !== "image/webp") blob = await canvasToBlob(canvas, "image/jpeg");
  if (!blob || (blob.type !== "image/jpeg" && blob.type !== "image/webp")) return file;
  const extension = blob.type === "image/webp" ? "webp" : "jpg";
  const name = `${file.name.replace(/\.[^.]+$/, "") || "foto"}.${extension}`;
  return new File([blob], name, { type: blob.type, lastModified: file.lastModified });
}

export const COVER_WIDTH = 800;
export const COVER_HEIGHT = 600;

/** Decodes a photo as the camera meant it (EXIF orientation), or null where the browser cannot. */
async function decode(file: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
}

/** Draws onto a white canvas of the given size and encodes it as JPEG, or null where that fails. */
async function jpegOf(
  width: number,
  height: number,
  quality: number,
  name: string,
  draw: (context: CanvasRenderingContext2D) => void,
): Promise<File | null> {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  draw(context);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
  return blob && blob.type === "image/jpeg" ? new File([blob], name, { type: "image/jpeg" }) : null;
}

/**
 * The 800×600 social-preview crop of a photo (centre crop, JPEG), made here so that shared
 * links show a correctly sized image without any image processing on the server.
 */
export async function coverCrop(file: Blob): Promise<File | null> {
  const bitmap = await decode(file);
  if (!bitmap) return null;
  const scale = Math.max(COVER_WIDTH / bitmap.width, COVER_HEIGHT / bitmap.height);
  const width = COVER_WIDTH / scale;
  const height = COVER_HEIGHT / scale;
  const cover = await jpegOf(COVER_WIDTH, COVER_HEIGHT, 0.82, "cover.jpg", (context) =>
    context.drawImage(bitmap, (bitmap.width - width) / 2, (bitmap.height - height) / 2, width, height, 0, 0, COVER_WIDTH, COVER_HEIGHT),
  );
  bitmap.close();
  return cover;
}

export const MODEL_EDGE_PX = 1024;

/**
 * The copy the AI model reads (JPEG, long edge ≤ 1024 px): all photos go into one model call, so
 * each is sent at the size vision models work at, not at the stored 2048 px.
 */
export async function modelCopy(file: Blob): Promise<File | null> {
  const bitmap = await decode(file);
  if (!bitmap) return null;
  const scale = Math.min(1, MODEL_EDGE_PX / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const copy = await jpegOf(width, height, 0.8, "model.jpg", (context) => context.drawImage(bitmap, 0, 0, width, height));
  bitmap.close();
  return copy;
}
