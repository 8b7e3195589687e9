// What a local instance may believe about a request's connection (ADR 056): /dev/* answer
// only when the socket proves the client is on this machine — the instance listens on loopback —
// never because of a header; and under APP_ENV=local the rate-limit key is the socket's peer
// address, as `npm start`'s front proves it. e2e `local-bind.spec.ts` replays both on a real
// instance started with HOST=0.0.0.0.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { LOCAL_PEER_PROOF_HEADER } from "~/.server/app-worker/endpoint/local-peer";
import { insideOneRateLimitWindow } from "./helpers";
import { call as callPages } from "./render-pages";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function call(path: string, init: RequestInit, bindings: Env) {
  return app.request(`http://localhost:8787${path}`, init, bindings, workerContext());
}

/** An instance as `npm start` runs it, listening on `host`; `proof` when its local front stands before it. */
function instance(host: string, appEnv: "local" | "test", proof?: string) {
  return { ...env, APP_ENV: appEnv, MAIL_MODE: "outbox", LOCAL_BIND_HOST: host, ...(proof ? { LOCAL_PEER_PROOF: proof } : {}) } as Env;
}

const loopbackClaims = ["127.0.0.1", "::1", "::ffff:127.0.0.1"];

async function devRoutes(bindings: Env, headers: Record<string, string>) {
  const outbox = await callPages("/dev/outbox", { headers }, bindings);
  // A write to /dev/* shows that it comes from the instance's own origin (local-network.test.ts).
  const ownOrigin = { ...headers, Origin: "http://localhost:8787" };
  const housekeeping = await call("/dev/housekeeping", { method: "POST", headers: ownOrigin }, bindings);
  const database = await call(
    "/dev/database",
    {
      method: "POST",
      headers: { ...ownOrigin, "Content-Type": "application/json" },
      body: JSON.stringify({ statements: [{ sql: "SELECT 1 AS one" }] }),
    },
    bindings,
  );
  return { outbox: outbox.status, housekeeping: housekeeping.status, database: database.status };
}

describe("/dev/* on a local instance", { timeout: 30_000 }, () => {
  it("answer 404 on an instance listening on another address, whatever address the client claims (CF-Connecting-IP: 127.0.0.1)", async () => {
    for (const host of ["0.0.0.0", "::", "192.168.178.20", "anzeigenpilot.local"]) {
      for (const appEnv of ["local", "test"] as const) {
        for (const claim of [...loopbackClaims, "192.0.2.7"]) {
          expect(await devRoutes(instance(host, appEnv), { "CF-Connecting-IP": claim }), `${host} ${appEnv} ${claim}`).toEqual({
            outbox: 404,
            housekeeping: 404,
            database: 404,
          });
        }
      }
    }
    // Also behind `npm start`'s front, which proves the socket's address: another address is not this machine,
    // and a forged proof proves nothing.
    const fronted = instance("0.0.0.0", "test", "beweis-1234");
    for (const headers of [
      { "CF-Connecting-IP": "192.168.178.31", [LOCAL_PEER_PROOF_HEADER]: "beweis-1234" },
      { "CF-Connecting-IP": "127.0.0.1", [LOCAL_PEER_PROOF_HEADER]: "geraten" },
    ]) {
      expect(await devRoutes(fronted, headers)).toEqual({ outbox: 404, housekeeping: 404, database: 404 });
    }
  });

  it("answer this machine behind the front of an instance listening on the network: the front took its loopback address from the socket (ADR 067)", async () => {
    const fronted = instance("0.0.0.0", "test", "beweis-1234");
    expect(await devRoutes(fronted, { "CF-Connecting-IP": "127.0.0.1", [LOCAL_PEER_PROOF_HEADER]: "beweis-1234" })).toEqual({
      outbox: 200,
      housekeeping: 200,
      database: 200,
    });
  });

  it("answer 404 when the instance does not know where it listens (wrangler dev started by hand)", async () => {
    const unknown = { ...env, APP_ENV: "test", MAIL_MODE: "outbox", LOCAL_BIND_HOST: "" } as Env;
    expect(await devRoutes(unknown, { "CF-Connecting-IP": "127.0.0.1" })).toEqual({ outbox: 404, housekeeping: 404, database: 404 });
  });

  it("answer on an instance listening on loopback to this machine; a non-loopback address the runtime reports still gets 404", async () => {
    for (const host of ["localhost", "127.0.0.1", "::1", "[::1]"]) {
      for (const claim of loopbackClaims) {
        expect(await devRoutes(instance(host, "test"), { "CF-Connecting-IP": claim }), `${host} ${claim}`).toEqual({
          outbox: 200,
          housekeeping: 200,
          database: 200,
        });
      }
      expect(await devRoutes(instance(host, "test"), { "CF-Connecting-IP": "192.0.2.7" })).toEqual({
        outbox: 404,
        housekeeping: 404,
        database: 404,
      });
    }
  });
});

describe("rate limits under APP_ENV=local", { timeout: 30_000 }, () => {
  const lookup = (bindings: Env, headers: Record<string, string>) =>
    call(`/api/magic-link-info?token=${"u".repeat(43)}`, { headers }, bindings);

  it("count per socket address behind the front: one client's 21st request is refused, another client's is not, a forged proof shares one key", async () => {
    const proof = crypto.randomUUID();
    const fronted = instance("0.0.0.0", "local", proof);
    await insideOneRateLimitWindow();
    const first: number[] = [];
    for (let i = 0; i < 21; i++)
      first.push((await lookup(fronted, { "CF-Connecting-IP": "192.0.2.50", [LOCAL_PEER_PROOF_HEADER]: proof })).status);
    // MAGIC_LINK_IP_LIMITER allows 20 a minute per address.
    expect(first.slice(0, 20).every((status) => status !== 429)).toBe(true);
    expect(first[20]).toBe(429);
    // Another socket address keeps its own limit: one client cannot exhaust it for everyone.
    expect((await lookup(fronted, { "CF-Connecting-IP": "192.0.2.51", [LOCAL_PEER_PROOF_HEADER]: proof })).status).not.toBe(429);
    // A client that names its own address without the front's proof gets no key of its own by rotating it.
    const forged: number[] = [];
    for (let i = 0; i < 21; i++) {
      forged.push((await lookup(fronted, { "CF-Connecting-IP": `198.51.100.${i}`, [LOCAL_PEER_PROOF_HEADER]: "geraten" })).status);
    }
    expect(forged.slice(0, 20).every((status) => status !== 429)).toBe(true);
    expect(forged[20]).toBe(429);
  });

  it("counts rate limits by the connection outside Cloudflare: a rotated CF-Connecting-IP does not reset them", async () => {
    const local = { ...env, APP_ENV: "local" } as Env;
    const statuses: number[] = [];
    await insideOneRateLimitWindow();
    for (let i = 0; i < 21; i++) {
      const response = await call(
        `/api/magic-link-info?token=${"u".repeat(43)}`,
        { headers: { "CF-Connecting-IP": `203.0.113.${i}` } },
        local,
      );
      statuses.push(response.status);
    }
    // MAGIC_LINK_IP_LIMITER allows 20 a minute; the 21st is refused although every request claimed another address.
    expect(statuses.slice(0, 20).every((status) => status !== 429)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Behind Cloudflare (here: the test environment, which plays the edge) the header names the client.
    const edge = await call(`/api/magic-link-info?token=${"u".repeat(43)}`, { headers: { "CF-Connecting-IP": "203.0.113.250" } }, env);
    expect(edge.status).not.toBe(429);
  }, 15_000);
});
