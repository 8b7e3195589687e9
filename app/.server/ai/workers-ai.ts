// Production AI adapter: the Workers AI binding (ADR 010, ADR 023). One call per ad: every photo
// (its bounded model copy as a data URI in an `image_url` part) and the seller's inputs in one chat
// request, the whole ad as JSON enforced with `guided_json`. JSON mode cannot stream, so the
// seller sees coarse phases ("Fotos werden angesehen", then "Text wird geschrieben") instead of
// words; the answer arrives as `{ response: <object> }`. The request is checked against the
// service's contract before the call (workers-ai-contract.ts). Where the model cannot meet the
// schema ("JSON Mode couldn't be met"), the one repair call asks without JSON mode and the answer
// is parsed tolerantly. The deadline's AbortSignal is passed to the binding.
import { OPINION_SCHEMA, opinionMessages, parseOpinion } from "./buyer-message";
import { AD_SCHEMA, callWithRepair } from "./model-call";
import { AiOutputError, type AiProvider } from "./types";
import { checkWorkersAiInput, JSON_MODE_NOT_MET } from "./workers-ai-contract";

export type AiBinding = { run(model: string, inputs: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<unknown> };

/** The answer of a `messages` call: an object in JSON mode, text without it. */
function responseOf(answer: unknown): unknown {
  if (answer && typeof answer === "object" && "response" in answer) {
    const { response } = answer as { response: unknown };
    if (typeof response === "string" || (response && typeof response === "object")) return response;
  }
  throw new AiOutputError("Workers AI answer has no response field");
}

async function run(ai: AiBinding, model: string, inputs: Record<string, unknown>, signal?: AbortSignal) {
  checkWorkersAiInput(inputs);
  return responseOf(await ai.run(model, inputs, { signal }));
}

export function createWorkersAiProvider(ai: AiBinding, model: string): AiProvider {
  return {
    name: "workers-ai",
    async generate(input, options = {}) {
      options.onProgress?.({ phase: "photos" });
      let jsonMode = true;
      return callWithRepair(input, options, async (messages) => {
        const inputs = { messages, max_tokens: 2048, temperature: 0.4, ...(jsonMode ? { guided_json: AD_SCHEMA } : {}) };
        try {
          const answer = await run(ai, model, inputs, options.signal);
          options.onProgress?.({ phase: "text" });
          return answer;
        } catch (error) {
          if (!(error instanceof Error) || !error.message.includes(JSON_MODE_NOT_MET)) throw error;
          // The schema could not be met: the repair call goes without JSON mode.
          jsonMode = false;
          throw new AiOutputError(JSON_MODE_NOT_MET);
        }
      });
    },
    async assessBuyerMessage(message, options = {}) {
      return parseOpinion(
        await run(
          ai,
          model,
          { messages: opinionMessages(message), guided_json: OPINION_SCHEMA, max_tokens: 300, temperature: 0.1 },
          options.signal,
        ),
      );
    },
  };
}
