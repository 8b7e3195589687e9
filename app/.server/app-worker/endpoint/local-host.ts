// Which names a local instance answers to (ADR 067). A page on another site can point its
// own name at 127.0.0.1 (DNS rebinding); the browser then sends that name as Host and counts the
// local instance as part of that site, so the page reads whatever the instance answers it — a demo
// sign-in, the outbox's links. A local or test instance therefore answers only names no other site
// can rebind: `localhost`, an IP address (a page loaded from an address has that address as its
// origin — the phone's http://192.168.178.20:8787 on HOST=0.0.0.0), the name it listens on
// (LOCAL_BIND_HOST) and the name of its PUBLIC_BASE_URL, on any port. Others get 421 Misdirected
// Request (RFC 9110 §15.5.20). Production is reached only through Cloudflare, which routes by host
// to this Worker's own domain (wrangler.toml [env.production] routes), so it checks nothing here.
import type { MiddlewareHandler } from "hono";
import { ConfigError, getConfig, type Config } from "../env";
import { errorJson, type AppBindings } from "./router";

export const UNKNOWN_HOST_MESSAGE =
  "Unbekannter Host: Dieser lokale Server antwortet nur unter localhost, seiner IP-Adresse oder seinem eigenen Namen.";

const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
/** A URL's hostname writes an IPv6 address in brackets (WHATWG URL), e.g. `[::1]`. */
const IPV6 = /^\[[0-9a-f:.]+\]$/;

type HostConfig = Pick<Config, "APP_ENV" | "LOCAL_BIND_HOST" | "PUBLIC_BASE_URL">;

/** Whether an instance with this configuration answers a request for `hostname` (a URL's, lower case). */
export function answersHost(hostname: string, config: HostConfig): boolean {
  if (config.APP_ENV === "production") return true;
  if (hostname === "localhost" || IPV4.test(hostname) || IPV6.test(hostname)) return true;
  const bound = config.LOCAL_BIND_HOST?.trim().toLowerCase();
  return hostname === bound || hostname === new URL(config.PUBLIC_BASE_URL).hostname;
}

/** Refuses a request for a name the local instance does not answer to (before any route runs). */
export const localHostOnly: MiddlewareHandler<AppBindings> = async (c, next) => {
  let config: Config;
  try {
    config = getConfig(c.env);
  } catch (error) {
    // A configuration error is reported by the route it reaches (one clear 500 there).
    if (error instanceof ConfigError) return next();
    throw error;
  }
  if (!answersHost(new URL(c.req.url).hostname, config)) return errorJson(c, 421, UNKNOWN_HOST_MESSAGE);
  return next();
};
