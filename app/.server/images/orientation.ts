// How a JPEG wants to be shown (EXIF orientation, tag 0x0112). The Images binding turns the photo
// by the `rotate` read here (its tag is set to 1 first, so production's automatic EXIF rotation and
// the local simulation, which has none, do the same); mirrored orientations and the cover's crop
// are applied here to the small result (ADR 024).
import type { Rgba } from "./resample";

/** Where a JPEG's EXIF orientation (tag 0x0112) is stored: its value 1–8 and the byte offset of that value. */
export type OrientationTag = { orientation: number; offset: number; littleEndian: boolean };

/** The orientation tag of a JPEG (read from its first bytes, where EXIF lives), or null when it has none. */
export function jpegOrientationTag(bytes: Uint8Array): OrientationTag | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1];
    if (marker === 0xda || marker === 0xd9) break; // image data starts: no EXIF after this
    const length = view.getUint16(offset + 2);
    if (marker === 0xe1 && String.fromCharCode(...bytes.subarray(offset + 4, offset + 10)) === "Exif\0\0") {
      return orientationInTiff(view, offset + 10, Math.min(bytes.length, offset + 2 + length));
    }
    offset += 2 + length;
  }
  return null;
}

function orientationInTiff(view: DataView, tiff: number, end: number): OrientationTag | null {
  try {
    const littleEndian = view.getUint16(tiff) === 0x4949; // "II"
    const ifd = tiff + view.getUint32(tiff + 4, littleEndian);
    const entries = view.getUint16(ifd, littleEndian);
    for (let i = 0; i < entries; i++) {
      const entry = ifd + 2 + i * 12;
      if (entry + 12 > end) break;
      if (view.getUint16(entry, littleEndian) === 0x0112) {
        const value = view.getUint16(entry + 8, littleEndian);
        return { orientation: value >= 1 && value <= 8 ? value : 1, offset: entry + 8, littleEndian };
      }
    }
  } catch {
    // A truncated EXIF block: show the photo as stored.
  }
  return null;
}

/** Orientations 2, 4, 5 and 7 mirror the photo; the others only turn it. */
export function mirrors(orientation: number): boolean {
  return orientation === 2 || orientation === 4 || orientation === 5 || orientation === 7;
}

/** The clockwise turn that shows a photo of a non-mirroring orientation upright. */
export function uprightRotation(orientation: number): 0 | 90 | 180 | 270 {
  if (orientation === 3) return 180;
  if (orientation === 6) return 90;
  if (orientation === 8) return 270;
  return 0;
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
