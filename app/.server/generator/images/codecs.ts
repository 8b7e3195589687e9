// The JPEG codec of the generator Worker: WebAssembly builds of mozjpeg, repackaged by jSquash
// (Apache-2.0). Since ADR 024 the Images binding does the heavy work (decoding photos of any size
// and format, scaling, turning); this codec only decodes the binding's small JPEG result where the
// cover is cropped or a mirrored photo flipped, and encodes that result. Each module is imported
// as a compiled WebAssembly module — Workers refuse to compile WebAssembly from bytes at run time —
// and instantiated once per isolate on first use. Only the generator imports this file.
import decodeJpegWasm, { init as initJpegDecoder } from "@jsquash/jpeg/decode";
import encodeJpegWasm, { init as initJpegEncoder } from "@jsquash/jpeg/encode";
import jpegDecoderModule from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm";
import jpegEncoderModule from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm";
import type { Rgba } from "../../images/resample";

// The emscripten codecs' init takes the compiled module first (their .d.ts lists only the options).
type EmscriptenInit = (module: WebAssembly.Module, options?: { printErr?: (text: string) => void }) => Promise<void>;

let encoderReady: Promise<unknown> | undefined;

// libjpeg reports a damaged file on stderr before it gives up; that is a warning here, the caller
// handles the failure (the page keeps the brand image).
const quietJpegDecoder = { printErr: (text: string) => console.warn("JPEG decoder:", text) };

/**
 * RGBA pixels of a JPEG (as stored, without applying its EXIF orientation). The decoder gets a
 * fresh instance per image: WebAssembly memory only grows and would otherwise stay reserved.
 */
export async function decodeJpeg(bytes: Uint8Array): Promise<Rgba> {
  await (initJpegDecoder as EmscriptenInit)(jpegDecoderModule, quietJpegDecoder);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  try {
    return await decodeJpegWasm(buffer);
  } catch (error) {
    // The codec throws plain objects or numbers from WebAssembly; give callers a real Error.
    throw new Error(`the JPEG could not be decoded${error instanceof Error ? `: ${error.message}` : ""}`, { cause: error });
  }
}

/**
 * A baseline JPEG, as the browser's canvas writes the covers and copies it makes. mozjpeg's
 * default, progressive, took about 1.7× the CPU time (measured in workerd: 671 vs 378 ms for a
 * noisy 1024×538 image).
 */
export async function encodeJpeg(image: Rgba, quality: number): Promise<Uint8Array<ArrayBuffer>> {
  encoderReady ??= (initJpegEncoder as EmscriptenInit)(jpegEncoderModule);
  await encoderReady;
  const imageData = {
    data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    width: image.width,
    height: image.height,
    colorSpace: "srgb",
  } as Parameters<typeof encodeJpegWasm>[0];
  return new Uint8Array(await encodeJpegWasm(imageData, { quality, progressive: false }));
}
