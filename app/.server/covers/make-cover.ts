// The server's 800×600 social-preview cover of a photo (ADR 019): decode, centred 4:3 crop,
// scale, JPEG. Used by the generator Worker when the browser sent no cover (API clients, edits).
import { COVER_MAX_BYTES, COVER_SIZE } from "../ads/upload";
import { detectImageType, readImageSize } from "../storage/image-info";
import { decodeImage, encodeJpeg } from "./codecs";
import { cropAndScale } from "./resample";

/**
 * Largest photo decoded here. A Worker isolate has 128 MB; a decoded photo takes 4 bytes per pixel
 * twice (in the decoder's memory and as its copy), so 12.6 MP (4096×3072, every common phone
 * camera) needs about 100 MB at the peak. Larger photos use the browser's model copy, if any.
 */
export const MAX_COVER_SOURCE_PIXELS = 4096 * 3072;

const QUALITIES = [82, 70, 55];

export class CoverSourceError extends Error {
  override name = "CoverSourceError";
}

export async function makeCover(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const type = detectImageType(bytes);
  const size = readImageSize(bytes);
  if (!type || !size) throw new CoverSourceError("not a JPEG, PNG or WebP with a readable size");
  if (size.width * size.height > MAX_COVER_SOURCE_PIXELS) throw new CoverSourceError(`${size.width}×${size.height} is over the decoding budget`);
  const decoded = await decodeImage(bytes, type);
  const pixels = cropAndScale(decoded, COVER_SIZE.width, COVER_SIZE.height);
  // Noise-like photos may need a lower quality to stay under the cover limit the upload checks use.
  for (const quality of QUALITIES) {
    const jpeg = await encodeJpeg({ data: pixels, ...COVER_SIZE }, quality);
    if (jpeg.byteLength <= COVER_MAX_BYTES || quality === QUALITIES[QUALITIES.length - 1]) return jpeg;
  }
  throw new CoverSourceError("unreachable");
}
