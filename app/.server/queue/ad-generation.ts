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
 * One message per ad. `task: "images"` asks only for the images the browser did not send — the
 * social-preview cover of the first photo (ADR 019) and the display copies (ADR 021) — after
 * completion or an edit; "cover" is its earlier name, still accepted from messages queued before a
 * deploy. No task means: generate the ad.
 */
export const adGenerationMessageSchema = z.object({ adId: z.string().min(1).max(64), task: z.enum(["generate", "images", "cover"]).optional() }).strict();

export type AdGenerationMessage = z.infer<typeof adGenerationMessageSchema>;

export async function enqueueAdGeneration(queue: Queue, adId: string): Promise<void> {
  const message: AdGenerationMessage = adGenerationMessageSchema.parse({ adId });
  await queue.send(message, { contentType: "json" });
}

/** Asks the generator Worker for the cover and the display copies the ad lacks, off the request path. */
export async function enqueueImageRefresh(queue: Queue, adId: string): Promise<void> {
  const message: AdGenerationMessage = adGenerationMessageSchema.parse({ adId, task: "images" });
  await queue.send(message, { contentType: "json" });
}
