// Who a request comes from, for rate limits. In production every request reaches the Worker
// through Cloudflare's edge, which sets `CF-Connecting-IP` to the connecting address and replaces
// any value the client sent. Locally (wrangler dev) the header is only filled in when the client
// sent none, so a client could rotate it: there the key is the socket's peer address as far as the
// instance can prove it (local-peer.ts, ADR 056), and one shared key where it cannot.
// The workers tests and the e2e servers (APP_ENV=test) play the edge themselves and set the header.
import type { Config } from "../env";
import { localSocketPeer } from "./local-peer";

export const LOCAL_CLIENT = "local";

export function clientAddress(request: Request, config: Pick<Config, "APP_ENV" | "LOCAL_BIND_HOST" | "LOCAL_PEER_PROOF">): string {
  if (config.APP_ENV === "local") return localSocketPeer(request, config) ?? LOCAL_CLIENT;
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}
