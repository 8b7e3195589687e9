// eBay's Marketplace Account Deletion notifications (ADR 049,
// https://developer.ebay.com/marketplace-account-deletion). eBay validates the endpoint with a GET
// carrying `challenge_code` and expects { challengeResponse: hex(SHA-256(challengeCode +
// verificationToken + endpoint)) } as JSON; then it POSTs a MARKETPLACE_ACCOUNT_DELETION
// notification (AsyncAPI: https://developer.ebay.com/api-docs/master/commerce/notification/asyncapi/marketplace_account_deletion.yaml)
// whenever an eBay user asks for their data to be deleted, signed in X-EBAY-SIGNATURE
// (notification-signature.ts). We acknowledge at once (204; eBay accepts 200, 201, 202 or 204) and
// answer 412 to a signature that does not verify, as eBay's SDKs do. Deleting means: the seller's
// connection (tokens, policies, eBay user id) and every eBay identifier in their listing rows
// (listing id, offer id, link, details), and an eBay link saved by hand on an ad.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { marketplaceOf } from "../../../lib/listing-url";
import { logActivity } from "../../activity-log";
import { sha256Hex } from "../../crypto/hex";
import type { Db } from "../../db/client";
import { ads, listings, marketplaceConnections } from "../../db/schema";
import type { EbayConfig } from "../../ebay/config";
import type { EbayDeletionConfig } from "./deletion-settings";
import { notificationPublicKey } from "./notification-key";
import { readSignatureHeader, signedTexts, verifyEbaySignature } from "./notification-signature";

export const ACCOUNT_DELETION_TOPIC = "MARKETPLACE_ACCOUNT_DELETION";

/** The notification as eBay's AsyncAPI contract describes it; `data` only for the deletion topic. */
const notificationSchema = z.object({
  metadata: z.object({ topic: z.string().min(1).max(100), schemaVersion: z.string().max(20).optional() }),
  notification: z.object({
    notificationId: z.string().min(1).max(200),
    data: z.unknown().optional(),
  }),
});
const deletionDataSchema = z.object({
  userId: z.string().min(1).max(100),
  username: z.string().max(100).optional(),
  eiasToken: z.string().max(200).optional(),
});

/** What the endpoint answers eBay's GET: the hash of challenge code, verification token and endpoint, in that order. */
export async function challengeResponse(challengeCode: string, deletion: EbayDeletionConfig): Promise<string> {
  return sha256Hex(`${challengeCode}${deletion.verificationToken}${deletion.endpoint}`);
}

/** What the seller's listing rows say once eBay's data is gone. */
export const EBAY_DATA_DELETED = "Dein eBay-Konto wurde bei eBay geschlossen. Die eBay-Daten dieser Anzeige sind bei uns gelöscht.";

/**
 * Deletes every piece of eBay data of the eBay user `ebayUserId` held for our sellers: their
 * connection and the eBay identifiers of their listings. Answers how many sellers were affected.
 */
export async function forgetEbayUser(db: Db, ebayUserId: string, now = Date.now()): Promise<number> {
  const connections = await db
    .select({ userId: marketplaceConnections.userId })
    .from(marketplaceConnections)
    .where(and(eq(marketplaceConnections.platform, "ebay"), eq(marketplaceConnections.externalUserId, ebayUserId)));
  for (const { userId } of connections) {
    const linked = await db
      .select({ id: ads.id, listingUrl: ads.listingUrl })
      .from(ads)
      .where(and(eq(ads.userId, userId), isNotNull(ads.listingUrl)));
    const ebayLinks = linked.filter((ad) => ad.listingUrl && marketplaceOf(ad.listingUrl) === "ebay").map((ad) => ad.id);
    const ownEbayRows = and(eq(listings.userId, userId), eq(listings.platform, "ebay"));
    await db.batch([
      // The listings end with the account at eBay; the row keeps its place in the seller's history.
      db
        .update(listings)
        .set({ status: "ended", endedAt: now })
        .where(and(ownEbayRows, inArray(listings.status, ["live", "paused", "publishing"]))),
      db
        .update(listings)
        .set({ externalId: null, offerId: null, url: null, details: {}, lastError: EBAY_DATA_DELETED, updatedAt: now })
        .where(ownEbayRows),
      // One statement per ad: a list of ids could pass D1's 100 bound parameters (db/d1-limits.ts).
      ...ebayLinks.map((id) => db.update(ads).set({ listingUrl: null, updatedAt: now }).where(eq(ads.id, id))),
      db.delete(marketplaceConnections).where(and(eq(marketplaceConnections.userId, userId), eq(marketplaceConnections.platform, "ebay"))),
    ]);
  }
  return connections.length;
}

export type NotificationAnswer = 204 | 400 | 412;

/**
 * Verifies and carries out one notification: 412 when the signature does not verify (nothing is
 * read or changed), 400 when a verified body is not a notification, else 204. `sender` is the
 * client address that key ids eBay does not know count against, `origin` our public origin, under
 * which the key is cached (notification-key.ts).
 */
export async function receiveAccountDeletion(
  db: Db,
  config: EbayConfig,
  notification: { body: string; signatureHeader: string | undefined; sender: string; origin: string },
  now = Date.now(),
): Promise<NotificationAnswer> {
  const { body, signatureHeader, sender, origin } = notification;
  const signature = readSignatureHeader(signatureHeader);
  if (!signature) return 412;
  const key = await notificationPublicKey(config, signature.kid, { db, sender, origin, now });
  if (!key) return 412;
  let verified = false;
  for (const text of signedTexts(body)) verified ||= await verifyEbaySignature(key, signature.signature, text);
  if (!verified) return 412;

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 400;
  }
  const parsed = notificationSchema.safeParse(json);
  if (!parsed.success) return 400;
  // Another topic (none is subscribed here) is acknowledged and left alone.
  if (parsed.data.metadata.topic !== ACCOUNT_DELETION_TOPIC) return 204;
  const data = deletionDataSchema.safeParse(parsed.data.notification.data);
  if (!data.success) return 400;
  const sellers = await forgetEbayUser(db, data.data.userId, now);
  // No eBay identifier in the log: only that a notification was carried out, and for how many sellers.
  await logActivity(db, { action: "ebay_account_deleted", details: { sellers } });
  return 204;
}
