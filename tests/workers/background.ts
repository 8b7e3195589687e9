// What a request hands to `waitUntil` (the edge cache's write, for one) runs on after the answer,
// as on Cloudflare, where the runtime keeps it alive. The tests' setup waits for it after every
// test: otherwise the next test's reset() deletes the cache under a write still running (Miniflare
// 5 keeps the cache in Durable Objects), and that write's error lands in the wrong test.
const pending: Promise<unknown>[] = [];

/** An execution context whose background work the setup waits for after each test. */
export const backgroundContext = {
  waitUntil: (promise: Promise<unknown>) => void pending.push(promise),
  passThroughOnException: () => {},
  props: {},
} as unknown as ExecutionContext;

/** Waits for all background work handed to `backgroundContext` so far. */
export async function settleBackgroundWork() {
  while (pending.length > 0) await Promise.allSettled(pending.splice(0));
}
