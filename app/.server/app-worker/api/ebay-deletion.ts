// eBay's Marketplace Account Deletion endpoint (ADR 049): the challenge eBay sends when the endpoint
// is registered, and the signed notifications after it. Public (eBay calls it), signed per request.
import type { Context } from "hono";
import { z } from "zod";
import type { AuthedBindings } from "../endpoint/require-user";
import { getDb } from "../../db/client";
import { getConfig } from "../env";
import { clientAddress } from "../endpoint/client";
import { endpoint, json } from "../endpoint/endpoint";
import { errorJson } from "../endpoint/router";
import { HttpError } from "../../http-error";
import { challengeResponse, receiveAccountDeletion } from "../ebay/account-deletion";
import { ebayConfigOf } from "../../ebay/config";
import { EBAY_DELETION_PATH, ebayDeletionConfigOf } from "../ebay/deletion-settings";
import { NotificationKeyUnavailable } from "../ebay/notification-key";

const NOT_SET_UP = "Die Benachrichtigungen von eBay sind in dieser Umgebung nicht eingerichtet.";
/** A notification is a few hundred bytes (eBay's AsyncAPI contract). */
const NOTIFICATION_BODY_LIMIT = 16 * 1024;

function settings(c: Context<AuthedBindings>) {
  const config = getConfig(c.env);
  const ebay = ebayConfigOf(config);
  const deletion = ebayDeletionConfigOf(config);
  if (!ebay || !deletion) throw new HttpError(503, NOT_SET_UP);
  return { ebay, deletion };
}

export const EBAY_DELETION_ENDPOINTS = [
  endpoint({
    method: "get",
    path: EBAY_DELETION_PATH,
    summary: "eBay prüft den Endpunkt für Kontolöschungen: Antwort auf den challenge_code (SHA-256 aus Code, Token und Adresse)",
    auth: "none",
    query: z.object({ challenge_code: z.string().min(1).max(500) }),
    responses: {
      200: json("Antwort für eBay", z.object({ challengeResponse: z.string().regex(/^[0-9a-f]{64}$/) })),
      503: NOT_SET_UP,
    },
    handler: async (c, { query }) => {
      const { deletion } = settings(c);
      return c.json({ challengeResponse: await challengeResponse(query.challenge_code, deletion) }, 200);
    },
  }),
  endpoint({
    method: "post",
    path: EBAY_DELETION_PATH,
    summary: "eBay meldet eine Kontolöschung (signiert): die eBay-Daten dieses eBay-Kontos werden gelöscht",
    auth: "ebay-signature",
    body: {
      type: "raw",
      contentType: "application/json",
      maxBytes: NOTIFICATION_BODY_LIMIT,
      description: "Benachrichtigung MARKETPLACE_ACCOUNT_DELETION, unverändert (die Signatur in X-EBAY-SIGNATURE gilt für sie)",
    },
    responses: {
      204: "empfangen und ausgeführt",
      400: "signiert, aber keine Benachrichtigung",
      412: "Signatur ungültig: nichts geändert",
      502: "eBays Schlüssel nicht abrufbar: eBay sendet erneut",
      503: NOT_SET_UP,
    },
    handler: async (c, { body }) => {
      const { ebay } = settings(c);
      let answer;
      try {
        const config = getConfig(c.env);
        answer = await receiveAccountDeletion(getDb(c.env.DB), ebay, {
          body: await body(),
          signatureHeader: c.req.header("X-EBAY-SIGNATURE"),
          sender: clientAddress(c.req.raw, config),
          origin: config.PUBLIC_BASE_URL,
        });
      } catch (error) {
        if (error instanceof NotificationKeyUnavailable)
          return errorJson(c, 502, "eBays Schlüssel ist gerade nicht abrufbar. eBay sendet die Benachrichtigung erneut.");
        throw error;
      }
      if (answer === 412) return errorJson(c, 412, "Die Signatur der Benachrichtigung ist ungültig.");
      if (answer === 400) return errorJson(c, 400, "Das ist keine Benachrichtigung von eBay.");
      return c.body(null, 204);
    },
  }),
];
