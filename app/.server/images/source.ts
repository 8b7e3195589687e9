// A photo as the Images binding reads it: streamed from R2 (never held whole in the Worker's
// memory) or from the create request's own bytes (ADR 053), its EXIF orientation read from its
// first bytes and neutralised in the stream, its size from the binding's `info` (ADR 024).
import { classifyImagesFailure, UnreadablePhotoError } from "./failures";
import { jpegOrientationTag, type OrientationTag } from "./orientation";

export type ImagesEnv = { PHOTOS: R2Bucket; IMAGES: ImagesBinding };

/** EXIF (APP1) is at most 64 KB and comes first in a JPEG; this much of the photo holds it. */
const HEAD_BYTES = 128 * 1024;

export type PhotoSource = {
  key: string;
  /** Size as stored (before the EXIF orientation is applied). */
  width: number;
  height: number;
  /** EXIF orientation 1–8 (1 for PNG, WebP and JPEGs without the tag). */
  orientation: number;
  /** A fresh stream of the photo's bytes, its orientation tag set to 1. */
  stream(): Promise<ReadableStream<Uint8Array>>;
};

export class ImageSourceError extends Error {
  override name = "ImageSourceError";
}

export { UnreadablePhotoError } from "./failures";

/**
 * Cloudflare Images applies a JPEG's EXIF orientation on its own; miniflare's local simulation does
 * not. With the tag rewritten to 1 ("as stored") both see the same picture, and the caller turns it
 * explicitly. The value is two bytes at a known offset: rewriting them copies nothing else.
 */
export function neutraliseOrientation(tag: OrientationTag): TransformStream<Uint8Array, Uint8Array> {
  const replacement = tag.littleEndian ? [1, 0] : [0, 1];
  let position = 0;
  return new TransformStream({
    transform(chunk, controller) {
      const start = position;
      position += chunk.byteLength;
      if (tag.offset + 1 >= start && tag.offset < position) {
        const patched = chunk.slice();
        replacement.forEach((byte, index) => {
          const at = tag.offset + index - start;
          if (at >= 0 && at < patched.byteLength) patched[at] = byte;
        });
        controller.enqueue(patched);
      } else {
        controller.enqueue(chunk);
      }
    },
  });
}

/** A photo ready for the binding: its first bytes (EXIF), and fresh streams of it as stored. */
async function photoSource(
  env: Pick<ImagesEnv, "IMAGES">,
  key: string,
  head: Uint8Array,
  body: () => Promise<ReadableStream<Uint8Array>>,
  known?: { width: number; height: number },
): Promise<PhotoSource> {
  const tag = jpegOrientationTag(head);
  const stream = async () => {
    const bytes = await body();
    return tag && tag.orientation !== 1 ? bytes.pipeThrough(neutraliseOrientation(tag)) : bytes;
  };
  const orientation = tag?.orientation ?? 1;
  // A size the upload check already read from the bytes saves a call to the service.
  if (known) return { key, ...known, orientation, stream };
  const info = await env.IMAGES.info(await stream()).catch((error: unknown) => {
    throw classifyImagesFailure(error, `photo ${key}`);
  });
  if (!("width" in info)) throw new UnreadablePhotoError(`photo ${key} is ${info.format}, not a bitmap`);
  return { key, width: info.width, height: info.height, orientation, stream };
}

/** The photo under `key`, ready for the binding; null when it is gone. */
export async function openPhoto(env: ImagesEnv, key: string): Promise<PhotoSource | null> {
  const head = await env.PHOTOS.get(key, { range: { offset: 0, length: HEAD_BYTES } });
  if (!head) return null;
  return photoSource(env, key, new Uint8Array(await head.arrayBuffer()), async () => {
    const object = await env.PHOTOS.get(key);
    if (!object) throw new ImageSourceError(`photo ${key} is gone`);
    return object.body;
  });
}

/**
 * A photo still in the create request (to be stored under `key`), read from the request's bytes,
 * its size as the upload check read it (ADR 027, ADR 053).
 */
export async function openUpload(
  env: Pick<ImagesEnv, "IMAGES">,
  key: string,
  file: Blob,
  size: { width: number; height: number },
): Promise<PhotoSource> {
  return photoSource(env, key, new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()), async () => file.stream(), size);
}

/**
 * Logged once for every output the Images binding makes — each one a billed transformation
 * (docs/PERFORMANCE.md, "Cost per ad"): Workers Logs count them per day, the benchmarks per ad.
 */
export const TRANSFORMATION_LOG = "images: one transformation";

/** The binding's JPEG output as bytes (covers and copies are small: at most a few hundred KB). */
export async function jpegBytes(transformer: ImageTransformer, quality: number): Promise<Uint8Array<ArrayBuffer>> {
  // The header was readable (`info`), yet decoding the image data can still fail: a damaged or
  // truncated photo (refused: retrying cannot help), or the service's own fault (failures.ts).
  const result = await transformer.output({ format: "image/jpeg", quality }).catch((error: unknown) => {
    throw classifyImagesFailure(error, "the photo");
  });
  console.info(TRANSFORMATION_LOG);
  const bytes = new Uint8Array(await result.response().arrayBuffer());
  // An answer that is no JPEG is a photo the service could not read, too.
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8)
    throw new UnreadablePhotoError(`the image service returned no JPEG (${bytes.byteLength} bytes)`);
  return bytes;
}
