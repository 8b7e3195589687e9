// What an isolate keeps in memory between requests: marketplace facts read for a day, the app's
// eBay token, per-sender budgets. Each such store is registered here when it is made, so that a test
// can begin as a new isolate does, with nothing remembered (tests/workers/setup.ts; ADR 078).
// Values derived only from configuration (keys imported from a secret) need not be registered.

const stores: Array<{ clear(): void }> = [];

/** `store`, registered as the isolate's memory. */
export function keptInIsolate<T extends { clear(): void }>(store: T): T {
  stores.push(store);
  return store;
}

/** Forgets everything the isolate keeps: it starts as a new one would (tests only). */
export function forgetIsolateMemory(): void {
  for (const store of stores) store.clear();
}
