// Fault tests of the generator: AI errors and unusable answers, retries (the backoff delays are
// unit-tested), final failure with refund, duplicate delivery, the sweep of stuck ads, and the
// hand-off from the queue to each ad's runner (ADR 023). Workers AI is the strict local double of
// the binding (the process boundary), so the production adapter is what runs here.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLogs, ads } from "~/.server/db/schema";
import { attemptGeneration, FAILURE_MESSAGES, leaseDuration } from "~/.server/generator/generation/attempt";
import { MAX_ATTEMPTS, STUCK_AFTER_MS } from "~/.server/generator/generation/policy";
import type { AdGenerationRunner } from "~/.server/generator/generation/runner";
import { sweepStuckAds } from "~/.server/generator/generation/sweep";
import { handOffGeneration, runnerFor } from "~/.server/generator/generation/consumer";
import { createWorkersAiDouble } from "~/.server/generator/ai/workers-ai-double";
import { WorkersAiError } from "~/.server/generator/ai/workers-ai-contract";
import { enqueueAdGeneration } from "~/.server/queue/ad-generation";
import { TINY_JPEG } from "../fixtures/images";
import { adWithPhoto, db, eventually, userById } from "./helpers";
import { workerContext } from "./worker-context";

/** A Workers AI binding that throws `error` on every call (the service failing). */
function failingAi(error: Error) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    binding: {
      async run() {
        calls++;
        throw error;
      },
    },
  };
}

/** One generation attempt with the given bindings and settings over the test Worker's own. */
function attempt(adId: string, bindings: Record<string, unknown>) {
  const generationEnv = { ...env, ...bindings } as never;
  return attemptGeneration(generationEnv, db(), adId, leaseDuration(generationEnv));
}

async function adById(id: string) {
  const [ad] = await db().select().from(ads).where(eq(ads.id, id));
  return ad;
}

const workersAi = { AI_PROVIDER: "workers-ai" };

/** A realistic whole-ad answer of the model (one call, JSON mode: the object itself). */
const adAnswer = {
  title: "Bosch Akkuschrauber GSR 18V mit Koffer",
  description:
    "📦 **Bosch GSR 18V**\nGut erhaltener Akkuschrauber. Mehr Infos unter www.example.com oder max@example.com\n- Kratzer am Griff",
  notes: ["Abholung in Köln-Ehrenfeld", "Keine Gewährleistung, keine Garantie"],
  priceSuggestionEuro: 45,
  priceMinEuro: 35,
  priceMaxEuro: 55,
  bestImageIndex: 0,
  imageAnalysis: {
    brand: "Bosch",
    model: "GSR 18V",
    serialNumber: null,
    condition: "gut",
    defects: [{ text: "Kratzer am Griff", photoIndex: 0 }],
  },
};

describe("generator with the Workers AI adapter against the strict double", () => {
  it("completes an ad in one JSON-mode call without streaming, photos as data URIs, and enforces the platform rules", async () => {
    const { ad } = await adWithPhoto({
      itemName: "Akkuschrauber",
      description: "Kratzer am Griff, Abholung in Köln-Ehrenfeld",
      shipping: "excluded",
      pickup: "offered",
    });
    const ai = createWorkersAiDouble({ answer: () => adAnswer });
    expect(await attempt(ad.id, { ...workersAi, AI: ai })).toEqual({ kind: "done" });
    const done = await adById(ad.id);
    // The fact guard (ADR 043): the case nobody mentioned leaves the title; the condition only the
    // photo analysis states stays, listed for the seller to confirm.
    expect(done.optimizedTitle).toBe("Bosch Akkuschrauber GSR 18V");
    expect(done.imageAnalysis?.toConfirm).toEqual(["Gut erhaltener Akkuschrauber."]);
    expect(done).toMatchObject({ status: "completed", provider: "workers-ai", priceSuggestion: 4500, priceMin: 3500, priceMax: 5500 });
    expect(done.optimizedDescription).not.toMatch(/www\.example\.com|@/);
    expect(done.optimizedDescription).toContain("Abholung in Köln-Ehrenfeld");
    // A model-written warranty line never reaches the ad; the legal block comes from our rules.
    expect(done.optimizedDescription).not.toContain("Keine Gewährleistung, keine Garantie");
    expect(done.optimizedDescription).toContain("Privatverkauf unter Ausschluss jeglicher Sachmängelhaftung");
    expect(done.imageAnalysis).toMatchObject({ brand: "Bosch", defects: [{ text: "Kratzer am Griff", photoIndex: 0 }] });
    // One call for the whole ad: JSON mode, never streamed, the photo inline as a data URI — its
    // JPEG model copy (the photo is a PNG; ADR 024).
    expect(ai.calls).toHaveLength(1);
    const [{ model, inputs }] = ai.calls;
    expect(model).toBe("@cf/mistralai/mistral-small-3.1-24b-instruct");
    expect(inputs.guided_json).toMatchObject({ type: "object" });
    expect(inputs.stream).toBeUndefined();
    const urls = JSON.stringify(inputs.messages).match(/"url":"[^"]{0,40}/g);
    expect(urls).toEqual([expect.stringMatching(/^"url":"data:image\/jpeg;base64,/)]);
  });

  it("answers a schema the model cannot meet with one repair call without JSON mode, counted as an attempt", async () => {
    const { ad } = await adWithPhoto();
    const ai = createWorkersAiDouble({ answer: () => adAnswer, failJsonModeOn: [1] });
    expect(await attempt(ad.id, { ...workersAi, AI: ai })).toEqual({ kind: "done" });
    expect(ai.calls.map((call) => Boolean(call.inputs.guided_json))).toEqual([true, false]);
    expect(JSON.stringify(ai.calls[1].inputs.messages.at(-1))).toContain("JSON Mode couldn't be met");
    // Two model calls, two of the ad's budget (ADR 052).
    expect(await adById(ad.id)).toMatchObject({ status: "completed", priceSuggestion: 4500, attempts: 2 });
  });

  it("sends the model the browser's model copy (≤ 1024 px) instead of the stored photo", async () => {
    const { ad } = await adWithPhoto();
    await env.PHOTOS.put(ad.imageUrls[0].replace(/\.png$/, "-model.jpg"), TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
    const ai = createWorkersAiDouble({ answer: () => adAnswer });
    await attempt(ad.id, { ...workersAi, AI: ai });
    const images = JSON.stringify(ai.calls[0].inputs.messages).match(/data:image\/[a-z]+;base64,[A-Za-z0-9+/=]+/g);
    expect(images).toEqual([`data:image/jpeg;base64,${btoa(String.fromCharCode(...TINY_JPEG))}`]);
  });

  it("gives commercial sellers no warranty exclusion, their imprint and a withdrawal notice", async () => {
    const { user, ad } = await adWithPhoto();
    const { users } = await import("~/.server/db/schema");
    await db().update(users).set({ businessType: "commercial", companyName: "Second Hand Müller GmbH" }).where(eq(users.id, user.id));
    await attempt(ad.id, { ...workersAi, AI: createWorkersAiDouble({ answer: () => adAnswer }) });
    const done = await adById(ad.id);
    expect(done.optimizedDescription).toContain("Gewerblicher Verkauf durch: Second Hand Müller GmbH.");
    expect(done.optimizedDescription).toContain("Widerrufsrecht");
    expect(done.optimizedDescription).not.toMatch(/Ausschluss jeglicher Sachmängelhaftung/);
  });

  it("retries with backoff on AI errors and unmeetable schemas, then fails with a refund after the last attempt", async () => {
    const { user, ad } = await adWithPhoto();
    const broken = failingAi(new WorkersAiError(3040, "No more data centers to forward the request to"));
    expect(await attempt(ad.id, { ...workersAi, AI: broken.binding })).toEqual({ kind: "retry", delaySeconds: 10, attempts: 1 });
    expect(await adById(ad.id)).toMatchObject({ status: "processing", attempts: 1, leaseUntil: null });

    const unmeetable = createWorkersAiDouble({ answer: () => adAnswer, failJsonModeOn: [1, 3] });
    // Without JSON mode the repair answers prose: still unusable.
    unmeetable.run = ((run) => async (model, inputs, options) => {
      const answer = await run(model, inputs, options);
      return inputs.guided_json ? answer : { response: "Hier ist deine Anzeige: {title: kaputt" };
    })(unmeetable.run.bind(unmeetable));
    // The attempt and its repair call: two of the budget, so the backoff is the third's.
    expect(await attempt(ad.id, { ...workersAi, AI: unmeetable })).toEqual({ kind: "retry", delaySeconds: 40, attempts: 3 });
    expect(await adById(ad.id)).toMatchObject({ status: "processing", attempts: 3 });
    expect(unmeetable.calls).toHaveLength(2);

    await db()
      .update(ads)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(ads.id, ad.id));
    // The last of the budget: no repair call after the schema could not be met.
    expect(await attempt(ad.id, { ...workersAi, AI: unmeetable })).toEqual({ kind: "done" });
    expect(unmeetable.calls).toHaveLength(3);
    const failed = await adById(ad.id);
    expect(failed).toMatchObject({ status: "failed", errorMessage: FAILURE_MESSAGES.aiOutput, creditSource: null });
    expect((await userById(user.id)).adCredits).toBe(1);
    expect(await db().select().from(activityLogs).where(eq(activityLogs.action, "ad_failed"))).toHaveLength(1);

    // A late duplicate neither refunds again nor changes the ad.
    expect(await attempt(ad.id, { ...workersAi, AI: unmeetable })).toEqual({ kind: "done" });
    expect((await userById(user.id)).adCredits).toBe(1);
    expect((await adById(ad.id)).status).toBe("failed");
  });

  it.each([
    [4006, "you have used up your daily free allocation of 10,000 neurons", FAILURE_MESSAGES.aiQuota],
    [5021, "exceeded this model context window limit (128000)", FAILURE_MESSAGES.aiInputTooLong],
  ])("fails at once with a refund and says why when Workers AI answers %i (no retry can help)", async (code, text, message) => {
    const { user, ad } = await adWithPhoto();
    // As the binding throws it: a plain Error whose message starts with the code.
    const refused = failingAi(new Error(`${code}: ${text}`));
    expect(await attempt(ad.id, { ...workersAi, AI: refused.binding })).toEqual({ kind: "done" });
    expect(refused.calls).toBe(1);
    expect(await adById(ad.id)).toMatchObject({ status: "failed", errorMessage: message, creditSource: null, attempts: 1 });
    expect((await userById(user.id)).adCredits).toBe(1);
    const [logged] = await db().select().from(activityLogs).where(eq(activityLogs.action, "ad_failed"));
    expect(JSON.stringify(logged.details)).toContain(String(code));
  });

  it("counts an AI that does not answer in time as a failed attempt and cancels the call", async () => {
    const { user, ad } = await adWithPhoto({ attempts: MAX_ATTEMPTS - 1 });
    const slow = createWorkersAiDouble({ latencyMs: 60_000, answer: () => adAnswer });
    expect(await attempt(ad.id, { ...workersAi, AI: slow, AI_TIMEOUT_MS: "50" })).toEqual({ kind: "done" });
    expect(await adById(ad.id)).toMatchObject({ status: "failed", errorMessage: FAILURE_MESSAGES.service });
    expect((await userById(user.id)).adCredits).toBe(1);
  });

  it("fails with the photo reason when a photo is gone", async () => {
    const { ad } = await adWithPhoto({ attempts: MAX_ATTEMPTS - 1 });
    await env.PHOTOS.delete(ad.imageUrls[0]);
    await attempt(ad.id, {});
    expect(await adById(ad.id)).toMatchObject({ status: "failed", errorMessage: FAILURE_MESSAGES.photos });
  });

  it("shows coarse phases while the model writes, then the finished ad, through GET /api/ads", async () => {
    const { createWorkerApp } = await import("~/.server/app-worker/worker-app");
    const { createSession } = await import("~/.server/app-worker/auth/sessions");
    const { user, ad } = await adWithPhoto();
    const token = await createSession(db(), user.id, { userAgent: null });
    // The model call stays open until the seller has seen the phase (no time is waited for).
    let release = () => {};
    const ai = createWorkersAiDouble({ answerAfter: new Promise<void>((resolve) => (release = resolve)), answer: () => adAnswer });
    const generation = attempt(ad.id, { ...workersAi, AI: ai });
    const app = createWorkerApp(async () => new Response("page"));
    const list = async () => {
      const response = await app.request(
        "http://localhost:8787/api/ads",
        { headers: { Authorization: `Bearer ${token}` } },
        env,
        workerContext(),
      );
      const [current] = await response.json<Array<{ status: string; progressPhase: string | null; partialDescription: string | null }>>();
      return current;
    };
    await eventually(async () => (ai.calls.length === 1 ? true : undefined));
    expect(await list()).toMatchObject({ status: "processing", progressPhase: "photos", partialDescription: null });
    release();
    await generation;
    expect(await list()).toMatchObject({ status: "completed", progressPhase: null, partialDescription: null });
  });
});

describe("the contract of Workers AI, enforced by the double", () => {
  const ask = (inputs: Record<string, unknown>) => createWorkersAiDouble().run("@cf/mistralai/mistral-small-3.1-24b-instruct", inputs);
  const text = [{ role: "user", content: "Hallo" }];

  it("refuses JSON mode with streaming, HTTP image URLs, unknown fields and oversized requests", async () => {
    await expect(ask({ messages: text, guided_json: { type: "object" }, stream: true })).rejects.toThrow(
      /5023: JSON Schema mode is not supported with stream mode/,
    );
    const httpImage = [{ role: "user", content: [{ type: "image_url", image_url: { url: "https://example.com/foto.jpg" } }] }];
    await expect(ask({ messages: httpImage })).rejects.toThrow(/HTTP URL will not be accepted/);
    await expect(ask({ messages: text, response_format: { type: "json_object" } })).rejects.toThrow(/5006: Invalid input/);
    const huge = [
      { role: "user", content: [{ type: "image_url", image_url: { url: `data:image/jpeg;base64,${"A".repeat(6 * 1024 * 1024)}` } }] },
    ];
    await expect(ask({ messages: huge })).rejects.toThrow(/3006: Request is too large/);
  });

  it("answers JSON mode with { response: object } and plain calls with text", async () => {
    expect(await ask({ messages: text, guided_json: { type: "object" } })).toMatchObject({
      response: expect.objectContaining({ title: expect.any(String) }),
    });
    expect(await ask({ messages: text })).toMatchObject({ response: expect.any(String) });
  });
});

describe("idempotent processing", () => {
  it("processes a duplicate attempt once", async () => {
    const { ad } = await adWithPhoto();
    await attempt(ad.id, {});
    const done = await adById(ad.id);
    expect(done).toMatchObject({ status: "completed", attempts: 1 });
    expect(await attempt(ad.id, {})).toEqual({ kind: "done" });
    expect(await adById(ad.id)).toEqual(done);
  });

  it("makes a second attempt while the first holds the lease a no-op (one model call)", async () => {
    const { ad } = await adWithPhoto();
    const ai = createWorkersAiDouble({ latencyMs: 300, answer: () => adAnswer });
    const [first, second] = await Promise.all([attempt(ad.id, { ...workersAi, AI: ai }), attempt(ad.id, { ...workersAi, AI: ai })]);
    expect(ai.calls).toHaveLength(1);
    expect([first.kind, second.kind].sort()).toEqual(["done", "leased"]);
    expect(await adById(ad.id)).toMatchObject({ status: "completed", attempts: 1, leaseUntil: null });
  });
});

describe("stuck-ad sweep", () => {
  it("re-queues ads stuck for over 10 minutes and fails those out of attempts, with a refund", async () => {
    const now = Date.now();
    const old = now - STUCK_AFTER_MS - 1000;
    const { ad: stuck } = await adWithPhoto({ updatedAt: old, attempts: 1 });
    const { user, ad: exhausted } = await adWithPhoto({ updatedAt: old, attempts: MAX_ATTEMPTS });
    const { ad: fresh } = await adWithPhoto({ updatedAt: now, attempts: 1 });

    expect(await sweepStuckAds(env, now)).toEqual({ requeued: 1, failed: 1 });
    expect(await adById(exhausted.id)).toMatchObject({ status: "failed", errorMessage: FAILURE_MESSAGES.stuck });
    expect((await userById(user.id)).adCredits).toBe(1);
    // The re-queued message reaches the ad's runner through the real queue.
    const completed = await eventually(async () => {
      const current = await adById(stuck.id);
      return current.status === "completed" ? current : undefined;
    });
    expect(completed.attempts).toBe(2);
    expect((await adById(fresh.id)).status).toBe("processing");
  });
});

describe("the queue hands each ad to its own runner (Durable Object alarm, ADR 023)", () => {
  const runnerOf = (adId: string) => runnerFor(env, adId) as DurableObjectStub<AdGenerationRunner>;

  /** Points the ad's runner at `bindings` (the AI at the process boundary) before its first alarm. */
  async function configureRunner(adId: string, bindings: Record<string, unknown>) {
    await runInDurableObject(runnerOf(adId), (instance) => {
      (instance as unknown as { env: object }).env = { ...env, ...bindings };
    });
  }

  // Five photos are read and copied by the Images binding on a shared machine: more than the usual budget.
  it("generates five ads at once, each in its own runner, one model call each", async () => {
    const five = await Promise.all(Array.from({ length: 5 }, () => adWithPhoto()));
    // Every call is held open until all five have started: no ad waits for another one's answer.
    let release = () => {};
    const ai = createWorkersAiDouble({ answerAfter: new Promise<void>((resolve) => (release = resolve)), answer: () => adAnswer });
    for (const { ad } of five) await configureRunner(ad.id, { ...workersAi, AI: ai });
    await Promise.all(five.map(({ ad }) => enqueueAdGeneration(env.AD_QUEUE, ad.id)));
    await eventually(async () => (ai.calls.length === 5 ? true : undefined), 15_000);
    expect((await Promise.all(five.map(({ ad }) => adById(ad.id)))).map((ad) => ad.status)).toEqual(Array(5).fill("processing"));
    release();
    for (const { ad } of five) await eventually(async () => ((await adById(ad.id)).status === "completed" ? true : undefined), 10_000);
    expect(ai.calls).toHaveLength(5);
  }, 30_000);

  it("ends a model call that is still running when the ad is delivered again in exactly one model call and one completed ad", async () => {
    const { ad } = await adWithPhoto();
    // The call stays open until the test lets it answer — on Cloudflare it may outlast waitUntil's
    // 30 s, which the alarm's guaranteed lifetime allows (ADR 023); here no real time is waited for.
    let release = () => {};
    const answerAfter = new Promise<void>((resolve) => (release = resolve));
    const ai = createWorkersAiDouble({ answerAfter, answer: () => adAnswer });
    await configureRunner(ad.id, { ...workersAi, AI: ai });
    await enqueueAdGeneration(env.AD_QUEUE, ad.id);
    await eventually(async () => (ai.calls.length === 1 ? true : undefined));
    // A second delivery of the same ad meanwhile (e.g. the sweep), handed to the runner as the
    // queue consumer does it, makes no second call.
    await handOffGeneration(env, ad.id);
    expect((await adById(ad.id)).status).toBe("processing");
    release();
    const done = await eventually(async () => {
      const current = await adById(ad.id);
      return current.status === "completed" ? current : undefined;
    });
    expect(done).toMatchObject({ attempts: 1, provider: "workers-ai", leaseUntil: null });
    expect(ai.calls).toHaveLength(1);
  });
});

describe("the generator's internal API", () => {
  it("has no generation route: generations arrive only through the queue", async () => {
    const generator = (await import("../../workers/generator")).default;
    const response = await generator.fetch(
      new Request("https://generator.internal/generate", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ adId: "x" }),
      }) as never,
      env as never,
    );
    expect(response.status).toBe(404);
  });
});
