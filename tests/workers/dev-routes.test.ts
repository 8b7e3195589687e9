// The routes under /dev/ that a local or test instance answers for a client on this machine
// (ADR 040, ADR 056; which instance answers is local-peer.test.ts): the README's housekeeping command,
// which reaches the generator Worker's cron work through the service binding, and the end-to-end
// tests' line to D1.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sessions } from "~/.server/db/schema";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { db, insertUser, userById } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));
/** Writes to /dev/* show that they come from the instance's own origin (local-network.test.ts). */
const OWN_ORIGIN = "http://localhost:8787";

function call(path: string, init: RequestInit = {}, bindings: Env = env) {
  return app.request(`http://localhost:8787${path}`, init, bindings, workerContext());
}

describe("the README's housekeeping command reaches the Worker with the cron", () => {
  it("POST /dev/housekeeping from this machine runs the generator's housekeeping through the service binding; others get 404", async () => {
    const user = await insertUser();
    const now = Date.now();
    await db()
      .insert(sessions)
      .values([
        { sid: "abgelaufen", sess: "{}", expire: now - 1000, userId: user.id },
        { sid: "gueltig", sess: "{}", expire: now + 60_000, userId: user.id },
      ]);
    const remote = await call("/dev/housekeeping", { method: "POST", headers: { "CF-Connecting-IP": "198.51.100.7", Origin: OWN_ORIGIN } });
    expect(remote.status).toBe(404);
    expect((await db().select().from(sessions)).map((session) => session.sid).sort()).toEqual(["abgelaufen", "gueltig"]);
    // env.GENERATOR is the generator Worker here (vitest.config.ts), as under `npm start`.
    const local = await call("/dev/housekeeping", { method: "POST", headers: { "CF-Connecting-IP": "127.0.0.1", Origin: OWN_ORIGIN } });
    expect(local.status).toBe(200);
    expect((await db().select().from(sessions)).map((session) => session.sid)).toEqual(["gueltig"]);
  });
});

describe("the end-to-end tests' line to D1 (ADR 040)", () => {
  it("POST /dev/database runs statements on a test instance for a client on this machine, and is not there for anyone else", async () => {
    const user = await insertUser();
    const body = JSON.stringify({
      statements: [
        { sql: "UPDATE users SET ad_credits = ?1 WHERE id = ?2", params: [7, user.id] },
        { sql: "SELECT ad_credits FROM users WHERE id = ?1", params: [user.id] },
      ],
    });
    const post = (address: string, bindings: Env = env, text = body) =>
      call(
        "/dev/database",
        { method: "POST", headers: { "CF-Connecting-IP": address, "Content-Type": "application/json", Origin: OWN_ORIGIN }, body: text },
        bindings,
      );

    for (const [address, bindings] of [
      ["198.51.100.7", env],
      ["127.0.0.1", { ...env, APP_ENV: "local" } as Env],
    ] as const) {
      const refused = await post(address, bindings);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: "Nicht gefunden.", code: "not_found" });
    }
    expect((await userById(user.id))?.adCredits).not.toBe(7);

    const malformed = await post("127.0.0.1", env, JSON.stringify({ statements: [{ sql: "" }] }));
    expect(malformed.status).toBe(400);
    expect((await malformed.json<{ message: string }>()).message).toBe("Ungültige Anweisungen.");

    // One batch is one transaction: a failing statement leaves the one before it undone.
    const failing = await post(
      "127.0.0.1",
      env,
      JSON.stringify({
        statements: [{ sql: "UPDATE users SET ad_credits = 9 WHERE id = ?1", params: [user.id] }, { sql: "SELECT nope FROM nirgends" }],
      }),
    );
    expect(failing.status).toBe(400);
    expect((await userById(user.id))?.adCredits).not.toBe(9);

    const local = await post("127.0.0.1");
    expect(local.status).toBe(200);
    expect(await local.json()).toEqual({ results: [[], [{ ad_credits: 7 }]] });
  });
});
