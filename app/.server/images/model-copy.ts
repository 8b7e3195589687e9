// The model copy of a photo (ADR 010, 021, 024): the whole photo, upright, long edge ≤ 1024 px,
// JPEG ≤ 600 KB, made by the Images binding outside the isolate. No WebAssembly here, so the app
// Worker can make it in the create request (ADR 053); the generator passes the mirroring.
import { MODEL_COPY_MAX_BYTES, MODEL_COPY_MAX_EDGE } from "./upload";
import { mirrors, uprightRotation } from "./orientation";
import { jpegBytes, type ImagesEnv, type PhotoSource } from "./source";

/**
 * The model copy's budget, step by step (ADR 053): the quality first, then the long edge. Miniflare's
 * simulation ignores `quality` (ADR 024), so only the smaller edges make a difference there; in
 * production the qualities usually suffice. Every step is one more transformation (billed).
 */
export const MODEL_COPY_STEPS = [
  { edge: MODEL_COPY_MAX_EDGE, quality: 82 },
  { edge: MODEL_COPY_MAX_EDGE, quality: 70 },
  { edge: MODEL_COPY_MAX_EDGE, quality: 55 },
  { edge: 800, quality: 55 },
  { edge: 640, quality: 55 },
  { edge: 480, quality: 55 },
] as const;

/** A model copy that cannot be brought under its budget: it is never stored, and never sent to the model. */
export class OverBudgetError extends Error {
  override name = "OverBudgetError";
}

/**
 * The scale for one edge only, never enlarging: `{ width }` or `{ height }`, or nothing when the
 * photo is within bounds. A single dimension with "scale-down" gives the same size in production
 * and in Miniflare 5's simulation (sharp's "inside" without enlargement, ADR 002).
 */
export function oneEdge(width: number, height: number, byWidth: boolean, target: number): ImageTransform | null {
  if ((byWidth ? width : height) <= target) return null;
  return byWidth ? { width: target, fit: "scale-down" } : { height: target, fit: "scale-down" };
}

/** Mirrors and turns a small JPEG as its EXIF orientation says (WebAssembly: the generator only). */
export type Mirror = (jpeg: Uint8Array<ArrayBuffer>, quality: number) => Promise<Uint8Array<ArrayBuffer>>;

/**
 * The whole photo, upright, long edge at most 1024 px and at most 600 KB: the model copy, which is
 * also the display copy. Stepped down (MODEL_COPY_STEPS) until it fits; never over budget. A
 * mirrored photo (EXIF 2/4/5/7) needs `mirror`; without it (the app Worker) it is refused.
 */
export async function modelCopy(env: Pick<ImagesEnv, "IMAGES">, photo: PhotoSource, mirror?: Mirror): Promise<Uint8Array<ArrayBuffer>> {
  const mirrored = mirrors(photo.orientation);
  if (mirrored && !mirror) throw new Error(`photo ${photo.key} is mirrored (EXIF ${photo.orientation}): the generator makes its copy`);
  const rotate = mirrored ? 0 : uprightRotation(photo.orientation);
  // Axes after the binding's turn (`width` and `height` refer to them, locally as in production).
  const turned = rotate === 90 || rotate === 270;
  const [width, height] = turned ? [photo.height, photo.width] : [photo.width, photo.height];
  let sizes = "";
  for (const { edge, quality } of MODEL_COPY_STEPS) {
    const resize = oneEdge(width, height, width >= height, edge);
    let image = env.IMAGES.input(await photo.stream());
    if (rotate) image = image.transform({ rotate });
    if (resize) image = image.transform(resize);
    let jpeg = await jpegBytes(image, quality);
    // Scaled as stored; mirrored and turned afterwards, on at most 1024×1024 pixels.
    if (mirror && mirrored) jpeg = await mirror(jpeg, quality);
    if (jpeg.byteLength <= MODEL_COPY_MAX_BYTES) return jpeg;
    sizes += ` ${edge}px/q${quality}: ${jpeg.byteLength} B;`;
  }
  throw new OverBudgetError(`no model copy of ${photo.key} fits ${MODEL_COPY_MAX_BYTES} bytes (${sizes.trim()})`);
}
