// The public key that verifies an eBay notification (ADR 049, ADR 068): the Notification API's
// getPublicKey with an application token (client credentials), GET
// /commerce/notification/v1/public_key/{public_key_id}
// (https://developer.ebay.com/api-docs/commerce/notification/resources/public_key/methods/getPublicKey).
// eBay asks for the key to be cached ("one hour is recommended") rather than fetched per
// notification: a key is kept an hour in the data center's cache (Cache API, under our own
// origin), which every isolate there reads, and a key id eBay does not know (404, errorId 195001)
// ten minutes. The call has a time budget, and the ids eBay refused count against the sender that
// named them (unknown-key-budget.ts), so made-up ids cannot keep eBay's own notifications out.
import type { EbayConfig } from "../../ebay/config";
import { ebayErrorsSchema } from "../../ebay/types";
import { publicKeySchema, type EbayPublicKey } from "./notification-signature";
import { ebayApplicationToken } from "../../ebay/application-token";
import type { Db } from "../../db/client";
import { UNKNOWN_KEY_WINDOW_MS, UnknownKeyBudget } from "./unknown-key-budget";
import { keptInIsolate } from "../../isolate-memory";

const KEY_TTL_SECONDS = 60 * 60;
const UNKNOWN_KEY_TTL_SECONDS = UNKNOWN_KEY_WINDOW_MS / 1000;
/** eBay waits for our answer while we ask it for the key: a lookup that takes longer is given up (502, eBay sends again). */
export const KEY_LOOKUP_BUDGET_MS = 5_000;
/** getPublicKey's refusal of a key id it does not know (contracts/ebay/commerce_notification_v1_oas3.json). */
const UNKNOWN_KEY_ERROR_ID = 195001;

const budget = keptInIsolate(new UnknownKeyBudget());

/** eBay could not be asked (no answer, or an error on its side): the notification is answered 502 and eBay sends it again. */
export class NotificationKeyUnavailable extends Error {
  override name = "NotificationKeyUnavailable";
}

/** The app's token (application-token.ts); `renew` after eBay refused the held one. */
function appToken(db: Db, config: EbayConfig, now: number, renew = false): Promise<string> {
  return ebayApplicationToken(db, config, { now, renew }).catch(() => {
    throw new NotificationKeyUnavailable("eBay gave no application token");
  });
}

/** getPublicKey's URL for `kid`. */
function keyUrl(config: EbayConfig, kid: string): string {
  return `${config.apiUrl}/commerce/notification/v1/public_key/${encodeURIComponent(kid)}`;
}

/**
 * The key's entry in the data center's cache: under our own origin, as Cloudflare asks of cache keys
 * (https://developers.cloudflare.com/workers/runtime-apis/cache/), per eBay environment and key id.
 * No route answers it; only this module reads it.
 */
function cacheKey(origin: string, config: EbayConfig, kid: string): string {
  return `${new URL(origin).origin}/__ebay-public-key/${encodeURIComponent(new URL(config.apiUrl).host)}/${encodeURIComponent(kid)}`;
}

type Known = { key: EbayPublicKey | null };

async function fromCache(key: string): Promise<Known | undefined> {
  const hit = await caches.default.match(key);
  return hit ? hit.json<Known>() : undefined;
}

async function remember(key: string, known: Known): Promise<void> {
  const seconds = known.key ? KEY_TTL_SECONDS : UNKNOWN_KEY_TTL_SECONDS;
  const entry = new Response(JSON.stringify(known), {
    headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${seconds}` },
  });
  await caches.default.put(key, entry);
}

/** Whether eBay's answer says it knows no key under that id (and nothing else went wrong). */
function unknownKey(status: number, body: unknown): boolean {
  const errors = ebayErrorsSchema.safeParse(body);
  return status === 404 && errors.success && errors.data.errors.some((error) => error.errorId === UNKNOWN_KEY_ERROR_ID);
}

export type KeyLookup = {
  /** D1, where the app's token is kept (application-token.ts). */
  db: Db;
  /** The client address that sent the notification (endpoint/client.ts). */
  sender: string;
  /** Our public origin (PUBLIC_BASE_URL), under which the cache keeps the key. */
  origin: string;
  now?: number;
  budgetMs?: number;
};

/** The public key eBay signs with under `kid`, or null when eBay knows no such key. */
export async function notificationPublicKey(
  config: EbayConfig,
  kid: string,
  { db, sender, origin, now = Date.now(), budgetMs = KEY_LOOKUP_BUDGET_MS }: KeyLookup,
): Promise<EbayPublicKey | null> {
  const stored = cacheKey(origin, config, kid);
  const cached = await fromCache(stored);
  if (cached) return cached.key;
  // Refused as "try again later" (502): eBay delivers a real notification again.
  if (!budget.allows(sender, now)) throw new NotificationKeyUnavailable("too many unknown key ids from this sender");
  const token = await appToken(db, config, now);
  let status: number;
  let body: unknown;
  try {
    // The budget covers the answer's body as well as its headers.
    const response = await fetch(keyUrl(config, kid), {
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
      signal: AbortSignal.timeout(budgetMs),
    });
    status = response.status;
    body = await response.json().catch((error: unknown) => {
      if (error instanceof SyntaxError) return null;
      throw error;
    });
  } catch {
    throw new NotificationKeyUnavailable("eBay did not answer getPublicKey in time");
  }
  // An application token eBay ended early is minted anew for the next lookup.
  if (status === 401) await appToken(db, config, now, true);
  if (unknownKey(status, body)) {
    budget.spend(sender, now);
    await remember(stored, { key: null });
    return null;
  }
  // Another refusal of the request itself counts too: no made-up id is looked up for free.
  if (status >= 400 && status < 500 && status !== 401 && status !== 429) budget.spend(sender, now);
  const parsed = publicKeySchema.safeParse(body);
  if (status !== 200 || !parsed.success) throw new NotificationKeyUnavailable(`getPublicKey answered ${status}`);
  await remember(stored, { key: parsed.data });
  return parsed.data;
}
