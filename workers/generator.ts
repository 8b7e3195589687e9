// The generator Worker: the queue consumers (generation hand-off to each ad's runner, ADR 023;
// image work, ADR 024), the runners (one Durable Object per ad) and their notices to the
// dashboard's wait (ADR 081), the model's opinion for the Verkaufshelfer, and the scheduled
// housekeeping.
import "../app/lib/zod";
import { getGeneratorConfig } from "../app/.server/generator/env";
import { handleGenerationBatch } from "../app/.server/generator/generation/consumer";
import { handleAdNotices } from "../app/.server/generator/generation/notices";
import { handleGeneratorRequest } from "../app/.server/generator/generation/opinion";
import { AD_NOTICES_PATH } from "../app/.server/queue/ad-notices";
import { handleImageBatch } from "../app/.server/generator/images/consumer";
import { AD_IMAGES_QUEUE } from "../app/.server/queue/ad-images";
import { HOUSEKEEPING_PATH } from "../app/.server/queue/ad-generation";
import { housekeeping } from "../app/.server/generator/housekeeping";

export { AdGenerationRunner } from "../app/.server/generator/generation/runner";

export default {
  // Reachable only through the app Worker's service binding (no route, workers_dev and preview URLs off).
  async fetch(request, env) {
    getGeneratorConfig(env);
    // The app Worker passing on a housekeeping run asked for by hand (app/.server/app-worker/scheduled.ts).
    const { pathname } = new URL(request.url);
    if (request.method === "POST" && pathname === HOUSEKEEPING_PATH) {
      await housekeeping(env);
      return new Response(null, { status: 204 });
    }
    // The dashboard's wait, woken by the runners (ADR 081).
    if (request.method === "POST" && pathname === AD_NOTICES_PATH) return handleAdNotices(request, env);
    return handleGeneratorRequest(request, env);
  },
  async queue(batch, env, _ctx) {
    getGeneratorConfig(env);
    // One consumer for both queues; the batch says which one it came from (ADR 024).
    if (batch.queue === AD_IMAGES_QUEUE) await handleImageBatch(batch, env);
    else await handleGenerationBatch(batch, env);
  },
  async scheduled(_controller, env, _ctx) {
    await housekeeping(env);
  },
} satisfies ExportedHandler<GeneratorEnv>;
