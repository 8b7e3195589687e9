// A real `npm start` with HOST=0.0.0.0 in its local defaults (demo sign-in, the local docs
// password), asked by a client on another address of this machine's network — as a phone on the
// same network would be — and by this machine (app/.server/app-worker/endpoint/local-peer.ts, ADR 056, ADR 067):
// - /dev/outbox and /dev/housekeeping answer 404 elsewhere, whatever `CF-Connecting-IP` the client
//   claims (ADR 056); this machine opens them, as the front proves its address;
// - demo sign-in and the docs password serve this machine only: elsewhere the link goes to the outbox
//   and the docs password gets a German 403 (ADR 067);
// - a name another site could rebind to the instance is refused (421);
// - each client keeps its own rate limit, counted by its socket's address, which a header cannot change.
// This instance runs beside the two of playwright.config.ts, on the port after theirs.
import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import { networkInterfaces } from "node:os";
import { demoPort } from "../../playwright.config";

const port = demoPort + 2;
let server: ChildProcess | undefined;

/** This machine's own address on its network (not loopback): a client "from elsewhere" as far as the socket can tell. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

type Answer = { status: number; body: string };
type Send = { from: string; to?: string; headers?: Record<string, string>; body?: string };

/** One request from a chosen local address (the socket's peer address the server sees). */
function send(method: string, path: string, { from, to = "127.0.0.1", headers = {}, body }: Send) {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = request(
      { host: to, port, method, path, localAddress: from, headers: { ...headers, Connection: "close" } },
      (incoming) => {
        let text = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => (text += chunk));
        incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

async function waitForHealth(deadline: number) {
  while (Date.now() < deadline) {
    const health = await send("GET", "/api/health", { from: "127.0.0.1" }).catch(() => null);
    if (health?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the HOST=0.0.0.0 instance on port ${port} did not answer /api/health`);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Starting a third product server (migrations, two Workers) on this 2-core machine beside the other two.
  test.setTimeout(150_000);
  server = spawn("node", ["scripts/start.mjs", "--fresh"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "0.0.0.0",
      PERSIST_TO: ".wrangler/e2e-local-bind",
      SKIP_BUILD: "1",
      INSPECTOR_PORT: String(port + 1000),
      WRANGLER_SEND_METRICS: "false",
      // APP_ENV, MAIL_MODE=demo and DOCS_PASSWORD stay as wrangler.toml sets them for local instances.
      FAKE_EBAY: "off",
      KLEINANZEIGEN_FAKE: "0",
    },
    stdio: "ignore",
    // Its own process group, so that the server and its wrangler dev end together (afterAll).
    detached: true,
  });
  await waitForHealth(Date.now() + 140_000);
});

test.afterAll(async () => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

/** The requests of a client at `address`, with the Origin its own page would send. */
function client(address: string) {
  const own = { from: address, to: address };
  const origin = { Origin: `http://${address}:${port}` };
  return {
    send: (method: string, path: string, options: Omit<Send, "from" | "to"> = {}) =>
      send(method, path, { ...own, ...options, headers: { ...origin, ...options.headers } }),
    json: (path: string, body: unknown) =>
      send("POST", path, { ...own, headers: { ...origin, "Content-Type": "application/json" }, body: JSON.stringify(body) }),
  };
}

test("on HOST=0.0.0.0, /dev/outbox and /dev/housekeeping answer 404 to a client elsewhere, whatever it claims; this machine opens them", async () => {
  expect(networkAddress, "this machine needs an address besides loopback for the other client").toBeTruthy();
  const elsewhere = client(networkAddress!);
  // A sign-in link in the outbox: what the attack was after.
  const email = `opfer-${Date.now()}@example.de`;
  expect((await elsewhere.json("/api/send-magic-link", { email })).status).toBe(200);

  const claims: Array<Record<string, string>> = [
    {},
    { "CF-Connecting-IP": "127.0.0.1" },
    { "CF-Connecting-IP": "::1" },
    { "X-Forwarded-For": "127.0.0.1" },
    { "CF-Connecting-IP": "127.0.0.1", "X-Local-Peer-Proof": "geraten" },
  ];
  for (const headers of claims) {
    const label = JSON.stringify(headers);
    const outbox = await elsewhere.send("GET", "/dev/outbox", { headers });
    expect(outbox.status, label).toBe(404);
    expect(outbox.body, label).not.toContain(email);
    expect((await elsewhere.send("POST", "/dev/housekeeping", { headers })).status, label).toBe(404);
  }
  const here = client("127.0.0.1");
  const outbox = await here.send("GET", "/dev/outbox");
  expect(outbox.status).toBe(200);
  expect(outbox.body).toContain(email);
  expect((await here.send("POST", "/dev/housekeeping")).status).toBe(200);
});

test("on HOST=0.0.0.0, demo sign-in and the docs password serve this machine only; a client elsewhere gets its link in the outbox and a German 403", async () => {
  const elsewhere = client(networkAddress!);
  const email = `nachbar-${Date.now()}@example.de`;
  const link = await elsewhere.json("/api/send-magic-link", { email });
  expect(link.status).toBe(200);
  const answer = JSON.parse(link.body) as { message: string; token?: string };
  expect(answer.token).toBeUndefined();
  expect(answer.message).toContain("/dev/outbox");
  expect((await client("127.0.0.1").send("GET", "/dev/outbox")).body).toContain(email);

  const docs = await elsewhere.json("/api/docs/unlock", { password: "lokal-doku" });
  expect(docs.status).toBe(403);
  expect(JSON.parse(docs.body).message).toMatch(/nur am Rechner, auf dem er läuft/);

  const here = client("127.0.0.1");
  expect(JSON.parse((await here.json("/api/send-magic-link", { email: `hier-${Date.now()}@example.de` })).body)).toMatchObject({
    demo: true,
  });
  expect((await here.json("/api/docs/unlock", { password: "lokal-doku" })).status).toBe(200);
});

test("a name another site rebinds to the instance gets 421, however the client reaches it", async () => {
  for (const address of ["127.0.0.1", networkAddress!]) {
    const rebound = await send("GET", "/api/health", { from: address, to: address, headers: { Host: `rebind.example:${port}` } });
    expect(rebound.status, address).toBe(421);
    expect(JSON.parse(rebound.body).message, address).toMatch(/^Unbekannter Host/);
    expect((await send("GET", "/api/health", { from: address, to: address, headers: { Host: `localhost:${port}` } })).status).toBe(200);
  }
});

test("under APP_ENV=local each client's rate limit is counted by its socket address, whatever CF-Connecting-IP it sends", async () => {
  // Inside one minute of the limiter (20 look-ups a minute per address).
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  const lookup = (from: string, headers: Record<string, string> = {}) =>
    send("GET", `/api/magic-link-info?token=${"u".repeat(43)}`, { from, headers });
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) statuses.push((await lookup("127.0.0.2", { "CF-Connecting-IP": `198.51.100.${i}` })).status);
  expect(statuses.slice(0, 20)).not.toContain(429);
  // The 21st from the same socket address is refused, although each claimed another address.
  expect(statuses[20]).toBe(429);
  // Other clients are not locked out by it.
  expect((await lookup("127.0.0.3")).status).not.toBe(429);
  expect(
    (await send("GET", `/api/magic-link-info?token=${"u".repeat(43)}`, { from: networkAddress!, to: networkAddress! })).status,
  ).not.toBe(429);
  // Nor can the first client pass as another by claiming that one's address.
  expect((await lookup("127.0.0.2", { "CF-Connecting-IP": "127.0.0.3" })).status).toBe(429);
});
