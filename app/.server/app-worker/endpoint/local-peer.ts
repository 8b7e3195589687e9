// Who is at the other end of a local instance's connection (ADR 056). On Cloudflare the edge sets
// `CF-Connecting-IP` to the connecting address and replaces any value the client sent
// (https://developers.cloudflare.com/fundamentals/reference/http-headers/#cf-connecting-ip).
// Under `wrangler dev` nothing replaces it: the runtime fills the header from the socket only when
// the client sent none (workers-sdk PR 7702, https://github.com/cloudflare/workers-sdk/pull/7702),
// so on a local instance the header proves nothing. What a local instance can prove:
// - the address it listens on: `npm start` (scripts/start.mjs) passes it as LOCAL_BIND_HOST. A
//   socket bound to a loopback address accepts connections from this machine only, so there every
//   peer is loopback; unset (wrangler dev started by hand) counts as not loopback;
// - the socket's peer address, when `npm start` listens on another address: then its local front
//   (scripts/local-front.mjs) accepts the connection, writes the socket's address into
//   `CF-Connecting-IP` and proves that it did with LOCAL_PEER_PROOF, a random value of that start.
// Production refuses both settings (app/.server/app-worker/env.ts); there the edge's header is the address.
// What only this machine gets on a local instance — /dev/*, demo sign-in, the local docs password —
// is decided here (ADR 067); which names it answers to, in local-host.ts.
import type { z } from "zod";
import { optionalText, refuseSetting } from "../../config";

/** The front's proof that it wrote `CF-Connecting-IP` from the socket (scripts/local-front.mjs). */
export const LOCAL_PEER_PROOF_HEADER = "X-Local-Peer-Proof";

export const localPeerSettings = {
  /** The address `npm start` listens on (HOST, default localhost). Local and test instances only. */
  LOCAL_BIND_HOST: optionalText,
  /** Set by `npm start` when its local front stands before the Worker (non-loopback HOST). */
  LOCAL_PEER_PROOF: optionalText,
};

/** Settings of local instances only; production refuses them. */
export const LOCAL_PEER_SETTINGS = ["LOCAL_BIND_HOST", "LOCAL_PEER_PROOF"] as const;

/** The settings this module reads (a part of the app's Config; env.ts imports this module). */
type PeerConfig = { APP_ENV: string; LOCAL_BIND_HOST?: string; LOCAL_PEER_PROOF?: string };

export function checkLocalPeerSettings(config: PeerConfig, ctx: z.core.$RefinementCtx) {
  if (config.APP_ENV !== "production") return;
  for (const key of LOCAL_PEER_SETTINGS) {
    if (config[key]) refuseSetting(ctx, key, `${key} describes a local instance's socket and is refused in production`);
  }
}

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
export function isLoopback(address: string | null | undefined): boolean {
  if (!address) return false;
  const ip = address.trim().toLowerCase();
  return ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip) || /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

/** Whether the instance listens on loopback only: `localhost`, a 127.x address or ::1 (also as `[::1]`). */
export function boundToLoopback(config: Pick<PeerConfig, "LOCAL_BIND_HOST">): boolean {
  const host = config.LOCAL_BIND_HOST?.trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  return host === "localhost" || isLoopback(host);
}

/**
 * Whether the socket proves that the client is on this machine: the instance listens on loopback
 * (then every peer is), or its local front took a loopback peer address from the socket.
 */
export function socketOnThisMachine(request: Request, config: PeerConfig): boolean {
  return boundToLoopback(config) || isLoopback(frontProvenPeer(request, config));
}

/**
 * Whether the request's connection comes from this machine, proven by the socket, never by a
 * header (for /dev/*): only on a local or test instance, listening on loopback or behind its front.
 * The runtime's `CF-Connecting-IP` must name a loopback address too — a header can refuse, never
 * admit (behind the front it is the address the front took from the socket).
 */
export function fromThisMachine(request: Request, config: PeerConfig): boolean {
  if (config.APP_ENV !== "local" && config.APP_ENV !== "test") return false;
  return socketOnThisMachine(request, config) && isLoopback(request.headers.get("CF-Connecting-IP"));
}

/**
 * A client of a local or test instance that the socket does not prove to be on this machine: a
 * phone on the network of an instance started with HOST=0.0.0.0, or any client of an instance that
 * does not know where it listens. It gets neither demo sign-in nor the docs password (ADR 067).
 */
export function remoteClientOfLocalInstance(request: Request, config: PeerConfig): boolean {
  if (config.APP_ENV !== "local" && config.APP_ENV !== "test") return false;
  return !socketOnThisMachine(request, config);
}

/**
 * How a sign-in link request is answered. Demo mode signs in whoever asks — a convenience for the
 * developer at this machine: any other client of a local instance (a phone on the network of an
 * instance started with HOST=0.0.0.0) gets the real flow instead, its link kept in the outbox that
 * only this machine opens (/dev/outbox; ADR 067).
 */
export function signInMailMode<Mode extends string>(request: Request, config: PeerConfig & { MAIL_MODE: Mode }): Mode | "outbox" {
  return config.MAIL_MODE === "demo" && remoteClientOfLocalInstance(request, config) ? "outbox" : config.MAIL_MODE;
}

/**
 * The socket's peer address on a local instance, or null where it cannot be proven:
 * - behind the local front with its proof: the address the front took from the socket;
 * - listening on loopback: every peer is this machine, one address (`loopback`);
 * - otherwise (wrangler dev by hand on another address): unknown.
 */
export function localSocketPeer(request: Request, config: PeerConfig): string | null {
  return frontProvenPeer(request, config) ?? (boundToLoopback(config) ? "loopback" : null);
}

/** The address the local front took from the socket, when the request carries this start's proof. */
function frontProvenPeer(request: Request, config: PeerConfig): string | null {
  const proof = request.headers.get(LOCAL_PEER_PROOF_HEADER);
  if (!config.LOCAL_PEER_PROOF || !proof || !sameText(proof, config.LOCAL_PEER_PROOF)) return null;
  return request.headers.get("CF-Connecting-IP");
}

/** Constant-time comparison (https://developers.cloudflare.com/workers/runtime-apis/web-crypto/#timingsafeequal). */
function sameText(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  return left.byteLength === right.byteLength && crypto.subtle.timingSafeEqual(left, right);
}
