// The attack of issue 36 on a real instance: `npm start` with HOST=0.0.0.0 in local mode with the
// outbox, asked for /dev/outbox and /dev/housekeeping by a client on another address that claims
// `CF-Connecting-IP: 127.0.0.1` (the outbox would list every seller's sign-in link). Both answer
// 404, from every address and with every header; and each client keeps its own rate limit, counted
// by its socket's address, which a header cannot change (app/.server/app/endpoint/local-peer.ts, ADR 056).
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
      // APP_ENV stays local (wrangler.toml); the outbox holds the sign-in links.
      WRANGLER_VARS: "MAIL_MODE:outbox",
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

test("on HOST=0.0.0.0, /dev/outbox and /dev/housekeeping answer 404, also to a client claiming CF-Connecting-IP: 127.0.0.1", async () => {
  // A sign-in link in the outbox: what the attack was after.
  const email = `opfer-${Date.now()}@example.de`;
  const sent = await send("POST", "/api/send-magic-link", {
    from: "127.0.0.1",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(sent.status).toBe(200);

  const claims: Array<Record<string, string>> = [
    {},
    { "CF-Connecting-IP": "127.0.0.1" },
    { "CF-Connecting-IP": "::1" },
    { "X-Forwarded-For": "127.0.0.1" },
    { "CF-Connecting-IP": "127.0.0.1", "X-Local-Peer-Proof": "geraten" },
  ];
  expect(networkAddress, "this machine needs an address besides loopback for the attacker").toBeTruthy();
  // From elsewhere on the network, and even from this machine: the server listens on every address.
  const clients = [
    { from: networkAddress!, to: networkAddress! },
    { from: "127.0.0.1", to: "127.0.0.1" },
  ];
  for (const client of clients) {
    for (const headers of claims) {
      const label = `${client.from} ${JSON.stringify(headers)}`;
      const outbox = await send("GET", "/dev/outbox", { ...client, headers });
      expect(outbox.status, label).toBe(404);
      expect(outbox.body, label).not.toContain(email);
      expect((await send("POST", "/dev/housekeeping", { ...client, headers })).status, label).toBe(404);
    }
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
