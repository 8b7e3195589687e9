import "~/lib/zod";
import { guardConsole } from "../console-guard";
import { reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach } from "vitest";
import { forgetIsolateMemory } from "~/.server/isolate-memory";
import { drainBackgroundWork } from "./background-work";

guardConsole();

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

/**
 * Every storage binding touched, so that reset() deletes it. workerd's reset empties the Durable
 * Objects that are running, and locally D1, R2 and the cache are Durable Objects: one left idle for
 * some seconds (between two test files, which share a runtime) is evicted and keeps its data.
 */
async function wakeStorage() {
  await Promise.all([env.DB.prepare("SELECT 1").first(), env.PHOTOS.head("-"), caches.default.match("http://localhost/-")]);
}

// Every test starts as a new isolate would, with nothing in memory, and from freshly migrated,
// empty storage. Test files share one runtime and module graph (vitest.config.ts: isolate off).
beforeEach(async () => {
  forgetIsolateMemory();
  await wakeStorage();
  await reset();
  await migrate(env.DB);
});

// The test's background work (waitUntil work, queue messages, runner alarms) ends inside it,
// before the next reset() deletes storage under it (background-work.ts).
afterEach(drainBackgroundWork);
