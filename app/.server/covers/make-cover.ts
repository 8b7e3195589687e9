// Images the server derives from a photo when the browser did not send them (API clients, edits):
// the 800×600 social-preview cover (ADR 019: centred 4:3 crop) and the display copy (ADR 021: the
// whole photo, long edge 1024 px, the same JPEG as the browser's model copy). Decode, scale in the
// stored orientation, turn the small result upright (EXIF), JPEG. Used by the generator Worker.
import { COVER_MAX_BYTES, COVER_SIZE, MODEL_COPY_MAX_BYTES, MODEL_COPY_MAX_EDGE } from "../ads/upload";
import { detectImageType, readImageSize } from "../storage/image-info";
import { decodeImage, encodeJpeg } from "./codecs";
import { applyOrientation, jpegOrientation, swapsAxes } from "./orientation";
import { cropAndScale } from "./resample";

/**
 * Largest photo decoded here. A Worker isolate has 128 MB. Decoding takes about 9 bytes per
 * pixel at the peak (measured with this mozjpeg build: 4 in the decoder's memory, 4 for the copy
 * it hands out, plus its working buffers): 8.4 MP (4K UHD, 3840×2160; 3264×2448) stays near 75 MB.
 * Larger photos use the browser's model copy when there is one.
 */
export const MAX_COVER_SOURCE_PIXELS = 8_400_000;

const QUALITIES = [82, 70, 55];

export class CoverSourceError extends Error {
  override name = "CoverSourceError";
}

/** The photo decoded, with the EXIF orientation it is to be shown in. */
async function decodeWithinBudget(bytes: Uint8Array) {
  const type = detectImageType(bytes);
  const size = readImageSize(bytes);
  if (!type || !size) throw new CoverSourceError("not a JPEG, PNG or WebP with a readable size");
  if (size.width * size.height > MAX_COVER_SOURCE_PIXELS) throw new CoverSourceError(`${size.width}×${size.height} is over the decoding budget`);
  const orientation = type.mime === "image/jpeg" ? jpegOrientation(bytes) : 1;
  return { decoded: await decodeImage(bytes, type), orientation };
}

/** Scales (and crops to the target's aspect ratio) in the stored orientation, then turns the result upright and encodes it. */
async function scaledJpeg(bytes: Uint8Array, target: (stored: { width: number; height: number }, orientation: number) => { width: number; height: number }, maxBytes: number) {
  const { decoded, orientation } = await decodeWithinBudget(bytes);
  const { width, height } = target(decoded, orientation);
  const image = applyOrientation({ data: cropAndScale(decoded, width, height), width, height }, orientation);
  // Noise-like photos may need a lower quality to stay under the limit the upload checks use.
  for (const quality of QUALITIES) {
    const jpeg = await encodeJpeg(image, quality);
    if (jpeg.byteLength <= maxBytes || quality === QUALITIES[QUALITIES.length - 1]) return jpeg;
  }
  throw new CoverSourceError("unreachable");
}

export function makeCover(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  // Cropped and scaled as stored (to 600×800 when it is shown turned by 90°).
  return scaledJpeg(bytes, (_, orientation) => (swapsAxes(orientation) ? { width: COVER_SIZE.height, height: COVER_SIZE.width } : COVER_SIZE), COVER_MAX_BYTES);
}

/** The whole photo with its long edge at most 1024 px: what the gallery shows on phones, and what the model reads. */
export function makeDisplayCopy(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return scaledJpeg(
    bytes,
    (stored) => {
      const scale = Math.min(1, MODEL_COPY_MAX_EDGE / Math.max(stored.width, stored.height));
      return { width: Math.max(1, Math.round(stored.width * scale)), height: Math.max(1, Math.round(stored.height * scale)) };
    },
    MODEL_COPY_MAX_BYTES,
  );
}
