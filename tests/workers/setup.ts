import "~/lib/zod";
import "../console-guard";
import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach } from "vitest";
import { settleWorkerContexts } from "./worker-context";

// Every test starts from freshly migrated, empty storage.
beforeEach(async () => {
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
});

// Background work of the test (e.g. a cache write) ends inside it, before the next reset().
afterEach(settleWorkerContexts);
