// Images the server derives from a photo when the browser did not send them (API clients, edits):
// the display copy, which is also the model copy (ADR 021: the whole photo, long edge ≤ 1024 px,
// JPEG ≤ 600 KB), and the 800×600 social-preview cover (ADR 019: centred 4:3 crop). The Images
// binding decodes, scales and turns the photo outside the Worker's isolate; only small results are
// decoded here — to crop the cover, or to mirror the rare mirrored photo (ADR 024).
import { COVER_MAX_BYTES, COVER_SIZE } from "../../images/upload";
import { decodeJpeg, encodeJpeg } from "./codecs";
import { applyOrientation, mirrors, swapsAxes, uprightRotation } from "../../images/orientation";
import { cropAndScale } from "../../images/resample";
import { modelCopy, oneEdge, OverBudgetError } from "../../images/model-copy";
import { jpegBytes, type ImagesEnv, type PhotoSource } from "../../images/source";

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
 * The whole photo, upright, long edge at most 1024 px and at most 600 KB: what the gallery shows on
 * phones, and what the model reads (model-copy.ts); a mirrored photo is mirrored here.
 */
export function makeDisplayCopy(env: Pick<ImagesEnv, "IMAGES">, photo: PhotoSource): Promise<Uint8Array<ArrayBuffer>> {
  return modelCopy(env, photo, async (jpeg, quality) => encodeJpeg(applyOrientation(await decodeJpeg(jpeg), photo.orientation), quality));
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
