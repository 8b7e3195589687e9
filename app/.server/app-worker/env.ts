// The app Worker's configuration (wrangler vars + secrets), one zod schema validating exactly the
// settings this Worker reads. Parsed once per request; adapters are chosen from the result.
// Missing settings for a production adapter are a configuration error, never a silent fallback.
// The generator Worker has its own schema (app/.server/generator/env.ts).
import { z } from "zod";
import { checkMailSettings, mailSettings } from "../mail/settings";
import { SECOND_PASS_DELAY_MS } from "./edge-cache/policy";
import { aiProvider, appEnv, configReader, optionalText, refuseSetting, requireSetting } from "../config";
import { checkKleinanzeigenSettings, KLEINANZEIGEN_SECRETS, kleinanzeigenSettings } from "../kleinanzeigen/settings";
import { checkEbaySettings, EBAY_SECRETS, EBAY_TEST_ONLY_SETTINGS, ebayConfigOf, ebaySettings } from "../ebay/config";
import { checkEbayDeletionSettings, EBAY_DELETION_SECRETS, ebayDeletionSettings } from "./ebay/deletion-settings";
import { checkLocalPeerSettings, LOCAL_PEER_SETTINGS, localPeerSettings } from "./endpoint/local-peer";

export { ConfigError } from "../config";

/** The documented docs password of local installations (README); refused in production. */
export const LOCAL_DOCS_PASSWORD = "lokal-doku";

const emailList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );

/** Settings of the app Worker that are secrets (`wrangler secret put`), never vars. */
export const APP_SECRETS = [
  "SESSION_SECRET",
  "MAIL_API_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "DOCS_PASSWORD",
  "CLOUDFLARE_CACHE_PURGE_TOKEN",
  ...KLEINANZEIGEN_SECRETS,
  ...EBAY_SECRETS,
  ...EBAY_DELETION_SECRETS,
] as const;

/** Settings only tests and local instances use; production refuses them, so no production file declares them. */
export const APP_TEST_ONLY_SETTINGS = [
  "STRIPE_API_BASE_URL",
  "EDGE_CACHE_SECOND_PASS_MS",
  ...EBAY_TEST_ONLY_SETTINGS,
  ...LOCAL_PEER_SETTINGS,
] as const;

export const configSchema = z
  .object({
    APP_ENV: appEnv,
    PUBLIC_BASE_URL: z.url().transform((url) => url.replace(/\/+$/, "")),
    /** The app only shows which AI writes the ads ("Offline-Modus"); the generator calls it. */
    AI_PROVIDER: aiProvider,
    ...mailSettings,
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Test-only: points the Stripe SDK at a local fake. Refused in production. */
    STRIPE_API_BASE_URL: optionalText,
    STRIPE_PRICE_WEEKLY: optionalText,
    STRIPE_PRICE_PACK: optionalText,
    STRIPE_PRICE_POWER: optionalText,
    STRIPE_PAYMENT_LINK_PACK: optionalText,
    STRIPE_PAYMENT_LINK_POWER: optionalText,
    DOCS_PASSWORD: optionalText,
    SESSION_SECRET: optionalText,
    ADMIN_EMAILS: emailList,
    OPERATOR_NAME: optionalText,
    OPERATOR_ADDRESS: optionalText,
    OPERATOR_EMAIL: optionalText,
    OPERATOR_PHONE: optionalText,
    OPERATOR_VAT_ID: optionalText,
    /** How edits and deletes purge the edge cache (ADR 020): `local` = this data center only, `zone` = everywhere. */
    EDGE_CACHE_PURGE: z.enum(["local", "zone"]).default("local"),
    CLOUDFLARE_ZONE_ID: optionalText,
    /**
     * Test-only: how long after an edit the purge runs its second pass (edge-cache/purge.ts). The
     * workers tests set 0 so that no test waits the real delay; production always waits the default.
     */
    EDGE_CACHE_SECOND_PASS_MS: z.coerce.number().int().min(0).max(SECOND_PASS_DELAY_MS).default(SECOND_PASS_DELAY_MS),
    /** API token with the zone's "Cache Purge" permission, for EDGE_CACHE_PURGE=zone. */
    CLOUDFLARE_CACHE_PURGE_TOKEN: optionalText,
    /** The dealer's Kleinanzeigen API access (ADR 038); unset = publishing to Kleinanzeigen is off. */
    ...kleinanzeigenSettings,
    /** Publishing to eBay through its Sell APIs (ADR 036); optional. */
    ...ebaySettings,
    /** eBay's Marketplace Account Deletion endpoint (ADR 049): the app Worker answers it. */
    ...ebayDeletionSettings,
    /** What `npm start` tells the Worker about its socket (ADR 056); local instances only. */
    ...localPeerSettings,
  })
  .superRefine((config, ctx) => {
    checkKleinanzeigenSettings(config, ctx);
    checkEbaySettings(config, ctx);
    checkEbayDeletionSettings(config, ctx);
    checkMailSettings(config, ctx);
    checkLocalPeerSettings(config, ctx);
    if (config.STRIPE_SECRET_KEY) {
      const because = "when STRIPE_SECRET_KEY is set";
      requireSetting(ctx, "STRIPE_WEBHOOK_SECRET", config.STRIPE_WEBHOOK_SECRET, because);
      requireSetting(ctx, "STRIPE_PUBLISHABLE_KEY", config.STRIPE_PUBLISHABLE_KEY, because);
      requireSetting(ctx, "STRIPE_PRICE_WEEKLY", config.STRIPE_PRICE_WEEKLY, because);
      // Invoices are matched to a plan by their price, never by elimination.
      if (config.STRIPE_PAYMENT_LINK_PACK)
        requireSetting(ctx, "STRIPE_PRICE_PACK", config.STRIPE_PRICE_PACK, "when STRIPE_PAYMENT_LINK_PACK is set");
      if (config.STRIPE_PAYMENT_LINK_POWER)
        requireSetting(ctx, "STRIPE_PRICE_POWER", config.STRIPE_PRICE_POWER, "when STRIPE_PAYMENT_LINK_POWER is set");
    }
    if (config.EDGE_CACHE_PURGE === "zone") {
      requireSetting(ctx, "CLOUDFLARE_ZONE_ID", config.CLOUDFLARE_ZONE_ID, "when EDGE_CACHE_PURGE=zone");
      requireSetting(ctx, "CLOUDFLARE_CACHE_PURGE_TOKEN", config.CLOUDFLARE_CACHE_PURGE_TOKEN, "when EDGE_CACHE_PURGE=zone");
    }
    if (config.APP_ENV !== "production") return;
    requireSetting(ctx, "SESSION_SECRET", config.SESSION_SECRET, "in production");
    // The Impressum is mandatory for a German commercial website (§ 5 DDG).
    for (const key of ["OPERATOR_NAME", "OPERATOR_ADDRESS", "OPERATOR_EMAIL"] as const) {
      requireSetting(ctx, key, config[key], "in production (Impressum)");
    }
    if (!config.PUBLIC_BASE_URL.startsWith("https://")) {
      refuseSetting(ctx, "PUBLIC_BASE_URL", "PUBLIC_BASE_URL must be an https:// address in production");
    }
    if (config.MAIL_MODE !== "http") {
      refuseSetting(
        ctx,
        "MAIL_MODE",
        `MAIL_MODE=${config.MAIL_MODE} signs anyone in as anyone and is refused in production; use MAIL_MODE=http`,
      );
    }
    if (config.AI_PROVIDER === "offline") {
      refuseSetting(ctx, "AI_PROVIDER", "AI_PROVIDER=offline is the local writer and is refused in production; use workers-ai or openai");
    }
    if (config.EDGE_CACHE_PURGE !== "zone") {
      refuseSetting(
        ctx,
        "EDGE_CACHE_PURGE",
        "EDGE_CACHE_PURGE=local leaves edited and deleted ads cached in other data centers and is refused in production; use zone",
      );
    }
    if (config.EDGE_CACHE_SECOND_PASS_MS !== SECOND_PASS_DELAY_MS) {
      refuseSetting(
        ctx,
        "EDGE_CACHE_SECOND_PASS_MS",
        "EDGE_CACHE_SECOND_PASS_MS shortens the edge cache's second purge pass for tests and is refused in production",
      );
    }
    if (config.STRIPE_API_BASE_URL) {
      refuseSetting(ctx, "STRIPE_API_BASE_URL", "STRIPE_API_BASE_URL points Stripe at a test fake and is refused in production");
    }
    if (config.DOCS_PASSWORD && (config.DOCS_PASSWORD === LOCAL_DOCS_PASSWORD || config.DOCS_PASSWORD.length < 16)) {
      refuseSetting(ctx, "DOCS_PASSWORD", "DOCS_PASSWORD must be a secret of at least 16 characters in production (not the local one)");
    }
  });

export type Config = z.infer<typeof configSchema>;

/** Parses the app Worker's environment (vars and secrets). Cached per env object. */
export const getConfig = configReader(configSchema, "app");

/** The only configuration the browser ever sees. No secret, no secret-derived value. */
export function getPublicConfig(config: Config) {
  return {
    baseUrl: config.PUBLIC_BASE_URL,
    aiProvider: config.AI_PROVIDER,
    offlineMode: config.AI_PROVIDER === "offline",
    demoMode: config.MAIL_MODE === "demo",
    billingEnabled: Boolean(config.STRIPE_SECRET_KEY),
    /** Hosted checkout for the Pro Seller pack (a public URL), or null when billing is not set up. */
    proPaymentLink: config.STRIPE_PAYMENT_LINK_PACK ?? null,
    powerPaymentLink: config.STRIPE_PAYMENT_LINK_POWER ?? null,
    stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    /** Whether sellers can connect eBay here (ADR 036). */
    ebayEnabled: ebayConfigOf(config) !== null,
  };
}

export type PublicConfig = ReturnType<typeof getPublicConfig>;
