// Who may read /dev/outbox (it holds sign-in links): only an instance configured for it
// (MAIL_MODE=outbox on APP_ENV local or test; production refuses outbox mode), and there only a
// client proven by its socket to connect from this machine (app/.server/app/endpoint/local-peer.ts,
// ADR 056) — never by a header such as Host or CF-Connecting-IP, which the client writes — or a
// signed-in admin.
import type { Config } from "../env";
import { fromThisMachine } from "../endpoint/local-peer";

export function outboxConfigured(config: Pick<Config, "APP_ENV" | "MAIL_MODE">): boolean {
  return config.MAIL_MODE === "outbox" && (config.APP_ENV === "local" || config.APP_ENV === "test");
}

/** True for a client on this machine of an instance configured for the outbox (admins are let in by the route). */
export function mayReadOutbox(
  request: Request,
  config: Pick<Config, "APP_ENV" | "MAIL_MODE" | "LOCAL_BIND_HOST" | "LOCAL_PEER_PROOF">,
): boolean {
  return outboxConfigured(config) && fromThisMachine(request, config);
}
