// The app Worker's scheduled handler. The cron trigger belongs to the generator Worker
// (wrangler.generator.toml); the app Worker has none in production, so this runs only where a
// scheduled event is sent to the app by hand: `curl …/cdn-cgi/handler/scheduled` under
// `npm start`, where wrangler dev gives that URL to the first Worker. It passes the call on to the
// generator through the service binding, so the README's command runs the real housekeeping.
import { HOUSEKEEPING_PATH } from "../queue/ad-generation";

export async function forwardScheduledToGenerator(env: Pick<Env, "GENERATOR">): Promise<void> {
  const response = await env.GENERATOR.fetch(`https://generator.internal${HOUSEKEEPING_PATH}`, { method: "POST" });
  if (!response.ok) throw new Error(`the generator's housekeeping failed: ${response.status}`);
}
