// The production configuration as wrangler itself reads it (unstable_readConfig with
// env "production"): what `npm run deploy` would ship for each Worker.
import { readFileSync } from "node:fs";
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { APP_SECRETS, APP_TEST_ONLY_SETTINGS, configSchema } from "~/.server/app-worker/env";
import { GENERATOR_LOCAL_ONLY_SETTINGS, GENERATOR_SECRETS, generatorConfigSchema } from "~/.server/generator/env";
import { MAX_ATTEMPTS, QUEUE_MAX_RETRIES } from "~/.server/generator/generation/policy";

const app = unstable_readConfig({ config: "wrangler.toml", env: "production" }, { hideWarnings: true });
const generator = unstable_readConfig({ config: "wrangler.generator.toml", env: "production" }, { hideWarnings: true });
const readme = readFileSync("README.md", "utf8");

const varsOf = (config: typeof app) => config.vars as Record<string, string>;

/** Production vars with the operator's empty placeholders filled, plus every secret set. */
function filledIn(vars: Record<string, string>, secrets: readonly string[]) {
  const values = Object.fromEntries(Object.entries(vars).map(([key, value]) => [key, value === "" ? placeholderFor(key) : String(value)]));
  for (const secret of secrets) values[secret] = `${secret.toLowerCase()}-a-long-production-secret`;
  return values;
}

function placeholderFor(key: string) {
  if (key.includes("PAYMENT_LINK")) return "https://buy.stripe.com/test_link";
  if (key === "OPERATOR_EMAIL" || key === "ADMIN_EMAILS") return "kontakt@anzeigenpilot.de";
  if (key === "EBAY_DELETION_ENDPOINT") return "https://anzeigenpilot.de/api/ebay/account-deletion";
  return `${key.toLowerCase()}-value`;
}

/** Settings whose absence makes the schema refuse an otherwise complete production config. */
function requiredSettings(schema: { safeParse(input: unknown): { success: boolean } }, complete: Record<string, string>) {
  return Object.keys(complete).filter((key) => {
    const { [key]: _removed, ...rest } = complete;
    return !schema.safeParse(rest).success;
  });
}

describe("production configuration (wrangler's own reader)", () => {
  it("gives the app Worker a deploy target on the public host", () => {
    expect(app.workers_dev).toBe(false);
    const host = new URL(varsOf(app).PUBLIC_BASE_URL).host;
    expect(app.routes).toContainEqual({ pattern: host, custom_domain: true });
  });

  it("binds both Workers to the same D1 database, R2 bucket and queue", () => {
    const [appDb] = app.d1_databases;
    const [generatorDb] = generator.d1_databases;
    expect(appDb).toMatchObject({ binding: "DB", database_id: generatorDb.database_id, database_name: generatorDb.database_name });
    expect(app.r2_buckets.map((bucket: { bucket_name?: string }) => bucket.bucket_name)).toEqual(
      generator.r2_buckets.map((bucket: { bucket_name?: string }) => bucket.bucket_name),
    );
    expect(app.queues.producers?.[0]?.queue).toBe("ad-generation");
    expect(generator.queues.consumers?.[0]?.queue).toBe("ad-generation");
  });

  it("ships both Workers with the compatibility date and flags the workers tests run with, request.signal included (ADR 066)", () => {
    const local = unstable_readConfig({ config: "wrangler.toml" }, { hideWarnings: true });
    for (const shipped of [app, generator]) {
      expect(shipped.compatibility_date).toBe(local.compatibility_date);
      expect(shipped.compatibility_flags).toEqual(local.compatibility_flags);
    }
    // A closed connection aborts the request's signal only with this flag: the dashboard's wait ends then.
    expect(app.compatibility_flags).toContain("enable_request_signal");
  });

  it("hands generations over only through the queue; the service binding is for the model's opinion", () => {
    expect(app.services).toContainEqual(expect.objectContaining({ binding: "GENERATOR", service: generator.name }));
    expect(app.durable_objects.bindings).toEqual([]);
  });

  it("runs every generation in a runner of its own (Durable Object alarm) with a declared class", () => {
    expect(generator.durable_objects.bindings).toEqual([{ name: "AD_GENERATION", class_name: "AdGenerationRunner" }]);
    expect(generator.migrations).toContainEqual(expect.objectContaining({ new_sqlite_classes: ["AdGenerationRunner"] }));
  });

  it("ties the queue's retries to the retry policy", () => {
    const [consumer] = generator.queues.consumers ?? [];
    expect(consumer.max_retries).toBe(QUEUE_MAX_RETRIES);
    expect(QUEUE_MAX_RETRIES + 1).toBe(MAX_ATTEMPTS);
    const local = unstable_readConfig({ config: "wrangler.generator.toml" }, { hideWarnings: true });
    expect(local.queues.consumers?.[0]?.max_retries).toBe(QUEUE_MAX_RETRIES);
  });

  it("gives the generator the AI binding, a dead-letter queue and its cron; the app no AI binding", () => {
    expect(generator.ai?.binding).toBe("AI");
    expect(app.ai).toBeUndefined();
    const [consumer] = generator.queues.consumers ?? [];
    expect(consumer.dead_letter_queue).toBe("ad-generation-dlq");
    expect(consumer.max_retries).toBeGreaterThan(0);
    expect(generator.triggers.crons?.length).toBeGreaterThan(0);
  });

  it("gives the generator the Images binding and the ad-images queue's consumer; both Workers produce to it; the app makes model copies at create (ADR 024, ADR 053)", () => {
    for (const config of [generator, unstable_readConfig({ config: "wrangler.generator.toml" }, { hideWarnings: true })]) {
      expect(config.images?.binding).toBe("IMAGES");
      expect(config.queues.consumers).toContainEqual(
        expect.objectContaining({ queue: "ad-images", max_batch_size: 5, max_retries: 3, dead_letter_queue: "ad-images-dlq" }),
      );
      expect(config.queues.producers).toContainEqual({ binding: "IMAGES_QUEUE", queue: "ad-images" });
    }
    for (const config of [app, unstable_readConfig({ config: "wrangler.toml" }, { hideWarnings: true })])
      expect(config.images?.binding).toBe("IMAGES");
    expect(app.queues.producers).toContainEqual({ binding: "IMAGES_QUEUE", queue: "ad-images" });
  });

  it.each([
    ["app", app, configSchema, APP_SECRETS, APP_TEST_ONLY_SETTINGS as readonly string[]],
    ["generator", generator, generatorConfigSchema, GENERATOR_SECRETS, GENERATOR_LOCAL_ONLY_SETTINGS as readonly string[]],
  ] as const)(
    "declares every setting the %s Worker reads in production, as a var or a listed secret",
    (_name, config, schema, secrets, testOnly) => {
      const vars = varsOf(config);
      const declared = new Set([...Object.keys(vars), ...secrets, ...testOnly]);
      // Every key the schema reads is declared (or a secret, or refused in production) …
      expect(Object.keys(schema.shape).filter((key) => !declared.has(key))).toEqual([]);
      // … no var is declared that the Worker does not read, and no secret sits in a var.
      expect(Object.keys(vars).filter((key) => !(key in schema.shape))).toEqual([]);
      expect(Object.keys(vars).filter((key) => (secrets as readonly string[]).includes(key))).toEqual([]);

      const complete = filledIn(vars, secrets);
      expect(schema.safeParse(complete).success).toBe(true);
      for (const key of requiredSettings(schema, complete)) {
        expect(key in vars || (secrets as readonly string[]).includes(key), `${key} is required in production`).toBe(true);
      }
    },
  );

  it("lets the generator run with only its own settings", () => {
    const { APP_ENV, AI_PROVIDER, MAIL_MODE, PUBLIC_BASE_URL } = varsOf(generator);
    // Mail (the cron's reminders, ADR 038) is its own setting too; no session or Stripe secret.
    expect(generatorConfigSchema.safeParse({ APP_ENV, AI_PROVIDER, MAIL_MODE, PUBLIC_BASE_URL, MAIL_API_KEY: "re_live" }).success).toBe(
      true,
    );
  });

  it("lists every secret per Worker in the README", () => {
    for (const secret of [...APP_SECRETS, ...GENERATOR_SECRETS]) expect(readme).toContain(`\`${secret}\``);
  });

  it("keeps photos in the EU jurisdiction, serves no workers.dev or Preview URLs, and gives the generator CPU headroom", () => {
    for (const config of [app, generator]) {
      expect(config.r2_buckets).toEqual([expect.objectContaining({ binding: "PHOTOS", jurisdiction: "eu" })]);
      expect(config.workers_dev).toBe(false);
      expect(config.preview_urls).toBe(false);
    }
    // Each ad's runner runs and stores data only inside the EU (ADR 055).
    expect(varsOf(generator).RUNNER_JURISDICTION).toBe("eu");
    expect(varsOf(unstable_readConfig({ config: "wrangler.generator.toml" }, { hideWarnings: true })).RUNNER_JURISDICTION).toBeUndefined();
    // Above the 30 s default a batch of image work comes close to, within the documented 300 s.
    expect(generator.limits?.cpu_ms).toBeGreaterThan(30_000);
    expect(generator.limits?.cpu_ms).toBeLessThanOrEqual(300_000);
  });
});
