// Property-based tests of the one image-size reader (ADR 027): JPEG, PNG and WebP files made by the
// real encoders (the jSquash WebAssembly builds of mozjpeg, libwebp and the png crate, the same
// codecs the generator decodes with), their marker/chunk streams then rearranged the way an
// attacker would (fill bytes, every frame type, comments holding decoy frames, second frames,
// extra chunks, junk after the end, truncation). The reader must agree with the real decoder:
// whenever the decoder produces an image, the reader states exactly its size — and a reader that
// states a size never understates what the decoder allocates.
//
// `npm test` runs a fixed seed. A longer run: PROPERTY_RUNS=2000 npx vitest run --project unit
// tests/unit/image-info.property.test.ts (PROPERTY_SEED=<n> for another seed; docs/TESTING.md).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fc from "fast-check";
import decodeJpeg, { init as initJpegDecoder } from "@jsquash/jpeg/decode";
import encodeJpeg, { init as initJpegEncoder } from "@jsquash/jpeg/encode";
import decodePng, { init as initPngDecoder } from "@jsquash/png/decode";
import decodeWebp, { init as initWebpDecoder } from "@jsquash/webp/decode";
import encodeWebp, { init as initWebpEncoder } from "@jsquash/webp/encode";
import { beforeAll, describe, expect, it } from "vitest";
import { readImageSize } from "~/.server/storage/image-info";
import { concatBytes, crc32, png } from "../fixtures/images";

const SEED = Number(process.env.PROPERTY_SEED ?? 20261124);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);
const settings = { seed: SEED, numRuns: RUNS };

const require = createRequire(import.meta.url);
const wasm = async (path: string) => WebAssembly.compile(await readFile(require.resolve(`@jsquash/${path}`)));
type EmscriptenInit = (module: WebAssembly.Module, options?: { printErr?: (text: string) => void }) => Promise<unknown>;
const quiet = { printErr: () => {} };
let modules: Record<"jpegDec" | "webpDec", WebAssembly.Module>;

beforeAll(async () => {
  modules = { jpegDec: await wasm("jpeg/codec/dec/mozjpeg_dec.wasm"), webpDec: await wasm("webp/codec/dec/webp_dec.wasm") };
  await (initJpegEncoder as EmscriptenInit)(await wasm("jpeg/codec/enc/mozjpeg_enc.wasm"), quiet);
  await (initWebpEncoder as EmscriptenInit)(await wasm("webp/codec/enc/webp_enc.wasm"), quiet);
  await initPngDecoder(await wasm("png/codec/pkg/squoosh_png_bg.wasm"));
}, 60_000);

type Size = { width: number; height: number };

/** What the real decoder makes of the file: its size, or null when it refuses. A fresh instance each time (a failed decode may leave state behind). */
async function decodedSize(bytes: Uint8Array, kind: "jpeg" | "png" | "webp"): Promise<Size | null> {
  const buffer = bytes.slice().buffer;
  try {
    if (kind === "jpeg") {
      await (initJpegDecoder as EmscriptenInit)(modules.jpegDec, quiet);
      const image = await decodeJpeg(buffer);
      return { width: image.width, height: image.height };
    }
    if (kind === "webp") {
      await (initWebpDecoder as EmscriptenInit)(modules.webpDec, quiet);
      const image = await decodeWebp(buffer);
      return image ? { width: image.width, height: image.height } : null;
    }
    const image = await decodePng(buffer);
    return { width: image.width, height: image.height };
  } catch {
    return null;
  }
}

/** The property itself: where the decoder gives an image, the reader says exactly its size. */
async function expectAgreement(bytes: Uint8Array, kind: "jpeg" | "png" | "webp", mustRead: boolean) {
  const read = readImageSize(bytes);
  const decoded = await decodedSize(bytes, kind);
  if (decoded) expect(read).toEqual(decoded);
  if (mustRead) {
    expect(decoded, "a well-formed file decodes").not.toBeNull();
    expect(read).toEqual(decoded);
  }
}

function noise(width: number, height: number, seed: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < data.length; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    data[index] = index % 4 === 3 ? 255 : state >>> 24;
  }
  return { data, width, height, colorSpace: "srgb" } as ImageData;
}

const concat = concatBytes;

// ---------------------------------------------------------------- JPEG

const segment = (marker: number, payload: ArrayLike<number>) => [
  0xff,
  marker,
  (payload.length + 2) >> 8,
  (payload.length + 2) & 0xff,
  ...Array.from(payload),
];
/** A frame header (SOFn payload) declaring a size: precision 8, three components. */
const framePayload = ({ width, height }: Size) => [
  8,
  height >> 8,
  height & 0xff,
  width >> 8,
  width & 0xff,
  3,
  1,
  0x22,
  0,
  2,
  0x11,
  1,
  3,
  0x11,
  1,
];

/** The header segments (SOI excluded) up to the first scan, and the rest (SOS … EOI). */
function splitJpeg(jpeg: Uint8Array) {
  const segments: { marker: number; payload: Uint8Array }[] = [];
  let offset = 2;
  while (jpeg[offset + 1] !== 0xda) {
    const length = (jpeg[offset + 2]! << 8) | jpeg[offset + 3]!;
    segments.push({ marker: jpeg[offset + 1]!, payload: jpeg.subarray(offset + 4, offset + 2 + length) });
    offset += 2 + length;
  }
  return { segments, scans: jpeg.subarray(offset) };
}

const size = (max: number) => fc.record({ width: fc.integer({ min: 1, max }), height: fc.integer({ min: 1, max }) });
/** Comment/APPn payloads an attacker would use: a decoy frame header, stray 0xFF bytes, anything. */
const decoyPayload = fc.oneof(
  size(65535).map((decoy) => [0xff, 0xc0, 0, 17, ...framePayload(decoy)]),
  fc.constantFrom([0xff], [0xff, 0xff, 0xc2], [0xff, 0xd9], [0xff, 0xda, 0, 2]),
  fc.uint8Array({ maxLength: 40 }).map((bytes) => Array.from(bytes)),
);
const extraSegment = fc.record({
  marker: fc.constantFrom(0xe1, 0xe2, 0xec, 0xed, 0xee, 0xfe),
  payload: fc.array(decoyPayload, { maxLength: 3 }).map((parts) => parts.flat()),
});

const jpegCase = fc.record({
  image: size(48),
  seed: fc.integer(),
  progressive: fc.boolean(),
  /** Baseline written as SOF1 (extended sequential): the same decoding for 8-bit Huffman data. */
  extendedFrame: fc.boolean(),
  fills: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 16, maxLength: 16 }),
  extras: fc.array(fc.record({ at: fc.nat(), segment: extraSegment }), { maxLength: 4 }),
  secondFrame: fc.option(
    fc.record({ marker: fc.constantFrom(0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc9, 0xcb, 0xcd, 0xcf), size: size(65535), before: fc.boolean() }),
  ),
  trailing: fc.option(fc.array(decoyPayload, { minLength: 1, maxLength: 3 }).map((parts) => parts.flat())),
  truncate: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
});

async function buildJpeg(spec: typeof jpegCase extends fc.Arbitrary<infer T> ? T : never) {
  const encoded = new Uint8Array(
    await encodeJpeg(noise(spec.image.width, spec.image.height, spec.seed), { quality: 75, progressive: spec.progressive }),
  );
  const { segments, scans } = splitJpeg(encoded);
  const header = segments.map(({ marker, payload }) => ({
    marker: marker === 0xc0 && spec.extendedFrame ? 0xc1 : marker,
    payload: Array.from(payload),
  }));
  for (const { at, segment: extra } of spec.extras) header.splice(at % (header.length + 1), 0, extra);
  const parts: number[][] = [[0xff, 0xd8]];
  header.forEach(({ marker, payload }, index) => parts.push(new Array(spec.fills[index % 16]!).fill(0xff), segment(marker, payload)));
  parts.push(new Array(spec.fills[15]!).fill(0xff));
  const frame = segment(spec.secondFrame?.marker ?? 0xc0, framePayload(spec.secondFrame?.size ?? spec.image));
  let bytes = concat(...parts, spec.secondFrame?.before ? frame : [], scans);
  if (spec.secondFrame && !spec.secondFrame.before) bytes = concat(bytes.subarray(0, bytes.length - 2), frame, [0xff, 0xd9]);
  if (spec.trailing) bytes = concat(bytes, spec.trailing);
  if (spec.truncate !== null) bytes = bytes.subarray(0, 3 + Math.floor((bytes.length - 3) * spec.truncate));
  return bytes;
}

describe("the image-size reader agrees with the real decoders", { timeout: 300_000 }, () => {
  it("JPEG: fill bytes, every frame type, decoy frames in comments, second frames, junk, truncation", async () => {
    await fc.assert(
      fc.asyncProperty(jpegCase, async (spec) => {
        const bytes = await buildJpeg(spec);
        const wellFormed = spec.secondFrame === null && spec.truncate === null;
        await expectAgreement(bytes, "jpeg", wellFormed);
        // A second frame of another size is refused, whatever the decoder would do with it.
        const { secondFrame } = spec;
        if (
          secondFrame &&
          (secondFrame.size.width !== spec.image.width || secondFrame.size.height !== spec.image.height) &&
          spec.truncate === null
        ) {
          expect(readImageSize(bytes)).toBeNull();
        }
      }),
      settings,
    );
  });

  it("JPEG headers alone: the size of the real frame however it is hidden, any size up to 65535", () => {
    fc.assert(
      fc.property(
        size(65535),
        fc.constantFrom(0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf),
        fc.array(fc.record({ segment: extraSegment, fill: fc.integer({ min: 0, max: 5 }) }), { maxLength: 5 }),
        (frame, marker, extras) => {
          const bytes = concat(
            [0xff, 0xd8],
            ...extras.flatMap(({ segment: extra, fill }) => [new Array(fill).fill(0xff), segment(extra.marker, extra.payload)]),
            segment(marker, framePayload(frame)),
            segment(0xda, [1, 1, 0, 0, 0x3f, 0]),
            [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd9],
          );
          expect(readImageSize(bytes)).toEqual(frame);
        },
      ),
      { ...settings, numRuns: RUNS * 20 },
    );
  });

  // ---------------------------------------------------------------- PNG

  it("PNG: split image data, ancillary chunks holding a decoy header, second headers, junk after the end, truncation", async () => {
    const pngCase = fc.record({
      image: size(40),
      seed: fc.integer({ min: 1 }),
      ancillary: fc.array(fc.record({ at: fc.nat(), type: fc.constantFrom("tEXt", "zTXt", "prVt", "iTXt"), decoy: size(100000) }), {
        maxLength: 3,
      }),
      secondHeader: fc.option(size(100000)),
      trailing: fc.boolean(),
      truncate: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
    });
    await fc.assert(
      fc.asyncProperty(pngCase, async (spec) => {
        const base = await png(spec.image.width, spec.image.height, { noise: true, seed: spec.seed });
        const chunks = pngChunks(base);
        for (const extra of spec.ancillary) {
          chunks.splice(
            1 + (extra.at % chunks.length),
            0,
            pngChunk(extra.type, concat(new TextEncoder().encode("IHDR"), u32(extra.decoy.width), u32(extra.decoy.height))),
          );
        }
        if (spec.secondHeader)
          chunks.splice(1, 0, pngChunk("IHDR", concat(u32(spec.secondHeader.width), u32(spec.secondHeader.height), [8, 2, 0, 0, 0])));
        let bytes = concat(
          base.subarray(0, 8),
          ...chunks,
          spec.trailing ? pngChunk("IHDR", concat(u32(99999), u32(99999), [8, 2, 0, 0, 0])) : [],
        );
        if (spec.truncate !== null) bytes = bytes.subarray(0, 8 + Math.floor((bytes.length - 8) * spec.truncate));
        await expectAgreement(bytes, "png", spec.secondHeader === null && spec.truncate === null);
        if (spec.secondHeader) expect(readImageSize(bytes)).toBeNull();
      }),
      settings,
    );
  });

  // ---------------------------------------------------------------- WebP

  it("WebP: lossy and lossless, simple and extended, canvases that disagree, unknown chunks, junk after the RIFF", async () => {
    const webpCase = fc.record({
      image: size(48),
      seed: fc.integer(),
      lossless: fc.boolean(),
      extended: fc.boolean(),
      canvas: fc.option(size(16384)),
      unknown: fc.array(fc.uint8Array({ maxLength: 9 }), { maxLength: 2 }),
      trailing: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(webpCase, async (spec) => {
        const encoded = new Uint8Array(
          await encodeWebp(noise(spec.image.width, spec.image.height, spec.seed), { lossless: spec.lossless ? 1 : 0, quality: 75 }),
        );
        let chunks = riffChunks(encoded);
        // The encoder writes VP8X only for alpha; rewrap either way so both forms are exercised.
        const image = chunks.filter((chunk) => ["VP8 ", "VP8L", "ALPH"].includes(fourcc(chunk)));
        const canvas = spec.canvas ?? spec.image;
        const unknown = spec.unknown.map((data, index) => riffChunk(index === 0 ? "EXIF" : "XYZW", data));
        if (spec.extended || image.length > 1) {
          const vp8x = concat([image.length > 1 ? 0x10 : 0, 0, 0, 0], u24le(canvas.width - 1), u24le(canvas.height - 1));
          chunks = [riffChunk("VP8X", vp8x), ...image, ...unknown];
        } else {
          chunks = [...image, ...unknown];
        }
        const body = concat(new TextEncoder().encode("WEBP"), ...chunks);
        const bytes = concat(
          new TextEncoder().encode("RIFF"),
          u32le(body.length),
          body,
          spec.trailing ? riffChunk("VP8L", [0x2f, 0xff, 0xff, 0xff, 0x0f]) : [],
        );
        const matches = !spec.canvas || (spec.canvas.width === spec.image.width && spec.canvas.height === spec.image.height);
        await expectAgreement(bytes, "webp", matches || !(spec.extended || image.length > 1));
        if (!matches && (spec.extended || image.length > 1)) expect(readImageSize(bytes)).toBeNull();
      }),
      settings,
    );
  });
});

function u32(value: number) {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}
const u32le = (value: number) => [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24];
const u24le = (value: number) => [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff];

/** A PNG chunk with its CRC (the decoder checks it). */
function pngChunk(type: string, data: ArrayLike<number>): Uint8Array {
  const body = concat(new TextEncoder().encode(type), data);
  return concat(u32(data.length), body, u32(crc32(body)));
}

function pngChunks(bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let offset = 8; offset < bytes.length;) {
    const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(offset);
    chunks.push(bytes.subarray(offset, offset + 12 + length));
    offset += 12 + length;
  }
  return chunks;
}

function riffChunk(type: string, data: ArrayLike<number>): Uint8Array {
  return concat(new TextEncoder().encode(type), u32le(data.length), data, data.length % 2 ? [0] : []);
}

const fourcc = (chunk: Uint8Array) => String.fromCharCode(...chunk.subarray(0, 4));

function riffChunks(bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(offset + 4, true);
    const end = offset + 8 + length + (length % 2);
    chunks.push(bytes.subarray(offset, end));
    offset = end;
  }
  return chunks;
}
