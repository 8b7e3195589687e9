// How many photos an ad has and how long a seller's note may be: the create form, the API and the
// landing page's draft read them. Their own module without zod, so the landing draft stays light (ADR 018).
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const DESCRIPTION_MAX = 2000;
