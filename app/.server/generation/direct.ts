// The direct start of a generation: the app Worker calls the generator Worker (service binding)
// right after an ad is created, so each ad is generated at once in its own invocation instead of
// waiting for a queue batch that is busy with other sellers' ads. The queue message, sent with a
// delay, is the safety net: it finds the ad finished (no-op), leased (looks again later) or
// abandoned (generates it). A failed direct attempt is put back into the queue with its backoff.
import { z } from "zod";
import { SCAM_MESSAGE_MAX } from "../../lib/sales-kit";
import { getAiProvider } from "../ai/provider";
import { getDb } from "../db/client";
import { adGenerationMessageSchema, DIRECT_GENERATION_PATH, enqueueAdGeneration, OPINION_TIMEOUT_MS, SCAM_OPINION_PATH } from "../queue/ad-generation";
import { attemptGeneration, leaseDuration, type GenerationEnv } from "./consumer";
import { getGeneratorConfig } from "./env";

const opinionRequestSchema = z.object({ message: z.string().trim().min(1).max(SCAM_MESSAGE_MAX) }).strict();

/** The generator's internal API (service binding only): start a generation, or give a model opinion. */
export async function handleGeneratorRequest(request: Request, env: GenerationEnv): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method === "POST" && pathname === SCAM_OPINION_PATH) return handleScamOpinion(request, env);
  return handleDirectGeneration(request, env);
}

/** A model's second opinion on a buyer's message; `null` where no model runs (offline) or it failed. */
async function handleScamOpinion(request: Request, env: GenerationEnv): Promise<Response> {
  const parsed = opinionRequestSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ message: "Ungültige Anfrage." }, { status: 400 });
  const provider = getAiProvider(getGeneratorConfig(env), env);
  if (!provider.assessBuyerMessage) return Response.json({ opinion: null });
  try {
    return Response.json({ opinion: await provider.assessBuyerMessage(parsed.data.message, { signal: AbortSignal.timeout(OPINION_TIMEOUT_MS) }) });
  } catch (error) {
    console.warn("model opinion on a buyer message failed; the rules answer alone", String(error));
    return Response.json({ opinion: null });
  }
}

export async function handleDirectGeneration(request: Request, env: GenerationEnv): Promise<Response> {
  const url = new URL(request.url);
  if (request.method !== "POST" || url.pathname !== DIRECT_GENERATION_PATH) return new Response(null, { status: 404 });
  const parsed = adGenerationMessageSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ message: "Ungültige Anfrage." }, { status: 400 });
  const outcome = await attemptGeneration(env, getDb(env.DB), parsed.data.adId, leaseDuration(env));
  if (outcome.kind === "retry") await enqueueAdGeneration(env.AD_QUEUE, parsed.data.adId, outcome.delaySeconds);
  return Response.json({ outcome: outcome.kind });
}
