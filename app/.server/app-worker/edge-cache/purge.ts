// Making an edited or deleted ad's cached page, JSON and photos unreachable (ADR 020).
// The Cache API is per data center and cache.delete() reaches only the one running this code, so
// production also purges the ad's Cache-Tags through Cloudflare's purge API, which removes them
// from every data center. Both passes run again a few seconds later (SECOND_PASS_DELAY_MS in
// policy.ts): that closes the window in which a render that read the old row stores it after the
// first purge, and retries a failed call.
import { getConfig, type Config } from "../env";
import { adCacheKeys, adTag, edgeCacheStore, photosTag } from "./policy";

export type PurgeTarget = {
  adId: string;
  /** The ad's photo keys whose cached copies must go too (crops included); omit when no photo changed. */
  photoKeys?: readonly string[];
};

export type EdgeCachePurge = (targets: PurgeTarget[]) => Promise<void>;

const CLOUDFLARE_API = "https://api.cloudflare.com/client/v4";
/** The purge API takes at most 100 tags per call. */
const TAGS_PER_CALL = 100;

/** The purge for one request: the second pass runs in the request's waitUntil (a Hono context fits). */
export function edgeCachePurge(request: { env: Env; executionCtx: Pick<ExecutionContext, "waitUntil"> }): EdgeCachePurge {
  const config = getConfig(request.env);
  return async (targets) => {
    if (targets.length === 0) return;
    const pass = () =>
      Promise.all([
        purgeHere(config.PUBLIC_BASE_URL, targets),
        config.EDGE_CACHE_PURGE === "zone" ? purgeEverywhere(config, targets) : undefined,
      ]);
    await pass();
    request.executionCtx.waitUntil(
      new Promise((resolve) => setTimeout(resolve, config.EDGE_CACHE_SECOND_PASS_MS))
        .then(pass)
        .catch((error) => console.error("edge cache: second purge pass failed", { error: String(error) })),
    );
  };
}

/** This data center: every key the entries were stored under (locally the only data center). */
async function purgeHere(baseUrl: string, targets: PurgeTarget[]) {
  const keys = targets.flatMap((target) => adCacheKeys(baseUrl, target.adId, target.photoKeys));
  await Promise.all(keys.map((key) => edgeCacheStore().delete(key)));
}

/** Every data center: Cloudflare's purge by Cache-Tag (the tags middleware.ts stores entries with). */
async function purgeEverywhere(config: Config, targets: PurgeTarget[]) {
  const tags = targets.flatMap((target) =>
    target.photoKeys?.length ? [adTag(target.adId), photosTag(target.adId)] : [adTag(target.adId)],
  );
  for (let start = 0; start < tags.length; start += TAGS_PER_CALL) {
    const chunk = tags.slice(start, start + TAGS_PER_CALL);
    try {
      const response = await fetch(`${CLOUDFLARE_API}/zones/${config.CLOUDFLARE_ZONE_ID}/purge_cache`, {
        method: "POST",
        headers: { Authorization: `Bearer ${config.CLOUDFLARE_CACHE_PURGE_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ tags: chunk }),
      });
      const result = await response.json<{ success?: boolean; errors?: unknown }>().catch(() => ({ success: false, errors: "no JSON" }));
      if (!response.ok || !result.success) throw new Error(`purge API answered ${response.status}: ${JSON.stringify(result.errors)}`);
    } catch (error) {
      // The edit itself is saved; the second pass retries, and EDGE_TTL_SECONDS bounds the rest.
      console.error("edge cache: global purge failed", { tags: chunk, error: String(error) });
    }
  }
}
