// The direct start of a generation: the app Worker calls the generator Worker (service binding)
// right after an ad is created, so each ad is generated at once in its own invocation instead of
// waiting for a queue batch that is busy with other sellers' ads. The queue message, sent with a
// delay, is the safety net: it finds the ad finished (no-op), leased (looks again later) or
// abandoned (generates it). A failed direct attempt is put back into the queue with its backoff.
import { getDb } from "../db/client";
import { adGenerationMessageSchema, DIRECT_GENERATION_PATH, enqueueAdGeneration } from "../queue/ad-generation";
import { attemptGeneration, leaseDuration, type GenerationEnv } from "./consumer";

export async function handleDirectGeneration(request: Request, env: GenerationEnv): Promise<Response> {
  const url = new URL(request.url);
  if (request.method !== "POST" || url.pathname !== DIRECT_GENERATION_PATH) return new Response(null, { status: 404 });
  const parsed = adGenerationMessageSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ message: "Ungültige Anfrage." }, { status: 400 });
  const outcome = await attemptGeneration(env, getDb(env.DB), parsed.data.adId, leaseDuration(env));
  if (outcome.kind === "retry") await enqueueAdGeneration(env.AD_QUEUE, parsed.data.adId, outcome.delaySeconds);
  return Response.json({ outcome: outcome.kind });
}
