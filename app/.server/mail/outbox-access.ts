// Who may read /dev/outbox (it holds sign-in links): only an instance configured for it
// (MAIL_MODE=outbox on APP_ENV local or test; production refuses outbox mode), and there only a
// client connecting from this machine — by the address the runtime reports in CF-Connecting-IP,
// never by the Host header, which the client writes — or a signed-in admin. docs/SECURITY.md
// notes what this cannot tell apart under wrangler dev.
import type { Config } from "../env";

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
export function isLoopback(address: string | null): boolean {
  if (!address) return false;
  const ip = address.trim().toLowerCase();
  return ip === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip) || /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

export function outboxConfigured(config: Pick<Config, "APP_ENV" | "MAIL_MODE">): boolean {
  return config.MAIL_MODE === "outbox" && (config.APP_ENV === "local" || config.APP_ENV === "test");
}

/** True for a client on this machine of an instance configured for the outbox (admins are let in by the route). */
export function mayReadOutbox(request: Request, config: Pick<Config, "APP_ENV" | "MAIL_MODE">): boolean {
  return outboxConfigured(config) && isLoopback(request.headers.get("CF-Connecting-IP"));
}
