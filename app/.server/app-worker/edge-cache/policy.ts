// Which requests the edge cache answers, under which key, and with which headers (ADR 020).
import { readCookie, SESSION_COOKIE } from "../auth/cookie";
import {
  AD_ID_PATTERN,
  IMAGE_PATH_PREFIX,
  imageUrl,
  isDerivedKey,
  PUBLIC_COPY_KEY_PATTERN,
  withDerivedKeys,
} from "../../storage/photo-keys";

/**
 * How long a data center keeps an entry that no purge removed. Edits and deletes purge at once
 * (purge.ts); this only bounds the damage of a purge that failed twice.
 */
export const EDGE_TTL_SECONDS = 3600;

/**
 * How long after an edit or delete the purge runs again (purge.ts): long enough for a render that
 * read the old row to have stored it, short enough to stay well inside `waitUntil`'s 30 s.
 */
export const SECOND_PASS_DELAY_MS = 5000;

/** The Workers Cache API's default cache of this data center. */
export function edgeCacheStore(): Cache {
  return caches.default;
}

export type CacheKind = "page" | "json" | "image";

/** What a client may do with each kind: revalidate pages and JSON every time (cheap 304 from the edge). */
export const CLIENT_CACHE_CONTROL: Record<CacheKind, string> = {
  page: "public, no-cache",
  json: "public, no-cache",
  // A photo's URL never shows other bytes, so the viewer's browser may keep it; shared caches
  // outside Cloudflare may not, since a deleted photo must become unreachable.
  image: "private, max-age=31536000, immutable",
};

/**
 * What a renderer answers when its answer is not final yet and must not be stored: a completed ad
 * whose photos still wait for the server-made cover (ADR 019) would otherwise keep the brand image
 * in its preview until the entry expires.
 */
export const NOT_FINAL_CACHE_CONTROL = "no-store";

/** How long after its last change an ad without its cover or display copies is taken to be waiting for them. */
export const IMAGE_WAIT_MS = 10 * 60 * 1000;

/**
 * True while the generator may still write the ad's cover (ADR 019) or, for the page, a display
 * copy (`missingDisplayCopies`, ADR 021); afterwards the ad is final without them.
 */
export function awaitsImages(
  ad: { imageUrls: readonly string[]; coverImageKey: string | null; updatedAt: number },
  missingDisplayCopies = 0,
  now = Date.now(),
): boolean {
  return ad.imageUrls.length > 0 && (!ad.coverImageKey || missingDisplayCopies > 0) && now - ad.updatedAt < IMAGE_WAIT_MS;
}

/** Answers for signed-in owners and other uncached requests: fresh, and never stored by anyone. */
export const PRIVATE_CACHE_CONTROL = "private, no-cache";

const PATHS: Record<CacheKind, RegExp> = {
  page: new RegExp(`^/ad/(${AD_ID_PATTERN})$`),
  json: new RegExp(`^/api/ads/public/(${AD_ID_PATTERN})$`),
  // Only the copies: the photo itself is its seller's alone (ADR 070) and never cached.
  image: new RegExp(`^${IMAGE_PATH_PREFIX}${PUBLIC_COPY_KEY_PATTERN}$`),
};

/**
 * The cache key of a photo copy. Its suffix names the generation of copies: entries stored before
 * every copy was served without metadata (ADR 070) are never looked up again.
 */
const imageCacheKey = (baseUrl: string, path: string) => `${baseUrl}${path}?copy=2`;

/** Query parameters that links shared on social networks carry and that change nothing in the answer. */
const TRACKING_PARAMETER = /^(?:utm_[a-z_]+|fbclid|gclid|msclkid|igshid|mc_cid|mc_eid)$/i;

/** The Cache-Tag of an ad's page and JSON, and of its photos: one global purge each (purge.ts). */
export const adTag = (adId: string) => `ad-${adId}`;
export const photosTag = (adId: string) => `ad-${adId}-photos`;

export type CacheTarget = { key: string; tag: string };

/**
 * The cache entry a request may be answered from, or null when it must be rendered fresh:
 * signed-in requests (cookie or bearer token) always are, and so is any query other than tracking
 * parameters (Remix data requests, benchmarks' cache busting), which keeps one entry per URL — the
 * entry that purges remove.
 */
export function cacheTarget(kind: CacheKind, request: Request, baseUrl: string): CacheTarget | null {
  if (request.method !== "GET" || isSignedIn(request.headers)) return null;
  const url = new URL(request.url);
  for (const name of url.searchParams.keys()) if (!TRACKING_PARAMETER.test(name)) return null;
  const adId = url.pathname.match(PATHS[kind])?.[1];
  if (!adId) return null;
  if (kind === "image") return { key: imageCacheKey(baseUrl, url.pathname), tag: photosTag(adId) };
  return { key: `${baseUrl}${url.pathname}`, tag: adTag(adId) };
}

function isSignedIn(headers: Headers): boolean {
  if (headers.has("Authorization")) return true;
  return readCookie(headers, SESSION_COOKIE) !== undefined;
}

/** Every key under which an ad's page, JSON and (when given) photos with their crops may be cached. */
export function adCacheKeys(baseUrl: string, adId: string, photoKeys: readonly string[] = []): string[] {
  return [
    `${baseUrl}/ad/${adId}`,
    `${baseUrl}/api/ads/public/${adId}`,
    ...withDerivedKeys(photoKeys)
      .filter(isDerivedKey)
      .map((key) => imageCacheKey(baseUrl, imageUrl(key))),
  ];
}

/**
 * RFC 9110 §13.1.1/§13.1.4, evaluated before If-None-Match (§13.2.2): a failed If-Match (strong
 * comparison) or, without If-Match, a resource modified after If-Unmodified-Since answers 412.
 */
export function isPreconditionFailed(request: Request, etag: string | null, lastModified: string | null): boolean {
  const ifMatch = request.headers.get("If-Match");
  if (ifMatch !== null) {
    if (ifMatch.trim() === "*") return !etag;
    if (!etag || etag.startsWith("W/")) return true;
    return !ifMatch.split(",").some((tag) => tag.trim() === etag);
  }
  const ifUnmodifiedSince = request.headers.get("If-Unmodified-Since");
  if (ifUnmodifiedSince === null || !lastModified) return false;
  const since = Date.parse(ifUnmodifiedSince);
  return !Number.isNaN(since) && Date.parse(lastModified) > since;
}

/** RFC 9110 §13.1.2/§13.1.3: If-None-Match (weak comparison) wins; If-Modified-Since only without it. */
export function isNotModified(request: Request, etag: string | null, lastModified: string | null): boolean {
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    if (!etag) return false;
    const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
  }
  const ifModifiedSince = request.headers.get("If-Modified-Since");
  if (ifModifiedSince === null || !lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}
