import { describe, expect, it } from "vitest";
import { ConfigError, getConfig, getPublicConfig } from "~/.server/env";

const local = { APP_ENV: "local", PUBLIC_BASE_URL: "http://localhost:8787/" };

describe("configuration", () => {
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
    });
  });

  it("refuses a production adapter without its secret instead of falling back", () => {
    expect(() => getConfig({ ...local, AI_PROVIDER: "openai" })).toThrow(ConfigError);
    expect(() => getConfig({ ...local, MAIL_MODE: "http" })).toThrow(/MAIL_API_KEY/);
    expect(() => getConfig({ ...local, STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it("refuses local defaults in production", () => {
    expect(() =>
      getConfig({ APP_ENV: "production", PUBLIC_BASE_URL: "https://anzeigenpilot.de", SESSION_SECRET: "s".repeat(32) }),
    ).toThrow(/MAIL_MODE must be http in production/);
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
    expect(() => getConfig({ ...local, AI_PROVIDER: "gpt" })).toThrow(/AI_PROVIDER/);
  });
});
