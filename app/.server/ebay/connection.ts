// A seller's eBay connection in D1 (marketplace_connections): tokens encrypted at rest
// (crypto/token-cipher.ts), the access token refreshed when it has expired, the policies and
// location chosen once. Disconnecting deletes the row.
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { listings, marketplaceConnections, type MarketplaceConnection } from "../db/schema";
import { PublishError } from "../publishing/publisher";
import { decryptToken, encryptToken, isUnderNewestKey } from "../crypto/token-cipher";
import { recordKeyRing } from "../crypto/token-key-canary";
import type { EbayConfig } from "./config";
import { RECONNECT_MESSAGE, refreshAccessToken, type Tokens } from "./oauth";

/** An access token this close to its end is refreshed first (a call takes a moment). */
const EXPIRY_MARGIN_MS = 60_000;

/** The policies and inventory location the seller chose once (settings JSON). */
export const ebaySettingsSchema = z.object({
  fulfillmentPolicyId: z.string().min(1).max(64),
  paymentPolicyId: z.string().min(1).max(64),
  returnPolicyId: z.string().min(1).max(64),
  merchantLocationKey: z.string().min(1).max(36),
  /** The pickup-only fulfillment policy for ads that are only picked up (ADR 045). */
  pickupPolicyId: z.string().min(1).max(64).optional(),
});
export type EbaySellerSettings = z.infer<typeof ebaySettingsSchema>;

const where = (userId: string) => and(eq(marketplaceConnections.userId, userId), eq(marketplaceConnections.platform, "ebay"));

export async function getEbayConnection(db: Db, userId: string): Promise<MarketplaceConnection | null> {
  const [row] = await db.select().from(marketplaceConnections).where(where(userId));
  return row ?? null;
}

/** The chosen settings, or null while the seller has not chosen all of them. */
export function sellerSettingsOf(connection: MarketplaceConnection | null): EbaySellerSettings | null {
  const parsed = ebaySettingsSchema.safeParse(connection?.settings ?? {});
  return parsed.success ? parsed.data : null;
}

/** Stores the tokens; at connect time also the seller's eBay user id (ADR 049), which a refresh leaves as it is. */
export async function saveEbayTokens(db: Db, config: EbayConfig, userId: string, tokens: Tokens, ebayUserId?: string): Promise<void> {
  const values = {
    ...(ebayUserId ? { externalUserId: ebayUserId } : {}),
    accessTokenCipher: await encryptToken(config.encryptionKey, tokens.accessToken, userId),
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    ...(tokens.refreshToken
      ? {
          refreshTokenCipher: await encryptToken(config.encryptionKey, tokens.refreshToken, userId),
          refreshTokenExpiresAt: tokens.refreshTokenExpiresAt ?? null,
        }
      : {}),
    updatedAt: Date.now(),
  };
  await db
    .insert(marketplaceConnections)
    .values({ userId, platform: "ebay", ...values })
    .onConflictDoUpdate({ target: [marketplaceConnections.userId, marketplaceConnections.platform], set: values });
  // The ring these tokens were stored with, for the generator's canary (ADR 055).
  await recordKeyRing(db, config.encryptionKey);
}

export async function saveEbaySettings(db: Db, userId: string, settings: EbaySellerSettings): Promise<void> {
  await db.update(marketplaceConnections).set({ settings, updatedAt: Date.now() }).where(where(userId));
}

/** Deletes the connection; answers how many of the seller's eBay listings are still live (they stay on eBay). */
export async function deleteEbayConnection(db: Db, userId: string): Promise<number> {
  await db.delete(marketplaceConnections).where(where(userId));
  const live = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.userId, userId), eq(listings.platform, "ebay"), inArray(listings.status, ["live", "paused"])));
  return live.length;
}

export const NOT_CONNECTED_MESSAGE = "Verbinde zuerst dein eBay-Konto im Profil.";

/** A valid access token for the seller: the stored one, or a new one from the refresh token. */
export async function ebayAccessToken(
  db: Db,
  config: EbayConfig,
  userId: string,
  { forceRefresh = false, now = Date.now() } = {},
): Promise<string> {
  const connection = await getEbayConnection(db, userId);
  if (!connection) throw new PublishError(NOT_CONNECTED_MESSAGE, 409);
  if (!forceRefresh && connection.accessTokenCipher && (connection.accessTokenExpiresAt ?? 0) > now + EXPIRY_MARGIN_MS) {
    return decryptToken(config.encryptionKey, connection.accessTokenCipher, userId);
  }
  if (!connection.refreshTokenCipher || (connection.refreshTokenExpiresAt ?? Infinity) <= now)
    throw new PublishError(RECONNECT_MESSAGE, 409);
  const refreshToken = await decryptToken(config.encryptionKey, connection.refreshTokenCipher, userId);
  const tokens = await refreshAccessToken(config, refreshToken, now);
  // eBay keeps the refresh token on a refresh; one stored under an older key is stored again under
  // the newest, so a rotated-out key stops being needed (ADR 055).
  const rewrap =
    !tokens.refreshToken && !(await isUnderNewestKey(config.encryptionKey, connection.refreshTokenCipher))
      ? { refreshToken, refreshTokenExpiresAt: connection.refreshTokenExpiresAt ?? undefined }
      : {};
  await saveEbayTokens(db, config, userId, { ...tokens, ...rewrap });
  return tokens.accessToken;
}
