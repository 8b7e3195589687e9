// eBay's application access token (client-credentials grant, ADR 072): the token for the calls eBay's
// documents let only the app make — the Taxonomy API (category suggestions, aspects) and the
// Notification API's getPublicKey. eBay allows an application 1,000 client-credentials tokens a day
// (https://developer.ebay.com/api-docs/static/oauth-rate-limits.html), and a token lives two hours
// (`expires_in` 7200): one token is minted per environment and kept in D1 for its lifetime
// (encrypted, like the sellers' tokens), so every isolate of both Workers uses the same one, and
// each isolate keeps it in memory besides. https://developer.ebay.com/api-docs/static/oauth-client-credentials-grant.html
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { ebayApplicationTokens } from "../db/schema";
import { decryptToken, encryptToken } from "../crypto/token-cipher";
import type { EbayConfig } from "./config";
import { applicationToken } from "./oauth";
import { keptInIsolate } from "../isolate-memory";

/** A token this close to its end is not used any more (a call takes a moment). */
const MARGIN_MS = 60_000;

type Held = { token: string; expiresAt: number };
const inMemory = keptInIsolate(new Map<string, Held>());

/** The row's key: the eBay API host (sandbox, production, the fake) and the keyset. */
export function applicationTokenEnvironment(config: EbayConfig): string {
  return `${new URL(config.apiUrl).host} ${config.clientId}`;
}

async function stored(db: Db, config: EbayConfig, environment: string): Promise<Held | null> {
  const [row] = await db.select().from(ebayApplicationTokens).where(eq(ebayApplicationTokens.environment, environment));
  if (!row) return null;
  // A token under a key the ring no longer holds (ADR 055) is minted anew.
  const token = await decryptToken(config.encryptionKey, row.tokenCipher, environment).catch(() => null);
  return token ? { token, expiresAt: row.expiresAt } : null;
}

/**
 * A valid application token for `config`'s eBay environment: the one in memory or D1 while it has
 * more than a minute left, else a new one. `renew`: eBay refused the held one (401), a new one is
 * minted whatever its expiry says.
 */
export async function ebayApplicationToken(db: Db, config: EbayConfig, { renew = false, now = Date.now() } = {}): Promise<string> {
  const environment = applicationTokenEnvironment(config);
  const valid = (held: Held | null | undefined): held is Held => !renew && !!held && held.expiresAt > now + MARGIN_MS;
  const memory = inMemory.get(environment);
  if (valid(memory)) return memory.token;
  const row = await stored(db, config, environment);
  if (valid(row)) {
    inMemory.set(environment, row);
    return row.token;
  }
  const tokens = await applicationToken(config, now);
  const held = { token: tokens.accessToken, expiresAt: tokens.accessTokenExpiresAt };
  const values = {
    tokenCipher: await encryptToken(config.encryptionKey, held.token, environment),
    expiresAt: held.expiresAt,
    updatedAt: now,
  };
  await db
    .insert(ebayApplicationTokens)
    .values({ environment, ...values })
    .onConflictDoUpdate({ target: ebayApplicationTokens.environment, set: values });
  inMemory.set(environment, held);
  return held.token;
}
