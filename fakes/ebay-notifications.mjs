// The fake eBay's notification signer (ADR 049): elliptic-curve key pairs, served by the
// Notification API's getPublicKey as eBay serves its own (a one-line PEM, algorithm ECDSA, digest
// SHA1), and MARKETPLACE_ACCOUNT_DELETION notifications signed as eBay signs them: SHA1withECDSA
// over the compact JSON, DER signature, in X-EBAY-SIGNATURE = base64({ alg, kid, signature, digest })
// (https://developer.ebay.com/marketplace-account-deletion; eBay's SDK test data,
// github.com/eBay/event-notification-java-sdk src/test/java/com/ebay/commerce/notification/data).
// Like eBay, the signer can move to a new key (`rotate`); getPublicKey keeps answering for the
// earlier ones, so a notification already under way still verifies.
import { generateKeyPairSync, randomUUID, sign } from "node:crypto";

export function createNotificationSigner() {
  /** Every key this signer has used, by key id. */
  const keys = new Map();
  let current = "";

  /** Signs from now on with a new key under a new key id, and answers that id. */
  function rotate() {
    const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const kid = randomUUID();
    // eBay answers the PEM without line breaks.
    const pem = publicKey.export({ type: "spki", format: "pem" }).toString().replace(/\n/g, "");
    keys.set(kid, { pem, privateKey });
    current = kid;
    return kid;
  }
  rotate();

  /**
   * getPublicKey's answer for `id`, or null for a key id this fake never signed with.
   * @param {string} id
   */
  function publicKeyFor(id) {
    const key = keys.get(id);
    return key ? { key: key.pem, algorithm: "ECDSA", digest: "SHA1" } : null;
  }

  /**
   * A signed account-deletion notification for the eBay user: its body and X-EBAY-SIGNATURE.
   * @param {{ userId: string, username: string, eiasToken: string }} user
   */
  function accountDeletion({ userId, username, eiasToken }) {
    const now = new Date().toISOString();
    const message = {
      metadata: { topic: "MARKETPLACE_ACCOUNT_DELETION", schemaVersion: "1.0", deprecated: false },
      notification: {
        notificationId: `${randomUUID()}_${randomUUID()}`,
        eventDate: now,
        publishDate: now,
        publishAttemptCount: 1,
        data: { username, userId, eiasToken },
      },
    };
    const body = JSON.stringify(message);
    const signature = sign("sha1", Buffer.from(body), keys.get(current).privateKey).toString("base64");
    const header = Buffer.from(JSON.stringify({ alg: "ecdsa", kid: current, signature, digest: "SHA1" })).toString("base64");
    return { body, signature: header };
  }

  return { rotate, publicKeyFor, accountDeletion };
}
