// How long a failed queue message waits before its next delivery: the backoff of both of the
// generator's queue consumers (generation/consumer.ts, images/consumer.ts) and of a generation
// attempt that gives its ad back (generation/attempt.ts).

/** Exponential backoff between attempts: 10 s, 20 s, 40 s … capped at 5 minutes. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(300, 10 * 2 ** Math.max(0, attempt - 1));
}
