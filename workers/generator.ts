// The generator Worker: queue consumer for ad generation and image work, and the scheduled housekeeping.
import "../app/lib/zod";
import { getGeneratorConfig } from "../app/.server/generation/env";
import { handleGenerationBatch } from "../app/.server/generation/consumer";
import { handleGeneratorRequest } from "../app/.server/generation/direct";
import { handleImageBatch } from "../app/.server/images/consumer";
import { AD_IMAGES_QUEUE } from "../app/.server/queue/ad-images";
import { purgeExpiredData } from "../app/.server/generation/maintenance";
import { sweepStuckAds } from "../app/.server/generation/sweep";

export default {
  // Reachable only through the app Worker's service binding (no route, workers_dev = false).
  async fetch(request, env) {
    getGeneratorConfig(env);
    return handleGeneratorRequest(request, env);
  },
  async queue(batch, env, _ctx) {
    getGeneratorConfig(env);
    // One consumer for both queues; the batch says which one it came from (ADR 024).
    if (batch.queue === AD_IMAGES_QUEUE) await handleImageBatch(batch, env);
    else await handleGenerationBatch(batch, env);
  },
  async scheduled(_controller, env, _ctx) {
    getGeneratorConfig(env);
    await sweepStuckAds(env);
    await purgeExpiredData(env.DB);
  },
} satisfies ExportedHandler<GeneratorEnv>;
