// One way to call eBay's REST APIs for a seller (ADR 036): Bearer token — the seller's, or the app's
// where eBay's documents take only that (ADR 072) — refreshed when expired, and once more when eBay
// answers 401, marketplace EBAY_DE, German content, eBay's errors turned
// into a German PublishError. Plain fetch: no SDK runs on Workers without Node shims. Every call
// has a time budget; no answer is a NoAnswerError, "unknown outcome" (ADR 047).
import type { Db } from "../db/client";
import type { EbayConfig } from "./config";
import { ebayApplicationToken } from "./application-token";
import { ebayAccessToken } from "./connection";
import { EBAY_NO_ANSWER_MESSAGES, ebayPublishError } from "./errors";
import { fetchWithin, jsonWithin } from "../publishing/marketplace-fetch";
import { ebayErrorsSchema, MARKETPLACE_ID, type EbayErrorDetail } from "./types";

export type EbaySession = { db: Db; config: EbayConfig; userId: string };

type Call = {
  method: "GET" | "POST" | "PUT";
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart upload (the Media API, ADR 046): fetch sets its Content-Type with the boundary. */
  form?: FormData;
  /** The Media API lives on its own host (apim.ebay.com). */
  host?: "media";
  /**
   * "application": the operation's documented `security` takes only an application token (the
   * Taxonomy API, ADR 072), not the seller's user token.
   */
  as?: "application";
};

/** The token the call is made with: the seller's, or the app's (application-token.ts). */
function tokenFor(session: EbaySession, call: Call, renew: boolean): Promise<string> {
  if (call.as === "application") return ebayApplicationToken(session.db, session.config, { renew });
  return ebayAccessToken(session.db, session.config, session.userId, { forceRefresh: renew });
}

async function send(session: EbaySession, call: Call, token: string): Promise<Response> {
  const url = new URL(`${call.host === "media" ? session.config.mediaUrl : session.config.apiUrl}${call.path}`);
  for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    Accept: "application/json",
    "Accept-Language": "de-DE",
    "X-EBAY-C-MARKETPLACE-ID": MARKETPLACE_ID,
  };
  if (call.body !== undefined) {
    headers["Content-Type"] = "application/json";
    // Required by createOrReplaceInventoryItem, createOffer and updateOffer: the listing's language.
    headers["Content-Language"] = "de-DE";
  }
  const body = call.form ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  return fetchWithin(url, { method: call.method, headers, body }, EBAY_NO_ANSWER_MESSAGES);
}

export type EbayAnswer = { status: number; body: unknown; errors: EbayErrorDetail[]; headers: Headers };

/**
 * Calls eBay and answers its status, JSON body (null for 204), errors and headers, refused or not:
 * for calls whose refusal is an answer ("already exists" while setting a seller up, ADR 045).
 */
export async function ebayRequest(session: EbaySession, call: Call): Promise<EbayAnswer> {
  let response = await send(session, call, await tokenFor(session, call, false));
  if (response.status === 401) {
    // eBay ended the access token before its time: one new token, one retry.
    await response.body?.cancel();
    response = await send(session, call, await tokenFor(session, call, true));
  }
  if (response.status === 204) return { status: 204, body: null, errors: [], headers: response.headers };
  const body = await jsonWithin(response, EBAY_NO_ANSWER_MESSAGES);
  if (response.ok) return { status: response.status, body, errors: [], headers: response.headers };
  const parsed = ebayErrorsSchema.safeParse(body);
  return { status: response.status, body, errors: parsed.success ? parsed.data.errors : [], headers: response.headers };
}

/** Calls eBay and answers the parsed JSON (null for 204); throws a German PublishError on refusal. */
export async function ebayCall(session: EbaySession, call: Call): Promise<unknown> {
  return (await ebayExchange(session, call)).body;
}

/** As ebayCall, with the answer's headers (the Media API names a created image in Location). */
export async function ebayExchange(session: EbaySession, call: Call): Promise<{ body: unknown; headers: Headers }> {
  const answer = await ebayRequest(session, call);
  if (answer.status >= 400) throw ebayPublishError(answer.status, answer.errors);
  return { body: answer.body, headers: answer.headers };
}
