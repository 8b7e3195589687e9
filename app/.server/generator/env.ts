// The generator Worker's configuration: exactly the settings it reads (the AI adapter and its
// deadline; for the cron's listing housekeeping, ADR 037 and 038, the mail adapter, the public
// address for links in mails, eBay and the dealer's Kleinanzeigen access). It never needs the app's
// session or Stripe secrets, so a missing one can never stop ad generation or the scheduled sweep.
import { z } from "zod";
import { aiProvider, appEnv, configReader, optionalText, refuseSetting, requireSetting } from "../config";
import { checkKleinanzeigenSettings, KLEINANZEIGEN_SECRETS, kleinanzeigenSettings } from "../kleinanzeigen/settings";
import { checkEbaySettings, EBAY_SECRETS, EBAY_TEST_ONLY_SETTINGS, ebaySettings } from "../ebay/config";
import { checkMailSettings, MAIL_SECRETS, mailSettings } from "../mail/settings";
import { WORKERS_AI_MODELS } from "./ai/workers-ai-contract";

/** Default Workers AI model: multimodal and licensable by an EU-based operator (ADR 007). */
export const DEFAULT_AI_MODEL = "@cf/mistralai/mistral-small-3.1-24b-instruct";

/** Settings of the generator Worker that are secrets (`wrangler secret put -c wrangler.generator.toml`). */
export const GENERATOR_SECRETS = ["OPENAI_API_KEY", ...MAIL_SECRETS, ...KLEINANZEIGEN_SECRETS, ...EBAY_SECRETS] as const;

/** Settings that only the local double reads (refused or meaningless in production, so not declared there). */
export const GENERATOR_LOCAL_ONLY_SETTINGS = ["AI_DOUBLE_LATENCY_MS", ...EBAY_TEST_ONLY_SETTINGS] as const;

export const generatorConfigSchema = z
  .object({
    APP_ENV: appEnv,
    AI_PROVIDER: aiProvider,
    /** The Workers AI model that writes each ad in one multimodal call (photos + text). */
    AI_MODEL: z.string().default(DEFAULT_AI_MODEL),
    /** Longest a generation may take before the attempt counts as failed (and is retried). */
    AI_TIMEOUT_MS: z.coerce.number().int().min(10).max(600_000).default(90_000),
    /**
     * What answers AI_PROVIDER=workers-ai: the `AI` binding (production), or the strict local
     * double of it (ADR 023) for `npm start`, the tests and the benchmarks.
     */
    AI_BINDING: z.enum(["binding", "local-double"]).default("binding"),
    /** How long each call to the local double takes: one ad as Workers AI serves the model (ADR 062). */
    AI_DOUBLE_LATENCY_MS: z.coerce.number().int().min(0).max(600_000).default(6000),
    OPENAI_BASE_URL: z.url().default("https://api.openai.com/v1"),
    OPENAI_API_KEY: optionalText,
    OPENAI_MODEL: z.string().default("gpt-4o-mini"),
    /**
     * Where the runners (one Durable Object per ad) run and store data: "eu" in production
     * (generator/generation/consumer.ts, ADR 055); unset locally, where workerd has no jurisdictions.
     */
    RUNNER_JURISDICTION: optionalText.pipe(z.enum(["eu"]).optional()),
    /** Reminder mails of the cron (Kleinanzeigen's 60-day life, price cuts): the app's mail settings, and its address for links. */
    PUBLIC_BASE_URL: z
      .url()
      .default("http://localhost:8787")
      .transform((url) => url.replace(/\/+$/, "")),
    ...mailSettings,
    ...kleinanzeigenSettings,
    /** The approved price cuts of the cron reach eBay (ADR 037) and remind by mail elsewhere. */
    ...ebaySettings,
  })
  .superRefine((config, ctx) => {
    checkKleinanzeigenSettings(config, ctx);
    checkEbaySettings(config, ctx);
    checkMailSettings(config, ctx);
    if (config.APP_ENV === "production" && config.MAIL_MODE !== "http") {
      refuseSetting(
        ctx,
        "MAIL_MODE",
        `MAIL_MODE=${config.MAIL_MODE} sends no reminder mail and is refused in production; use MAIL_MODE=http`,
      );
    }
    if (config.APP_ENV === "production" && !config.PUBLIC_BASE_URL.startsWith("https://")) {
      refuseSetting(ctx, "PUBLIC_BASE_URL", "PUBLIC_BASE_URL must be the app's https:// address in production (links in reminder mails)");
    }
    if (config.AI_PROVIDER === "workers-ai" && !Object.hasOwn(WORKERS_AI_MODELS, config.AI_MODEL)) {
      refuseSetting(
        ctx,
        "AI_MODEL",
        `AI_MODEL=${config.AI_MODEL} has no written-down contract (app/.server/generator/ai/workers-ai-contract.ts, ADR 051); use one of ${Object.keys(WORKERS_AI_MODELS).join(", ")}`,
      );
    }
    if (config.AI_PROVIDER === "openai") requireSetting(ctx, "OPENAI_API_KEY", config.OPENAI_API_KEY, "when AI_PROVIDER=openai");
    if (config.APP_ENV === "production" && config.AI_PROVIDER === "offline") {
      refuseSetting(ctx, "AI_PROVIDER", "AI_PROVIDER=offline is the local writer and is refused in production; use workers-ai or openai");
    }
    if (config.APP_ENV === "production" && config.AI_BINDING === "local-double") {
      refuseSetting(ctx, "AI_BINDING", "AI_BINDING=local-double is the local stand-in for Workers AI and is refused in production");
    }
  });

export type GeneratorConfig = z.infer<typeof generatorConfigSchema>;

/** Parses the generator Worker's environment. Cached per env object. */
export const getGeneratorConfig = configReader(generatorConfigSchema, "generator");
