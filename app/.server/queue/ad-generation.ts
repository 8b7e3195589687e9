// The contract between the app Worker (producer) and the generator Worker (consumer).
import { z } from "zod";

export const AD_GENERATION_QUEUE = "ad-generation";

export const adGenerationMessageSchema = z.object({ adId: z.string().min(1).max(64) }).strict();

export type AdGenerationMessage = z.infer<typeof adGenerationMessageSchema>;

export async function enqueueAdGeneration(queue: Queue, adId: string): Promise<void> {
  const message: AdGenerationMessage = adGenerationMessageSchema.parse({ adId });
  await queue.send(message, { contentType: "json" });
}

/** Exponential backoff for retried messages: 10 s, 20 s, 40 s … capped at 5 minutes. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(300, 10 * 2 ** Math.max(0, attempt - 1));
}
