// The contract between the app Worker (producer) and the generator Worker (consumer).
import { z } from "zod";

export const AD_GENERATION_QUEUE = "ad-generation";

/** The generator Worker's direct start (service binding from the app Worker; ADR 010). */
export const DIRECT_GENERATION_PATH = "/generate";

/** The generator Worker's model opinion on a buyer's message (Verkaufshelfer; ADR 016). */
export const SCAM_OPINION_PATH = "/scam-opinion";

/** How long the model may think about a buyer's message; the seller is waiting for the answer. */
export const OPINION_TIMEOUT_MS = 8_000;

export const modelOpinionSchema = z.object({
  verdict: z.enum(["unbedenklich", "vorsicht", "betrugsmuster"]),
  reason: z.string().trim().min(1).transform((reason) => reason.slice(0, 300)),
});

export type ModelOpinion = z.infer<typeof modelOpinionSchema>;

/**
 * One message per ad. No task means: generate the ad. `task: "images"` (and its earlier name
 * "cover") asked for the images the browser did not send; since ADR 024 those requests go to the
 * `ad-images` queue, and the consumer forwards the ones still queued here from before a deploy.
 */
export const adGenerationMessageSchema = z.object({ adId: z.string().min(1).max(64), task: z.enum(["generate", "images", "cover"]).optional() }).strict();

export type AdGenerationMessage = z.infer<typeof adGenerationMessageSchema>;

export async function enqueueAdGeneration(queue: Queue, adId: string, delaySeconds = 0): Promise<void> {
  const message: AdGenerationMessage = adGenerationMessageSchema.parse({ adId });
  await queue.send(message, { contentType: "json", ...(delaySeconds > 0 ? { delaySeconds } : {}) });
}

/**
 * Delay of the safety-net message when the generation was started directly: longer than a normal
 * attempt (AI deadline + margin), so it usually finds the ad finished.
 */
export const SAFETY_NET_DELAY_SECONDS = 150;

/** Exponential backoff for retried messages: 10 s, 20 s, 40 s … capped at 5 minutes. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(300, 10 * 2 ** Math.max(0, attempt - 1));
}
