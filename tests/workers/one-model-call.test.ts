// Exactly the budgeted model calls per ad, whatever happens (ADR 052): each worst case — a timeout
// then a retry, a call that does not end when aborted, a failAd that throws, a duplicate queue
// message, an alarm delivered again, a repair — is driven here and the model calls are counted at
// the process boundary (the Workers AI binding). Each ends in one call (or the budgeted number),
// never two at once, and an ad that is done or failed with its credit refunded.
import { createMessageBatch, createExecutionContext, getQueueResult, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AiBinding } from "~/.server/generator/ai/workers-ai";
import { createWorkersAiDouble } from "~/.server/generator/ai/workers-ai-double";
import { WorkersAiError } from "~/.server/generator/ai/workers-ai-contract";
import { getDb } from "~/.server/db/client";
import { activityLogs, ads } from "~/.server/db/schema";
import { attemptGeneration, FAILURE_MESSAGES, leaseDuration, type AttemptOutcome } from "~/.server/generator/generation/attempt";
import { handOffGeneration, runnerFor } from "~/.server/generator/generation/consumer";
import { MAX_ATTEMPTS } from "~/.server/generator/generation/policy";
import type { AdGenerationRunner } from "~/.server/generator/generation/runner";
import { enqueueAdGeneration } from "~/.server/queue/ad-generation";
import generator from "../../workers/generator";
import { adWithPhoto, db, eventually, userById } from "./helpers";

/** What the model does on one call: answer, fail, run until released (honouring the abort or not), miss JSON mode, answer prose. */
type Step = "answer" | "fail" | "hang" | "hang-ignoring-abort" | "json-fail" | "prose";

const adAnswer = {
  title: "Kaffeevollautomat Siemens EQ.6",
  description: "📦 **Kaffeevollautomat**\nIch verkaufe meinen Kaffeevollautomaten, er funktioniert einwandfrei.",
  notes: [],
  priceSuggestionEuro: 120,
  priceMinEuro: 100,
  priceMaxEuro: 140,
  bestImageIndex: 0,
  imageAnalysis: { brand: null, model: null, serialNumber: null, condition: null, defects: [] },
};

/**
 * The Workers AI binding following `plan` call by call (then answering), checked by the strict
 * double and counted: when each call started and ended. `release` ends the calls that hang.
 */
function plannedModel(plan: Step[]) {
  const calls: Array<{ startedAt: number; endedAt?: number }> = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const binding: AiBinding = {
    async run(model, inputs, options = {}) {
      const step = plan[calls.length] ?? "answer";
      const call: { startedAt: number; endedAt?: number } = { startedAt: Date.now() };
      calls.push(call);
      try {
        switch (step) {
          case "fail":
            throw new WorkersAiError(3040, "No more data centers to forward the request to");
          case "prose":
            return { response: "Hier ist deine Anzeige: {title: kaputt" };
          case "hang-ignoring-abort":
            // The signal is not passed on: the call runs until released, whatever the deadline does.
            return await createWorkersAiDouble({ answerAfter: released, answer: () => adAnswer }).run(model, inputs);
          default: {
            const double = createWorkersAiDouble({
              answer: () => adAnswer,
              ...(step === "hang" ? { answerAfter: released } : {}),
              ...(step === "json-fail" ? { failJsonModeOn: [1] } : {}),
            });
            return await double.run(model, inputs, options);
          }
        }
      } finally {
        call.endedAt = Date.now();
      }
    },
  };
  return { binding, calls, release };
}

/** No call started before the one before it had ended. */
function oneAtATime(calls: Array<{ startedAt: number; endedAt?: number }>) {
  return calls.every((call, index) => index === 0 || (calls[index - 1].endedAt ?? Infinity) <= call.startedAt);
}

async function adById(id: string) {
  const [ad] = await db().select().from(ads).where(eq(ads.id, id));
  return ad;
}

/** The generator's settings with the planned model (and any other binding) at the process boundary. */
const generatorEnv = (bindings: Record<string, unknown>) => ({ ...env, AI_PROVIDER: "workers-ai", ...bindings }) as never;

/** One attempt as the runner makes it, expecting the ad's count to be `expected`. */
function attempt(adId: string, bindings: Record<string, unknown>, expected?: number, database = db()) {
  const generationEnv = generatorEnv(bindings);
  return attemptGeneration(generationEnv, database, adId, leaseDuration(generationEnv), expected);
}

/** D1 whose first batch fails as a lost connection does (the failAd's refund and mark). */
function d1FailingFirstBatch(d1: D1Database): D1Database {
  let failed = false;
  return new Proxy(d1, {
    get(target, property) {
      if (property === "batch" && !failed) {
        return async () => {
          failed = true;
          throw new Error("D1_ERROR: Network connection lost.");
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function refundsOf(adId: string) {
  const failures = await db().select().from(activityLogs).where(eq(activityLogs.action, "ad_failed"));
  return failures.filter((log) => (log.details as { adId?: string } | null)?.adId === adId).length;
}

const runnerOf = (adId: string) => runnerFor(env, adId) as DurableObjectStub<AdGenerationRunner>;

/** Points the ad's runner at `bindings` (the model at the process boundary) before its first alarm. */
async function configureRunner(adId: string, bindings: Record<string, unknown>) {
  await runInDurableObject(runnerOf(adId), (instance) => {
    (instance as unknown as { env: object }).env = generatorEnv(bindings);
  });
}

describe("exactly the budgeted model calls per ad", () => {
  it("a timeout then a retry: the aborted call has ended before the retry's call starts", async () => {
    const { user, ad } = await adWithPhoto();
    const model = plannedModel(["hang", "answer"]);
    const settings = { AI: model.binding, AI_TIMEOUT_MS: "3000" };
    const first = await attempt(ad.id, settings, 0);
    // The double ends an aborted call at once: seen to end, so the lease is given back.
    expect(first).toEqual({ kind: "retry", delaySeconds: 10, attempts: 1 });
    expect(await adById(ad.id)).toMatchObject({ status: "processing", attempts: 1, leaseUntil: null });
    expect(await attempt(ad.id, settings, 1)).toEqual({ kind: "done" });
    expect(model.calls).toHaveLength(2);
    expect(oneAtATime(model.calls)).toBe(true);
    expect(await adById(ad.id)).toMatchObject({ status: "completed", attempts: 2, leaseUntil: null });
    expect((await userById(user.id)).adCredits).toBe(0);
  });

  it("a timed-out call that does not end holds the lease: no next attempt starts beside it", async () => {
    const { ad } = await adWithPhoto();
    const model = plannedModel(["hang-ignoring-abort", "answer"]);
    const settings = { AI: model.binding, AI_TIMEOUT_MS: "3000" };
    const first = (await attempt(ad.id, settings, 0)) as Extract<AttemptOutcome, { kind: "retry" }>;
    const held = await adById(ad.id);
    // The call may still run: the lease stays to its end (the deadline plus the margin), and the
    // retry is scheduled after it, not after the 10 s backoff.
    expect(held).toMatchObject({ status: "processing", attempts: 1 });
    expect(held.leaseUntil).toBeGreaterThan(Date.now() + 20_000);
    expect(first).toMatchObject({ kind: "retry", attempts: 1 });
    expect(first.delaySeconds).toBeGreaterThan(20);
    // A duplicate delivery or an early alarm meanwhile makes no call.
    expect(await attempt(ad.id, settings, 1)).toMatchObject({ kind: "leased" });
    expect(model.calls).toHaveLength(1);
    // The call ends; the lease runs out (set to its end here instead of waiting 30 s).
    model.release();
    await eventually(async () => (model.calls[0].endedAt !== undefined ? true : undefined));
    await db()
      .update(ads)
      .set({ leaseUntil: Date.now() - 1 })
      .where(eq(ads.id, ad.id));
    expect(await attempt(ad.id, settings, 1)).toEqual({ kind: "done" });
    expect(model.calls).toHaveLength(2);
    expect(oneAtATime(model.calls)).toBe(true);
    expect(await adById(ad.id)).toMatchObject({ status: "completed", attempts: 2 });
  });

  it("a failAd that throws on the last attempt: the alarm's retry fails the ad without a fifth call", async () => {
    const { user, ad } = await adWithPhoto({ attempts: MAX_ATTEMPTS - 1 });
    const model = plannedModel(["fail"]);
    await configureRunner(ad.id, { AI: model.binding, DB: d1FailingFirstBatch(env.DB) });
    // The runner's alarm throws with the failAd; the platform delivers it again (at-least-once,
    // retried from 2 s), and the retry finds the ad out of budget: failed, no call.
    await handOffGeneration(env, ad.id);
    const failed = await eventually(async () => {
      const current = await adById(ad.id);
      return current.status === "failed" ? current : undefined;
    }, 15_000);
    expect(failed).toMatchObject({ attempts: MAX_ATTEMPTS, creditSource: null });
    expect(FAILURE_MESSAGES).toHaveProperty("attempts", failed.errorMessage);
    expect(model.calls).toHaveLength(1);
    expect((await userById(user.id)).adCredits).toBe(1);
    expect(await refundsOf(ad.id)).toBe(1);
  }, 30_000);

  it("a failAd that throws, then an attempt out of budget: the claim refuses it, the ad fails with one refund", async () => {
    const { user, ad } = await adWithPhoto({ attempts: MAX_ATTEMPTS - 1 });
    const model = plannedModel(["fail", "answer"]);
    const lostConnection = getDb(d1FailingFirstBatch(env.DB));
    await expect(attempt(ad.id, { AI: model.binding }, MAX_ATTEMPTS - 1, lostConnection)).rejects.toThrow(/Network connection lost/);
    expect(await adById(ad.id)).toMatchObject({ status: "processing", attempts: MAX_ATTEMPTS, leaseUntil: null });
    // Whatever comes next — the runner's count or none (the sweep's re-queue) — makes no call.
    expect(await attempt(ad.id, { AI: model.binding })).toEqual({ kind: "done" });
    expect(model.calls).toHaveLength(1);
    expect(await adById(ad.id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, errorMessage: FAILURE_MESSAGES.attempts });
    expect((await userById(user.id)).adCredits).toBe(1);
    expect(await attempt(ad.id, { AI: model.binding }, MAX_ATTEMPTS)).toEqual({ kind: "done" });
    expect(await refundsOf(ad.id)).toBe(1);
  });

  it("duplicate queue messages for one ad, during and after its call: one model call", async () => {
    const { ad } = await adWithPhoto();
    const model = plannedModel(["hang"]);
    await configureRunner(ad.id, { AI: model.binding });
    await Promise.all([enqueueAdGeneration(env.AD_QUEUE, ad.id), enqueueAdGeneration(env.AD_QUEUE, ad.id)]);
    await eventually(async () => (model.calls.length === 1 ? true : undefined));
    // The same ad twice in one batch while its call runs.
    const batch = createMessageBatch("ad-generation", [
      { id: "again-1", timestamp: new Date(), attempts: 1, body: { adId: ad.id } },
      { id: "again-2", timestamp: new Date(), attempts: 2, body: { adId: ad.id } },
    ]);
    const ctx = createExecutionContext();
    await generator.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(["again-1", "again-2"]);
    model.release();
    const done = await eventually(async () => {
      const current = await adById(ad.id);
      return current.status === "completed" ? current : undefined;
    });
    expect(done).toMatchObject({ attempts: 1, leaseUntil: null });
    // A late duplicate after the ad is done: its runner starts, finds the ad done and clears itself.
    await handOffGeneration(env, ad.id);
    await eventually(async () => {
      const left = await runInDurableObject(runnerOf(ad.id), async (_runner, state) => (await state.storage.list()).size);
      return left === 0 ? true : undefined;
    });
    expect(model.calls).toHaveLength(1);
    expect(await adById(ad.id)).toMatchObject({ status: "completed", attempts: 1 });
  });

  it("an alarm delivered again after its attempt makes no call, neither after a failure nor after the ad is done", async () => {
    const { ad } = await adWithPhoto();
    const model = plannedModel(["fail", "answer"]);
    await configureRunner(ad.id, { AI: model.binding });
    // The runner as it is when its first alarm is scheduled.
    const scheduled = await runInDurableObject(runnerOf(ad.id), async (runner, state) => {
      await runner.start(ad.id);
      return [...(await state.storage.list()).entries()];
    });
    // The first alarm: one call, failed, the next attempt scheduled after the backoff.
    await eventually(async () => ((await adById(ad.id)).attempts === 1 && model.calls[0]?.endedAt ? true : undefined));
    await eventually(async () => {
      const alarm = await runInDurableObject(runnerOf(ad.id), (_runner, state) => state.storage.getAlarm());
      return alarm !== null && alarm > Date.now() + 5_000 ? true : undefined;
    });
    /** The platform delivers the first alarm again, as if its outcome had not been recorded. */
    const deliverAgain = () =>
      runInDurableObject(runnerOf(ad.id), async (runner, state) => {
        await state.storage.deleteAll();
        for (const [key, value] of scheduled) await state.storage.put(key, value);
        await runner.alarm();
      });
    await deliverAgain();
    expect(model.calls).toHaveLength(1);
    expect(await adById(ad.id)).toMatchObject({ status: "processing", attempts: 1 });
    // The retry the backoff scheduled (run now instead of in 10 s) makes the second call.
    expect(await runDurableObjectAlarm(runnerOf(ad.id))).toBe(true);
    expect(await adById(ad.id)).toMatchObject({ status: "completed", attempts: 2 });
    await deliverAgain();
    expect(model.calls).toHaveLength(2);
    expect(oneAtATime(model.calls)).toBe(true);
    expect(await adById(ad.id)).toMatchObject({ status: "completed", attempts: 2 });
  });

  it("a repair needed: the repair call is one of the budget, and the last attempt makes none", async () => {
    const { ad } = await adWithPhoto();
    const repaired = plannedModel(["json-fail", "answer"]);
    expect(await attempt(ad.id, { AI: repaired.binding }, 0)).toEqual({ kind: "done" });
    expect(repaired.calls).toHaveLength(2);
    expect(await adById(ad.id)).toMatchObject({ status: "completed", attempts: 2 });

    const { user, ad: last } = await adWithPhoto({ attempts: MAX_ATTEMPTS - 1 });
    const unrepaired = plannedModel(["json-fail", "answer"]);
    expect(await attempt(last.id, { AI: unrepaired.binding }, MAX_ATTEMPTS - 1)).toEqual({ kind: "done" });
    expect(unrepaired.calls).toHaveLength(1);
    expect(await adById(last.id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, errorMessage: FAILURE_MESSAGES.aiOutput });
    expect((await userById(user.id)).adCredits).toBe(1);
  });

  it("a model that never answers usably: MAX_ATTEMPTS calls in all, repairs included, then failed with a refund", async () => {
    const { user, ad } = await adWithPhoto();
    const model = plannedModel(Array.from({ length: 2 * MAX_ATTEMPTS }, (_, call) => (call % 2 === 0 ? "json-fail" : "prose")));
    let expected = 0;
    for (let round = 0; round < 2 * MAX_ATTEMPTS; round++) {
      const outcome = await attempt(ad.id, { AI: model.binding }, expected);
      if (outcome.kind === "done") break;
      expect(outcome.kind).toBe("retry");
      expected = (outcome as Extract<AttemptOutcome, { kind: "retry" }>).attempts ?? expected;
    }
    expect(model.calls).toHaveLength(MAX_ATTEMPTS);
    expect(oneAtATime(model.calls)).toBe(true);
    expect(await adById(ad.id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, errorMessage: FAILURE_MESSAGES.aiOutput });
    expect((await userById(user.id)).adCredits).toBe(1);
    expect(await refundsOf(ad.id)).toBe(1);
  });
});
