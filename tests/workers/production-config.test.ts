// Production mode with exactly the settings each Worker gets in production: the generator with
// only its own (no session, mail or Stripe secret), the app refusing local-only adapters.
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { ads } from "~/.server/db/schema";
import { runGenerationAttempt } from "~/.server/generator/generation/attempt";
import { MAX_ATTEMPTS, STUCK_AFTER_MS } from "~/.server/generator/generation/policy";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import generator from "../../workers/generator";
import { expectConsoleError } from "../console-guard";
import { png } from "../fixtures/images";
import { db, insertAd, insertUser, PRODUCTION_GENERATOR_SETTINGS, userById } from "./helpers";
import { workerContext } from "./worker-context";

/** A Workers AI binding at the process boundary, answering like the model does (the whole ad as JSON). */
const fakeAi = {
  async run() {
    return {
      response: {
        title: "Bosch Akkuschrauber GSR 18V",
        description: "Gut erhaltener Akkuschrauber mit zwei Akkus.",
        notes: ["Abholung in Köln"],
        priceSuggestionEuro: 45,
        priceMinEuro: 35,
        priceMaxEuro: 55,
        bestImageIndex: 0,
        imageAnalysis: { brand: "Bosch", model: "GSR 18V", serialNumber: null, condition: "gut", defects: [] },
      },
    };
  },
};

/** The generator's production settings (wrangler.generator.toml [env.production]) and bindings only. */
function productionGeneratorEnv() {
  return {
    DB: env.DB,
    PHOTOS: env.PHOTOS,
    AD_QUEUE: env.AD_QUEUE,
    AD_GENERATION: env.AD_GENERATION,
    IMAGES: env.IMAGES,
    IMAGES_QUEUE: env.IMAGES_QUEUE,
    AI: fakeAi,
    ...PRODUCTION_GENERATOR_SETTINGS,
  } as unknown as GeneratorEnv;
}

async function adWithPhoto(overrides: Partial<typeof ads.$inferInsert> = {}) {
  const user = await insertUser({ adCredits: 0 });
  const key = `ads/${crypto.randomUUID()}/${"k".repeat(43)}.png`;
  await env.PHOTOS.put(key, await png(40, 30), { httpMetadata: { contentType: "image/png" } });
  return { user, ad: await insertAd(user.id, { imageUrls: [key], creditSource: "credits", ...overrides }) };
}

async function adById(id: string) {
  const [ad] = await db().select().from(ads).where(eq(ads.id, id));
  return ad;
}

describe("generator Worker in production mode with only its own settings", () => {
  it("generates an ad to completion in its runner's attempt", async () => {
    const { ad } = await adWithPhoto({ itemName: "Akkuschrauber" });
    expect(await runGenerationAttempt(productionGeneratorEnv(), ad.id)).toEqual({ kind: "done" });
    expect(await adById(ad.id)).toMatchObject({ status: "completed", provider: "workers-ai", priceSuggestion: 4500 });
  });

  it("acks a batch once each ad is handed to its runner", async () => {
    const { ad } = await adWithPhoto({ status: "completed" });
    const batch = createMessageBatch("ad-generation", [{ id: "m-prod", timestamp: new Date(), attempts: 1, body: { adId: ad.id } }]);
    const ctx = createExecutionContext();
    await generator.queue(batch, productionGeneratorEnv(), ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["m-prod"]);
    expect(result.retryMessages).toEqual([]);
  });

  it("refuses the local double of Workers AI in production", () => {
    expect(() => runGenerationAttempt({ ...productionGeneratorEnv(), AI_BINDING: "local-double" } as unknown as GeneratorEnv, "x")).toThrow(
      /AI_BINDING=local-double is the local stand-in for Workers AI and is refused in production/,
    );
  });

  it("runs its cron: fails an ad stuck without attempts left and refunds its credit", async () => {
    const { user, ad } = await adWithPhoto({ updatedAt: Date.now() - STUCK_AFTER_MS - 1000, attempts: MAX_ATTEMPTS });
    const ctx = createExecutionContext();
    await generator.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), productionGeneratorEnv(), ctx);
    await waitOnExecutionContext(ctx);
    expect((await adById(ad.id)).status).toBe("failed");
    expect((await userById(user.id)).adCredits).toBe(1);
  });

  it("refuses the offline writer in production with a clear error before touching a message", async () => {
    const { ad } = await adWithPhoto();
    const batch = createMessageBatch("ad-generation", [{ id: "m-offline", timestamp: new Date(), attempts: 1, body: { adId: ad.id } }]);
    const offline = { ...productionGeneratorEnv(), AI_PROVIDER: "offline" } as unknown as GeneratorEnv;
    await expect(generator.queue(batch, offline, createExecutionContext())).rejects.toThrow(
      /AI_PROVIDER=offline is the local writer and is refused in production/,
    );
    expect((await adById(ad.id)).status).toBe("processing");
  });
});

describe("app Worker in production mode", () => {
  const app = createWorkerApp(async () => new Response("page"));
  const production = {
    ...env,
    // The tests' own shortcuts (vitest.config.ts) are not production settings.
    EDGE_CACHE_SECOND_PASS_MS: undefined,
    LOCAL_BIND_HOST: undefined,
    APP_ENV: "production",
    PUBLIC_BASE_URL: "https://anzeigenpilot.de",
    AI_PROVIDER: "workers-ai",
    MAIL_MODE: "http",
    MAIL_API_KEY: "re_live_key",
    SESSION_SECRET: "s".repeat(40),
    DOCS_PASSWORD: "ein-langes-echtes-geheimnis",
    OPERATOR_NAME: "Muster GmbH",
    OPERATOR_ADDRESS: "Musterstraße 1, 10115 Berlin",
    OPERATOR_EMAIL: "kontakt@anzeigenpilot.de",
    EDGE_CACHE_PURGE: "zone",
    CLOUDFLARE_ZONE_ID: "0123456789abcdef0123456789abcdef",
    CLOUDFLARE_CACHE_PURGE_TOKEN: "cache-purge-token",
  } as Env;

  it("serves with its complete production settings", async () => {
    const response = await app.request("https://anzeigenpilot.de/api/health", {}, production, workerContext());
    expect(response.status).toBe(200);
  });

  it("checks neither Host nor the client's machine: Cloudflare routes by host, and the docs password is a secret (ADR 067)", async () => {
    expect((await app.request("https://www.anzeigenpilot.de/api/health", {}, production, workerContext())).status).toBe(200);
    const unlock = await app.request(
      "https://anzeigenpilot.de/api/docs/unlock",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.20" },
        body: JSON.stringify({ password: "ein-langes-echtes-geheimnis" }),
      },
      production,
      workerContext(),
    );
    expect(unlock.status).toBe(200);
  });

  it.each([
    ["MAIL_MODE", "demo", /MAIL_MODE=demo signs anyone in as anyone and is refused in production/],
    ["MAIL_MODE", "outbox", /MAIL_MODE=outbox signs anyone in as anyone and is refused in production/],
    ["AI_PROVIDER", "offline", /AI_PROVIDER=offline is the local writer and is refused in production/],
    ["EDGE_CACHE_SECOND_PASS_MS", "0", /EDGE_CACHE_SECOND_PASS_MS shortens the edge cache's second purge pass for tests and is refused/],
  ])("refuses %s=%s with a clear configuration error and signs nobody in", async (key, value, reason) => {
    expectConsoleError();
    const errors = vi.spyOn(console, "error");
    const misconfigured = { ...production, [key]: value } as Env;
    const response = await app.request(
      "https://anzeigenpilot.de/api/send-magic-link",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "jemand@example.de" }) },
      misconfigured,
      workerContext(),
    );
    expect(response.status).toBe(500);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual(expect.arrayContaining([expect.stringMatching(reason)]));
  });
});
