// The contract between the app Worker (producer) and the generator Worker (consumer).
import { z } from "zod";

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

export async function enqueueAdGeneration(queue: Queue, adId: string): Promise<void> {
  const message: AdGenerationMessage = adGenerationMessageSchema.parse({ adId });
  await queue.send(message, { contentType: "json" });
}
