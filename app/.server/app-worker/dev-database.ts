// The end-to-end tests' line to a test instance's D1: `POST /dev/database` runs statements through
// the instance's own binding. Tests stage states the offline AI never produces and check what is
// stored through it, instead of opening the SQLite file the running server holds from a second
// process — a write from there made the server's own queries fail with SQLITE_BUSY, which D1 never
// answers in production (ADR 040).
//
// Only on APP_ENV=test and only from this machine (proven by the socket, local-peer.ts, ADR 056);
// 404 otherwise. An instance deployed with
// APP_ENV=test would already sign anyone in as anyone (demo mail, which production refuses), so
// this adds no door that such a misconfiguration has not opened; on Cloudflare the client address
// is never a loopback one.
import type { Context } from "hono";
import { z } from "zod";
import { getConfig } from "./env";
import { fromThisMachine } from "./endpoint/local-peer";
import { errorJson, type AppBindings } from "./endpoint/router";

export const DEV_DATABASE_ROUTE = "/dev/database";

const statementsSchema = z.object({
  statements: z
    .array(
      z.object({
        sql: z.string().min(1).max(10_000),
        // D1 binds at most 100 parameters to one statement.
        params: z
          .array(z.union([z.string(), z.number(), z.null()]))
          .max(100)
          .default([]),
      }),
    )
    .min(1)
    .max(20),
});

/** POST /dev/database: runs the statements in one D1 batch (one transaction) and answers their rows. */
export async function handleDevDatabase(c: Context<AppBindings>): Promise<Response> {
  const config = getConfig(c.env);
  if (config.APP_ENV !== "test" || !fromThisMachine(c.req.raw, config)) {
    return errorJson(c, 404, "Nicht gefunden.");
  }
  const parsed = statementsSchema.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) return errorJson(c, 400, "Ungültige Anweisungen.");
  const db = c.env.DB;
  try {
    const results = await db.batch(parsed.data.statements.map(({ sql, params }) => db.prepare(sql).bind(...params)));
    return c.json({ results: results.map((result) => result.results) });
  } catch (error) {
    return errorJson(c, 400, `Die Anweisung ist fehlgeschlagen: ${String(error)}`);
  }
}
