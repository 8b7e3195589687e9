// The contract of the `ad-images` queue: the app Worker (after an edit) and the generator Worker
// (after a completion) ask for the covers and display copies an ad lacks; the generator Worker
// consumes it (ADR 024). Its own queue, so image work never waits behind or delays a generation.
import { z } from "zod";

export const AD_IMAGES_QUEUE = "ad-images";

/** One message per ad: make its display copies and the cover of its first photo where missing. */
export const adImagesMessageSchema = z.object({ adId: z.string().min(1).max(64) }).strict();

export type AdImagesMessage = z.infer<typeof adImagesMessageSchema>;

/** Asks the generator Worker for the cover and the display copies the ad lacks, off the request path. */
export async function enqueueImageRefresh(queue: Queue, adId: string): Promise<void> {
  const message: AdImagesMessage = adImagesMessageSchema.parse({ adId });
  await queue.send(message, { contentType: "json" });
}
