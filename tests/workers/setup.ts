import "~/lib/zod";
import "../console-guard";
import { reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach } from "vitest";
import { drainBackgroundWork } from "./background-work";

// Every migration with its record in `d1_migrations`, as `applyD1Migrations` from cloudflare:test
// writes them, but in one batch: one round trip to D1 instead of two per migration, which made up
// most of each test's setup.
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

async function migrate(db: D1Database) {
  const record = db.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
  await db.batch([
    db.prepare(MIGRATIONS_TABLE),
    ...env.TEST_MIGRATIONS.flatMap((migration) => [...migration.queries.map((query) => db.prepare(query)), record.bind(migration.name)]),
  ]);
}

// Every test starts from freshly migrated, empty storage.
beforeEach(async () => {
  await reset();
  await migrate(env.DB);
});

// The test's background work (waitUntil work, queue messages, runner alarms) ends inside it,
// before the next reset() deletes storage under it (background-work.ts).
afterEach(drainBackgroundWork);
