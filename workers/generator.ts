// The generator Worker: queue consumer for ad generation and the scheduled housekeeping.
import "../app/lib/zod";
import { getGeneratorConfig } from "../app/.server/generation/env";
import { handleGenerationBatch } from "../app/.server/generation/consumer";
import { handleGeneratorRequest } from "../app/.server/generation/direct";
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
    await handleGenerationBatch(batch, env);
  },
  async scheduled(_controller, env, _ctx) {
    getGeneratorConfig(env);
    await sweepStuckAds(env);
    await purgeExpiredData(env.DB);
  },
} satisfies ExportedHandler<GeneratorEnv>;
