// The runners' notices for the app Worker's dashboard wait (ADR 081; contract in
// app/.server/queue/ad-notices.ts). Without `seen` it answers the runners' current marks at once;
// with it, it answers as soon as one runner's mark differs from what the wait saw, or after
// `waitMs` with the marks unchanged. Every runner named is asked; an ad without a runner under way
// has an idle one, which answers the same mark until the wait is over.
import { adNoticesRequestSchema, type AdNoticesRequest } from "../../queue/ad-notices";
import { runnerFor, type ConsumerEnv } from "./consumer";

export type NoticesEnv = Pick<ConsumerEnv, "AD_GENERATION">;

async function marks(env: NoticesEnv, { ids, seen, waitMs }: AdNoticesRequest): Promise<string[]> {
  if (seen === undefined) return Promise.all(ids.map((id) => runnerFor(env, id).nextMark(null, 0)));
  const calls = ids.map((id, index) => runnerFor(env, id).nextMark(seen[index], waitMs));
  // The first runner to answer has a new mark, or the wait is over for all of them alike.
  const first = await Promise.race(calls.map((call, index) => call.then((mark) => ({ index, mark }))));
  return seen.map((mark, index) => (index === first.index ? first.mark : mark));
}

export async function handleAdNotices(request: Request, env: NoticesEnv): Promise<Response> {
  const parsed = adNoticesRequestSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ message: "Ungültige Anfrage." }, { status: 400 });
  try {
    return Response.json({ marks: await marks(env, parsed.data) });
  } catch (error) {
    // The wait reads D1 on its own meanwhile (app-worker/ads/changes.ts).
    console.warn("runner notices failed", String(error));
    return Response.json({ message: "Die Benachrichtigung ist gerade nicht verfügbar." }, { status: 503 });
  }
}
