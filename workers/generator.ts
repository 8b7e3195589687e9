// The generator Worker: the queue consumers (generation hand-off to each ad's runner, ADR 023;
// image work, ADR 024), the runners (one Durable Object per ad), the model's opinion for the
// Verkaufshelfer, and the scheduled housekeeping.
import "../app/lib/zod";
import { getGeneratorConfig } from "../app/.server/generation/env";
import { handleGenerationBatch } from "../app/.server/generation/consumer";
import { handleGeneratorRequest } from "../app/.server/generation/opinion";
import { handleImageBatch } from "../app/.server/images/consumer";
import { AD_IMAGES_QUEUE } from "../app/.server/queue/ad-images";
import { purgeExpiredData } from "../app/.server/generation/maintenance";
import { sweepStuckAds } from "../app/.server/generation/sweep";
import { HOUSEKEEPING_PATH } from "../app/.server/queue/ad-generation";
import { kleinanzeigenHousekeeping } from "../app/.server/kleinanzeigen/housekeeping";
import { ebayHousekeeping } from "../app/.server/ebay/sweep";
import { getDb } from "../app/.server/db/client";
import { applyDuePriceCuts } from "../app/.server/listings/price-cut";
import { checkKeyRings } from "../app/.server/listings/token-key-canary";

/**
 * The scheduled housekeeping: stuck ads back into the queue, expired data purged, listings stuck in
 * `publishing` settled with eBay and Kleinanzeigen (ADR 047), Kleinanzeigen listings followed
 * (ADR 038), approved price cuts applied (ADR 037), the token key rings of both Workers compared
 * (ADR 055).
 */
async function housekeeping(env: GeneratorEnv) {
  const config = getGeneratorConfig(env);
  await sweepStuckAds(env);
  await purgeExpiredData(env.DB);
  // The marketplaces are independent: one platform being down never holds back the other's work.
  const listingWork = await Promise.allSettled([
    kleinanzeigenHousekeeping(env.DB, config),
    ebayHousekeeping(env.DB, config),
    applyDuePriceCuts(getDb(env.DB), config),
    checkKeyRings(getDb(env.DB), config.TOKEN_ENCRYPTION_KEY),
  ]);
  const failures = listingWork.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
  if (failures.length > 0) throw new AggregateError(failures, "listing housekeeping failed");
}

export { AdGenerationRunner } from "../app/.server/generation/runner";

export default {
  // Reachable only through the app Worker's service binding (no route, workers_dev and preview URLs off).
  async fetch(request, env) {
    getGeneratorConfig(env);
    // The app Worker passing on a housekeeping run asked for by hand (app/.server/http/scheduled.ts).
    if (request.method === "POST" && new URL(request.url).pathname === HOUSEKEEPING_PATH) {
      await housekeeping(env);
      return new Response(null, { status: 204 });
    }
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
