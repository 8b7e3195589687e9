// How many D1 statements the app has prepared for the requests that reach the test Worker over a
// connection (generator-entry.ts): a test that closes a connection sees whether any read follows.
// The test files run one at a time in their own runtime, so one counter serves them all.
export const appStatements = { prepared: 0 };

/** The same database, counting each statement the app prepares (drizzle prepares every query it runs). */
export function countingStatements(d1: D1Database): D1Database {
  return new Proxy(d1, {
    get(target, key) {
      if (key === "prepare")
        return (query: string) => {
          appStatements.prepared += 1;
          return target.prepare(query);
        };
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
