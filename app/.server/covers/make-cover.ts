// The server's 800×600 social-preview cover of a photo (ADR 019): decode, centred 4:3 crop,
// scale, turn upright (EXIF), JPEG. Used by the generator Worker when the browser sent no cover
// (API clients, edits).
import { COVER_MAX_BYTES, COVER_SIZE } from "../ads/upload";
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

export async function makeCover(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const type = detectImageType(bytes);
  const size = readImageSize(bytes);
  if (!type || !size) throw new CoverSourceError("not a JPEG, PNG or WebP with a readable size");
  if (size.width * size.height > MAX_COVER_SOURCE_PIXELS) throw new CoverSourceError(`${size.width}×${size.height} is over the decoding budget`);
  const orientation = type.mime === "image/jpeg" ? jpegOrientation(bytes) : 1;
  const decoded = await decodeImage(bytes, type);
  // Crop and scale the photo as stored (to 600×800 when it is shown turned by 90°), then turn the small result.
  const [width, height] = swapsAxes(orientation) ? [COVER_SIZE.height, COVER_SIZE.width] : [COVER_SIZE.width, COVER_SIZE.height];
  const cover = applyOrientation({ data: cropAndScale(decoded, width, height), width, height }, orientation);
  // Noise-like photos may need a lower quality to stay under the cover limit the upload checks use.
  for (const quality of QUALITIES) {
    const jpeg = await encodeJpeg(cover, quality);
    if (jpeg.byteLength <= COVER_MAX_BYTES || quality === QUALITIES[QUALITIES.length - 1]) return jpeg;
  }
  throw new CoverSourceError("unreachable");
}
