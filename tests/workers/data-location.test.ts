// Where the generation runs (ADR 055): each ad's runner — a Durable Object that reads the ad's photos
// and the seller's text — is created in the EU jurisdiction in production, and in the plain namespace
// locally, where workerd has no jurisdictions.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runnerFor } from "~/.server/generator/generation/consumer";
import generator from "../../workers/generator";
import { insertAd, insertUser } from "./helpers";

const inTheEu = { ...env, RUNNER_JURISDICTION: "eu" } as unknown as GeneratorEnv;

describe("the runners' data location", () => {
  it("locally: the runner is named in the plain namespace", () => {
    expect(runnerFor(env, "ad-1").id.equals(env.AD_GENERATION.idFromName("ad-1"))).toBe(true);
  });

  it('with RUNNER_JURISDICTION = "eu" (production): the runner is asked of the EU jurisdiction, which workerd refuses', () => {
    expect(() => runnerFor(inTheEu, "ad-1")).toThrow("Jurisdiction restrictions are not implemented in workerd");
  });

  it("the queue's hand-off goes through the same choice: an EU runner, never one outside it", async () => {
    const user = await insertUser();
    const ad = await insertAd(user.id, { status: "completed" });
    const batch = createMessageBatch("ad-generation", [{ id: "m-eu", timestamp: new Date(), attempts: 1, body: { adId: ad.id } }]);
    const ctx = createExecutionContext();
    await generator.queue(batch, inTheEu, ctx);
    const result = await getQueueResult(batch, ctx);
    // Locally the EU namespace cannot be had, so the message is retried rather than handed to a runner elsewhere.
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages.map(({ msgId }) => msgId)).toEqual(["m-eu"]);
  });

  it("refuses a jurisdiction the runners do not use", () => {
    expect(() => runnerFor({ ...env, RUNNER_JURISDICTION: "fedramp" } as unknown as GeneratorEnv, "ad-1")).toThrow(/RUNNER_JURISDICTION/);
  });
});
