// The generator Worker's internal API (service binding from the app Worker only): a model's second
// opinion on a buyer's message for the Verkaufshelfer (ADR 016). Everything else answers 404.
import { z } from "zod";
import { SCAM_MESSAGE_MAX } from "../../../lib/sales-kit";
import { getAiProvider } from "../ai/provider";
import { OPINION_TIMEOUT_MS, SCAM_OPINION_PATH } from "../../queue/ad-generation";
import type { GenerationEnv } from "./attempt";
import { getGeneratorConfig } from "../env";

const opinionRequestSchema = z.object({ message: z.string().trim().min(1).max(SCAM_MESSAGE_MAX) }).strict();

export async function handleGeneratorRequest(request: Request, env: GenerationEnv): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method === "POST" && pathname === SCAM_OPINION_PATH) return handleScamOpinion(request, env);
  return new Response(null, { status: 404 });
}

/** A model's second opinion on a buyer's message; `null` where no model runs (offline) or it failed. */
async function handleScamOpinion(request: Request, env: GenerationEnv): Promise<Response> {
  const parsed = opinionRequestSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ message: "Ungültige Anfrage." }, { status: 400 });
  const provider = getAiProvider(getGeneratorConfig(env), env);
  if (!provider.assessBuyerMessage) return Response.json({ opinion: null });
  try {
    return Response.json({
      opinion: await provider.assessBuyerMessage(parsed.data.message, { signal: AbortSignal.timeout(OPINION_TIMEOUT_MS) }),
    });
  } catch (error) {
    console.warn("model opinion on a buyer message failed; the rules answer alone", String(error));
    return Response.json({ opinion: null });
  }
}
