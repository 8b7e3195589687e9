// The public key that verifies an eBay notification (ADR 049): the Notification API's getPublicKey
// with an application token (client credentials), GET /commerce/notification/v1/public_key/{kid}
// (https://developer.ebay.com/api-docs/buy/notification/resources/public_key/methods/getPublicKey).
// eBay asks for the key to be cached ("one hour is recommended") rather than fetched per
// notification; both the key and the application token are kept in the isolate's memory, a kid
// eBay does not know is remembered for ten minutes, and at most ten unknown kids are asked about in
// that time, so forged headers cannot make us call eBay for every request.
import type { EbayConfig } from "../../ebay/config";
import { publicKeySchema, type EbayPublicKey } from "./notification-signature";
import { applicationToken } from "../../ebay/oauth";

const KEY_TTL_MS = 60 * 60 * 1000;
const UNKNOWN_KID_TTL_MS = 10 * 60 * 1000;
/** An application token this close to its end is not used any more (a call takes a moment). */
const TOKEN_MARGIN_MS = 60_000;

/** At most this many key ids eBay did not know are looked up per window; beyond it, new ids wait (502). */
const UNKNOWN_KID_BUDGET = 10;

const keys = new Map<string, { key: EbayPublicKey | null; until: number }>();
let unknownLookups: number[] = [];
const appTokens = new Map<string, { token: string; until: number }>();

/** eBay could not be asked (no answer, or an error on its side): the notification is answered 500 and eBay sends it again. */
export class NotificationKeyUnavailable extends Error {
  override name = "NotificationKeyUnavailable";
}

async function appToken(config: EbayConfig, now: number): Promise<string> {
  const cacheKey = `${config.apiUrl} ${config.clientId}`;
  const cached = appTokens.get(cacheKey);
  if (cached && cached.until > now + TOKEN_MARGIN_MS) return cached.token;
  const tokens = await applicationToken(config, now).catch(() => {
    throw new NotificationKeyUnavailable("eBay gave no application token");
  });
  appTokens.set(cacheKey, { token: tokens.accessToken, until: tokens.accessTokenExpiresAt });
  return tokens.accessToken;
}

/** The public key eBay signs with under `kid`, or null when eBay knows no such key. */
export async function notificationPublicKey(config: EbayConfig, kid: string, now = Date.now()): Promise<EbayPublicKey | null> {
  const cacheKey = `${config.apiUrl} ${kid}`;
  const cached = keys.get(cacheKey);
  if (cached && cached.until > now) return cached.key;
  // Many made-up key ids in a row are an attack on eBay's call limits, not a key rotation.
  unknownLookups = unknownLookups.filter((at) => at > now - UNKNOWN_KID_TTL_MS);
  // Refused as "try again later" (502): eBay delivers a real notification again.
  if (unknownLookups.length >= UNKNOWN_KID_BUDGET) throw new NotificationKeyUnavailable("too many unknown key ids");
  const response = await fetch(`${config.apiUrl}/commerce/notification/v1/public_key/${encodeURIComponent(kid)}`, {
    headers: { Authorization: `Bearer ${await appToken(config, now)}`, Accept: "application/json" },
  }).catch(() => {
    throw new NotificationKeyUnavailable("eBay did not answer getPublicKey");
  });
  const body: unknown = await response.json().catch(() => null);
  // An application token eBay ended early is asked for anew next time.
  if (response.status === 401) appTokens.delete(`${config.apiUrl} ${config.clientId}`);
  if (response.status === 400 || response.status === 404) {
    keys.set(cacheKey, { key: null, until: now + UNKNOWN_KID_TTL_MS });
    unknownLookups.push(now);
    return null;
  }
  const parsed = publicKeySchema.safeParse(body);
  if (!response.ok || !parsed.success) throw new NotificationKeyUnavailable(`getPublicKey answered ${response.status}`);
  keys.set(cacheKey, { key: parsed.data, until: now + KEY_TTL_MS });
  return parsed.data;
}
