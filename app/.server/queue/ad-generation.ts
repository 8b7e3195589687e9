// The contract between the app Worker (producer) and the generator Worker (consumer).
import { z } from "zod";
import { OPINION_REASON_LABELS } from "../ai/opinion-reasons";

export const AD_GENERATION_QUEUE = "ad-generation";

/** The generator Worker's direct start (service binding from the app Worker; ADR 010). */
export const DIRECT_GENERATION_PATH = "/generate";

/** The generator Worker's model opinion on a buyer's message (Verkaufshelfer; ADR 016). */
export const SCAM_OPINION_PATH = "/scam-opinion";

/**
 * The generator Worker's scheduled housekeeping, asked for by the app Worker on a local instance
 * (`POST /dev/housekeeping`, app/.server/http/scheduled.ts; README "Cron triggers").
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
 * One message per ad. `task: "images"` asks only for the images the browser did not send — the
 * social-preview cover of the first photo (ADR 019) and the display copies (ADR 021) — after
 * completion or an edit; "cover" is its earlier name, still accepted from messages queued before a
 * deploy. No task means: generate the ad.
 */
export const adGenerationMessageSchema = z.object({ adId: z.string().min(1).max(64), task: z.enum(["generate", "images", "cover"]).optional() }).strict();

export type AdGenerationMessage = z.infer<typeof adGenerationMessageSchema>;

export async function enqueueAdGeneration(queue: Queue, adId: string, delaySeconds = 0): Promise<void> {
  const message: AdGenerationMessage = adGenerationMessageSchema.parse({ adId });
  await queue.send(message, { contentType: "json", ...(delaySeconds > 0 ? { delaySeconds } : {}) });
}

/** Asks the generator Worker for the cover and the display copies the ad lacks, off the request path. */
export async function enqueueImageRefresh(queue: Queue, adId: string): Promise<void> {
  const message: AdGenerationMessage = adGenerationMessageSchema.parse({ adId, task: "images" });
  await queue.send(message, { contentType: "json" });
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
