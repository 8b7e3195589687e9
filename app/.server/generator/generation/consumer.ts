// The generator Worker's queue consumer (ADR 023). The queue is the hand-off from the app Worker:
// each message is validated on its own and hands its ad to the ad's own runner (a Durable Object,
// runner.ts), which generates it in an alarm — an invocation whose lifetime the platform
// guarantees, one per ad, so no seller waits for another seller's batch. The consumer itself only
// waits for that hand-off (milliseconds), acks, or retries the message with the policy's backoff.
import { logActivity } from "../../activity-log";
import { getDb, type Db } from "../../db/client";
import { adGenerationMessageSchema } from "../../queue/ad-generation";
import { enqueueImageRefresh } from "../../queue/ad-images";
import { getGeneratorConfig } from "../env";
import { retryDelaySeconds } from "../queue-retry";

export type ConsumerEnv = Pick<GeneratorEnv, "DB" | "AD_GENERATION" | "IMAGES_QUEUE">;

/**
 * The namespace of the runners. A runner reads the ad's photos and the seller's text while it runs,
 * so in production it runs only inside the EU: RUNNER_JURISDICTION = "eu" (wrangler.generator.toml)
 * makes it `AD_GENERATION.jurisdiction("eu")`, whose Durable Objects "only run and store data within"
 * the jurisdiction (https://developers.cloudflare.com/durable-objects/reference/data-location/).
 * workerd does not implement jurisdictions ("Jurisdiction restrictions are not implemented in
 * workerd"), so the local configuration leaves it unset (ADR 055).
 */
export function runnerNamespace(env: Pick<GeneratorEnv, "AD_GENERATION">) {
  const { RUNNER_JURISDICTION } = getGeneratorConfig(env);
  return RUNNER_JURISDICTION ? env.AD_GENERATION.jurisdiction(RUNNER_JURISDICTION) : env.AD_GENERATION;
}

/** The runner of an ad, named by the ad id (ADR 023). */
export function runnerFor(env: Pick<GeneratorEnv, "AD_GENERATION">, adId: string) {
  const namespace = runnerNamespace(env);
  return namespace.get(namespace.idFromName(adId));
}

/** Hands an ad to its runner; the runner starts at once unless an attempt is already scheduled. */
export async function handOffGeneration(env: Pick<GeneratorEnv, "AD_GENERATION">, adId: string) {
  await runnerFor(env, adId).start(adId);
}

async function handleMessage(env: ConsumerEnv, db: Db, message: Message<unknown>) {
  const parsed = adGenerationMessageSchema.safeParse(message.body);
  if (!parsed.success) {
    // A malformed message can never succeed: drop it (ack) and leave a trace for operators.
    await logActivity(db, { action: "queue_message_invalid", details: { messageId: message.id } });
    message.ack();
    return;
  }
  const { adId, task } = parsed.data;
  try {
    if (task === "images" || task === "cover")
      // Queued here before ADR 024 moved image work to its own queue: forwarded there (one release).
      await enqueueImageRefresh(env.IMAGES_QUEUE, adId);
    else await handOffGeneration(env, adId);
    message.ack();
  } catch (error) {
    console.warn("queue message failed, retrying", { adId, task, error: String(error) });
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

/** Works the messages of a batch one by one; each is acked or retried on its own. */
export async function handleGenerationBatch(batch: MessageBatch<unknown>, env: ConsumerEnv): Promise<void> {
  const db = getDb(env.DB);
  await Promise.all(batch.messages.map((message) => handleMessage(env, db, message)));
}
