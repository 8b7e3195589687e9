// The generator Worker's consumer of the `ad-images` queue (ADR 024): covers and display copies
// the browser did not send, each message validated, acked or retried on its own.
import { logActivity } from "../../activity-log";
import { getDb } from "../../db/client";
import { adImagesMessageSchema } from "../../queue/ad-images";
import { retryDelaySeconds } from "../queue-retry";
import { refreshAdImages } from "./ensure";
import type { ImagesEnv } from "../../images/source";

export type ImageBatchEnv = ImagesEnv & { DB: D1Database };

/** Works the messages of a batch (at most 5, max_batch_size) at once: the binding does the work outside this isolate. */
export async function handleImageBatch(batch: MessageBatch<unknown>, env: ImageBatchEnv): Promise<void> {
  const db = getDb(env.DB);
  await Promise.all(
    batch.messages.map(async (message) => {
      const parsed = adImagesMessageSchema.safeParse(message.body);
      if (!parsed.success) {
        // A malformed message can never succeed: drop it (ack) and leave a trace for operators.
        await logActivity(db, { action: "queue_message_invalid", details: { messageId: message.id, queue: batch.queue } });
        message.ack();
        return;
      }
      try {
        await refreshAdImages(db, env, parsed.data.adId);
        message.ack();
      } catch (error) {
        console.warn("image refresh failed, retrying", { adId: parsed.data.adId, error: String(error) });
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }),
  );
}
