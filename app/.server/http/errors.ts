// One error shape for the whole API: `{ "message": "…" }` in German, with a fitting status.
import type { ContentfulStatusCode } from "hono/utils/http-status";

export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    /** Per-field German messages for forms (answered as `{ message, fieldErrors }`). */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
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
