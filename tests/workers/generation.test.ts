// Fault tests of the generator: AI errors and malformed output, retries (the backoff delays are
// unit-tested; getQueueResult does not report them), final failure with
// refund, duplicate delivery, and the sweep of stuck ads. The AI binding is faked (process boundary).
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLogs, ads } from "~/.server/db/schema";
import { FAILURE_MESSAGES, handleGenerationBatch, MAX_ATTEMPTS } from "~/.server/generation/consumer";
import { STUCK_AFTER_MS, sweepStuckAds } from "~/.server/generation/sweep";
import { png, TINY_JPEG } from "../fixtures/images";
import { db, eventually, insertAd, insertUser, userById } from "./helpers";

async function adWithPhoto(overrides: Partial<typeof ads.$inferInsert> = {}) {
  const user = await insertUser({ adCredits: 0 });
  const key = `ads/${crypto.randomUUID()}/${"k".repeat(43)}.png`;
  await env.PHOTOS.put(key, await png(40, 30), { httpMetadata: { contentType: "image/png" } });
  const ad = await insertAd(user.id, { imageUrls: [key], creditSource: "credits", ...overrides });
  return { user, ad };
}

/** A Workers AI binding at the process boundary: records each call and answers with `answer(call number)`. */
function fakeAi(answer: (call: number) => unknown) {
  const calls: Array<{ model: string; inputs: { messages: Array<{ content: unknown }> } }> = [];
  return {
    calls,
    binding: {
      async run(model: string, inputs: { messages: Array<{ content: unknown }> }) {
        calls.push({ model, inputs });
        const value = answer(calls.length);
        if (value instanceof Error) throw value;
        return value;
      },
    },
  };
}

async function deliver(adId: string, bindings: Record<string, unknown>, attempts = 1) {
  const batch = createMessageBatch("ad-generation", [{ id: `m-${adId}`, timestamp: new Date(), attempts, body: { adId } }]);
  const ctx = createExecutionContext();
  await handleGenerationBatch(batch, { ...env, ...bindings } as never);
  return getQueueResult(batch, ctx);
}

async function adById(id: string) {
  const [ad] = await db().select().from(ads).where(eq(ads.id, id));
  return ad;
}

const workersAi = { AI_PROVIDER: "workers-ai" };

/** A realistic whole-ad answer of the model (one call, guided_json). */
const adAnswer = {
  response: {
    title: "Bosch Akkuschrauber GSR 18V mit Koffer",
    description: "📦 **Bosch GSR 18V**\nGut erhaltener Akkuschrauber. Mehr Infos unter www.example.com oder max@example.com\n- Kratzer am Griff",
    notes: ["Abholung in Köln-Ehrenfeld", "Keine Gewährleistung, keine Garantie"],
    priceSuggestionEuro: 45,
    priceMinEuro: 35,
    priceMaxEuro: 55,
    bestImageIndex: 0,
    imageAnalysis: { brand: "Bosch", model: "GSR 18V", serialNumber: null, condition: "gut", defects: [{ text: "Kratzer am Griff", photoIndex: 0 }] },
  },
};

describe("generator with the Workers AI adapter", () => {
  it("completes an ad from realistic model answers and enforces the platform rules", async () => {
    const { ad } = await adWithPhoto({ itemName: "Akkuschrauber" });
    const ai = fakeAi(() => adAnswer);
    const result = await deliver(ad.id, { ...workersAi, AI: ai.binding });
    expect(result.explicitAcks).toEqual([`m-${ad.id}`]);
    const done = await adById(ad.id);
    expect(done).toMatchObject({ status: "completed", provider: "workers-ai", priceSuggestion: 4500, priceMin: 3500, priceMax: 5500 });
    expect(done.optimizedDescription).not.toMatch(/www\.example\.com|@/);
    expect(done.optimizedDescription).toContain("Abholung in Köln-Ehrenfeld");
    // A model-written warranty line never reaches the ad; the legal block comes from our rules.
    expect(done.optimizedDescription).not.toContain("Keine Gewährleistung, keine Garantie");
    expect(done.optimizedDescription).toContain("Privatverkauf unter Ausschluss jeglicher Sachmängelhaftung");
    expect(done.imageAnalysis).toMatchObject({ brand: "Bosch", defects: [{ text: "Kratzer am Griff", photoIndex: 0 }] });
    // One call for the whole ad, with the photo in it — as its JPEG model copy (the photo is a PNG; ADR 024).
    expect(ai.calls.map((call) => call.model)).toEqual(["@cf/mistralai/mistral-small-3.1-24b-instruct"]);
    expect(JSON.stringify(ai.calls[0].inputs.messages)).toContain("data:image/jpeg;base64,");
  });

  it("sends the model the browser's model copy (≤ 1024 px) instead of the stored photo", async () => {
    const { ad } = await adWithPhoto();
    await env.PHOTOS.put(ad.imageUrls[0].replace(/\.png$/, "-model.jpg"), TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
    const ai = fakeAi(() => adAnswer);
    await deliver(ad.id, { ...workersAi, AI: ai.binding });
    const images = JSON.stringify(ai.calls[0].inputs.messages).match(/data:image\/[a-z]+;base64,[A-Za-z0-9+/=]+/g);
    expect(images).toEqual([`data:image/jpeg;base64,${btoa(String.fromCharCode(...TINY_JPEG))}`]);
  });

  it("gives commercial sellers no warranty exclusion, their imprint and a withdrawal notice", async () => {
    const { user, ad } = await adWithPhoto();
    const { users } = await import("~/.server/db/schema");
    await db().update(users).set({ businessType: "commercial", companyName: "Second Hand Müller GmbH" }).where(eq(users.id, user.id));
    await deliver(ad.id, { ...workersAi, AI: fakeAi(() => adAnswer).binding });
    const done = await adById(ad.id);
    expect(done.optimizedDescription).toContain("Gewerblicher Verkauf durch: Second Hand Müller GmbH.");
    expect(done.optimizedDescription).toContain("Widerrufsrecht");
    expect(done.optimizedDescription).not.toMatch(/Ausschluss jeglicher Sachmängelhaftung/);
  });

  it("retries with backoff on AI errors and malformed output, then fails with a refund after the last attempt", async () => {
    const { user, ad } = await adWithPhoto();
    const broken = fakeAi(() => new Error("upstream timeout"));
    const first = await deliver(ad.id, { ...workersAi, AI: broken.binding });
    expect(first.retryMessages).toEqual([{ msgId: `m-${ad.id}` }]);
    expect(first.explicitAcks).toEqual([]);
    expect(await adById(ad.id)).toMatchObject({ status: "processing", attempts: 1 });

    const malformed = fakeAi(() => ({ response: "Hier ist deine Anzeige: {title: kaputt" }));
    const second = await deliver(ad.id, { ...workersAi, AI: malformed.binding }, 2);
    expect(second.retryMessages).toEqual([{ msgId: `m-${ad.id}` }]);
    expect(await adById(ad.id)).toMatchObject({ status: "processing", attempts: 2 });

    await db().update(ads).set({ attempts: MAX_ATTEMPTS - 1 }).where(eq(ads.id, ad.id));
    const last = await deliver(ad.id, { ...workersAi, AI: malformed.binding }, 4);
    expect(last.explicitAcks).toEqual([`m-${ad.id}`]);
    const failed = await adById(ad.id);
    expect(failed).toMatchObject({ status: "failed", errorMessage: FAILURE_MESSAGES.aiOutput, creditSource: null });
    expect((await userById(user.id)).adCredits).toBe(1);
    expect(await db().select().from(activityLogs).where(eq(activityLogs.action, "ad_failed"))).toHaveLength(1);

    // A late duplicate of the last message neither refunds again nor changes the ad.
    await deliver(ad.id, { ...workersAi, AI: malformed.binding }, 5);
    expect((await userById(user.id)).adCredits).toBe(1);
    expect((await adById(ad.id)).status).toBe("failed");
  });

  it("counts an AI that does not answer in time as a failed attempt", async () => {
    const { user, ad } = await adWithPhoto({ attempts: MAX_ATTEMPTS - 1 });
    const silent = { async run() { return new Promise(() => {}); } };
    const result = await deliver(ad.id, { ...workersAi, AI: silent, AI_TIMEOUT_MS: "50" });
    expect(result.explicitAcks).toEqual([`m-${ad.id}`]);
    expect(await adById(ad.id)).toMatchObject({ status: "failed", errorMessage: FAILURE_MESSAGES.service });
    expect((await userById(user.id)).adCredits).toBe(1);
  });

  it("fails with the photo reason when a photo is gone", async () => {
    const { ad } = await adWithPhoto({ attempts: MAX_ATTEMPTS - 1 });
    await env.PHOTOS.delete(ad.imageUrls[0]);
    await deliver(ad.id, {});
    expect(await adById(ad.id)).toMatchObject({ status: "failed", errorMessage: FAILURE_MESSAGES.photos });
  });
});

describe("idempotent processing", () => {
  it("processes a duplicate delivery once", async () => {
    const { ad } = await adWithPhoto();
    await deliver(ad.id, {});
    const done = await adById(ad.id);
    expect(done).toMatchObject({ status: "completed", attempts: 1 });
    const again = await deliver(ad.id, {});
    expect(again.explicitAcks).toHaveLength(1);
    expect(await adById(ad.id)).toEqual(done);
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
    // The re-queued message reaches the generator through the real queue.
    const completed = await eventually(async () => {
      const current = await adById(stuck.id);
      return current.status === "completed" ? current : undefined;
    });
    expect(completed.attempts).toBe(2);
    expect((await adById(fresh.id)).status).toBe("processing");
  });
});

describe("concurrent generation", () => {
  /** A binding that answers after `ms` and records how many calls were open at once. */
  function slowAi(ms: number) {
    let open = 0;
    const stats = { calls: 0, maxOpen: 0 };
    return {
      stats,
      binding: {
        async run() {
          stats.calls++;
          open++;
          stats.maxOpen = Math.max(stats.maxOpen, open);
          await new Promise((resolve) => setTimeout(resolve, ms));
          open--;
          return adAnswer;
        },
      },
    };
  }

  it("works the messages of a batch at the same time", async () => {
    const ads5 = await Promise.all(Array.from({ length: 5 }, () => adWithPhoto()));
    const ai = slowAi(400);
    const batch = createMessageBatch(
      "ad-generation",
      ads5.map(({ ad }) => ({ id: `m-${ad.id}`, timestamp: new Date(), attempts: 1, body: { adId: ad.id } })),
    );
    await handleGenerationBatch(batch, { ...env, ...workersAi, AI: ai.binding } as never);
    // All five model calls were open at the same time (the wait itself is measured by npm run bench:ai).
    expect(ai.stats).toEqual({ calls: 5, maxOpen: 5 });
    for (const { ad } of ads5) expect((await adById(ad.id)).status).toBe("completed");
  });

  it("makes a duplicate delivery of an ad being generated a no-op (one model call)", async () => {
    const { ad } = await adWithPhoto();
    const ai = slowAi(300);
    const message = (id: string) => createMessageBatch("ad-generation", [{ id, timestamp: new Date(), attempts: 1, body: { adId: ad.id } }]);
    const first = message("first");
    const duplicate = message("duplicate");
    const bindings = { ...env, ...workersAi, AI: ai.binding } as never;
    await Promise.all([handleGenerationBatch(first, bindings), handleGenerationBatch(duplicate, bindings)]);
    expect(ai.stats.calls).toBe(1);
    // The duplicate made no model call; it looks again once the lease has ended (then it finds the ad done).
    const result = await getQueueResult(duplicate, createExecutionContext());
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toEqual([{ msgId: "duplicate" }]);
    expect(await adById(ad.id)).toMatchObject({ status: "completed", attempts: 1, leaseUntil: null });
    const late = message("late");
    await handleGenerationBatch(late, bindings);
    expect((await getQueueResult(late, createExecutionContext())).explicitAcks).toEqual(["late"]);
    expect(ai.stats.calls).toBe(1);
  });

  it("shows the phase and the description as it is written through GET /api/ads", async () => {
    const { createWorkerApp } = await import("~/.server/http/worker-app");
    const { createSession } = await import("~/.server/auth/sessions");
    const { user, ad } = await adWithPhoto();
    const token = await createSession(db(), user.id, { userAgent: null });
    const text = JSON.stringify(adAnswer.response);
    const encoder = new TextEncoder();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A streaming model that stops in the middle of the description until the test has looked.
    const streaming = {
      async run() {
        const cut = text.indexOf("Akkuschrauber.") + 5;
        return new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode(`data: ${JSON.stringify({ response: text.slice(0, cut) })}\n\n`));
            await held;
            controller.enqueue(encoder.encode(`data: ${JSON.stringify({ response: text.slice(cut) })}\n\n`));
            controller.enqueue(encoder.encode("data: [DONE]\n\n"));
            controller.close();
          },
        });
      },
    };
    const generation = deliver(ad.id, { ...workersAi, AI: streaming });
    const app = createWorkerApp(async () => new Response("page"));
    const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
    const listed = await eventually(async () => {
      const response = await app.request("http://localhost:8787/api/ads", { headers: { Authorization: `Bearer ${token}` } }, env, ctx);
      const [current] = await response.json<Array<{ status: string; progressPhase: string | null; partialDescription: string | null }>>();
      return current.partialDescription ? current : undefined;
    });
    expect(listed).toMatchObject({ status: "processing", progressPhase: "text" });
    expect(listed.partialDescription).toContain("Gut erhaltener Akku");
    expect(listed.partialDescription).not.toContain("Kratzer am Griff");
    release();
    await generation;
    const done = await adById(ad.id);
    expect(done).toMatchObject({ status: "completed", progressPhase: null, partialDescription: null });
  });
});

describe("direct start through the service binding", () => {
  it("generates at once in the generator's own invocation; a repeat is a no-op; bad calls are refused", async () => {
    const generator = (await import("../../workers/generator")).default;
    const { ad } = await adWithPhoto();
    const call = (body: unknown, method = "POST") =>
      generator.fetch(new Request("https://generator.internal/generate", { method, headers: { "Content-Type": "application/json" }, body: method === "POST" ? JSON.stringify(body) : undefined }) as never, env as never);
    const first = await call({ adId: ad.id });
    expect(await first.json()).toEqual({ outcome: "done" });
    expect(await adById(ad.id)).toMatchObject({ status: "completed", attempts: 1 });
    expect(await (await call({ adId: ad.id })).json()).toEqual({ outcome: "done" });
    expect((await adById(ad.id)).attempts).toBe(1);
    expect((await call({ nope: 1 })).status).toBe(400);
    expect((await call(null, "GET")).status).toBe(404);
  });
});
