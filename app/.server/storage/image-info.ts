// What an uploaded file really is, judged by its bytes (never by the declared type), and its
// pixel size read from the whole marker/chunk stream (ADR 027). The size is what every budget
// (the 40 MP upload limit, the generator's decoding budget, the copies' sizes) is checked
// against before anything is decoded, so the reader refuses (null) whatever a decoder could
// read differently: an unreadable or truncated header, two frames that disagree, a size that
// appears only after the image data, an animation.

export type ImageType = { mime: "image/jpeg" | "image/png" | "image/webp"; extension: "jpg" | "png" | "webp" };
export type ImageSize = { width: number; height: number };

const JPEG: ImageType = { mime: "image/jpeg", extension: "jpg" };
const PNG: ImageType = { mime: "image/png", extension: "png" };
const WEBP: ImageType = { mime: "image/webp", extension: "webp" };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function detectImageType(head: Uint8Array): ImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return JPEG;
  if (head.length >= 8 && PNG_SIGNATURE.every((byte, index) => head[index] === byte)) return PNG;
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return WEBP;
  return null;
}

/**
 * Width and height of the image, or null when the file does not state them unambiguously.
 * Give it the whole file: a size found only in a prefix is not trusted.
 */
export function readImageSize(bytes: Uint8Array, options: { complete?: boolean } = {}): ImageSize | null {
  const type = detectImageType(bytes);
  const complete = options.complete ?? false;
  if (type === JPEG) return jpegSize(bytes, complete);
  if (type === PNG) return pngSize(bytes, complete);
  if (type === WEBP) return webpSize(bytes);
  return null;
}

/**
 * Whether the file holds the whole image: a JPEG up to its end marker, a PNG up to IEND, a WebP
 * as long as its RIFF header says. Decoders show what they got of a cut-off file; an upload is
 * refused instead (a photo cut off in transfer is missing its lower part, docs/SECURITY.md).
 */
export function isCompleteImage(bytes: Uint8Array): boolean {
  return readImageSize(bytes, { complete: true }) !== null;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32le = (b: Uint8Array, at: number) => u24le(b, at) + b[at + 3] * 0x1000000;

/** SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): every frame type, baseline to lossless and hierarchical. */
function isFrameMarker(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

const DHP = 0xde; // hierarchical progression: declares the whole image's size like a frame
const SOS = 0xda;
const EOI = 0xd9;
const SOI = 0xd8;

/**
 * JPEG (ITU T.81, Annex B): segments are walked by their lengths, any number of 0xFF fill bytes
 * before a marker are skipped (B.1.1.2), the entropy-coded data after each scan is skipped up to
 * the next real marker, and every frame header (SOFn, DHP) up to EOI must state the same size.
 */
function jpegSize(bytes: Uint8Array, complete: boolean): ImageSize | null {
  let frame: ImageSize | null = null;
  let scanned = false;
  let offset = 2; // after SOI
  const length = bytes.length;
  // A stream cut off inside the image data still has the size of its frame (decoders show the
  // part they got), unless the whole image is asked for; cut off before its first scan, it is unreadable.
  const end = () => (scanned && !complete ? frame : null);
  for (;;) {
    if (offset >= length) return end();
    if (bytes[offset] !== 0xff) return null;
    while (offset < length && bytes[offset] === 0xff) offset++;
    if (offset >= length) return end();
    const marker = bytes[offset++];
    if (marker === EOI) return scanned ? frame : null;
    if (marker === 0x00 || marker === SOI) return null;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // TEM, RSTn: no length
    if (offset + 2 > length) return end();
    const segmentLength = u16be(bytes, offset);
    if (segmentLength < 2) return null;
    const segmentEnd = offset + segmentLength;
    if (segmentEnd > length) return end();
    if (isFrameMarker(marker) || marker === DHP) {
      if (segmentLength < 8) return null;
      const size = { height: u16be(bytes, offset + 3), width: u16be(bytes, offset + 5) };
      // Height 0 means "given later in a DNL marker": a size not known before decoding.
      if (size.width === 0 || size.height === 0) return null;
      if (frame && (frame.width !== size.width || frame.height !== size.height)) return null;
      frame = size;
    }
    offset = segmentEnd;
    if (marker === SOS) {
      if (!frame) return null;
      scanned = true;
      offset = afterEntropyData(bytes, offset);
    }
  }
}

/** The offset of the first marker after entropy-coded data (0xFF00 is a stuffed byte, RSTn belong to the data). */
export function afterEntropyData(bytes: Uint8Array, from: number): number {
  let offset = from;
  for (;;) {
    offset = bytes.indexOf(0xff, offset);
    if (offset === -1) return bytes.length;
    let next = offset + 1;
    while (next < bytes.length && bytes[next] === 0xff) next++;
    if (next >= bytes.length) return bytes.length;
    const byte = bytes[next];
    if (byte === 0x00 || (byte >= 0xd0 && byte <= 0xd7)) {
      offset = next + 1;
      continue;
    }
    return offset;
  }
}

const PNG_MAX_DIMENSION = 0x7fffffff;

/**
 * PNG: IHDR must be the first chunk and the only one; the chunk stream is walked to IEND (or the
 * file's end) and must hold image data; animation frames (APNG fcTL) must lie
 * inside the image.
 */
function pngSize(bytes: Uint8Array, complete: boolean): ImageSize | null {
  let offset = 8;
  let size: ImageSize | null = null;
  let sawData = false;
  // Cut off after image data, decoders show what they got: the size is the header's (unless the
  // whole image is asked for).
  const end = () => (sawData && !complete ? size : null);
  for (;;) {
    if (offset + 12 > bytes.length) return end();
    const chunkLength = u32be(bytes, offset);
    const type = ascii(bytes, offset + 4, offset + 8);
    const data = offset + 8;
    if (chunkLength > bytes.length - data - 4) return end();
    if (type === "IHDR") {
      if (size || offset !== 8 || chunkLength !== 13) return null;
      size = { width: u32be(bytes, data), height: u32be(bytes, data + 4) };
      if (size.width === 0 || size.height === 0 || size.width > PNG_MAX_DIMENSION || size.height > PNG_MAX_DIMENSION) return null;
    } else if (!size) {
      return null;
    } else if (type === "IDAT") {
      sawData = true;
    } else if (type === "fcTL") {
      if (chunkLength < 26) return null;
      const [width, height, x, y] = [u32be(bytes, data + 4), u32be(bytes, data + 8), u32be(bytes, data + 12), u32be(bytes, data + 16)];
      if (width === 0 || height === 0 || x + width > size.width || y + height > size.height) return null;
    } else if (type === "IEND") {
      return sawData ? size : null;
    }
    offset = data + chunkLength + 4;
  }
}

/**
 * WebP (RIFF container): the one image chunk (VP8 or VP8L) gives the size; an extended file's
 * canvas (VP8X) must match it. Animated WebP is not taken (its frames are not read here).
 */
function webpSize(bytes: Uint8Array): ImageSize | null {
  const riffEnd = 8 + u32le(bytes, 4);
  if (riffEnd > bytes.length || riffEnd < 12) return null;
  let canvas: ImageSize | null = null;
  let image: ImageSize | null = null;
  let offset = 12;
  while (offset + 8 <= riffEnd) {
    const fourcc = ascii(bytes, offset, offset + 4);
    const chunkLength = u32le(bytes, offset + 4);
    const data = offset + 8;
    if (chunkLength > riffEnd - data) return null;
    if (fourcc === "VP8X") {
      if (offset !== 12 || chunkLength < 10) return null;
      if (bytes[data] & 0x02) return null; // animation
      canvas = { width: 1 + u24le(bytes, data + 4), height: 1 + u24le(bytes, data + 7) };
    } else if (fourcc === "VP8 " || fourcc === "VP8L") {
      if (image) return null;
      image = fourcc === "VP8 " ? vp8Size(bytes, data, chunkLength) : vp8lSize(bytes, data, chunkLength);
      if (!image) return null;
      if (!canvas) return offset === 12 ? image : null; // simple format: the image chunk comes first
    } else if (fourcc === "ANIM" || fourcc === "ANMF") {
      return null;
    } else if (!canvas) {
      return null;
    }
    offset = data + chunkLength + (chunkLength & 1);
  }
  if (!canvas || !image) return null;
  return canvas.width === image.width && canvas.height === image.height ? image : null;
}

/** Lossy bitstream (RFC 6386, 9.1): a key frame's start code and its 14-bit width and height. */
function vp8Size(bytes: Uint8Array, data: number, chunkLength: number): ImageSize | null {
  if (chunkLength < 10) return null;
  if (bytes[data] & 0x01) return null; // not a key frame
  if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) return null;
  const width = u16le(bytes, data + 6) & 0x3fff;
  const height = u16le(bytes, data + 8) & 0x3fff;
  return width === 0 || height === 0 ? null : { width, height };
}

/** Lossless bitstream: signature 0x2F, then width − 1 and height − 1 in 14 bits each, version 0. */
function vp8lSize(bytes: Uint8Array, data: number, chunkLength: number): ImageSize | null {
  if (chunkLength < 5 || bytes[data] !== 0x2f) return null;
  const bits = u32le(bytes, data + 1);
  if (bits >>> 29 !== 0) return null;
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}
