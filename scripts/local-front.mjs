// `npm start` on an address other than loopback (HOST=0.0.0.0 to try the app from a phone): this
// front listens there and passes every request to wrangler dev, which then listens on 127.0.0.1
// only. Under wrangler dev the runtime fills `CF-Connecting-IP` from the socket only when the
// client sent none (https://github.com/cloudflare/workers-sdk/pull/7702), so a client could name
// any address; the front overwrites the header with the socket's peer address and adds the start's
// random proof (X-Local-Peer-Proof), so the Worker can tell an address the front took from the
// socket from one a client wrote (app/.server/app-worker/endpoint/local-peer.ts, ADR 056). Listening on loopback,
// `npm start` runs no front: every peer is this machine.
import { randomBytes } from "node:crypto";
import { Agent, createServer, request } from "node:http";

export const LOCAL_PEER_PROOF_HEADER = "x-local-peer-proof";

/** 127.0.0.0/8, ::1 and localhost (the same rule as app/.server/app-worker/endpoint/local-peer.ts boundToLoopback). */
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

/** The request's headers without those that announce a body: an upgrade request passes none on. */
function withoutBody(rawHeaders) {
  return pairs(rawHeaders)
    .filter(([name]) => !["content-length", "transfer-encoding"].includes(name.toLowerCase()))
    .flat();
}

/** An answer's headers without those of its own connection (the front writes its own). */
function hopByHopRemoved(rawHeaders) {
  const hopByHop = ["connection", "keep-alive", "transfer-encoding", "upgrade"];
  return pairs(rawHeaders)
    .filter(([name]) => !hopByHop.includes(name.toLowerCase()))
    .flat();
}

function pairs(rawHeaders) {
  const result = [];
  for (let i = 0; i < rawHeaders.length; i += 2) result.push([rawHeaders[i], rawHeaders[i + 1]]);
  return result;
}

/** An answer's status line and headers as they go on the wire. */
function responseHead(answer, rawHeaders) {
  const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage ?? ""}`];
  for (const [name, value] of pairs(rawHeaders)) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
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
  // Upgrade requests (WebSockets; none in the app today): the same headers. Only a 101 joins the two
  // sockets; any other answer is passed on and the client's connection then closed, because Node
  // no longer parses what the client sends on an upgrade socket — a later request on it would reach
  // the Worker with headers the front never replaced (ADR 067).
  server.on("upgrade", (incoming, socket, head) => {
    const upstream = request({
      host: "127.0.0.1",
      port: targetPort,
      method: incoming.method,
      path: incoming.url,
      headers: frontedHeaders(withoutBody(incoming.rawHeaders), incoming.socket, proof),
      agent: false,
    });
    upstream.on("upgrade", (answer, target, targetHead) => {
      socket.write(responseHead(answer, answer.rawHeaders));
      if (targetHead.length > 0) socket.write(targetHead);
      if (head.length > 0) target.write(head);
      socket.pipe(target).pipe(socket);
      target.on("error", () => socket.destroy());
      socket.on("error", () => target.destroy());
    });
    upstream.on("response", (answer) => {
      // Not switched: this one answer, delimited by closing the connection (RFC 9112 §6.3).
      socket.write(responseHead(answer, [...hopByHopRemoved(answer.rawHeaders), "Connection", "close"]));
      answer.pipe(socket);
      answer.on("error", () => socket.destroy());
      // Whatever the client still sends is read and dropped until it closes its side too.
      socket.resume();
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
    // Nothing the client sent after the request's head is passed on before a 101.
    upstream.end();
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
