// A direct line to the demo server's local D1, for staging states the offline AI never produces and
// for checking what is stored. It opens the same SQLite file the running server uses, through
// Miniflare's own D1 (the same code `wrangler d1 execute --local` runs), once per Playwright worker
// instead of starting wrangler for every statement.
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { readFileSync } from "node:fs";
import { DEMO_PERSIST_TO } from "../../playwright.config";

export type DemoDb = {
  /** Runs one statement with bound parameters and returns its rows. */
  all<Row = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<Row[]>;
  /** Runs statements in one transaction. */
  batch(statements: Array<[sql: string, ...params: unknown[]]>): Promise<void>;
  close(): Promise<void>;
};

/** The local D1 id of the app Worker (the first `database_id` in wrangler.toml). */
function databaseId(): string {
  const match = /^database_id\s*=\s*"([^"]+)"/m.exec(readFileSync("wrangler.toml", "utf8"));
  if (!match) throw new Error("wrangler.toml declares no database_id");
  return match[1]!;
}

export function openDemoDb(): DemoDb {
  let miniflare: Miniflare | undefined;
  const database = () => {
    // Miniflare 5 still reads the flat Miniflare 4 options through its own converter (ADR 002).
    miniflare ??= new Miniflare(
      convertV4MiniflareOptions({
        modules: true,
        script: "export default {}",
        d1Databases: { DB: databaseId() },
        // wrangler keeps its local state under <persist-to>/v3 (D1 in its d1 folder).
        resourcePersistencePath: `${DEMO_PERSIST_TO}/v3`,
      }),
    );
    return miniflare.getD1Database("DB");
  };
  return {
    async all<Row>(sql: string, ...params: unknown[]) {
      const db = await database();
      return retryWhileBusy(
        async () =>
          (
            await db
              .prepare(sql)
              .bind(...params)
              .all<Row>()
          ).results,
      );
    },
    async batch(statements) {
      const db = await database();
      await retryWhileBusy(() => db.batch(statements.map(([sql, ...params]) => db.prepare(sql).bind(...params))));
    },
    async close() {
      await miniflare?.dispose();
    },
  };
}

/**
 * The running server holds the same SQLite file: a statement that meets one of its write
 * transactions gets SQLITE_BUSY and is simply run again.
 */
async function retryWhileBusy<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!/SQLITE_BUSY|database is locked/i.test(String(error)) || attempt === 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
