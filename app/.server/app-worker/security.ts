// Security headers on every response, and the cross-site check for cookie-authenticated writes.
import type { MiddlewareHandler } from "hono";
import { toBase64 } from "../crypto/base64";
import { MESSAGES } from "../http-error";
import { errorJson, type AppBindings } from "./endpoint/router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function createNonce(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(16)));
}

/** The policy around the inline scripts' sources, joined once (this runs on every answer, edge-cache hits included). */
const [CSP_BEFORE_SCRIPTS, CSP_AFTER_SCRIPTS] = [
  "default-src 'self'",
  // Stripe.js and its frames, as Stripe's integration security guide lists them
  // (https://docs.stripe.com/security/guide#content-security-policy).
  "script-src 'self' {scripts} https://js.stripe.com https://*.js.stripe.com",
  // React renders style attributes (progress bars, Radix positioning); no inline scripts though.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self' https://api.stripe.com",
  "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
]
  .join("; ")
  .split("{scripts}");

/**
 * The CSP of an answer. Its inline scripts are allowed by the answer's nonce, or — for a page from
 * the edge cache, the same bytes for everyone — by their hashes (`'sha256-…'` sources, ADR 020).
 */
export function contentSecurityPolicy(inlineScripts: { nonce: string } | { hashes: string }): string {
  const sources = "nonce" in inlineScripts ? `'nonce-${inlineScripts.nonce}'` : inlineScripts.hashes;
  return `${CSP_BEFORE_SCRIPTS}${sources}${CSP_AFTER_SCRIPTS}`;
}

/**
 * Sets a per-request CSP nonce (available as `c.get("nonce")`) and the security headers. An answer
 * from the edge cache names its scripts' hashes instead (`c.get("scriptHashes")`).
 */
export const securityHeaders: MiddlewareHandler<AppBindings> = async (c, next) => {
  const nonce = createNonce();
  c.set("nonce", nonce);
  await next();
  const response = withMutableHeaders(c.res);
  const headers = response.headers;
  // A 304 revalidates the browser's stored copy, whose scripts carry the nonce of the stored CSP;
  // browsers merge a 304's headers into that copy, so a fresh nonce here would block them.
  if (response.status !== 304) {
    const hashes = c.get("scriptHashes");
    headers.set("Content-Security-Policy", contentSecurityPolicy(hashes === undefined ? { nonce } : { hashes }));
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  // Wallets (Apple Pay, Google Pay) run in Stripe's frames, which need the payment feature.
  headers.set(
    "Permissions-Policy",
    `camera=(self), microphone=(), geolocation=(), payment=(self "https://js.stripe.com" "https://*.js.stripe.com")`,
  );
  if (new URL(c.req.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  // Assigning c.res makes Hono copy the answer and set every old header on the copy again; an
  // answer changed in place is already c.res, and a copy already holds every header.
  if (response !== c.res) {
    c.res = undefined;
    c.res = response;
  }
};

/**
 * Responses from fetch(), R2 or the cache have immutable headers and are copied (the body is not);
 * one our own code made is used as it is.
 */
function withMutableHeaders(response: Response): Response {
  try {
    response.headers.set("X-Content-Type-Options", "nosniff");
    return response;
  } catch {
    return new Response(response.body, response);
  }
}

/**
 * Refuses state-changing requests that a browser sent from another site. Browsers send
 * `Sec-Fetch-Site` on every request and `Origin` on every unsafe one; a request from a
 * non-browser client sends neither and carries its bearer token instead. With `requireOrigin`
 * (the local instance's /dev/* routes, which take no token; ADR 067) a request must show that it
 * comes from this origin: `Sec-Fetch-Site: same-origin`, or this origin as `Origin`.
 */
export function rejectCrossSite(options: { allowPaths?: string[]; requireOrigin?: boolean } = {}): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || options.allowPaths?.includes(c.req.path)) return next();
    const fetchSite = c.req.header("Sec-Fetch-Site");
    const origin = c.req.header("Origin");
    const ownOrigin = new URL(c.req.url).origin;
    const sameOrigin = origin === undefined || origin === ownOrigin;
    if ((fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") || !sameOrigin) {
      return errorJson(c, 403, MESSAGES.crossSite);
    }
    if (options.requireOrigin && origin === undefined && fetchSite !== "same-origin") {
      return errorJson(c, 403, originRequiredMessage(ownOrigin));
    }
    return next();
  };
}

/** What a request without Origin to a route that requires one is told (e.g. the README's curl). */
export function originRequiredMessage(origin: string): string {
  return `Diese Entwickler-Route nimmt nur Anfragen dieser Seite an: Bitte den Header „Origin: ${origin}“ mitsenden.`;
}
