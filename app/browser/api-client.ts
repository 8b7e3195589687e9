// The browser's one way to call the API (ADR 014): cookies always, the stored authToken as a
// bearer header, JSON only when there is a body. A non-OK answer throws an ApiError with the
// status and the server's `{ message, code, fieldErrors? }` (ADR 077).
import type { ApiAnswer, ApiInitArgs, ApiPath, HttpMethod } from "~/lib/api/types";
import { isErrorCode, type ErrorCode } from "~/lib/error-codes";
import { getAuthToken, setAuthToken } from "./auth-token";

export { getAuthToken, setAuthToken } from "./auth-token";

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The server's error body (`{ message, code, fieldErrors? }`, ADR 077), if the answer is one. */
  private get parsed(): { message?: unknown; code?: unknown; fieldErrors?: unknown } {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return parsed && typeof parsed === "object" ? parsed : {};
    } catch {
      return {};
    }
  }

  /** What kind of failure the server names (app/lib/error-codes.ts): the browser decides by it and the status, never by the message. */
  get code(): ErrorCode | null {
    const { code } = this.parsed;
    return isErrorCode(code) ? code : null;
  }

  /** The server's German messages per field (`400 { message, code, fieldErrors }`), if it sent them. */
  get fieldErrors(): Record<string, string> | null {
    const named = this.parsed.fieldErrors;
    if (!named || typeof named !== "object") return null;
    return Object.fromEntries(Object.entries(named).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  }

  /** The server's German `message`, if it sent one: to show, never to decide by. */
  get serverMessage(): string | null {
    const { message } = this.parsed;
    return typeof message === "string" ? message : null;
  }
}

/**
 * Calls `method path` with the operation's path parameters, query and JSON body, and answers its
 * JSON body — all typed from the generated schema (app/lib/api/types.ts, ADR 058), so no call
 * names its result type by hand. `path` is the OpenAPI form (`/api/ads/{id}`); a non-OK answer
 * throws an ApiError.
 */
export async function apiRequest<M extends HttpMethod, P extends ApiPath<M>>(method: M, path: P, ...[init]: ApiInitArgs<M, P>) {
  return (await apiRequestWithHeaders(method, path, ...([init] as ApiInitArgs<M, P>))).body;
}

/** As apiRequest, also answering the response headers (e.g. X-Total-Count). */
export async function apiRequestWithHeaders<M extends HttpMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[init]: ApiInitArgs<M, P>
): Promise<{ body: ApiAnswer<M, P>; headers: Headers }> {
  const { params, query, body, signal } = ((init as unknown) ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const headers: Record<string, string> = { Authorization: `Bearer ${getAuthToken()}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(apiUrl(path, params, query), {
    method,
    headers,
    credentials: "include",
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return { body: await response.json<ApiAnswer<M, P>>(), headers: response.headers };
}

/** `/api/ads/{id}` with its parameters filled in, and the query's given values appended. */
export function apiUrl(path: string, params: Record<string, string> = {}, query: Record<string, unknown> = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined && one !== null) search.append(name, String(one));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** True when the request never reached the server (offline, DNS, connection reset). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

export const NETWORK_ERROR_MESSAGE = "Netzwerk-Fehler. Versuche es später erneut.";

/** An answer without the server's own message (a proxy's "502 Bad Gateway", an HTML page): said in German. */
export function unexpectedAnswerMessage(status: number): string {
  return `Der Server hat unerwartet geantwortet (Fehler ${status}). Bitte versuche es gleich noch einmal.`;
}

/**
 * What to tell the person about a failed call: the server's German message, else a German note
 * with the status; never the browser's or a proxy's English ("Failed to fetch", "network error",
 * "Bad Gateway"). Anything that is not an answer from the server is the fallback.
 */
export function errorMessage(error: unknown, fallback: string = NETWORK_ERROR_MESSAGE): string {
  return error instanceof ApiError ? (error.serverMessage ?? unexpectedAnswerMessage(error.status)) : fallback;
}

/** Signs out (this device, or every device of the account) and returns to the landing page. */
export async function logout(everywhere = false) {
  try {
    await apiRequest("POST", "/api/logout", everywhere ? { body: { everywhere: true } } : {});
  } catch {
    // The POST did not get through: the same-origin GET ends this session as well.
    window.location.assign("/api/logout");
    return;
  } finally {
    setAuthToken(null);
  }
  window.location.assign("/");
}
