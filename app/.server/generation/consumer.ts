// The generator Worker's queue consumer (ADR 023). The queue is the hand-off from the app Worker:
// each message is validated on its own and hands its ad to the ad's own runner (a Durable Object,
// runner.ts), which generates it in an alarm — an invocation whose lifetime the platform
// guarantees, one per ad, so no seller waits for another seller's batch. The consumer itself only
// waits for that hand-off (milliseconds), acks, or retries the message with the policy's backoff.
import { logActivity } from "../activity/log";
import { getDb, type Db } from "../db/client";
import { adGenerationMessageSchema } from "../queue/ad-generation";
import { enqueueImageRefresh } from "../queue/ad-images";
import { retryDelaySeconds } from "./policy";

export type ConsumerEnv = Pick<GeneratorEnv, "DB" | "AD_GENERATION" | "IMAGES_QUEUE">;

/**
 * The runner of an ad, named by the ad id. It stores nothing but that id and its alarm, cleared when
 * the ad is done, so it needs no jurisdiction (which workerd does not implement locally): the ad's
 * data stays in D1 and R2, which are in the EU jurisdiction (ADR 023, ADR 026).
 */
export function runnerFor(env: Pick<GeneratorEnv, "AD_GENERATION">, adId: string) {
  return env.AD_GENERATION.get(env.AD_GENERATION.idFromName(adId));
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
