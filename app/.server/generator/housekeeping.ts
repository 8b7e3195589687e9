// The generator Worker's scheduled housekeeping (the cron trigger in wrangler.generator.toml, and
// `POST /dev/housekeeping` passed on by a local app Worker, app/.server/app-worker/scheduled.ts).
import { getDb } from "../db/client";
import { checkKeyRings } from "../crypto/token-key-canary";
import { sendLeftoverListingEdits } from "../listings/edits";
import { applyDuePriceCuts } from "../listings/price-cut";
import { ebayHousekeeping } from "./listings/ebay-sweep";
import { getGeneratorConfig } from "./env";
import { sweepStuckAds } from "./generation/sweep";
import { kleinanzeigenHousekeeping } from "./kleinanzeigen/housekeeping";
import { purgeExpiredData, sweepAbandonedUploads } from "./maintenance";

/**
 * The scheduled housekeeping: stuck ads back into the queue, expired data purged, photos uploaded
 * for ads never created deleted (ADR 082), listings stuck in `publishing` settled with eBay and
 * Kleinanzeigen (ADR 047), Kleinanzeigen listings followed
 * (ADR 038), approved price cuts applied (ADR 037), the seller's edits a request left unsent
 * sent to the listings (ADR 076), the token key rings of both Workers compared (ADR 055).
 */
export async function housekeeping(env: GeneratorEnv) {
  const config = getGeneratorConfig(env);
  await sweepStuckAds(env);
  await purgeExpiredData(env.DB);
  // Each part is independent: one platform (or R2) being down never holds back the others' work.
  const work = await Promise.allSettled([
    sweepAbandonedUploads(env.DB, env.PHOTOS),
    kleinanzeigenHousekeeping(env.DB, config),
    ebayHousekeeping(env.DB, config),
    applyDuePriceCuts(getDb(env.DB), config),
    sendLeftoverListingEdits(getDb(env.DB), config, env.PHOTOS),
    checkKeyRings(getDb(env.DB), config.TOKEN_ENCRYPTION_KEY),
  ]);
  const failures = work.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
  if (failures.length > 0) throw new AggregateError(failures, "housekeeping failed");
}
