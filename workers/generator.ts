// The generator Worker: the queue consumer that hands each ad to its runner, the runners (one
// Durable Object per ad, ADR 023), the model's opinion for the Verkaufshelfer, and the scheduled
// housekeeping.
import "../app/lib/zod";
import { getGeneratorConfig } from "../app/.server/generation/env";
import { handleGenerationBatch } from "../app/.server/generation/consumer";
import { handleGeneratorRequest } from "../app/.server/generation/opinion";
import { purgeExpiredData } from "../app/.server/generation/maintenance";
import { sweepStuckAds } from "../app/.server/generation/sweep";

export { AdGenerationRunner } from "../app/.server/generation/runner";

export default {
  // Reachable only through the app Worker's service binding (no route, workers_dev and preview URLs off).
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
