import { describe, expect, it } from "vitest";
import { ConfigError } from "~/.server/config";
import { getConfig, getPublicConfig } from "~/.server/app-worker/env";
import { getGeneratorConfig } from "~/.server/generator/env";

const local = { APP_ENV: "local", PUBLIC_BASE_URL: "http://localhost:8787/" };
const production = {
  APP_ENV: "production",
  PUBLIC_BASE_URL: "https://anzeigenpilot.de",
  AI_PROVIDER: "workers-ai",
  MAIL_MODE: "http",
  MAIL_API_KEY: "re_live_key",
  SESSION_SECRET: "s".repeat(32),
  OPERATOR_NAME: "Muster GmbH",
  OPERATOR_ADDRESS: "Musterstraße 1, 10115 Berlin",
  OPERATOR_EMAIL: "kontakt@anzeigenpilot.de",
  EDGE_CACHE_PURGE: "zone",
  CLOUDFLARE_ZONE_ID: "0123456789abcdef0123456789abcdef",
  CLOUDFLARE_CACHE_PURGE_TOKEN: "purge-token",
};

describe("app configuration", () => {
  it("runs with nothing configured: offline AI, demo mail, no billing", () => {
    const config = getConfig({ ...local });
    expect(config).toMatchObject({
      AI_PROVIDER: "offline",
      MAIL_MODE: "demo",
      PUBLIC_BASE_URL: "http://localhost:8787",
      ADMIN_EMAILS: [],
    });
    expect(getPublicConfig(config)).toEqual({
      baseUrl: "http://localhost:8787",
      aiProvider: "offline",
      offlineMode: true,
      demoMode: true,
      billingEnabled: false,
      proPaymentLink: null,
      powerPaymentLink: null,
      stripePublishableKey: null,
      ebayEnabled: false,
    });
  });

  it("offers eBay only with its client, RuName and both secrets, and keeps the fake out of production", () => {
    const ebay = {
      EBAY_CLIENT_ID: "App-PRD-1",
      EBAY_RU_NAME: "App-RuName",
      EBAY_CLIENT_SECRET: "PRD-secret",
      TOKEN_ENCRYPTION_KEY: "dGVzdC1vbmx5LWFlcy1rZXktMzItYnl0ZXMtbG9uZyE=",
    };
    expect(getPublicConfig(getConfig({ ...local, ...ebay })).ebayEnabled).toBe(true);
    expect(() => getConfig({ ...local, ...ebay, TOKEN_ENCRYPTION_KEY: "" })).toThrow(
      /TOKEN_ENCRYPTION_KEY is required when EBAY_CLIENT_ID is set/,
    );
    expect(() => getConfig({ ...local, ...ebay, EBAY_RU_NAME: "" })).toThrow(/EBAY_RU_NAME is required/);
    expect(() => getConfig({ ...local, ...ebay, TOKEN_ENCRYPTION_KEY: "kurz" })).toThrow(/TOKEN_ENCRYPTION_KEY/);
    expect(() => getConfig({ ...local, APP_ENV: "production", EBAY_API_URL: "http://127.0.0.1:9" })).toThrow(
      /EBAY_API_URL points eBay at the local fake/,
    );
  });

  it("needs eBay's account-deletion endpoint with eBay in production, exactly this app's path and a token by eBay's rule", () => {
    const ebay = {
      EBAY_CLIENT_ID: "App-PRD-1",
      EBAY_RU_NAME: "App-RuName",
      EBAY_CLIENT_SECRET: "PRD-secret",
      TOKEN_ENCRYPTION_KEY: "dGVzdC1vbmx5LWFlcy1rZXktMzItYnl0ZXMtbG9uZyE=",
    };
    const deletion = {
      EBAY_DELETION_ENDPOINT: "https://anzeigenpilot.de/api/ebay/account-deletion",
      EBAY_DELETION_VERIFICATION_TOKEN: "a".repeat(32),
    };
    expect(() => getConfig({ ...production, ...ebay })).toThrow(/EBAY_DELETION_ENDPOINT is required with EBAY_CLIENT_ID in production/);
    expect(getConfig({ ...production, ...ebay, ...deletion }).EBAY_DELETION_ENDPOINT).toBe(deletion.EBAY_DELETION_ENDPOINT);
    expect(() => getConfig({ ...production, ...ebay, ...deletion, EBAY_DELETION_VERIFICATION_TOKEN: "zu-kurz" })).toThrow(
      /32–80 characters/,
    );
    expect(() => getConfig({ ...production, ...ebay, ...deletion, EBAY_DELETION_VERIFICATION_TOKEN: `${"a".repeat(31)}!` })).toThrow(
      /EBAY_DELETION_VERIFICATION_TOKEN/,
    );
    expect(() =>
      getConfig({ ...production, ...ebay, ...deletion, EBAY_DELETION_ENDPOINT: "https://anzeigenpilot.de/ebay/loeschung" }),
    ).toThrow(/must be this app's \/api\/ebay\/account-deletion/);
    expect(() =>
      getConfig({ ...production, ...ebay, ...deletion, EBAY_DELETION_ENDPOINT: "http://anzeigenpilot.de/api/ebay/account-deletion" }),
    ).toThrow(/must be https/);
    // Locally optional; an endpoint without its token is refused anywhere.
    expect(getConfig({ ...local, ...ebay }).EBAY_DELETION_ENDPOINT).toBeUndefined();
    expect(() => getConfig({ ...local, EBAY_DELETION_ENDPOINT: deletion.EBAY_DELETION_ENDPOINT })).toThrow(
      /EBAY_DELETION_VERIFICATION_TOKEN is required when EBAY_DELETION_ENDPOINT is set/,
    );
  });

  it("refuses a production adapter without its secret instead of falling back", () => {
    expect(() => getConfig({ ...local, MAIL_MODE: "http" })).toThrow(/MAIL_API_KEY/);
    expect(() => getConfig({ ...local, STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    const stripe = {
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_PRICE_WEEKLY: "price_w",
    };
    expect(() => getConfig({ ...local, ...stripe, STRIPE_PAYMENT_LINK_POWER: "https://buy.stripe.com/p" })).toThrow(/STRIPE_PRICE_POWER/);
    expect(() => getConfig({ ...local, ...stripe, STRIPE_PAYMENT_LINK_PACK: "https://buy.stripe.com/k" })).toThrow(/STRIPE_PRICE_PACK/);
  });

  it("accepts a complete production configuration without any generator setting", () => {
    expect(getConfig({ ...production })).toMatchObject({ APP_ENV: "production", MAIL_MODE: "http" });
  });

  it("refuses demo and outbox mail, the offline AI and test overrides in production, saying why", () => {
    expect(() => getConfig({ ...production, MAIL_MODE: "demo" })).toThrow(/MAIL_MODE=demo signs anyone in as anyone/);
    expect(() => getConfig({ ...production, MAIL_MODE: "outbox" })).toThrow(/MAIL_MODE=outbox .* refused in production/);
    expect(() => getConfig({ ...production, AI_PROVIDER: "offline" })).toThrow(/AI_PROVIDER=offline .* refused in production/);
    expect(() => getConfig({ ...production, STRIPE_API_BASE_URL: "http://127.0.0.1:1" })).toThrow(/STRIPE_API_BASE_URL/);
    // What `npm start` tells a local instance about its socket (ADR 056) has no meaning behind Cloudflare's edge.
    expect(() => getConfig({ ...production, LOCAL_BIND_HOST: "localhost" })).toThrow(/LOCAL_BIND_HOST .* refused in production/);
    expect(() => getConfig({ ...production, LOCAL_PEER_PROOF: "beweis" })).toThrow(/LOCAL_PEER_PROOF .* refused in production/);
    // Kleinanzeigen's gateway (ADR 038): never a local fake or plain http in production; a client id needs its secret.
    expect(() =>
      getConfig({
        ...production,
        KLEINANZEIGEN_API_URL: "http://127.0.0.1:8798",
        KLEINANZEIGEN_CLIENT_ID: "dealer",
        KLEINANZEIGEN_CLIENT_SECRET: "x",
      }),
    ).toThrow(/KLEINANZEIGEN_API_URL must be an https/);
    expect(() => getConfig({ ...production, KLEINANZEIGEN_CLIENT_ID: "dealer" })).toThrow(
      /KLEINANZEIGEN_CLIENT_SECRET is required when KLEINANZEIGEN_CLIENT_ID is set/,
    );
    expect(
      getConfig({ ...production, KLEINANZEIGEN_CLIENT_ID: "dealer", KLEINANZEIGEN_CLIENT_SECRET: "secret" }).KLEINANZEIGEN_API_URL,
    ).toBe("https://developer.kleinanzeigen.de");
    expect(() => getConfig({ ...production, SESSION_SECRET: "" })).toThrow(/SESSION_SECRET is required in production/);
    expect(() => getConfig({ ...production, OPERATOR_ADDRESS: "" })).toThrow(/OPERATOR_ADDRESS is required in production/);
    expect(() => getConfig({ ...production, PUBLIC_BASE_URL: "http://anzeigenpilot.de" })).toThrow(/https/);
  });

  it("opens the docs locally with the documented password but refuses it in production", () => {
    expect(getConfig({ ...local, DOCS_PASSWORD: "lokal-doku" }).DOCS_PASSWORD).toBe("lokal-doku");
    expect(() => getConfig({ ...production, DOCS_PASSWORD: "lokal-doku" })).toThrow(/DOCS_PASSWORD/);
    expect(getConfig({ ...production, DOCS_PASSWORD: "ein-langes-echtes-geheimnis" }).DOCS_PASSWORD).toBe("ein-langes-echtes-geheimnis");
  });

  it("normalises the admin list and never sends a secret to the browser", () => {
    const config = getConfig({
      ...local,
      ADMIN_EMAILS: " Chefin@Example.de, ops@example.de ,",
      STRIPE_SECRET_KEY: "sk_live_secret",
      STRIPE_WEBHOOK_SECRET: "whsec_secret",
      STRIPE_PUBLISHABLE_KEY: "pk_live_public",
      STRIPE_PRICE_WEEKLY: "price_weekly",
      DOCS_PASSWORD: "geheim",
    });
    expect(config.ADMIN_EMAILS).toEqual(["chefin@example.de", "ops@example.de"]);
    const exposed = JSON.stringify(getPublicConfig(config));
    for (const secret of ["sk_live_secret", "whsec_secret", "geheim"]) expect(exposed).not.toContain(secret);
    expect(getPublicConfig(config).billingEnabled).toBe(true);
  });

  it("explains invalid values in the error", () => {
    expect(() => getConfig({ ...local, AI_PROVIDER: "gpt" })).toThrow(ConfigError);
    expect(() => getConfig({ ...local, AI_PROVIDER: "gpt" })).toThrow(/Invalid app configuration: AI_PROVIDER/);
  });
});

describe("generator configuration", () => {
  it("needs none of the app's session or Stripe secrets, also in production; only the mail settings of its reminders", () => {
    const mail = { MAIL_MODE: "http", MAIL_API_KEY: "re_live_key", PUBLIC_BASE_URL: "https://anzeigenpilot.de" };
    const config = getGeneratorConfig({ APP_ENV: "production", AI_PROVIDER: "workers-ai", ...mail });
    expect(config).toMatchObject({ AI_PROVIDER: "workers-ai", AI_MODEL: "@cf/mistralai/mistral-small-3.1-24b-instruct" });
    // The cron's reminder mails (ADR 038) must reach sellers in production.
    expect(() => getGeneratorConfig({ APP_ENV: "production", AI_PROVIDER: "workers-ai" })).toThrow(/MAIL_MODE=demo sends no reminder mail/);
    expect(() => getGeneratorConfig({ APP_ENV: "production", AI_PROVIDER: "workers-ai", ...mail, MAIL_API_KEY: "" })).toThrow(
      /MAIL_API_KEY is required/,
    );
    expect(() =>
      getGeneratorConfig({ APP_ENV: "production", AI_PROVIDER: "workers-ai", ...mail, KLEINANZEIGEN_CLIENT_ID: "dealer" }),
    ).toThrow(/KLEINANZEIGEN_CLIENT_SECRET is required/);
  });

  it("refuses the offline writer in production and an OpenAI endpoint without its key", () => {
    expect(() => getGeneratorConfig({ APP_ENV: "production", AI_PROVIDER: "offline" })).toThrow(/AI_PROVIDER: AI_PROVIDER=offline/);
    expect(() => getGeneratorConfig({ APP_ENV: "local", AI_PROVIDER: "openai" })).toThrow(/OPENAI_API_KEY is required/);
    expect(getGeneratorConfig({ APP_ENV: "local" }).AI_PROVIDER).toBe("offline");
  });
});
