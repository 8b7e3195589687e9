// The photo-key scheme, in one place (ADR 027): a photo lives in R2 under
// `ads/<ad id>/<43-character random token>.<jpg|png|webp>`, its 800×600 social-preview cover beside
// it as `…-cover.jpg` and its model copy (also the display copy, ADR 021) as `…-model.jpg`; the app
// serves every one of them at `/images/<key>` — the copies to anyone, the photo itself only to its
// seller (ADR 070). Builders, the derived keys, the URL and the patterns
// that the photo route and the edge cache match all come from here.
import { randomToken } from "../crypto/tokens";
import type { ImageType } from "./image-info";

/** An ad id as `crypto.randomUUID()` makes it. */
export const AD_ID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** A photo key or one of its derived keys; group 1 is the ad id. */
export const PHOTO_KEY_PATTERN = `ads/(${AD_ID_PATTERN})/[A-Za-z0-9_-]{43}(?:-cover|-model)?\\.(?:jpg|png|webp)`;

/** A photo key or one of its derived keys; group 1 is the ad id. */
export const PHOTO_KEY = new RegExp(`^${PHOTO_KEY_PATTERN}$`);

/** A photo key itself, not one of its copies: what an upload's id is (ADR 082). */
export const ORIGINAL_PHOTO_KEY = new RegExp(`^ads/${AD_ID_PATTERN}/[A-Za-z0-9_-]{43}\\.(?:jpg|png|webp)$`);

/**
 * A cover or display copy: the only photo bytes anyone but the seller may load (ADR 070). The
 * original stays private; group 1 is the ad id.
 */
export const PUBLIC_COPY_KEY_PATTERN = `ads/(${AD_ID_PATTERN})/[A-Za-z0-9_-]{43}-(?:cover|model)\\.jpg`;

/** The URL path a photo key is served at (app/api/images.ts). */
export const IMAGE_PATH_PREFIX = "/images/";

const DERIVED = /-(cover|model)\.jpg$/;
const ORIGINAL_EXTENSION = /\.(jpg|png|webp)$/;

export function newPhotoKey(adId: string, type: ImageType): string {
  return `ads/${adId}/${randomToken()}.${type.extension}`;
}

/** The 800×600 social-preview crop of a photo. */
export function coverKeyFor(photoKey: string): string {
  return photoKey.replace(ORIGINAL_EXTENSION, "-cover.jpg");
}

/** The model copy of a photo (JPEG, long edge ≤ 1024 px), which is also its display copy. */
export function modelKeyFor(photoKey: string): string {
  return photoKey.replace(ORIGINAL_EXTENSION, "-model.jpg");
}

/** Whether a key is a cover or model copy rather than a photo. */
export function isDerivedKey(key: string): boolean {
  return DERIVED.test(key);
}

/** A photo with its cover and model copy; a derived key stands for itself. */
export function withDerivedKeys(keys: readonly string[]): string[] {
  return [...new Set(keys.flatMap((key) => (isDerivedKey(key) ? [key] : [key, coverKeyFor(key), modelKeyFor(key)])))];
}

export function imageUrl(key: string): string {
  return `${IMAGE_PATH_PREFIX}${key}`;
}
