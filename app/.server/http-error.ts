// One error shape for the whole API: `{ "message": "…", "code": "…" }`, the message in German for
// the person, the code from one vocabulary for the program (app/lib/error-codes.ts, ADR 077), with
// a fitting status.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { statusErrorCode, type ErrorCode } from "../lib/error-codes";

export class HttpError extends Error {
  override name = "HttpError";
  /** The machine-readable kind of failure; the status's own code unless the thrower names one. */
  readonly code: ErrorCode;
  /** Per-field German messages for forms (answered as `{ message, code, fieldErrors }`). */
  readonly fieldErrors?: Record<string, string>;

  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    detail: { code?: ErrorCode; fieldErrors?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = detail.code ?? statusErrorCode(status);
    if (detail.fieldErrors) this.fieldErrors = detail.fieldErrors;
  }
}

/** A photo (or the form carrying the photos) that cannot be taken: `photo_upload_failed` with its status. */
export function photoRefused(status: 400 | 413 | 415, message: string): HttpError {
  return new HttpError(status, message, { code: "photo_upload_failed" });
}

export const MESSAGES = {
  notFound: "Nicht gefunden.",
  methodNotAllowed: "Diese Methode ist hier nicht erlaubt.",
  internal: "Interner Serverfehler. Bitte versuche es später erneut.",
  invalidInput: "Ungültige Eingabe.",
  invalidJson: "Die Anfrage enthält kein gültiges JSON.",
  tooLarge: "Die Anfrage ist zu groß.",
  unsupportedMediaType: "Dieser Inhaltstyp wird nicht unterstützt.",
  unauthorized: "Anmeldung erforderlich.",
  forbidden: "Keine Berechtigung.",
  crossSite: "Anfrage von einer fremden Website abgelehnt.",
  bodyOnRead: "Eine GET- oder HEAD-Anfrage darf keinen Inhalt mitschicken.",
} as const;
