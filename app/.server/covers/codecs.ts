// The image codecs of the generator Worker: WebAssembly builds of mozjpeg, libwebp and the png
// crate, repackaged by jSquash (Apache-2.0). Each module is imported as a compiled WebAssembly
// module — Workers refuse to compile WebAssembly from bytes at run time — and instantiated once
// per isolate on first use. Only the generator imports this file (ADR 019).
import decodeJpegWasm, { init as initJpegDecoder } from "@jsquash/jpeg/decode";
import encodeJpegWasm, { init as initJpegEncoder } from "@jsquash/jpeg/encode";
import decodePngWasm, { init as initPngDecoder } from "@jsquash/png/decode";
import decodeWebpWasm, { init as initWebpDecoder } from "@jsquash/webp/decode";
import jpegDecoderModule from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm";
import jpegEncoderModule from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm";
// @ts-expect-error -- the package types this file as the instance's exports; the bundler gives the compiled module
import pngModule from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm";
import webpDecoderModule from "@jsquash/webp/codec/dec/webp_dec.wasm";
import type { ImageType } from "../storage/image-info";
import type { Rgba } from "./resample";

// The emscripten codecs' init takes the compiled module first (their .d.ts lists only the options).
type EmscriptenInit = (module: WebAssembly.Module, options?: { printErr?: (text: string) => void }) => Promise<void>;

let ready: Promise<unknown> | undefined;

function initCodecs() {
  ready ??= Promise.all([
    (initJpegEncoder as EmscriptenInit)(jpegEncoderModule),
    initPngDecoder(pngModule),
  ]);
  return ready;
}

// libjpeg reports a damaged file on stderr before it gives up; that is a warning here, the caller
// handles the failure (the page keeps the brand image).
const quietJpegDecoder = { printErr: (text: string) => console.warn("JPEG decoder:", text) };

/**
 * RGBA pixels of a JPEG (as stored, without applying its EXIF orientation), PNG or WebP.
 * The JPEG and WebP decoders get a fresh instance per photo: WebAssembly memory only grows, and a
 * decoded photo's tens of megabytes would otherwise stay reserved for the isolate's lifetime.
 */
export async function decodeImage(bytes: Uint8Array, type: ImageType): Promise<Rgba> {
  await initCodecs();
  if (type.mime === "image/jpeg") await (initJpegDecoder as EmscriptenInit)(jpegDecoderModule, quietJpegDecoder);
  if (type.mime === "image/webp") await (initWebpDecoder as EmscriptenInit)(webpDecoderModule);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  try {
    if (type.mime === "image/jpeg") return await decodeJpegWasm(buffer);
    if (type.mime === "image/png") return await decodePngWasm(buffer);
    return await decodeWebpWasm(buffer);
  } catch (error) {
    // The codecs throw plain objects or numbers from WebAssembly; give callers a real Error.
    throw new Error(`the ${type.extension.toUpperCase()} photo could not be decoded${error instanceof Error ? `: ${error.message}` : ""}`, { cause: error });
  }
}

/**
 * A baseline JPEG, as the browser's canvas writes the covers and copies it makes. mozjpeg's
 * default, progressive, took about 1.7× the CPU time (measured in workerd: 671 vs 378 ms for a
 * noisy 1024×538 image) — time in which the generator's isolate serves no other ad, and locally,
 * where both Workers share one workerd thread, no request of the app either.
 */
export async function encodeJpeg(image: Rgba, quality: number): Promise<Uint8Array<ArrayBuffer>> {
  await initCodecs();
  const imageData = { data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), width: image.width, height: image.height, colorSpace: "srgb" } as ImageData;
  return new Uint8Array(await encodeJpegWasm(imageData, { quality, progressive: false }));
}
