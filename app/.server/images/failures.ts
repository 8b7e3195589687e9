// What a failure of the Images binding means for an ad (ADR 053). The binding rejects with an
// `ImagesError` carrying a numeric `code` (workers-types: `interface ImagesError { code: number }`,
// <https://developers.cloudflare.com/images/transform-images/bindings/>); the codes are those of
// <https://developers.cloudflare.com/images/reference/troubleshooting/>:
// - the photo itself: 9412 (not an image), 9413 (over 100 megapixels), 9520 (format not supported),
//   9523 ("could not perform resizing … when an image has invalid format"; the page also lists it
//   among internal errors, so it is retried once before the photo is called unreadable);
// - the account: 9422 (the usage limit of 5,000 unique transformations was reached, Free plan) and
//   9432 (the binding is not available on legacy Image Resizing billing) — no retry helps this month;
// - anything else with a code (9522 processing limit, 9424/9516/9517/9518 internal …): the service,
//   retried with the generation's backoff.
// A failure without a code (R2, network) is not the binding's and stays as it is.

/** The image service looked at the photo and refused it (not an image, damaged, over its limits). */
export class UnreadablePhotoError extends Error {
  override name = "UnreadablePhotoError";
  constructor(
    message: string,
    /** The binding's code; null when our own check refused the result (e.g. an answer that is no JPEG). */
    readonly code: number | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Photos that could not be prepared for the model, with what the seller is told (German); `final` ones are not retried. */
export class PhotoPreparationError extends Error {
  override name = "PhotoPreparationError";
  constructor(
    message: string,
    readonly sellerMessage: string,
    readonly final: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export const IMAGES_MESSAGES = {
  quota:
    "Deine Fotos konnten nicht für die KI vorbereitet werden: Unser Bilddienst nimmt in diesem Monat keine Aufträge mehr an. Dein Guthaben wurde zurückgebucht. Erstelle die Anzeige im Browser – er bereitet die Fotos selbst vor – oder versuche es später erneut.",
  service:
    "Unser Bilddienst konnte deine Fotos gerade nicht verarbeiten. Dein Guthaben wurde zurückgebucht – bitte versuche es in ein paar Minuten erneut.",
  noPhotoReadable:
    "Keines deiner Fotos konnte gelesen werden (beschädigt oder kein unterstütztes Bildformat). Dein Guthaben wurde zurückgebucht – bitte lade die Fotos neu hoch, am besten als JPEG.",
} as const;

/** The photo was refused (ADR 053: 9523 once more first). */
const UNREADABLE_CODES = new Set([9412, 9413, 9520, 9523]);
/** The account cannot transform any more images (this month, or at all). */
const ACCOUNT_CODES = new Set([9422, 9432]);
/** A code the service also uses for passing internal faults: worth one more try before the photo is given up. */
export const AMBIGUOUS_CODE = 9523;

function imagesCode(error: unknown): number | null {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === "number" ? code : null;
}

/** An Images binding failure as what it means: an unreadable photo, a quota or a service error; others as they are. */
export function classifyImagesFailure(error: unknown, what: string): unknown {
  const code = imagesCode(error);
  if (code === null) return error;
  if (UNREADABLE_CODES.has(code)) return new UnreadablePhotoError(`${what} cannot be read: ${String(error)}`, code, { cause: error });
  if (ACCOUNT_CODES.has(code))
    return new PhotoPreparationError(`the image service refuses work for this account: ${String(error)}`, IMAGES_MESSAGES.quota, true, {
      cause: error,
    });
  return new PhotoPreparationError(`the image service failed: ${String(error)}`, IMAGES_MESSAGES.service, false, { cause: error });
}
