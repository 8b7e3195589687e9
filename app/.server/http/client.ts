// Who a request comes from, for rate limits. In production every request reaches the Worker
// through Cloudflare's edge, which sets `CF-Connecting-IP` to the connecting address and replaces
// any value the client sent. Locally (wrangler dev) the header is only filled in when the client
// sent none, so a client could rotate it: there all requests share one key — it is one machine.
// The workers tests play the edge themselves and set the header per test.
import type { Config } from "../env";

export const LOCAL_CLIENT = "local";

export function clientAddress(request: Request, appEnv: Config["APP_ENV"]): string {
  if (appEnv === "local") return LOCAL_CLIENT;
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}
