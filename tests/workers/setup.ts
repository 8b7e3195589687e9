import "~/lib/zod";
import "../console-guard";
import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach } from "vitest";
import { drainBackgroundWork } from "./background-work";

// Every test starts from freshly migrated, empty storage.
beforeEach(async () => {
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
});

// The test's background work (waitUntil work, queue messages, runner alarms) ends inside it,
// before the next reset() deletes storage under it (background-work.ts).
afterEach(drainBackgroundWork);
