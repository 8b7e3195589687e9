// The edge cache in front of the public ad page, its JSON and its photos (ADR 020): the first
// anonymous request in a data center renders and stores the answer in the Workers Cache API;
// later ones are answered from there without touching D1 or R2.
import type { Context, MiddlewareHandler } from "hono";
import { toHex } from "../crypto/hex";
import { formatOffsets, nonceOffsets, parseOffsets, replaceNonceAt } from "./nonce-slots";
import { getConfig } from "../env";
import { errorJson, type AppBindings } from "../http/router";
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

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Says how an answer was made (hit, miss, bypass); for people and the benchmark, not for logic. */
export const EDGE_CACHE_HEADER = "X-Edge-Cache";
/** Stored with a page: the build it was rendered by. A page of another build links to assets that are gone. */
const PAGE_BUILD_HEADER = "X-Page-Build";
/** Stored with a page: the CSP nonce its scripts carry, replaced by each answer's own. */
const PAGE_NONCE_HEADER = "X-Page-Nonce";
/** Stored with a page: the byte offsets of that nonce (nonce-slots.ts). */
const PAGE_NONCE_OFFSETS_HEADER = "X-Page-Nonce-Offsets";
const INTERNAL_HEADERS = [PAGE_BUILD_HEADER, PAGE_NONCE_HEADER, PAGE_NONCE_OFFSETS_HEADER, "Cache-Tag"];

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
    if (cached && (kind !== "page" || cached.headers.get(PAGE_BUILD_HEADER) === pageBuild)) {
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
    const nonce = kind === "page" ? c.get("nonce") : undefined;
    let body: BodyInit;
    let stored: BodyInit;
    let offsets: number[] = [];
    if (kind === "image") {
      if (!headers.get("ETag")) return;
      [body, stored] = rendered.body.tee();
    } else {
      const text = await rendered.text();
      // The page carries this response's CSP nonce; the tag is of the content without it.
      const digest = await sha256(nonce ? text.replaceAll(nonce, "") : text);
      headers.set("ETag", kind === "page" ? `W/"${digest}"` : `"${digest}"`);
      headers.set("Last-Modified", new Date().toUTCString());
      const bytes = encoder.encode(text);
      if (nonce) offsets = nonceOffsets(bytes, nonce);
      body = text;
      stored = bytes;
    }
    const storedHeaders = new Headers(headers);
    storedHeaders.set("Cache-Control", `public, max-age=${EDGE_TTL_SECONDS}`);
    storedHeaders.set("Cache-Tag", target.tag);
    if (kind === "page") {
      storedHeaders.set(PAGE_BUILD_HEADER, pageBuild);
      if (nonce) {
        storedHeaders.set(PAGE_NONCE_HEADER, nonce);
        storedHeaders.set(PAGE_NONCE_OFFSETS_HEADER, formatOffsets(offsets));
      }
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

async function answerFromCache(c: Context<AppBindings>, kind: CacheKind, cached: Response): Promise<Response> {
  const headers = new Headers(cached.headers);
  const storedNonce = headers.get(PAGE_NONCE_HEADER);
  const offsets = parseOffsets(headers.get(PAGE_NONCE_OFFSETS_HEADER));
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
  if (kind !== "page" || !storedNonce) return new Response(cached.body, { status: 200, headers });
  // Every answer gets its own CSP nonce (security.ts); the stored page's scripts get this one,
  // written over the stored nonce where the store found it (nonce-slots.ts). The stored nonce is 128
  // random bits, so it occurs nowhere in the page but in its nonce attributes.
  const page = new Uint8Array(await cached.arrayBuffer());
  if (offsets && replaceNonceAt(page, offsets, storedNonce, c.get("nonce"))) return new Response(page, { status: 200, headers });
  // An entry stored before the offsets were recorded (or a nonce of another length): by the text.
  return new Response(decoder.decode(page).replaceAll(storedNonce, c.get("nonce")), { status: 200, headers });
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
