// Stripping a JPEG's metadata (ADR 070): a phone photo's EXIF (GPS, camera, owner), XMP, IPTC,
// comment and trailer are gone, the picture decodes to the very same pixels, and the bytes a
// decoder needs (JFIF, quantisation and Huffman tables, frame, scans) stay in their order.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import decodeJpeg, { init as initJpegDecoder } from "@jsquash/jpeg/decode";
import encodeJpeg, { init as initJpegEncoder } from "@jsquash/jpeg/encode";
import { beforeAll, describe, expect, it } from "vitest";
import { jpegMetadata, MalformedJpegError, stripJpegMetadata } from "~/.server/storage/image-metadata";
import { readImageSize } from "~/.server/storage/image-info";
import { carriedMetadata, withPhoneMetadata } from "../fixtures/photo-metadata";

const require = createRequire(import.meta.url);
const wasm = async (path: string) => WebAssembly.compile(await readFile(require.resolve(`@jsquash/${path}`)));
type EmscriptenInit = (module: WebAssembly.Module, options?: { printErr?: (text: string) => void }) => Promise<unknown>;

let kaffeebecher: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  await (initJpegDecoder as EmscriptenInit)(await wasm("jpeg/codec/dec/mozjpeg_dec.wasm"));
  await (initJpegEncoder as EmscriptenInit)(await wasm("jpeg/codec/enc/mozjpeg_enc.wasm"));
  kaffeebecher = new Uint8Array(await readFile(new URL("../fixtures/photos/kaffeebecher.jpg", import.meta.url)));
}, 60_000);

async function pixels(bytes: Uint8Array) {
  const image = await decodeJpeg(bytes.slice().buffer);
  return { width: image.width, height: image.height, data: Array.from(image.data.subarray(0, 4096)), length: image.data.length };
}

describe("stripping a photo's metadata", () => {
  it("removes EXIF with GPS, XMP, IPTC, the comment and the trailer, and keeps every pixel", async () => {
    const phone = withPhoneMetadata(kaffeebecher);
    expect(carriedMetadata(phone)).toEqual(expect.arrayContaining(["owner", "camera", "xmpLatitude", "iptcCreator", "comment", "trailer"]));
    expect(jpegMetadata(phone)).toEqual({ markers: [0xe1, 0xe1, 0xed, 0xfe], trailing: true });

    const stripped = stripJpegMetadata(phone);
    expect(carriedMetadata(stripped)).toEqual([]);
    expect(jpegMetadata(stripped)).toEqual({ markers: [], trailing: false });
    expect(await pixels(stripped)).toEqual(await pixels(kaffeebecher));
    expect(readImageSize(stripped, { complete: true })).toEqual(readImageSize(kaffeebecher));
    // The JFIF header stays; nothing but the metadata went.
    expect(stripped.byteLength).toBe(kaffeebecher.byteLength);
    expect(new TextDecoder("latin1").decode(stripped.subarray(6, 11))).toBe("JFIF\0");
  });

  it("keeps a progressive photo's scans and the tables between them", async () => {
    const progressive = new Uint8Array(await encodeJpeg(await decodeJpeg(kaffeebecher.slice().buffer), { quality: 70, progressive: true }));
    const stripped = stripJpegMetadata(withPhoneMetadata(progressive));
    expect(carriedMetadata(stripped)).toEqual([]);
    expect(await pixels(stripped)).toEqual(await pixels(progressive));
  });

  it("hands back a clean photo as it is, and refuses bytes that are no complete JPEG", () => {
    expect(stripJpegMetadata(kaffeebecher)).toBe(kaffeebecher);
    expect(() => stripJpegMetadata(kaffeebecher.subarray(0, 20_000))).toThrow(MalformedJpegError);
    expect(() => stripJpegMetadata(new TextEncoder().encode("<svg/>") as Uint8Array<ArrayBuffer>)).toThrow(MalformedJpegError);
  });
});
