// Who may read /dev/outbox (it holds sign-in links): only an instance that keeps mails there
// (MAIL_MODE=outbox on APP_ENV local or test — production refuses outbox mode — or demo mode on an
// instance listening on the network, whose other clients get their sign-in links there, ADR 067),
// and there only a client proven by its socket to connect from this machine
// (app/.server/app-worker/endpoint/local-peer.ts, ADR 056) — never by a header such as Host or
// CF-Connecting-IP, which the client writes — or a signed-in admin.
import type { Config } from "./env";
import { boundToLoopback, fromThisMachine } from "./endpoint/local-peer";

export function outboxConfigured(config: Pick<Config, "APP_ENV" | "MAIL_MODE" | "LOCAL_BIND_HOST">): boolean {
  if (config.APP_ENV !== "local" && config.APP_ENV !== "test") return false;
  return config.MAIL_MODE === "outbox" || (config.MAIL_MODE === "demo" && !boundToLoopback(config));
}

/** True for a client on this machine of an instance configured for the outbox (admins are let in by the route). */
export function mayReadOutbox(
  request: Request,
  config: Pick<Config, "APP_ENV" | "MAIL_MODE" | "LOCAL_BIND_HOST" | "LOCAL_PEER_PROOF">,
): boolean {
  return outboxConfigured(config) && fromThisMachine(request, config);
}
