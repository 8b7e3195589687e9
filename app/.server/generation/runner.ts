// The runner of one ad's generation: a Durable Object per ad (named by the ad id), started by the
// queue consumer (ADR 023). Its alarm makes the attempt — a Durable Object alarm runs to its end
// (up to 15 minutes of wall time) however long the model takes, unlike `waitUntil` (30 s after the
// response). A failed attempt schedules the next one with the policy's backoff; a finished ad
// clears the runner. Attempts, lease and failure are the ad row's (attempt.ts), so a second
// delivery or a second runner can never make a second model call for the same ad.
import { DurableObject } from "cloudflare:workers";
import { runGenerationAttempt } from "./attempt";

const AD_ID = "adId";

export class AdGenerationRunner extends DurableObject<GeneratorEnv> {
  /** Schedules an attempt now unless one is already scheduled (e.g. a backoff under way). */
  async start(adId: string): Promise<void> {
    const storage = this.ctx.storage;
    const current = await storage.get<string>(AD_ID);
    if (current !== undefined && current !== adId) throw new Error("this runner belongs to another ad");
    if (current === undefined) await storage.put(AD_ID, adId);
    if ((await storage.getAlarm()) === null) await storage.setAlarm(Date.now());
  }

  override async alarm(): Promise<void> {
    const storage = this.ctx.storage;
    const adId = await storage.get<string>(AD_ID);
    if (adId === undefined) return;
    const outcome = await runGenerationAttempt(this.env, adId);
    if (outcome.kind === "done") {
      await storage.deleteAlarm();
      await storage.deleteAll();
      return;
    }
    const delaySeconds = outcome.kind === "leased" ? outcome.retryAfterSeconds : outcome.delaySeconds;
    await storage.setAlarm(Date.now() + delaySeconds * 1000);
  }
}
