// One zod schema for all configuration (wrangler vars + secrets). Parsed once per request or
// queue batch; adapters are chosen from the result. Missing settings for a production adapter
// are a configuration error, never a silent fallback.
import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const emailList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );

export const configSchema = z
  .object({
    APP_ENV: z.enum(["local", "test", "production"]).default("local"),
    PUBLIC_BASE_URL: z.url().transform((url) => url.replace(/\/+$/, "")),
    AI_PROVIDER: z.enum(["offline", "workers-ai", "openai"]).default("offline"),
    AI_VISION_MODEL: z.string().default("@cf/meta/llama-3.2-11b-vision-instruct"),
    AI_TEXT_MODEL: z.string().default("@cf/meta/llama-3.3-70b-instruct-fp8-fast"),
    /** Longest a generation may take before the attempt counts as failed (and is retried). */
    AI_TIMEOUT_MS: z.coerce.number().int().min(10).max(600_000).default(90_000),
    OPENAI_BASE_URL: z.url().default("https://api.openai.com/v1"),
    OPENAI_API_KEY: optionalText,
    OPENAI_MODEL: z.string().default("gpt-4o-mini"),
    MAIL_MODE: z.enum(["demo", "outbox", "http"]).default("demo"),
    MAIL_API_URL: z.url().default("https://api.resend.com/emails"),
    MAIL_API_KEY: optionalText,
    MAIL_FROM: z.string().default("AnzeigenPilot <hallo@anzeigenpilot.de>"),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE_URL: optionalText,
    STRIPE_PRICE_WEEKLY: optionalText,
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
  })
  .superRefine((config, ctx) => {
    const require = (key: keyof typeof config, because: string) => {
      if (!config[key]) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required ${because}` });
    };
    if (config.AI_PROVIDER === "openai") require("OPENAI_API_KEY", "when AI_PROVIDER=openai");
    if (config.MAIL_MODE === "http") require("MAIL_API_KEY", "when MAIL_MODE=http");
    if (config.STRIPE_SECRET_KEY) {
      require("STRIPE_WEBHOOK_SECRET", "when STRIPE_SECRET_KEY is set");
      require("STRIPE_PUBLISHABLE_KEY", "when STRIPE_SECRET_KEY is set");
      require("STRIPE_PRICE_WEEKLY", "when STRIPE_SECRET_KEY is set");
    }
    if (config.APP_ENV === "production") {
      require("SESSION_SECRET", "in production");
      if (config.MAIL_MODE !== "http") {
        ctx.addIssue({ code: "custom", path: ["MAIL_MODE"], message: "MAIL_MODE must be http in production" });
      }
      if (config.AI_PROVIDER === "offline") {
        ctx.addIssue({ code: "custom", path: ["AI_PROVIDER"], message: "AI_PROVIDER must not be offline in production" });
      }
    }
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

const cache = new WeakMap<object, Config>();

/** Parses the Worker's environment (vars and secrets). Cached per env object. */
export function getConfig(env: object): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const raw = Object.fromEntries(Object.entries(env).filter(([, value]) => typeof value === "string"));
  const result = configSchema.safeParse(raw);
  if (!result.success) {
    const details = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new ConfigError(`Invalid configuration: ${details}`);
  }
  cache.set(env, result.data);
  return result.data;
}

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
  };
}

export type PublicConfig = ReturnType<typeof getPublicConfig>;
