// Running the generator's scheduled housekeeping by hand on a local instance. Under `npm start`
// (wrangler dev with both Workers) `/cdn-cgi/handler/scheduled` reaches only the app Worker's
// static-assets router, which has no scheduled handler (500); the cron belongs to the generator
// Worker, reachable only through the app's service binding. So a local or test instance answers
// `POST /dev/housekeeping` from this machine (proven by the socket, local-peer.ts, ADR 056) by
// passing the call on (README "Cron triggers").
import type { Context } from "hono";
import { getConfig } from "./env";
import { HOUSEKEEPING_PATH } from "../queue/ad-generation";
import { fromThisMachine } from "./endpoint/local-peer";
import { errorJson, type AppBindings } from "./endpoint/router";

export const HOUSEKEEPING_ROUTE = "/dev/housekeeping";

export async function forwardScheduledToGenerator(env: Pick<Env, "GENERATOR">): Promise<void> {
  const response = await env.GENERATOR.fetch(`https://generator.internal${HOUSEKEEPING_PATH}`, { method: "POST" });
  if (!response.ok) throw new Error(`the generator's housekeeping failed: ${response.status}`);
}

/** POST /dev/housekeeping: only on APP_ENV local or test, only from this machine; 404 otherwise. */
export async function handleHousekeeping(c: Context<AppBindings>): Promise<Response> {
  if (!fromThisMachine(c.req.raw, getConfig(c.env))) {
    return errorJson(c, 404, "Nicht gefunden.");
  }
  await forwardScheduledToGenerator(c.env);
  return c.json({ message: "Aufräumen erledigt." });
}
