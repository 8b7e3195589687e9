// Reading a request body the one way the API does it: the route fixes the content type and the
// byte limit; the limit is enforced while the bytes arrive (a lying or missing Content-Length
// changes nothing), multipart bodies are counted before they are parsed, and the result is
// parsed with the route's zod schema into German field errors.
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { ErrorCode } from "../../../lib/error-codes";
import { HttpError, MESSAGES, photoRefused } from "../../http-error";
import { errorJson, type AppBindings } from "./router";

/** A file part of a multipart body: how many files the route takes under that name. */
export type FilePart = {
  min: number;
  max: number;
  description: string;
  /** The route's own words for too few / too many files, where it has them. */
  tooFew?: string;
  tooMany?: string;
};

export type JsonBodySpec<Schema extends z.ZodType = z.ZodType> = {
  type: "json";
  schema: Schema;
  maxBytes: number;
  /** An empty body counts as `{}` (e.g. POST /api/logout). */
  optional?: boolean;
};

export type MultipartBodySpec<Schema extends z.ZodType = z.ZodType, Files extends string = string> = {
  type: "multipart";
  /** The text fields, one value each. */
  fields: Schema;
  files: Record<Files, FilePart>;
  maxBytes: number;
  /** Parts (fields and files together) counted before parsing: 400k tiny fields never reach the parser. */
  maxParts: number;
};

/** The raw text of a JSON body, for signature checks over the exact bytes (Stripe webhook). */
export type RawBodySpec = { type: "raw"; contentType: "application/json"; maxBytes: number; description: string };

export type BodySpec = JsonBodySpec | MultipartBodySpec | RawBodySpec;

export type BodyOutput<Spec> =
  Spec extends JsonBodySpec<infer Schema>
    ? z.output<Schema>
    : Spec extends MultipartBodySpec<infer Schema, infer Files>
      ? { fields: z.output<Schema>; files: Record<Files, File[]> }
      : Spec extends RawBodySpec
        ? string
        : never;

export const BODY_MESSAGES = {
  json: "Bitte sende die Daten als JSON (Content-Type: application/json).",
  multipart: "Bitte sende die Anzeige mit ihren Fotos als multipart/form-data.",
  formData: "Bildupload fehlgeschlagen: Die Formulardaten konnten nicht gelesen werden.",
  tooManyParts: "Die Formulardaten enthalten zu viele Felder.",
  unknownPart: (name: string) => `Unbekanntes Feld „${name}“.`,
  fileExpected: (name: string) => `Im Feld „${name}“ wird eine Datei erwartet.`,
  textExpected: (name: string) => `Das Feld „${name}“ erwartet Text, keine Datei.`,
  oneValue: (name: string) => `Das Feld „${name}“ darf nur einmal vorkommen.`,
  tooManyFiles: (name: string, max: number) => `Im Feld „${name}“ sind höchstens ${max} Dateien erlaubt.`,
  tooFewFiles: (name: string, min: number) =>
    `Im Feld „${name}“ ${min === 1 ? "wird mindestens eine Datei" : `werden mindestens ${min} Dateien`} erwartet.`,
} as const;

const MEDIA_TYPES = { json: "application/json", multipart: "multipart/form-data", raw: "application/json" } as const;

function mediaType(request: Request): string | undefined {
  return request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() || undefined;
}

function declaredLength(request: Request): number | undefined {
  const header = request.headers.get("Content-Length");
  if (header === null || !/^\d+$/.test(header)) return undefined;
  return Number(header);
}

/** True when the request carries no body at all. */
function isEmpty(request: Request): boolean {
  return request.body === null || declaredLength(request) === 0;
}

/**
 * The checks that need no byte of the body: the content type (415) and a declared length over
 * the limit (413). Runs before the route's own checks, so nothing is read for a refused request.
 */
export function precheckBody(request: Request, spec: BodySpec): void {
  if (spec.type === "json" && spec.optional && isEmpty(request)) return;
  const type = mediaType(request);
  if (type !== MEDIA_TYPES[spec.type]) {
    throw new HttpError(415, spec.type === "multipart" ? BODY_MESSAGES.multipart : BODY_MESSAGES.json);
  }
  const length = declaredLength(request);
  if (length !== undefined && length > spec.maxBytes) throw new HttpError(413, MESSAGES.tooLarge);
}

/** The body's bytes, refused with 413 as soon as more than `maxBytes` have arrived. */
export async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new HttpError(413, MESSAGES.tooLarge);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * A GET or HEAD that carries a body is refused before any route sees it (RFC 9110 §9.3.1: such a
 * body has no meaning). The runtime hands it on as it came; Remix rebuilds every request with its
 * body, which the fetch standard forbids for these methods (a 500 on every page).
 */
export const refuseBodyOnRead: MiddlewareHandler<AppBindings> = async (c, next) => {
  const { method, body } = c.req.raw;
  if ((method === "GET" || method === "HEAD") && body !== null) {
    await body.cancel().catch(() => {});
    return errorJson(c, 400, MESSAGES.bodyOnRead);
  }
  await next();
};

export type FieldErrors = Record<string, string>;

/**
 * A zod failure as `{ message, code, fieldErrors }`: one German message per field, the first one on
 * top; `invalid_input` unless the refused field is a photo part (`photo_upload_failed`).
 */
export class ValidationError extends HttpError {
  override name = "ValidationError";
  constructor(fieldErrors: FieldErrors, code: ErrorCode = "invalid_input") {
    super(400, Object.values(fieldErrors)[0] ?? MESSAGES.invalidInput, { code, fieldErrors });
  }
}

export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    // Unknown keys have no path of their own; they are named by the key.
    const keys = issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of keys) {
      const field = path.map(String).join(".") || "_";
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(toFieldErrors(result.error));
  return result.data;
}

async function readJson(request: Request, spec: JsonBodySpec): Promise<unknown> {
  if (spec.optional && isEmpty(request)) return parseWith(spec.schema, {});
  const bytes = await readLimited(request, spec.maxBytes);
  if (spec.optional && bytes.byteLength === 0) return parseWith(spec.schema, {});
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    throw new HttpError(400, MESSAGES.invalidJson);
  }
  return parseWith(spec.schema, value);
}

/** How many parts a multipart body has, counted on the raw bytes by its boundary lines. */
function countParts(bytes: Uint8Array, boundary: string): number {
  const delimiter = new TextEncoder().encode(`--${boundary}`);
  let count = 0;
  outer: for (let index = bytes.indexOf(delimiter[0]); index !== -1; index = bytes.indexOf(delimiter[0], index + 1)) {
    for (let offset = 1; offset < delimiter.length; offset++) {
      if (bytes[index + offset] !== delimiter[offset]) continue outer;
    }
    count++;
    index += delimiter.length - 1;
  }
  // The closing delimiter ("--boundary--") is not a part.
  return Math.max(0, count - 1);
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** RFC 2046, 5.1.1: 1–70 of these characters, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/**
 * The media type's parameters (RFC 9110, 5.6.6: `;` OWS token "=" (token / quoted-string)), names
 * lower-cased. Null when the header does not follow that grammar or names a parameter twice.
 */
export function mediaTypeParameters(contentType: string): Map<string, string> | null {
  const parameters = new Map<string, string>();
  const semicolon = contentType.indexOf(";");
  if (semicolon === -1) return parameters;
  let rest = contentType.slice(semicolon);
  for (;;) {
    rest = rest.replace(/^[ \t]*/, "");
    if (rest === "") return parameters;
    if (!rest.startsWith(";")) return null;
    rest = rest.slice(1).replace(/^[ \t]*/, "");
    if (rest === "") return parameters;
    if (rest.startsWith(";")) continue;
    const equals = rest.indexOf("=");
    if (equals <= 0) return null;
    const name = rest.slice(0, equals).toLowerCase();
    if (!TOKEN.test(name)) return null;
    rest = rest.slice(equals + 1);
    let value: string;
    if (rest.startsWith('"')) {
      const quoted = /^"((?:[^"\\]|\\.)*)"/.exec(rest);
      if (!quoted) return null;
      value = quoted[1].replace(/\\(.)/g, "$1");
      rest = rest.slice(quoted[0].length);
    } else {
      const token = /^[^;\s]*/.exec(rest)![0];
      if (!TOKEN.test(token)) return null;
      value = token;
      rest = rest.slice(token.length);
    }
    if (parameters.has(name)) return null;
    parameters.set(name, value);
  }
}

/**
 * The one boundary of a multipart body (RFC 7578, 4.1; RFC 2046, 5.1.1), from the parameters
 * parsed by their grammar: `xboundary=` is another parameter, a second `boundary` is refused.
 * The parts are counted and parsed with this boundary alone (ADR 027).
 */
export function multipartBoundary(contentType: string): string | null {
  const boundary = mediaTypeParameters(contentType)?.get("boundary");
  return boundary !== undefined && BOUNDARY.test(boundary) ? boundary : null;
}

async function readMultipart(request: Request, spec: MultipartBodySpec): Promise<{ fields: unknown; files: Record<string, File[]> }> {
  const boundary = multipartBoundary(request.headers.get("Content-Type") ?? "");
  if (!boundary) throw photoRefused(400, BODY_MESSAGES.formData);
  const bytes = await readLimited(request, spec.maxBytes);
  if (countParts(bytes, boundary) > spec.maxParts) throw new HttpError(413, BODY_MESSAGES.tooManyParts);
  let form: FormData;
  try {
    // The parser gets the boundary that was counted, and nothing else from the client's header.
    form = await new Response(bytes, { headers: { "Content-Type": `multipart/form-data; boundary="${boundary}"` } }).formData();
  } catch {
    throw photoRefused(400, BODY_MESSAGES.formData);
  }
  const fields: Record<string, string> = {};
  const files: Record<string, File[]> = Object.fromEntries(Object.keys(spec.files).map((name) => [name, []]));
  const fieldNames = new Set(Object.keys(jsonShape(spec.fields)));
  for (const [name, value] of form.entries()) {
    if (name in spec.files) {
      if (typeof value === "string") {
        // An empty file input submits an empty string in some clients: nothing chosen.
        if (value === "") continue;
        throw photoRefused(400, BODY_MESSAGES.fileExpected(name));
      }
      // An empty file input submits a nameless, empty file: nothing chosen.
      if (value.size === 0 && !value.name) continue;
      files[name].push(value);
    } else if (fieldNames.has(name)) {
      if (typeof value !== "string") throw new HttpError(400, BODY_MESSAGES.textExpected(name));
      if (name in fields) throw new HttpError(400, BODY_MESSAGES.oneValue(name));
      fields[name] = value;
    } else {
      throw new HttpError(400, BODY_MESSAGES.unknownPart(name));
    }
  }
  for (const [name, part] of Object.entries<FilePart>(spec.files)) {
    const count = files[name].length;
    // A multipart body's files are the ad's photos and their copies (the only multipart bodies).
    if (count > part.max)
      throw new ValidationError({ [name]: part.tooMany ?? BODY_MESSAGES.tooManyFiles(name, part.max) }, "photo_upload_failed");
    if (count < part.min)
      throw new ValidationError({ [name]: part.tooFew ?? BODY_MESSAGES.tooFewFiles(name, part.min) }, "photo_upload_failed");
  }
  return { fields: parseWith(spec.fields, fields), files };
}

/** The keys of an object schema (multipart text fields), for telling fields from unknown parts. */
export function jsonShape(schema: z.ZodType): Record<string, z.ZodType> {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  return shape ?? {};
}

/** Reads and validates the body after `precheckBody` passed. */
export async function readBody(request: Request, spec: BodySpec): Promise<unknown> {
  if (spec.type === "json") return readJson(request, spec);
  if (spec.type === "multipart") return readMultipart(request, spec);
  const bytes = await readLimited(request, spec.maxBytes);
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new HttpError(400, MESSAGES.invalidJson);
  }
}
