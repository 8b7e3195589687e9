// The photo limits of an ad (docs/PRODUCT.md, "Photos"), in one place: the form, the API, the
// server's checks and every text that names them. Free of imports, so the landing page can name
// them without loading the form's schemas.
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_MEGABYTES = 10;
export const MAX_PHOTO_BYTES = MAX_PHOTO_MEGABYTES * 1024 * 1024;
/** Largest photo accepted, width × height: a tiny file may declare a huge image (decompression bomb). */
export const MAX_PHOTO_MEGAPIXELS = 40;
export const MAX_PHOTO_PIXELS = MAX_PHOTO_MEGAPIXELS * 1_000_000;

/** How long a photo uploaded for an ad not yet created is kept (ADR 082): a form left open overnight keeps its photos. */
export const UPLOAD_RETENTION_MS = 24 * 60 * 60 * 1000;
