import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { activityLogs, magicLinkTokens, openWaits, sessions } from "~/.server/db/schema";
import { LOG_RETENTION_MS } from "~/.server/generator/maintenance";
import generator from "../../workers/generator";
import { db, insertUser } from "./helpers";

describe("scheduled housekeeping", () => {
  it("purges expired sessions and tokens, logs older than 90 days and places of waits that outlived their isolate, and keeps the rest", async () => {
    const now = Date.now();
    const user = await insertUser();
    await db()
      .insert(sessions)
      .values([
        { sid: "expired", sess: "{}", expire: now - 1000, userId: user.id },
        { sid: "live", sess: "{}", expire: now + 60_000, userId: user.id },
      ]);
    await db()
      .insert(magicLinkTokens)
      .values([
        { id: "t1", tokenHash: "a".repeat(64), email: user.email, expiresAt: now - 1000 },
        { id: "t2", tokenHash: "b".repeat(64), email: user.email, expiresAt: now + 60_000 },
      ]);
    await db()
      .insert(activityLogs)
      .values([
        { action: "login", createdAt: now - LOG_RETENTION_MS - 60_000 },
        { action: "login", createdAt: now - LOG_RETENTION_MS + 60_000 },
      ]);
    await db()
      .insert(openWaits)
      .values([
        { id: "w1", userId: user.id, clientHash: "c".repeat(64), expiresAt: now - 1000 },
        { id: "w2", userId: user.id, clientHash: "c".repeat(64), expiresAt: now + 60_000 },
      ]);

    await generator.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, createExecutionContext());

    expect((await db().select().from(sessions)).map((s) => s.sid)).toEqual(["live"]);
    expect((await db().select().from(magicLinkTokens)).map((t) => t.id)).toEqual(["t2"]);
    expect(await db().select().from(activityLogs)).toHaveLength(1);
    expect((await db().select().from(openWaits)).map((w) => w.id)).toEqual(["w2"]);
  });
});
