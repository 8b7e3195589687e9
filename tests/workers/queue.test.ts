import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLogs, ads } from "~/.server/db/schema";
import { enqueueAdGeneration } from "~/.server/queue/ad-generation";
import generator from "../../workers/generator";
import { db, eventually, insertAd, insertUser } from "./helpers";

async function adById(id: string) {
  const [ad] = await db().select().from(ads).where(eq(ads.id, id));
  return ad;
}

describe("ad-generation queue", () => {
  it("delivers what the app Worker's producer sends to the generator Worker's consumer", async () => {
    const user = await insertUser();
    const ad = await insertAd(user.id);

    await enqueueAdGeneration(env.AD_QUEUE, ad.id);

    const claimed = await eventually(async () => {
      const current = await adById(ad.id);
      return current.attempts > 0 ? current : undefined;
    });
    expect(claimed.attempts).toBe(1);
  });

  it("acks a valid message and drops a malformed one without retrying it", async () => {
    const user = await insertUser();
    const ad = await insertAd(user.id);
    const batch = createMessageBatch("ad-generation", [
      { id: "valid", timestamp: new Date(), attempts: 1, body: { adId: ad.id } },
      { id: "malformed", timestamp: new Date(), attempts: 1, body: { ad: 42 } },
    ]);
    const ctx = createExecutionContext();

    await generator.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);

    expect(result.explicitAcks.sort()).toEqual(["malformed", "valid"]);
    expect(result.retryMessages).toEqual([]);
    // The valid message handed its ad to the ad's runner, which makes the attempt.
    expect(await eventually(async () => ((await adById(ad.id)).attempts === 1 ? true : undefined))).toBe(true);
    const logged = await db().select().from(activityLogs).where(eq(activityLogs.action, "queue_message_invalid"));
    expect(logged).toHaveLength(1);
  });

  it("leaves an ad that is no longer processing untouched on a duplicate delivery", async () => {
    const user = await insertUser();
    const ad = await insertAd(user.id, { status: "completed", attempts: 1 });
    const batch = createMessageBatch("ad-generation", [{ id: "duplicate", timestamp: new Date(), attempts: 1, body: { adId: ad.id } }]);
    const ctx = createExecutionContext();

    await generator.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);

    expect(result.explicitAcks).toEqual(["duplicate"]);
    expect(await adById(ad.id)).toMatchObject({ status: "completed", attempts: 1 });
  });
});
