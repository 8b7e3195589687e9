// No public byte carries metadata (ADR 070): every JPEG a buyer, a crawler, a marketplace or the
// model can read is a re-encoded copy (the browser's canvas or the Images binding), and this strips
// what an encoder may still carry over — EXIF (GPS position, camera, owner name, capture time),
// XMP, IPTC/Photoshop, comments, the JFIF extension thumbnail and anything after the image's end.
// It copies the marker segments (ITU T.81, Annex B) and the entropy-coded data unchanged, so the
// picture is the same, byte for byte. Kept: the JFIF header, an ICC colour profile (it describes
// colours, not people) and Adobe's colour-transform marker (needed to decode the colours right).

import { afterEntropyData } from "./image-info";

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;

/** The APPn segments kept, by marker, with the identifier their payload must start with. */
const KEPT_APPLICATION_SEGMENTS: ReadonlyMap<number, string> = new Map([
  [APP0, "JFIF\0"],
  [APP2, "ICC_PROFILE\0"],
  [APP14, "Adobe"],
]);

export class MalformedJpegError extends Error {
  override name = "MalformedJpegError";
}

function startsWith(bytes: Uint8Array, at: number, text: string): boolean {
  for (let index = 0; index < text.length; index++) if (bytes[at + index] !== text.charCodeAt(index)) return false;
  return true;
}

/** Whether a segment is metadata about the photo rather than data needed to show it. */
function isMetadata(bytes: Uint8Array, marker: number, payload: number): boolean {
  if (marker === COM) return true;
  if (marker < APP0 || marker > APP15) return false;
  const identifier = KEPT_APPLICATION_SEGMENTS.get(marker);
  return identifier === undefined || !startsWith(bytes, payload, identifier);
}

/** The byte ranges of a JPEG, each marked as metadata or not; the image's end closes the list. */
function jpegParts(bytes: Uint8Array): { from: number; to: number; metadata: boolean }[] {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) throw new MalformedJpegError("no JPEG start marker");
  const parts = [{ from: 0, to: 2, metadata: false }];
  let offset = 2;
  for (;;) {
    if (offset + 1 >= bytes.length) throw new MalformedJpegError("the JPEG ends before its end marker");
    if (bytes[offset] !== 0xff) throw new MalformedJpegError(`no marker at byte ${offset}`);
    const start = offset;
    while (bytes[offset] === 0xff) offset++; // fill bytes (B.1.1.2)
    const marker = bytes[offset++];
    if (marker === undefined) throw new MalformedJpegError("the JPEG ends inside a marker");
    if (marker === EOI) {
      parts.push({ from: offset - 2, to: offset, metadata: false });
      return parts; // anything after the end is dropped
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push({ from: offset - 2, to: offset, metadata: false });
      continue;
    }
    if (offset + 2 > bytes.length) throw new MalformedJpegError("the JPEG ends inside a segment");
    const length = (bytes[offset] << 8) | bytes[offset + 1];
    const end = offset + length;
    if (length < 2 || end > bytes.length) throw new MalformedJpegError(`a segment at byte ${start} runs past the end`);
    const metadata = isMetadata(bytes, marker, offset + 2);
    // The segment itself from its marker (the fill bytes before it are not needed).
    parts.push({ from: offset - 2, to: end, metadata });
    offset = end;
    if (marker === SOS) {
      const dataEnd = afterEntropyData(bytes, offset);
      parts.push({ from: offset, to: dataEnd, metadata: false });
      offset = dataEnd;
    }
  }
}

/** The metadata segments a JPEG carries, by marker (APP1 = EXIF or XMP, APP13 = IPTC, COM), and whether bytes follow its end. */
export function jpegMetadata(bytes: Uint8Array): { markers: number[]; trailing: boolean } {
  const parts = jpegParts(bytes);
  const markers = parts.filter((part) => part.metadata).map((part) => bytes[part.from + 1]);
  return { markers, trailing: parts.at(-1)!.to < bytes.length };
}

/**
 * The JPEG without its metadata: the same image, every segment needed to decode it in its order.
 * Returns the input itself when there is nothing to strip; throws a MalformedJpegError for bytes
 * that are no complete JPEG.
 */
export function stripJpegMetadata(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const parts = jpegParts(bytes);
  const kept = parts.filter((part) => !part.metadata);
  const size = kept.reduce((sum, part) => sum + part.to - part.from, 0);
  if (size === bytes.length) return bytes;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of kept) {
    out.set(bytes.subarray(part.from, part.to), at);
    at += part.to - part.from;
  }
  return out;
}
