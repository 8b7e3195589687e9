// eBay's settings, shared by the app Worker (connect, publish) and the generator Worker (the
// approved price cuts of its cron): one zod fragment and one rule set, used by both config schemas
// (app/.server/app-worker/env.ts, app/.server/generator/env.ts). eBay is optional: without EBAY_CLIENT_ID the
// app says "nicht eingerichtet"; with it, everything the adapter needs is required (ADR 036).
import { z } from "zod";
import { optionalText, refuseSetting, requireSetting } from "../config";
import { KEY_RING_MESSAGE, ringParts } from "../crypto/token-cipher";

/** Settings that are secrets (`wrangler secret put`), never vars. */
export const EBAY_SECRETS = ["EBAY_CLIENT_SECRET", "TOKEN_ENCRYPTION_KEY"] as const;

/** Settings only the local fake uses; production refuses them. */
export const EBAY_TEST_ONLY_SETTINGS = ["EBAY_API_URL", "EBAY_AUTH_URL"] as const;

/**
 * The key ring of the stored tokens (ADR 055): keys of 32 random bytes, base64
 * (`openssl rand -base64 32`), comma-separated, oldest first; the last one encrypts. The schema
 * checks what a deploy check can (a secret's placeholder is long text); the exact 32 bytes are
 * checked when the keys are imported (crypto/token-cipher.ts).
 */
const encryptionKey = optionalText.refine(
  (value) => value === undefined || (ringParts(value).length > 0 && ringParts(value).every((key) => key.length >= 32)),
  {
    message: KEY_RING_MESSAGE,
  },
);

export const ebaySettings = {
  /** The application's App ID (Client ID) from the eBay developer keyset (docs/DEPLOY.md). */
  EBAY_CLIENT_ID: optionalText,
  EBAY_CLIENT_SECRET: optionalText,
  /** The RuName (eBay redirect URL name) whose accept and decline URLs are /api/ebay/callback. */
  EBAY_RU_NAME: optionalText,
  EBAY_ENVIRONMENT: z.enum(["sandbox", "production"]).default("production"),
  /** Local fake only (fakes/ebay.mjs): replaces api.ebay.com and auth.ebay.com. Refused in production. */
  EBAY_API_URL: optionalText.pipe(z.url().optional()),
  EBAY_AUTH_URL: optionalText.pipe(z.url().optional()),
  TOKEN_ENCRYPTION_KEY: encryptionKey,
};

type EbaySettings = {
  EBAY_CLIENT_ID?: string;
  EBAY_CLIENT_SECRET?: string;
  EBAY_RU_NAME?: string;
  EBAY_ENVIRONMENT: "sandbox" | "production";
  EBAY_API_URL?: string;
  EBAY_AUTH_URL?: string;
  TOKEN_ENCRYPTION_KEY?: string;
  APP_ENV: string;
};

/** The cross-field rules, called from each Worker's superRefine. */
export function checkEbaySettings(config: EbaySettings, ctx: z.core.$RefinementCtx) {
  if (config.EBAY_CLIENT_ID) {
    const because = "when EBAY_CLIENT_ID is set";
    requireSetting(ctx, "EBAY_CLIENT_SECRET", config.EBAY_CLIENT_SECRET, because);
    requireSetting(ctx, "EBAY_RU_NAME", config.EBAY_RU_NAME, because);
    requireSetting(ctx, "TOKEN_ENCRYPTION_KEY", config.TOKEN_ENCRYPTION_KEY, because);
  }
  if (config.APP_ENV !== "production") return;
  for (const key of EBAY_TEST_ONLY_SETTINGS) {
    if (config[key]) refuseSetting(ctx, key, `${key} points eBay at the local fake and is refused in production`);
  }
}

export type EbayConfig = {
  clientId: string;
  clientSecret: string;
  ruName: string;
  encryptionKey: string;
  /** Base of the REST APIs and the token endpoint (api.ebay.com / api.sandbox.ebay.com / the fake). */
  apiUrl: string;
  /** Base of the Media API (apim.ebay.com / apim.sandbox.ebay.com / the fake), ADR 046. */
  mediaUrl: string;
  /** Base of the consent page (auth.ebay.com / auth.sandbox.ebay.com / the fake). */
  authUrl: string;
  /** Base of the Commerce Identity API (apiz.ebay.com / apiz.sandbox.ebay.com / the fake). */
  identityUrl: string;
  /** Where a buyer sees a listing: `${webUrl}/itm/<listingId>`. */
  webUrl: string;
};

const HOSTS = {
  production: {
    apiUrl: "https://api.ebay.com",
    // The Media API's host: https://developer.ebay.com/api-docs/commerce/media/resources/image/methods/createImageFromFile
    mediaUrl: "https://apim.ebay.com",
    authUrl: "https://auth.ebay.com",
    identityUrl: "https://apiz.ebay.com",
    webUrl: "https://www.ebay.de",
  },
  sandbox: {
    apiUrl: "https://api.sandbox.ebay.com",
    mediaUrl: "https://apim.sandbox.ebay.com",
    authUrl: "https://auth.sandbox.ebay.com",
    identityUrl: "https://apiz.sandbox.ebay.com",
    webUrl: "https://sandbox.ebay.de",
  },
} as const;

/** eBay's configuration, or null when eBay is not set up in this installation. */
export function ebayConfigOf(config: EbaySettings): EbayConfig | null {
  if (!config.EBAY_CLIENT_ID || !config.EBAY_CLIENT_SECRET || !config.EBAY_RU_NAME || !config.TOKEN_ENCRYPTION_KEY) return null;
  const hosts = HOSTS[config.EBAY_ENVIRONMENT];
  const apiUrl = (config.EBAY_API_URL ?? hosts.apiUrl).replace(/\/+$/, "");
  return {
    clientId: config.EBAY_CLIENT_ID,
    clientSecret: config.EBAY_CLIENT_SECRET,
    ruName: config.EBAY_RU_NAME,
    encryptionKey: config.TOKEN_ENCRYPTION_KEY,
    apiUrl,
    // The fake serves the Media API beside the others.
    mediaUrl: config.EBAY_API_URL ? apiUrl : hosts.mediaUrl,
    authUrl: (config.EBAY_AUTH_URL ?? hosts.authUrl).replace(/\/+$/, ""),
    // The fake serves the Identity API beside the others.
    identityUrl: config.EBAY_API_URL ? apiUrl : hosts.identityUrl,
    // The fake serves its own listing pages.
    webUrl: config.EBAY_API_URL ? apiUrl : hosts.webUrl,
  };
}
