// Access to the internal docs and the activity log: admins, or a short-lived signed cookie won
// with DOCS_PASSWORD (checked here, on the server; never shipped to the browser).
import type { Config } from "../env";
import { readCookie } from "../auth/cookie";
import { timingSafeEqualText } from "../../crypto/tokens";
import { fromHex, toHex } from "../../crypto/hex";

export const DOCS_COOKIE = "ap_docs";
export const DOCS_TTL_SECONDS = 60 * 60;
export const DOCS_DISABLED_MESSAGE = "Die interne Dokumentation ist in dieser Umgebung deaktiviert (DOCS_PASSWORD ist nicht gesetzt).";
export const WRONG_PASSWORD = "Falsches Passwort";
export const DOCS_PASSWORD_THIS_MACHINE_ONLY =
  "Auf einem lokalen Server gilt das Doku-Passwort nur am Rechner, auf dem er läuft. Bitte öffne die Doku dort (http://localhost).";

/**
 * Without SESSION_SECRET (local installations; production requires it) a random key made once per
 * isolate signs the cookie — never anything derived from the docs password, which would let a
 * captured cookie be cracked offline. A restart simply asks for the password again.
 */
const ISOLATE_KEY = Symbol.for("anzeigenpilot.docs-cookie-key");

/**
 * Made on first use (Workers allow random values only while handling a request) and kept on the
 * isolate's global object: the API and the Remix build each bundle this module, and both must
 * sign and check with the same key.
 */
function isolateKey(): Uint8Array<ArrayBuffer> {
  const global = globalThis as unknown as Record<symbol, Uint8Array<ArrayBuffer> | undefined>;
  return (global[ISOLATE_KEY] ??= crypto.getRandomValues(new Uint8Array(32)));
}

async function hmacKey(config: Config) {
  const secret = config.SESSION_SECRET ? new TextEncoder().encode(`docs:${config.SESSION_SECRET}`) : isolateKey();
  return crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

export async function checkDocsPassword(config: Config, password: string): Promise<boolean> {
  if (!config.DOCS_PASSWORD) return false;
  return timingSafeEqualText(password, config.DOCS_PASSWORD);
}

export async function docsCookie(config: Config, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + DOCS_TTL_SECONDS;
  const signature = toHex(await crypto.subtle.sign("HMAC", await hmacKey(config), new TextEncoder().encode(`docs.${expires}`)));
  return `${DOCS_COOKIE}=${expires}.${signature}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${DOCS_TTL_SECONDS}`;
}

export async function hasDocsCookie(config: Config, headers: Headers, now = Date.now()): Promise<boolean> {
  if (!config.DOCS_PASSWORD) return false;
  const value = readCookie(headers, DOCS_COOKIE);
  const match = value?.match(/^(\d+)\.([0-9a-f]{64})$/);
  if (!match || Number(match[1]) * 1000 < now) return false;
  return crypto.subtle.verify("HMAC", await hmacKey(config), fromHex(match[2]), new TextEncoder().encode(`docs.${match[1]}`));
}

/** Who may read the docs and the activity log: the holder of the docs cookie, or an admin. */
export type DocsAccess = "granted" | "signed-out" | "forbidden";

/**
 * The one docs access rule, for the /docs page and the docs API alike. The cookie is checked first
 * so the session (a D1 read) is looked up only when it is missing.
 */
export async function docsAccess(
  config: Config,
  headers: Headers,
  currentUser: () => Promise<{ role: string } | null | undefined>,
): Promise<DocsAccess> {
  if (await hasDocsCookie(config, headers)) return "granted";
  const user = await currentUser();
  if (!user) return "signed-out";
  return user.role === "admin" ? "granted" : "forbidden";
}
