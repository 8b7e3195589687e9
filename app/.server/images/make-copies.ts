// Images the server derives from a photo when the browser did not send them (API clients, edits):
// the display copy, which is also the model copy (ADR 021: the whole photo, long edge ≤ 1024 px,
// JPEG ≤ 600 KB), and the 800×600 social-preview cover (ADR 019: centred 4:3 crop). The Images
// binding decodes, scales and turns the photo outside the Worker's isolate; only small results are
// decoded here — to crop the cover, or to mirror the rare mirrored photo (ADR 024).
import { COVER_MAX_BYTES, COVER_SIZE, MODEL_COPY_MAX_BYTES, MODEL_COPY_MAX_EDGE } from "../ads/upload";
import { decodeJpeg, encodeJpeg } from "./codecs";
import { applyOrientation, mirrors, swapsAxes, uprightRotation } from "./orientation";
import { cropAndScale } from "./resample";
import { jpegBytes, type ImagesEnv, type PhotoSource } from "./source";

/** The cover (encoded here, where the quality counts): noise-like photos may need a lower one to stay under its limit. */
const QUALITIES = [82, 70, 55];

async function withinLimit(encode: (quality: number) => Promise<Uint8Array<ArrayBuffer>>, maxBytes: number) {
  for (const quality of QUALITIES) {
    const jpeg = await encode(quality);
    if (jpeg.byteLength <= maxBytes || quality === QUALITIES[QUALITIES.length - 1]) return jpeg;
  }
  throw new Error("unreachable");
}

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
function oneEdge(width: number, height: number, byWidth: boolean, target: number): ImageTransform | null {
  if ((byWidth ? width : height) <= target) return null;
  return byWidth ? { width: target, fit: "scale-down" } : { height: target, fit: "scale-down" };
}

/**
 * The whole photo, upright, long edge at most 1024 px and at most 600 KB: what the gallery shows on
 * phones, and what the model reads. Stepped down (MODEL_COPY_STEPS) until it fits; never over budget.
 */
export async function makeDisplayCopy(env: Pick<ImagesEnv, "IMAGES">, photo: PhotoSource): Promise<Uint8Array<ArrayBuffer>> {
  const mirrored = mirrors(photo.orientation);
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
    // Scaled as stored; mirrored and turned here, on at most 1024×1024 pixels.
    if (mirrored) jpeg = await encodeJpeg(applyOrientation(await decodeJpeg(jpeg), photo.orientation), quality);
    if (jpeg.byteLength <= MODEL_COPY_MAX_BYTES) return jpeg;
    sizes += ` ${edge}px/q${quality}: ${jpeg.byteLength} B;`;
  }
  throw new OverBudgetError(`no model copy of ${photo.key} fits ${MODEL_COPY_MAX_BYTES} bytes (${sizes.trim()})`);
}

/**
 * The 800×600 centred crop, upright, made by the binding in one transformation (ADR 053): turned,
 * then `fit: "cover"` with `gravity: "center"` — "Resizes (shrinks or enlarges) to fill the entire
 * area of width and height … cropped to fit"
 * (<https://developers.cloudflare.com/images/transform-images/transform-via-workers/#fetch-options>);
 * Miniflare 5 answers it with sharp's centred "cover". No pixel is decoded in this isolate, so a
 * cover never holds up another ad's generation on the same thread. Mirrored photos (rare; `flip`
 * is ignored by the simulation) are cropped and mirrored here instead (`mirroredCover`).
 */
export async function makeCover(env: Pick<ImagesEnv, "IMAGES">, photo: PhotoSource): Promise<Uint8Array<ArrayBuffer>> {
  if (mirrors(photo.orientation)) return mirroredCover(env, photo);
  const rotate = uprightRotation(photo.orientation);
  let sizes = "";
  for (const quality of QUALITIES) {
    let image = env.IMAGES.input(await photo.stream());
    if (rotate) image = image.transform({ rotate });
    const jpeg = await jpegBytes(image.transform({ ...COVER_SIZE, fit: "cover", gravity: "center" }), quality);
    if (jpeg.byteLength <= COVER_MAX_BYTES) return jpeg;
    sizes += ` q${quality}: ${jpeg.byteLength} B;`;
  }
  throw new OverBudgetError(`no cover of ${photo.key} fits ${COVER_MAX_BYTES} bytes (${sizes.trim()})`);
}

/**
 * The cover of a mirrored photo: the binding scales it (as stored) until it just covers the crop —
 * about 1067×800 for a 4:3 photo — and the crop, the mirroring and the encoding happen here on
 * that small image.
 */
async function mirroredCover(env: Pick<ImagesEnv, "IMAGES">, photo: PhotoSource): Promise<Uint8Array<ArrayBuffer>> {
  // The crop in stored axes: 600×800 when the photo is shown turned by 90°.
  const target = swapsAxes(photo.orientation) ? { width: COVER_SIZE.height, height: COVER_SIZE.width } : COVER_SIZE;
  // A photo wider than the crop is scaled to the crop's height, a taller one to its width.
  const wider = photo.width / photo.height > target.width / target.height;
  const resize = wider ? oneEdge(photo.width, photo.height, false, target.height) : oneEdge(photo.width, photo.height, true, target.width);
  let image = env.IMAGES.input(await photo.stream());
  if (resize) image = image.transform(resize);
  const scaled = await decodeJpeg(await jpegBytes(image, 92));
  const cropped = applyOrientation({ data: cropAndScale(scaled, target.width, target.height), ...target }, photo.orientation);
  return withinLimit((quality) => encodeJpeg(cropped, quality), COVER_MAX_BYTES);
}
