// The session cookie and the bearer header: the two ways a request names its session.
import { parse as parseCookies } from "hono/utils/cookie";

export const SESSION_COOKIE = "ap_session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${SESSION_TTL_MS / 1000}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

/** The session token from `Authorization: Bearer …`, else from the cookie; null when neither. */
export function readSessionToken(headers: Headers): string | null {
  const authorization = headers.get("Authorization");
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer;
  return readCookie(headers, SESSION_COOKIE) || null;
}

/** One cookie's value from the request's `Cookie` header (hono's parser), or undefined. The one cookie reader of the app. */
export function readCookie(headers: Headers, name: string): string | undefined {
  const header = headers.get("Cookie");
  return header ? parseCookies(header, name)[name] : undefined;
}
