// Queue consumer logic of the generator Worker: every message is validated on its own and
// acked or retried on its own, so one bad message never holds up or repeats the others.
import { and, eq, sql } from "drizzle-orm";
import { logActivity } from "../activity/log";
import { getDb, type Db } from "../db/client";
import { ads } from "../db/schema";
import { adGenerationMessageSchema, retryDelaySeconds } from "../queue/ad-generation";

export type GenerationEnv = { DB: D1Database };

/**
 * Claims an ad for one generation attempt: only ads still `processing` are claimed, so a
 * duplicate delivery of an ad that is already completed or failed is a no-op.
 * Returns the claimed ad, or null when there is nothing to do.
 */
export async function claimAdForGeneration(db: Db, adId: string) {
  const [claimed] = await db
    .update(ads)
    .set({ attempts: sql`${ads.attempts} + 1`, updatedAt: Date.now() })
    .where(and(eq(ads.id, adId), eq(ads.status, "processing")))
    .returning();
  return claimed ?? null;
}

export async function handleGenerationBatch(batch: MessageBatch<unknown>, env: GenerationEnv): Promise<void> {
  const db = getDb(env.DB);
  for (const message of batch.messages) {
    const parsed = adGenerationMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      // A malformed message can never succeed: drop it (ack) and leave a trace for operators.
      await logActivity(db, { action: "queue_message_invalid", details: { messageId: message.id } });
      message.ack();
      continue;
    }
    try {
      await claimAdForGeneration(db, parsed.data.adId);
      message.ack();
    } catch (error) {
      console.error("ad generation failed", { adId: parsed.data.adId, attempt: message.attempts, error });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
