// The router factory every API feature uses: same error handler, same 404, same 405.
import { Hono, type Context, type TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { HTTPException } from "hono/http-exception";
import { logActivity } from "../../activity-log";
import { getDb } from "../../db/client";
import { ConfigError } from "../../config";
import { HttpError, MESSAGES } from "../../http-error";
import { statusErrorCode, type ErrorCode, type StatusErrorCode } from "../../../lib/error-codes";

export type AppBindings = {
  Bindings: Env;
  /** `nonce`: this answer's CSP nonce; `scriptHashes`: the CSP hash sources of a page from the edge cache (security.ts). */
  Variables: { nonce: string; scriptHashes?: string };
};

export function createRouter<Bindings extends AppBindings = AppBindings>() {
  return new Hono<Bindings>();
}

type ErrorAnswer<Status extends HttpError["status"], Code extends ErrorCode> = Response &
  TypedResponse<JSONParsed<{ message: string; code: Code }>, Status, "json">;

/** An error answer: the German message and its code, the status's own unless given (app/lib/error-codes.ts, ADR 077). */
export function errorJson<Status extends HttpError["status"]>(
  c: Context,
  status: Status,
  message: string,
): ErrorAnswer<Status, StatusErrorCode<Status>>;
export function errorJson<Status extends HttpError["status"], Code extends ErrorCode>(
  c: Context,
  status: Status,
  message: string,
  code: Code,
): ErrorAnswer<Status, Code>;
export function errorJson(c: Context, status: HttpError["status"], message: string, code?: ErrorCode): Response {
  return c.json({ message, code: code ?? statusErrorCode(status) }, status);
}

export function notFound(c: Context) {
  return errorJson(c, 404, MESSAGES.notFound);
}

/** 405 for a path that is only read (pages, photos): `Allow: GET, HEAD`. */
export function readOnly(c: Context) {
  c.header("Allow", "GET, HEAD");
  return errorJson(c, 405, MESSAGES.methodNotAllowed);
}

/** The methods the given routes answer for a path (HEAD with GET), for 405 and its `Allow` header. */
export function allowedMethods(routes: ReadonlyArray<{ method: string; path: string }>, path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === "ALL") continue;
    const source = route.path
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\/\*$/, "(?:/.*)?")
      .replace(/:[^/]+/g, "[^/]+");
    if (new RegExp(`^${source}/?$`).test(path)) methods.add(route.method);
  }
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}

/** The last handler of a router: 405 with `Allow` where the path exists with other methods, else 404. */
export function methodNotAllowedOrNotFound(routes: ReadonlyArray<{ method: string; path: string }>, prefix: string) {
  return (c: Context) => {
    const allowed = allowedMethods(routes, c.req.path.slice(prefix.length) || "/");
    if (allowed.length === 0) return notFound(c);
    c.header("Allow", allowed.join(", "));
    return errorJson(c, 405, MESSAGES.methodNotAllowed);
  };
}

export function onError(error: Error, c: Context) {
  if (error instanceof HttpError) {
    const { message, code, fieldErrors } = error;
    return c.json(fieldErrors ? { message, code, fieldErrors } : { message, code }, error.status);
  }
  if (error instanceof HTTPException) {
    // Hono's own exceptions carry English text; answer with our German one for the status.
    const status = error.status;
    return errorJson(c, status, httpExceptionMessage(status, error.message));
  }
  if (error instanceof ConfigError) console.error(error.message);
  else console.error("unhandled API error", error);
  // Operators find the failure in the activity log by the id the client was given.
  const requestId = crypto.randomUUID();
  c.header("X-Request-Id", requestId);
  const env = c.env as Partial<Env> | undefined;
  if (env?.DB && !(error instanceof ConfigError)) {
    const entry = logActivity(getDb(env.DB), {
      action: "api_error",
      details: { requestId, method: c.req.method, path: c.req.path, error: error.name },
    }).catch(() => {});
    try {
      c.executionCtx.waitUntil(entry);
    } catch {
      // No execution context (direct calls): the write simply runs on.
    }
  }
  return errorJson(c, 500, MESSAGES.internal);
}

function httpExceptionMessage(status: number, original: string): string {
  if (status === 413) return MESSAGES.tooLarge;
  if (status === 415) return MESSAGES.unsupportedMediaType;
  if (status === 401) return MESSAGES.unauthorized;
  if (status === 403) return MESSAGES.forbidden;
  if (status === 400 && /json/i.test(original)) return MESSAGES.invalidJson;
  if (status >= 500) return MESSAGES.internal;
  return MESSAGES.invalidInput;
}
