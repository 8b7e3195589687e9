// eBay OAuth (ADR 036, ADR 049): the consent URL, the code exchange, the refresh, and the
// application token (client credentials) for the Notification API.
// https://developer.ebay.com/api-docs/static/oauth-consent-request.html,
// https://developer.ebay.com/api-docs/static/oauth-auth-code-grant-request.html,
// https://developer.ebay.com/api-docs/static/oauth-refresh-token-request.html,
// https://developer.ebay.com/api-docs/static/oauth-client-credentials-grant.html
// eBay documents no PKCE parameters for the authorization-code grant and no way for an app to
// revoke a user token (ADR 049): the state is bound to the session instead (oauth-state.ts).
import { PublishError } from "../publishing/publisher";
import type { EbayConfig } from "./config";
import { fetchWithin, jsonWithin } from "../publishing/marketplace-fetch";
import { EBAY_NO_ANSWER_MESSAGES, EBAY_UNREACHABLE } from "./errors";
import { tokenResponseSchema } from "./types";

/** The application scope: public data, and the Notification API's getPublicKey (client credentials). */
const APPLICATION_SCOPE = "https://api.ebay.com/oauth/api_scope";

/** What the app may do for the seller: create and manage offers, read their business policies. */
export const EBAY_SCOPES = [
  APPLICATION_SCOPE,
  "https://api.ebay.com/oauth/api_scope/sell.inventory",
  "https://api.ebay.com/oauth/api_scope/sell.account",
] as const;

/**
 * Read once at connect time: the seller's immutable eBay user id (Commerce Identity getUser), which
 * eBay's account-deletion notifications name (ADR 049). Asked for on the consent page only; refreshed
 * tokens ask for EBAY_SCOPES, a subset of the consent, as eBay's refresh request allows.
 */
export const IDENTITY_SCOPE = "https://api.ebay.com/oauth/api_scope/commerce.identity.readonly";

export function consentUrl(config: EbayConfig, state: string): string {
  const url = new URL(`${config.authUrl}/oauth2/authorize`);
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("redirect_uri", config.ruName);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", [...EBAY_SCOPES, IDENTITY_SCOPE].join(" "));
  url.searchParams.set("state", state);
  url.searchParams.set("locale", "de-DE");
  return url.toString();
}

export type Tokens = { accessToken: string; accessTokenExpiresAt: number; refreshToken?: string; refreshTokenExpiresAt?: number };

export const RECONNECT_MESSAGE = "Die Verbindung zu eBay ist abgelaufen. Verbinde dein eBay-Konto im Profil neu.";

async function requestToken(config: EbayConfig, form: Record<string, string>, now: number): Promise<Tokens> {
  // The token call has the same budget as every other eBay call (ADR 047).
  const response = await fetchWithin(
    `${config.apiUrl}/identity/v1/oauth2/token`,
    {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`,
      },
      body: new URLSearchParams(form).toString(),
    },
    EBAY_NO_ANSWER_MESSAGES,
  );
  const body = await jsonWithin(response, EBAY_NO_ANSWER_MESSAGES);
  if (!response.ok) {
    // invalid_grant: the code was used or expired, or the refresh token ended — the seller reconnects.
    if (response.status === 400) throw new PublishError(RECONNECT_MESSAGE, 409);
    throw new PublishError(EBAY_UNREACHABLE, 502);
  }
  const parsed = tokenResponseSchema.safeParse(body);
  if (!parsed.success) throw new PublishError("eBay hat unerwartet geantwortet. Bitte versuche es später erneut.", 502);
  const tokens = parsed.data;
  return {
    accessToken: tokens.access_token,
    accessTokenExpiresAt: now + tokens.expires_in * 1000,
    refreshToken: tokens.refresh_token,
    refreshTokenExpiresAt: tokens.refresh_token_expires_in ? now + tokens.refresh_token_expires_in * 1000 : undefined,
  };
}

/** Exchanges the code from the consent redirect for the seller's tokens. */
export function exchangeCode(config: EbayConfig, code: string, now = Date.now()): Promise<Tokens> {
  return requestToken(config, { grant_type: "authorization_code", code, redirect_uri: config.ruName }, now);
}

/** A new access token from the refresh token (which stays the same). */
export function refreshAccessToken(config: EbayConfig, refreshToken: string, now = Date.now()): Promise<Tokens> {
  return requestToken(config, { grant_type: "refresh_token", refresh_token: refreshToken, scope: EBAY_SCOPES.join(" ") }, now);
}

/**
 * An application access token (client credentials grant), for calls made as the app, not a seller
 * (cached: application-token.ts). A refusal is no seller's to fix: eBay is "not reachable" for them.
 */
export async function applicationToken(config: EbayConfig, now = Date.now()): Promise<Tokens> {
  try {
    return await requestToken(config, { grant_type: "client_credentials", scope: APPLICATION_SCOPE }, now);
  } catch (error) {
    if (error instanceof PublishError && error.message === RECONNECT_MESSAGE) throw new PublishError(EBAY_UNREACHABLE, 502);
    throw error;
  }
}
