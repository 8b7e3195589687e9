// The runner of one ad's generation: a Durable Object per ad (named by the ad id), started by the
// queue consumer (ADR 023). Its alarm makes the attempt — a Durable Object alarm runs to its end
// (up to 15 minutes of wall time) however long the model takes, unlike `waitUntil` (30 s after the
// response). A failed attempt schedules the next one with the policy's backoff; a finished ad
// clears the runner. Attempts, lease and failure are the ad row's (attempt.ts), so a second
// delivery or a second runner can never make a second model call for the same ad.
//
// The alarm is idempotent (ADR 052): alarms have "guaranteed at-least-once execution and are
// retried automatically when the alarm() handler throws"
// (https://developers.cloudflare.com/durable-objects/api/alarms/), so one alarm may run twice.
// Whenever the runner schedules an attempt it stores, with the alarm, the count of model calls that
// attempt expects the ad to have, and the claim takes the ad only at that count: the same alarm
// delivered again after its attempt was claimed finds a higher count and makes no call.
//
// The runner also wakes the dashboard's waits for its ad (ADR 081): every write the attempt makes
// that a wait looks for (the claim, progress, the end) counts one change of the runner's mark, and
// each `nextMark` call waiting on the old mark returns. Marks live in memory only; a new instance
// has a new one, so a wait that saw the old instance is woken at once.
import { DurableObject } from "cloudflare:workers";
import { attemptsSoFar, runGenerationAttempt } from "./attempt";

const AD_ID = "adId";
/** The ad's count of model calls this runner's next attempt expects (attempt.ts, `expectedAttempts`). */
const ATTEMPTS = "attempts";

export class AdGenerationRunner extends DurableObject<GeneratorEnv> {
  readonly #instance = crypto.randomUUID();
  #changes = 0;
  readonly #waking = new Set<() => void>();

  #mark(): string {
    return `${this.#instance}:${this.#changes}`;
  }

  /** The attempt wrote something a wait looks for: a new mark, and every wait on the old one returns. */
  #changed(): void {
    this.#changes++;
    for (const wake of this.#waking) wake();
  }

  /**
   * The runner's mark once it differs from `seen` — at once when it already does or nothing was
   * seen — or after `waitMs` with no change (the same mark). Holds nothing but a timer.
   */
  async nextMark(seen: string | null, waitMs: number): Promise<string> {
    if (seen !== this.#mark() || waitMs <= 0) return this.#mark();
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#waking.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, waitMs);
      this.#waking.add(wake);
    });
    return this.#mark();
  }

  /**
   * Schedules an attempt now, at the ad's current count, unless one is already scheduled (e.g. a
   * backoff under way). While an alarm runs no alarm is set (getAlarm() is null), so a delivery
   * during an attempt schedules one that the attempt's lease or count turns away.
   */
  async start(adId: string): Promise<void> {
    const storage = this.ctx.storage;
    const current = await storage.get<string>(AD_ID);
    if (current !== undefined && current !== adId) throw new Error("this runner belongs to another ad");
    if ((await storage.getAlarm()) !== null) return;
    await storage.put({ [AD_ID]: adId, [ATTEMPTS]: await attemptsSoFar(this.env, adId) });
    await storage.setAlarm(Date.now());
  }

  override async alarm(): Promise<void> {
    const storage = this.ctx.storage;
    const adId = await storage.get<string>(AD_ID);
    if (adId === undefined) return;
    const expected = await storage.get<number>(ATTEMPTS);
    const outcome = await runGenerationAttempt(this.env, adId, expected, () => this.#changed());
    // Whatever the attempt came to is in D1 now (the ad finished, failed, or waits for a retry).
    this.#changed();
    if (outcome.kind === "done") {
      await storage.deleteAlarm();
      await storage.deleteAll();
      return;
    }
    if (outcome.kind === "retry" && outcome.attempts !== undefined) await storage.put(ATTEMPTS, outcome.attempts);
    const delaySeconds = outcome.kind === "leased" ? outcome.retryAfterSeconds : outcome.delaySeconds;
    await storage.setAlarm(Date.now() + delaySeconds * 1000);
  }
}
