// The retry policy of ad generation, in one place (ADR 023, ADR 052): how many model calls an ad may
// cost, how long each attempt holds its ad and when an ad counts as stuck. How long a failed attempt
// waits is the generator's queue backoff (../queue-retry.ts).

/**
 * The budget of model calls per ad, counted in `ads.attempts`: each attempt's call and each repair
 * call spends one (ADR 052). Out of budget, the ad is marked failed with a refund.
 */
export const MAX_ATTEMPTS = 4;

/**
 * Deliveries of one queue message: the hand-off to the ad's runner is retried as often as an ad is
 * attempted (wrangler.generator.toml `max_retries`, tied to this by tests/unit/deploy-config.test.ts).
 */
export const QUEUE_MAX_RETRIES = MAX_ATTEMPTS - 1;

/** How long past the AI deadline an attempt keeps its claim (the writes after the model answered). */
export const LEASE_MARGIN_MS = 30_000;

/** How long an attempt holds its ad: the AI deadline plus the writes after the answer. */
export function leaseDurationMs(aiTimeoutMs: number): number {
  return aiTimeoutMs + LEASE_MARGIN_MS;
}

/**
 * After the deadline aborted a call, how long the attempt waits to see the call end. A call seen to
 * end gives the lease back at once; one that does not may still run, and its lease is held to the
 * end, so no next attempt starts beside it (ADR 052).
 */
export const ABORT_CONFIRM_MS = 2_000;

/** An ad still `processing` with a free lease and no write for this long is put back into the queue. */
export const STUCK_AFTER_MS = 10 * 60 * 1000;
