// The photo limits of an ad (docs/PRODUCT.md, "Photos"), in one place: the form, the API, the
// server's checks and every text that names them. Free of imports, so the landing page can name
// them without loading the form's schemas.
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_MEGABYTES = 10;
export const MAX_PHOTO_BYTES = MAX_PHOTO_MEGABYTES * 1024 * 1024;
