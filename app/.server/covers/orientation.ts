// How a JPEG wants to be shown (EXIF orientation, tag 0x0112), applied to the small cover rather
// than to the decoded photo: rotating a 12 MP photo would need another 48 MB (ADR 019).
import type { Rgba } from "./resample";

/** EXIF orientation 1–8 of a JPEG; 1 (as stored) when it has none. */
export function jpegOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1];
    if (marker === 0xda || marker === 0xd9) break; // image data starts: no EXIF after this
    const length = view.getUint16(offset + 2);
    if (marker === 0xe1 && String.fromCharCode(...bytes.subarray(offset + 4, offset + 10)) === "Exif\0\0") {
      return orientationInTiff(view, offset + 10, offset + 2 + length);
    }
    offset += 2 + length;
  }
  return 1;
}

function orientationInTiff(view: DataView, tiff: number, end: number): number {
  try {
    const little = view.getUint16(tiff) === 0x4949; // "II"
    const ifd = tiff + view.getUint32(tiff + 4, little);
    const entries = view.getUint16(ifd, little);
    for (let i = 0; i < entries; i++) {
      const entry = ifd + 2 + i * 12;
      if (entry + 12 > end) break;
      if (view.getUint16(entry, little) === 0x0112) {
        const value = view.getUint16(entry + 8, little);
        return value >= 1 && value <= 8 ? value : 1;
      }
    }
  } catch {
    // A truncated EXIF block: show the photo as stored.
  }
  return 1;
}

/** Orientations 5–8 swap width and height. */
export function swapsAxes(orientation: number): boolean {
  return orientation >= 5 && orientation <= 8;
}

/** The image as it should be shown: `source` is the stored (already cropped and scaled) image. */
export function applyOrientation(source: Rgba, orientation: number): Rgba {
  if (orientation <= 1 || orientation > 8) return source;
  const { width: w, height: h } = source;
  const width = swapsAxes(orientation) ? h : w;
  const height = swapsAxes(orientation) ? w : h;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Where the shown pixel (x, y) is in the stored image.
      const [sx, sy] = [
        [x, y],
        [w - 1 - x, y],
        [w - 1 - x, h - 1 - y],
        [x, h - 1 - y],
        [y, x],
        [y, h - 1 - x],
        [w - 1 - y, h - 1 - x],
        [w - 1 - y, x],
      ][orientation - 1];
      const from = (sy * w + sx) * 4;
      data.set(source.data.subarray(from, from + 4), (y * width + x) * 4);
    }
  }
  return { data, width, height };
}
