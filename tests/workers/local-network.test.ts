// What a local instance shows the network and other sites (ADR 067):
// - started with HOST=0.0.0.0, demo sign-in and the documented docs password serve only this
//   machine (as its local front proves the peer address); a phone elsewhere gets its link in the
//   outbox, which only this machine opens;
// - every local or test instance answers only its own names, so a page that rebinds its own name
//   to 127.0.0.1 cannot talk to it;
// - its /dev/* writes take no token and so must show that they come from its own origin.
// e2e `local-bind.spec.ts` replays the first two on a real instance started with HOST=0.0.0.0.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "~/.server/app-worker/auth/magic-link";
import { DOCS_PASSWORD_THIS_MACHINE_ONLY } from "~/.server/app-worker/docs/access";
import { UNKNOWN_HOST_MESSAGE } from "~/.server/app-worker/endpoint/local-host";
import { LOCAL_PEER_PROOF_HEADER } from "~/.server/app-worker/endpoint/local-peer";
import { originRequiredMessage } from "~/.server/app-worker/security";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { users } from "~/.server/db/schema";
import { db, insertUser, userById } from "./helpers";
import { call as callPages } from "./render-pages";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("Seite"));

function call(url: string, init: RequestInit, bindings: Env) {
  return app.request(url.startsWith("/") ? `http://localhost:8787${url}` : url, init, bindings, workerContext());
}

const proof = "beweis-dieses-starts";
/** `npm start` with HOST=0.0.0.0 (wrangler.toml's local settings: demo sign-in, the local docs password), its front before it. */
const onTheNetwork = { ...env, APP_ENV: "local", MAIL_MODE: "demo", LOCAL_BIND_HOST: "0.0.0.0", LOCAL_PEER_PROOF: proof } as Env;
/** A client as the front passes it on: the socket's address and the start's proof. */
const fromSocket = (address: string) => ({ "CF-Connecting-IP": address, [LOCAL_PEER_PROOF_HEADER]: proof });
const phone = fromSocket("192.168.178.31");
const thisMachine = fromSocket("127.0.0.1");

function requestLink(email: string, headers: Record<string, string>, bindings = onTheNetwork) {
  return call(
    "/api/send-magic-link",
    { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify({ email }) },
    bindings,
  );
}

function unlockDocs(headers: Record<string, string>, bindings = onTheNetwork) {
  return call(
    "/api/docs/unlock",
    { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify({ password: "lokal-doku" }) },
    bindings,
  );
}

describe("a local instance listening on the network (HOST=0.0.0.0)", () => {
  it("signs in only this machine in demo mode: a phone's link goes to the outbox, which only this machine opens", async () => {
    for (const [label, headers] of [
      ["a phone on the network", phone],
      // A process of this machine going round the front to wrangler dev has no proof: unproven, not this machine.
      ["a client without the front's proof", { "CF-Connecting-IP": "127.0.0.1" }],
      ["a client with a forged proof", { "CF-Connecting-IP": "127.0.0.1", [LOCAL_PEER_PROOF_HEADER]: "geraten" }],
    ] as const) {
      const email = `nachbar-${crypto.randomUUID()}@example.de`;
      const response = await requestLink(email, headers);
      expect(response.status, label).toBe(200);
      expect(response.headers.get("Set-Cookie"), label).toBeNull();
      expect(await response.json(), label).toEqual({ message: AUTH_MESSAGES.linkInLocalOutbox });
      // Nobody was signed in, no account was made: the link waits in the outbox.
      expect(await db().select().from(users).where(eq(users.email, email)), label).toEqual([]);

      const outboxHere = await callPages("/dev/outbox", { headers: thisMachine }, onTheNetwork);
      expect(outboxHere.status, label).toBe(200);
      expect(await outboxHere.text(), label).toContain(email);
      for (const elsewhere of [phone, { "CF-Connecting-IP": "127.0.0.1" }]) {
        const outboxThere = await callPages("/dev/outbox", { headers: elsewhere }, onTheNetwork);
        expect(outboxThere.status, label).toBe(404);
        expect(await outboxThere.text(), label).not.toContain(email);
      }
    }

    const here = await requestLink(`entwicklerin-${crypto.randomUUID()}@example.de`, thisMachine);
    expect(here.status).toBe(200);
    expect(await here.json()).toMatchObject({ demo: true, message: AUTH_MESSAGES.demo });
    expect(here.headers.get("Set-Cookie")).toMatch(/^ap_session=/);
  });

  it("opens the docs with the local password only on this machine; elsewhere a German 403", async () => {
    for (const headers of [phone, { "CF-Connecting-IP": "127.0.0.1" }]) {
      const refused = await unlockDocs(headers);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: DOCS_PASSWORD_THIS_MACHINE_ONLY, code: "forbidden" });
      expect(refused.headers.get("Set-Cookie")).toBeNull();
    }
    const here = await unlockDocs(thisMachine);
    expect(here.status).toBe(200);
    expect(here.headers.get("Set-Cookie")).toMatch(/^ap_docs=/);
  });

  it("changes nothing on an instance listening on localhost: every client there is this machine", async () => {
    const onLoopback = { ...env, APP_ENV: "local", MAIL_MODE: "demo", LOCAL_BIND_HOST: "localhost" } as Env;
    // The e2e servers play Cloudflare's edge with addresses of their own (CF-Connecting-IP); the socket is loopback.
    const headers = { "CF-Connecting-IP": "2001:db8::7" };
    expect(await (await requestLink(`lokal-${crypto.randomUUID()}@example.de`, headers, onLoopback)).json()).toMatchObject({ demo: true });
    expect((await unlockDocs(headers, onLoopback)).status).toBe(200);
    // No link is ever kept for it, so there is no outbox in demo mode.
    expect((await callPages("/dev/outbox", { headers: { "CF-Connecting-IP": "127.0.0.1" } }, onLoopback)).status).toBe(404);
  });
});

describe("the names a local instance answers to", () => {
  const instances = {
    local: { ...env, APP_ENV: "local", LOCAL_BIND_HOST: "localhost" } as Env,
    test: env,
    network: onTheNetwork,
    named: { ...env, APP_ENV: "local", LOCAL_BIND_HOST: "werkbank.fritz.box", PUBLIC_BASE_URL: "http://anzeigen.lan:8787" } as Env,
  };

  it("refuses a name another site rebound to it (DNS rebinding) with a German 421, on pages, the API and /dev/*", async () => {
    for (const [name, bindings] of Object.entries(instances)) {
      for (const host of ["rebind.example:8787", "127.0.0.1.nip.io:8787", "localhost.example", "evil.example"]) {
        for (const [path, init] of [
          ["/", {}],
          ["/api/health", {}],
          ["/dev/outbox", {}],
          ["/api/send-magic-link", { method: "POST", body: JSON.stringify({ email: "opfer@example.de" }) }],
          ["/dev/database", { method: "POST", body: JSON.stringify({ statements: [{ sql: "SELECT 1" }] }) }],
        ] as const) {
          const origin = `http://${host}`;
          const response = await call(
            `${origin}${path}`,
            { ...init, headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": "127.0.0.1" } },
            bindings,
          );
          expect(response.status, `${name} ${host}${path}`).toBe(421);
          expect(await response.json(), `${name} ${host}${path}`).toEqual({ message: UNKNOWN_HOST_MESSAGE, code: "wrong_host" });
          expect(response.headers.get("Set-Cookie")).toBeNull();
        }
      }
    }
  });

  it("answers localhost, IP addresses, the name it listens on and its PUBLIC_BASE_URL's name, on any port", async () => {
    const answered = async (url: string, bindings: Env) => (await call(url, {}, bindings)).status;
    for (const [name, bindings] of Object.entries(instances)) {
      for (const url of [
        "http://localhost:8787/",
        "http://127.0.0.1:3000/",
        "http://[::1]:8787/",
        "http://192.168.178.20:8787/",
        "http://localhost/",
      ]) {
        expect(await answered(url, bindings), `${name} ${url}`).toBe(200);
      }
    }
    expect(await answered("http://werkbank.fritz.box:8787/", instances.named)).toBe(200);
    expect(await answered("http://anzeigen.lan:9999/", instances.named)).toBe(200);
    expect(await answered("http://werkbank.fritz.box:8787/", instances.local)).toBe(421);
  });
});

describe("/dev/* writes and other sites", () => {
  const statements = (id: string) =>
    JSON.stringify({ statements: [{ sql: "UPDATE users SET ad_credits = 99 WHERE id = ?1", params: [id] }] });
  const fromHere = { "CF-Connecting-IP": "127.0.0.1" };

  it("refuses a cross-site or origin-less POST, the blind text/plain one too; nothing runs", async () => {
    const user = await insertUser();
    for (const [label, headers, message] of [
      [
        "text/plain from another site",
        { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
        "Anfrage von einer fremden Website abgelehnt.",
      ],
      ["another origin, no Sec-Fetch-Site", { Origin: "http://localhost:9999" }, "Anfrage von einer fremden Website abgelehnt."],
      ["an opaque origin", { Origin: "null" }, "Anfrage von einer fremden Website abgelehnt."],
      ["no Origin at all", {}, originRequiredMessage("http://localhost:8787")],
      ["same-site, not same-origin", { "Sec-Fetch-Site": "same-site" }, "Anfrage von einer fremden Website abgelehnt."],
    ] as const) {
      const database = await call(
        "/dev/database",
        { method: "POST", headers: { ...fromHere, ...headers, "Content-Type": "text/plain" }, body: statements(user.id) },
        env,
      );
      expect(database.status, label).toBe(403);
      expect(await database.json(), label).toEqual({ message, code: "forbidden" });
      const housekeeping = await call("/dev/housekeeping", { method: "POST", headers: { ...fromHere, ...headers } }, env);
      expect(housekeeping.status, label).toBe(403);
    }
    expect((await userById(user.id))?.adCredits).not.toBe(99);
  });

  it("runs a POST that shows it comes from this origin (Origin, or Sec-Fetch-Site: same-origin)", async () => {
    const user = await insertUser();
    for (const headers of [{ Origin: "http://localhost:8787" }, { "Sec-Fetch-Site": "same-origin" }] as Array<Record<string, string>>) {
      const response = await call(
        "/dev/database",
        { method: "POST", headers: { ...fromHere, ...headers, "Content-Type": "application/json" }, body: statements(user.id) },
        env,
      );
      expect(response.status).toBe(200);
    }
    expect((await userById(user.id))?.adCredits).toBe(99);
  });
});
