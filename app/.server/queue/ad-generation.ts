// The contract between the app Worker (producer) and the generator Worker (consumer).
import { z } from "zod";
import { OPINION_REASON_LABELS } from "./opinion-reasons";

/** The generator Worker's model opinion on a buyer's message (Verkaufshelfer; ADR 016). */
export const SCAM_OPINION_PATH = "/scam-opinion";

/**
 * The generator Worker's scheduled housekeeping, asked for by the app Worker on a local instance
 * (`POST /dev/housekeeping`, app/.server/app-worker/scheduled.ts; README "Cron triggers").
 */
export const HOUSEKEEPING_PATH = "/housekeeping";

/** How long the model may think about a buyer's message; the seller is waiting for the answer. */
export const OPINION_TIMEOUT_MS = 8_000;

/** The opinion as the app shows it: the reason is one of our own labels, never the model's text. */
export const modelOpinionSchema = z.object({
  verdict: z.enum(["unbedenklich", "vorsicht", "betrugsmuster"]),
  reason: z.enum(OPINION_REASON_LABELS),
});

export type ModelOpinion = z.infer<typeof modelOpinionSchema>;

/**
 * One message per ad: generate it. `task: "images"` (and its earlier name "cover") asked for the
 * images the browser did not send; since ADR 024 those requests go to the `ad-images` queue, and the
 * consumer forwards the ones still queued here from before a deploy. Nothing sends a task any more.
 */
export const adGenerationMessageSchema = z
  .object({ adId: z.string().min(1).max(64), task: z.enum(["images", "cover"]).optional() })
  .strict();

export type AdGenerationMessage = z.infer<typeof adGenerationMessageSchema>;

export async function enqueueAdGeneration(queue: Queue, adId: string): Promise<void> {
  const message: AdGenerationMessage = adGenerationMessageSchema.parse({ adId });
  await queue.send(message, { contentType: "json" });
}
