// The fake eBay's notification signer (ADR 049): elliptic-curve key pairs, served by the
// Notification API's getPublicKey as eBay serves its own (a one-line PEM, algorithm ECDSA, digest
// SHA1), and MARKETPLACE_ACCOUNT_DELETION notifications signed as eBay signs them: SHA1withECDSA
// over the compact JSON, DER signature, in X-EBAY-SIGNATURE = base64({ alg, kid, signature, digest })
// (https://developer.ebay.com/marketplace-account-deletion; eBay's SDK test data,
// github.com/eBay/event-notification-java-sdk src/test/java/com/ebay/commerce/notification/data).
// Like eBay, the signer can move to a new key (`rotate`); getPublicKey keeps answering for the
// earlier ones, so a notification already under way still verifies.
//
// Also the Notification API itself (`notificationApi`): getPublicKey, for an application token only
// (client credentials), and held back for a key id a test names (a slow eBay, ADR 068).
import { generateKeyPairSync, randomUUID, sign } from "node:crypto";

import { INVALID_TOKEN } from "./ebay-answers.mjs";

/**
 * @typedef {import("./types").OpenApi} OpenApi
 * @typedef {import("./types").Answer} Answer
 * @typedef {import("./types").FakeEbayState} FakeEbayState
 */

/** How long getPublicKey keeps a held key id's answer back: far longer than any client waits. */
const HELD_ANSWER_MS = 20_000;

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

/**
 * The Notification API of one fake eBay: getPublicKey.
 * @param {FakeEbayState} state
 * @returns {OpenApi}
 */
export function notificationApi({ applicationTokens, signer, heldKeyIds, now }) {
  /**
   * @param {import("./types").Headers} headers
   * @param {string} kid
   * @returns {Answer}
   */
  function publicKey(headers, kid) {
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
    if (!token || !((applicationTokens.get(token)?.expiresAt ?? 0) > now())) return INVALID_TOKEN;
    const key = signer.publicKeyFor(decodeURIComponent(kid));
    if (key) return [200, key];
    // The documented refusal (contracts/ebay/commerce_notification_v1_oas3.json, getPublicKey 404).
    const invalid = { errorId: 195001, domain: "API_NOTIFICATION", category: "REQUEST", message: "The specified key id is invalid." };
    return [404, { errors: [{ ...invalid, parameters: [{ name: "public_key_id", value: kid }] }] }];
  }

  return {
    prefix: "/commerce/notification/",
    routes: [
      {
        method: "GET",
        pattern: /^\/commerce\/notification\/v1\/public_key\/([^/]+)$/,
        handler: ({ headers }, [, kid]) => {
          if (!heldKeyIds.has(decodeURIComponent(kid))) return publicKey(headers, kid);
          return new Promise((resolve) => {
            setTimeout(() => resolve(publicKey(headers, kid)), HELD_ANSWER_MS).unref();
          });
        },
      },
    ],
  };
}
