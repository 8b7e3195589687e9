// `npm start` on an address other than loopback (HOST=0.0.0.0 to try the app from a phone): this
// front listens there and passes every request to wrangler dev, which then listens on 127.0.0.1
// only. Under wrangler dev the runtime fills `CF-Connecting-IP` from the socket only when the
// client sent none (https://github.com/cloudflare/workers-sdk/pull/7702), so a client could name
// any address; the front overwrites the header with the socket's peer address and adds the start's
// random proof (X-Local-Peer-Proof), so the Worker can tell an address the front took from the
// socket from one a client wrote (app/.server/app/endpoint/local-peer.ts, ADR 056). Listening on loopback,
// `npm start` runs no front: every peer is this machine.
import { randomBytes } from "node:crypto";
import { Agent, createServer, request } from "node:http";
import { connect } from "node:net";

export const LOCAL_PEER_PROOF_HEADER = "x-local-peer-proof";

/** 127.0.0.0/8, ::1 and localhost (the same rule as app/.server/app/endpoint/local-peer.ts boundToLoopback). */
export function isLoopbackHost(host) {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  return name === "localhost" || name === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** A port on 127.0.0.1 that is free right now (for wrangler dev behind the front). */
export async function freeLoopbackPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The socket's peer address as the Worker should see it (IPv4-mapped IPv6 written as IPv4). */
function peerAddress(socket) {
  return (socket.remoteAddress ?? "").replace(/^::ffff:(\d{1,3}(\.\d{1,3}){3})$/, "$1");
}

/** The client's request headers (raw, repeated ones kept) with the two the front owns replaced. */
function frontedHeaders(rawHeaders, socket, proof) {
  const headers = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (name === "cf-connecting-ip" || name === LOCAL_PEER_PROOF_HEADER) continue;
    headers.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  headers.push("CF-Connecting-IP", peerAddress(socket), "X-Local-Peer-Proof", proof);
  return headers;
}

/**
 * Listens on host:port and passes requests (and upgrades) to 127.0.0.1:targetPort.
 * Resolves to { proof, close } once listening; `proof` goes to the Worker as LOCAL_PEER_PROOF.
 */
export async function startLocalFront({ host, port, targetPort }) {
  const proof = randomBytes(32).toString("base64url");
  const agent = new Agent({ keepAlive: true });
  const server = createServer((incoming, outgoing) => {
    const upstream = request(
      {
        host: "127.0.0.1",
        port: targetPort,
        method: incoming.method,
        path: incoming.url,
        headers: frontedHeaders(incoming.rawHeaders, incoming.socket, proof),
        agent,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
      outgoing.end("Der lokale Server antwortet gerade nicht. Warte kurz, bis er gestartet ist, und lade dann neu.");
    });
    incoming.pipe(upstream);
  });
  // WebSocket upgrades (none in the app today): the same headers, then the sockets joined.
  server.on("upgrade", (incoming, socket, head) => {
    const target = connect(targetPort, "127.0.0.1", () => {
      const headers = frontedHeaders(incoming.rawHeaders, incoming.socket, proof);
      const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`];
      for (let i = 0; i < headers.length; i += 2) lines.push(`${headers[i]}: ${headers[i + 1]}`);
      target.write(`${lines.join("\r\n")}\r\n\r\n`);
      target.write(head);
      socket.pipe(target).pipe(socket);
    });
    target.on("error", () => socket.destroy());
    socket.on("error", () => target.destroy());
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return {
    proof,
    close: () => {
      agent.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
