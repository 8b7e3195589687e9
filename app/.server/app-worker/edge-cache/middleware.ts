// The edge cache in front of the public ad page, its JSON and its photos (ADR 020): the first
// anonymous request in a data center renders and stores the answer in the Workers Cache API;
// later ones are answered from there without touching D1 or R2.
import type { Context, MiddlewareHandler } from "hono";
import { toHex } from "../../crypto/hex";
import { inlineScriptHashes } from "./script-hashes";
import { getConfig } from "../env";
import { errorJson, type AppBindings } from "../endpoint/router";
import {
  CLIENT_CACHE_CONTROL,
  cacheTarget,
  edgeCacheStore,
  EDGE_TTL_SECONDS,
  isNotModified,
  isPreconditionFailed,
  NOT_FINAL_CACHE_CONTROL,
  PRIVATE_CACHE_CONTROL,
  type CacheKind,
} from "./policy";

/** Says how an answer was made (hit, miss, bypass); for people and the benchmark, not for logic. */
export const EDGE_CACHE_HEADER = "X-Edge-Cache";
/** Stored with a page: the build it was rendered by. A page of another build links to assets that are gone. */
const PAGE_BUILD_HEADER = "X-Page-Build";
/** Stored with a page: the CSP hash sources of its inline scripts (script-hashes.ts), named by every hit's CSP. */
const PAGE_SCRIPT_HASHES_HEADER = "X-Page-Script-Hashes";
const INTERNAL_HEADERS = [PAGE_BUILD_HEADER, PAGE_SCRIPT_HASHES_HEADER, "Cache-Tag"];

export function edgeCache(kind: CacheKind, pageBuild: string): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const target = cacheTarget(kind, c.req.raw, getConfig(c.env).PUBLIC_BASE_URL);
    if (!target) {
      await next();
      if (c.req.method === "GET") replaceResponse(c, withHeaders(c.res, bypassHeaders(kind, c.res)));
      return;
    }
    const cache = edgeCacheStore();
    const cached = await cache.match(target.key);
    if (cached && (kind !== "page" || isCurrentPage(cached, pageBuild))) {
      return answerFromCache(c, kind, cached);
    }
    await cached?.body?.cancel();

    await next();
    const rendered = c.res;
    // Only complete, anonymous answers are shared: no error, no 304, nothing that sets a cookie.
    if (rendered.status !== 200 || !rendered.body || rendered.headers.has("Set-Cookie")) return;
    // The renderer says the answer is not final (an ad waiting for its cover): answered, not stored.
    if (rendered.headers.get("Cache-Control")?.includes(NOT_FINAL_CACHE_CONTROL)) {
      replaceResponse(c, withHeaders(rendered, { [EDGE_CACHE_HEADER]: "miss" }));
      return;
    }
    const headers = new Headers(rendered.headers);
    let body: BodyInit;
    let stored: BodyInit;
    let scriptHashes: string[] = [];
    if (kind === "image") {
      if (!headers.get("ETag")) return;
      [body, stored] = rendered.body.tee();
    } else {
      const text = await rendered.text();
      // The page's scripts carry this answer's CSP nonce. The stored page is without it (hits name
      // its scripts' hashes instead), and the tag is of that content.
      const nonce = c.get("nonce");
      stored = kind === "page" ? text.replaceAll(` nonce="${nonce}"`, "") : text;
      if (kind === "page") scriptHashes = await inlineScriptHashes(text, nonce);
      const digest = await sha256(stored);
      headers.set("ETag", kind === "page" ? `W/"${digest}"` : `"${digest}"`);
      headers.set("Last-Modified", new Date().toUTCString());
      body = text;
    }
    const storedHeaders = new Headers(headers);
    storedHeaders.set("Cache-Control", `public, max-age=${EDGE_TTL_SECONDS}`);
    storedHeaders.set("Cache-Tag", target.tag);
    if (kind === "page") {
      storedHeaders.set(PAGE_BUILD_HEADER, pageBuild);
      storedHeaders.set(PAGE_SCRIPT_HASHES_HEADER, scriptHashes.join(" "));
    }
    waitUntil(
      c,
      cache
        .put(target.key, new Response(stored, { headers: storedHeaders }))
        .catch((error: unknown) => console.error("edge cache: put failed", { key: target.key, error: String(error) })),
    );

    headers.set("Cache-Control", CLIENT_CACHE_CONTROL[kind]);
    headers.set(EDGE_CACHE_HEADER, "miss");
    if (kind === "image" && isPreconditionFailed(c.req.raw, headers.get("ETag"), headers.get("Last-Modified"))) {
      await (body as ReadableStream).cancel();
      replaceResponse(c, preconditionFailed(c));
      return;
    }
    replaceResponse(
      c,
      isNotModified(c.req.raw, headers.get("ETag"), headers.get("Last-Modified"))
        ? notModified(headers)
        : new Response(body, { status: 200, headers }),
    );
  };
}

/**
 * A stored page is served when the running build rendered it (a page of another build links to
 * assets that are gone) and it names its scripts' hashes (an entry stored before they were recorded
 * carries a nonce no answer lists).
 */
function isCurrentPage(cached: Response, pageBuild: string): boolean {
  return cached.headers.get(PAGE_BUILD_HEADER) === pageBuild && cached.headers.has(PAGE_SCRIPT_HASHES_HEADER);
}

async function answerFromCache(c: Context<AppBindings>, kind: CacheKind, cached: Response): Promise<Response> {
  const headers = new Headers(cached.headers);
  const scriptHashes = headers.get(PAGE_SCRIPT_HASHES_HEADER);
  for (const name of INTERNAL_HEADERS) headers.delete(name);
  headers.set("Cache-Control", CLIENT_CACHE_CONTROL[kind]);
  headers.set(EDGE_CACHE_HEADER, "hit");
  if (kind === "image" && isPreconditionFailed(c.req.raw, headers.get("ETag"), headers.get("Last-Modified"))) {
    await cached.body?.cancel();
    return preconditionFailed(c);
  }
  if (isNotModified(c.req.raw, headers.get("ETag"), headers.get("Last-Modified"))) {
    await cached.body?.cancel();
    return notModified(headers);
  }
  // The stored page is the same bytes for everyone: its CSP names its scripts' hashes (security.ts)
  // and the bytes stream through untouched.
  if (kind === "page" && scriptHashes !== null) c.set("scriptHashes", scriptHashes);
  return new Response(cached.body, { status: 200, headers });
}

/** A 412 for a photo's failed If-Match/If-Unmodified-Since (RFC 9110 §13.2.2: before If-None-Match). */
function preconditionFailed(c: Context<AppBindings>): Response {
  return errorJson(c, 412, "Die Ressource entspricht nicht der angefragten Version (If-Match/If-Unmodified-Since).");
}

/** A 304: validators and caching headers only (security.ts adds no CSP to it). */
function notModified(headers: Headers): Response {
  const kept = new Headers();
  for (const name of ["ETag", "Last-Modified", "Cache-Control", EDGE_CACHE_HEADER]) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return new Response(null, { status: 304, headers: kept });
}

/**
 * An answer past the cache is private; one that already forbids storing (a signed-in page, an ad
 * not final yet) keeps its stricter `no-store`.
 */
function bypassHeaders(kind: CacheKind, rendered: Response): Record<string, string> {
  const headers: Record<string, string> = { [EDGE_CACHE_HEADER]: "bypass" };
  if (kind !== "image" && !rendered.headers.get("Cache-Control")?.includes("no-store")) headers["Cache-Control"] = PRIVATE_CACHE_CONTROL;
  return headers;
}

/**
 * Answers with `response` instead of the rendered one. Assigning `c.res` over an existing answer
 * makes Hono copy the old answer's headers into the new one (the endpoint's declared Cache-Control
 * would win over the cache's); clearing it first replaces it, as Hono's middleware guide shows
 * (https://hono.dev/guides/middleware, "Modify the Response After Next").
 */
function replaceResponse(c: Context<AppBindings>, response: Response) {
  c.res = undefined;
  c.res = response;
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
  return copy;
}

function waitUntil(c: Context<AppBindings>, promise: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(promise);
  } catch {
    // No execution context (a bare app.request in a test): the promise runs on its own.
  }
}

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return toHex(digest.subarray(0, 16));
}
