// The API's error codes (ADR 077): every error answer is `{ message, code }` (invalid input also
// with `fieldErrors`). The German `message` is for the person; the `code` is for the program. The
// browser decides by status and code, never by the message's words. One code names a kind of
// failure, not a message: most follow from the status; a few say more than the status can.
// English snake_case; an endpoint's declaration lists the codes each of its statuses can carry,
// and the OpenAPI document (and the browser's generated types, ADR 058) publishes them.

export const ERROR_CODES = {
  /** 400: the request or one of its fields is invalid (`fieldErrors` names the fields). */
  invalid_input: "Ungültige Eingabe",
  /** 400/413/415: a photo (or the form carrying the photos) could not be taken; another photo or a new upload helps. */
  photo_upload_failed: "Foto-Upload fehlgeschlagen",
  /** 401: not signed in, or the session ended. */
  unauthorized: "Nicht angemeldet",
  /** 402: the plan has no ad left; buying more helps. */
  limit_reached: "Limit erreicht",
  /** 403: signed in, but not allowed (or a request from another site). */
  forbidden: "Kein Zugriff",
  /** 404: no such thing (or not the caller's). */
  not_found: "Nicht gefunden",
  /** 405: the path exists, not with this method (`Allow` names the methods). */
  method_not_allowed: "Methode nicht erlaubt",
  /** 409: the thing is not in a state that allows this now (still being made, sold, not connected). */
  conflict: "Gerade nicht möglich",
  /** 410: it existed and is no longer valid (a used or expired sign-in link). */
  expired: "Nicht mehr gültig",
  /** 412: a condition of the request (If-Match, a signature) does not hold. */
  precondition_failed: "Vorbedingung nicht erfüllt",
  /** 413: the request is larger than the endpoint takes. */
  too_large: "Zu groß",
  /** 415: the request's content type is not the one the endpoint takes. */
  unsupported_media_type: "Falscher Inhaltstyp",
  /** 421: this instance does not answer for the host the request names. */
  wrong_host: "Falscher Host",
  /** 422: the marketplace (or its rules) refuses the ad as it is; the message says what to change. */
  not_publishable: "Nicht veröffentlichbar",
  /** 429: too many requests; try later. */
  rate_limited: "Zu viele Anfragen",
  /** 500: our own failure. */
  server_error: "Serverfehler",
  /** 502: a service we call (mail, payment, marketplace) failed. */
  upstream_failed: "Externer Dienst fehlgeschlagen",
  /** 503: not available now: not set up on this instance, or a write that failed and may be repeated. */
  unavailable: "Nicht verfügbar",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_VALUES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The code an error answer of each status carries unless it names a more specific one. */
export const STATUS_ERROR_CODES = {
  400: "invalid_input",
  401: "unauthorized",
  402: "limit_reached",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  410: "expired",
  412: "precondition_failed",
  413: "too_large",
  415: "unsupported_media_type",
  421: "wrong_host",
  422: "not_publishable",
  429: "rate_limited",
  500: "server_error",
  502: "upstream_failed",
  503: "unavailable",
} as const satisfies Record<number, ErrorCode>;

/** The code of a status without its own (`server_error` for any other 5xx, `invalid_input` for any other 4xx). */
export type StatusErrorCode<Status extends number> = Status extends keyof typeof STATUS_ERROR_CODES
  ? (typeof STATUS_ERROR_CODES)[Status]
  : ErrorCode;

export function statusErrorCode<Status extends number>(status: Status): StatusErrorCode<Status> {
  const known = (STATUS_ERROR_CODES as Record<number, ErrorCode>)[status];
  return (known ?? (status >= 500 ? "server_error" : "invalid_input")) as StatusErrorCode<Status>;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}
