// What the local Workers AI double can honestly tell about the photos it is sent (ADR 069). It is
// no vision model and does not pretend to be one: it decodes each JPEG and reports `person` where at
// least a quarter of the pixels have skin colour by the RGB rule of Kovač, Peer and Solina (2003,
// "Human skin colour clustering for face detection") — a real, deterministic property of the photo,
// so a test photo painted in a skin tone is "a photo with a person" and one in any other colour is
// "nothing seen". Faces, plates, documents, screens and house numbers it cannot tell apart and never
// reports (a test that needs them answers for the model with the double's `answer`). A photo it
// cannot decode (not a JPEG, or damaged) gets no entry: not checked, as the offline writer says.
import type { PrivacyKind } from "../../../lib/privacy-hints";
import { fromBase64 } from "../../crypto/base64";
import type { Rgba } from "../../images/resample";
import { decodeJpeg } from "../images/codecs";

/** The share of skin-coloured pixels from which the double reports a person. */
export const SKIN_SHARE_FOR_PERSON = 0.25;

/** Kovač, Peer and Solina's rule for skin under daylight, on 8-bit RGB. */
export function isSkinColour(r: number, g: number, b: number): boolean {
  return r > 95 && g > 40 && b > 20 && Math.max(r, g, b) - Math.min(r, g, b) > 15 && Math.abs(r - g) > 15 && r > g && r > b;
}

function skinShare(pixels: Rgba): number {
  let skin = 0;
  for (let offset = 0; offset < pixels.data.length; offset += 4)
    if (isSkinColour(pixels.data[offset], pixels.data[offset + 1], pixels.data[offset + 2])) skin++;
  return skin / Math.max(1, pixels.width * pixels.height);
}

/** One entry per photo the double could read (its index in the call), in the model's answer shape. */
export async function privacySeenByDouble(imageUrls: string[]): Promise<Array<{ photoIndex: number; seen: PrivacyKind[] }>> {
  const entries: Array<{ photoIndex: number; seen: PrivacyKind[] }> = [];
  // One photo at a time, each after a turn of the event loop: the decoding is this double's CPU on
  // the one local thread, and other requests (another seller's upload) get their turns between
  // photos instead of waiting for all of them (docs/PERFORMANCE.md, "The wait for an ad").
  for (const [photoIndex, url] of imageUrls.entries()) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!url.startsWith("data:image/jpeg;base64,")) continue;
    try {
      const pixels = await decodeJpeg(fromBase64(url.slice(url.indexOf(",") + 1)));
      entries.push({ photoIndex, seen: skinShare(pixels) >= SKIN_SHARE_FOR_PERSON ? ["person"] : [] });
    } catch {
      // Not decodable here: no entry, so the photo counts as not checked.
    }
  }
  return entries;
}
