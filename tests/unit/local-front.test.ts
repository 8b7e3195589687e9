// The local front of `npm start` on a non-loopback HOST (scripts/local-front.mjs, ADR 056): every
// request reaches the Worker with the socket's address and the start's proof, never with the
// client's own. Node stops parsing a connection once it carries an `Upgrade` request, so the front
// must not keep passing such a connection on when the answer is not 101 (ADR 067): a
// second request on it would reach the Worker unparsed, with headers the front never replaced.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startLocalFront } from "../../scripts/local-front.mjs";

type Seen = { url: string; headers: IncomingHttpHeaders };
const closers: Array<() => Promise<unknown> | void> = [];

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function listen(server: Server): Promise<number> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => {
    // Upgraded connections are no longer the HTTP server's to close.
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as AddressInfo).port;
}

/**
 * The Worker's stand-in: answers every request (an `Upgrade` one too, as the app does, having no
 * WebSockets) with 200 and keeps the connection open; `/ws` is switched to an echo with 101.
 */
async function startUpstream() {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? "", headers: request.headers });
    response.end(`Antwort auf ${request.url}`);
  });
  server.on("upgrade", (request, socket: Socket, head: Buffer) => {
    seen.push({ url: request.url ?? "", headers: request.headers });
    if (request.url === "/ws") {
      socket.write("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n");
      socket.pipe(socket);
      return;
    }
    const body = `Antwort auf ${request.url}`;
    socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body}`);
    // Like a server that goes on reading requests on the connection.
    const next = (data: Buffer) => {
      const line = data.toString("latin1").match(/^GET (\S+) HTTP\/1\.1\r\n([\s\S]*?)\r\n\r\n/);
      if (!line) return;
      const headers = Object.fromEntries(line[2].split("\r\n").map((header) => header.split(": ").map((part) => part.toLowerCase())));
      seen.push({ url: line[1], headers });
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok`);
    };
    if (head.length > 0) next(head);
    socket.on("data", next);
  });
  return { seen, port: await listen(server) };
}

async function startFront(targetPort: number) {
  const free = createServer();
  const port = await new Promise<number>((resolve) => free.listen(0, "127.0.0.1", () => resolve((free.address() as AddressInfo).port)));
  await new Promise((resolve) => free.close(resolve));
  const front = await startLocalFront({ host: "127.0.0.1", port, targetPort });
  closers.push(() => front.close());
  return { ...front, port };
}

/** A raw connection to the front: what was written back, and whether the front closed it. */
function rawClient(port: number) {
  const socket = connect(port, "127.0.0.1");
  closers.push(() => void socket.destroy());
  let received = "";
  socket.on("data", (data) => (received += data.toString("latin1")));
  // A write after the front closed the connection fails; what counts is what arrived.
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  /** Resolves once what arrived fulfils `done`, or the front closed the connection. */
  const until = (done: (received: string) => boolean) =>
    new Promise<string>((resolve) => {
      const check = () => done(received) && resolve(received);
      socket.on("data", check);
      void closed.then(() => resolve(received));
      check();
    });
  return { socket, closed, until, received: () => received };
}

const upgrade = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`;
const plain = (path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: localhost\r\nCF-Connecting-IP: 203.0.113.9\r\nX-Local-Peer-Proof: geraten\r\n\r\n`;

describe("the local front and Upgrade requests", () => {
  it("closes the connection after an Upgrade request answered without 101: a request sent after it never reaches the Worker", async () => {
    const upstream = await startUpstream();
    const front = await startFront(upstream.port);
    const client = rawClient(front.port);

    client.socket.write(upgrade("/"));
    const first = await client.until((received) => received.endsWith("Antwort auf /"));
    expect(first).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(first).toContain("Connection: close");

    client.socket.write(plain("/zweite"));
    await client.until((received) => received.endsWith("ok"));
    expect(client.received()).not.toContain("\r\n\r\nok");
    expect(upstream.seen.map((request) => request.url)).toEqual(["/"]);
    // The one request that arrived carried the front's address and proof, not the client's.
    expect(upstream.seen[0].headers["cf-connecting-ip"]).toBe("127.0.0.1");
    expect(upstream.seen[0].headers["x-local-peer-proof"]).toBe(front.proof);
  });

  it("passes no request sent in the same packet behind an Upgrade request", async () => {
    const upstream = await startUpstream();
    const front = await startFront(upstream.port);
    const client = rawClient(front.port);

    client.socket.write(upgrade("/") + plain("/huckepack"));
    await client.until((received) => received.endsWith("ok"));
    expect(client.received()).not.toContain("\r\n\r\nok");
    expect(upstream.seen.map((request) => request.url)).toEqual(["/"]);
  });

  it("joins the two connections when the Worker switches protocols (101)", async () => {
    const upstream = await startUpstream();
    const front = await startFront(upstream.port);
    const client = rawClient(front.port);

    client.socket.write(upgrade("/ws"));
    expect(await client.until((received) => received.includes("\r\n\r\n"))).toMatch(/^HTTP\/1\.1 101 Switching Protocols\r\n/);
    client.socket.write("hallo");
    expect(await client.until((received) => received.endsWith("hallo"))).toMatch(/\r\n\r\nhallo$/);
    expect(upstream.seen.map((request) => [request.url, request.headers["cf-connecting-ip"]])).toEqual([["/ws", "127.0.0.1"]]);
  });
});
