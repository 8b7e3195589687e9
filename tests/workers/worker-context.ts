// Execution contexts for requests the workers tests send to the app Worker (createWorkerApp,
// createApi), made by the test plugin (createExecutionContext) as the runtime makes them.
// What a request hands to `waitUntil` (a cache write, the purge's second pass, a log entry) runs
// on after the answer, as on Cloudflare; the setup (setup.ts) waits for it after every test, so it
// ends inside the test that started it: otherwise the next test's reset() deletes storage under
// it (Miniflare 5 keeps the cache in Durable Objects) and its error lands in the wrong test.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";

const open: ExecutionContext[] = [];

/** A fresh execution context whose background work the setup waits for after the test. */
export function workerContext(): ExecutionContext {
  const ctx = createExecutionContext();
  open.push(ctx);
  return ctx;
}

/** Waits for the background work of every context handed out so far; a rejection fails the test. */
export async function settleWorkerContexts(): Promise<void> {
  while (open.length > 0) await Promise.all(open.splice(0).map((ctx) => waitOnExecutionContext(ctx)));
}
