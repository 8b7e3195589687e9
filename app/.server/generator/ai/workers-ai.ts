// Production AI adapter: the Workers AI binding (ADR 010, ADR 023, ADR 051). One call per ad:
// every photo (its bounded model copy as a data URI in an `image_url` part) and the seller's inputs
// in one chat request, the whole ad as JSON enforced with `guided_json` — the JSON-mode field of
// the model's own input schema
// (https://developers.cloudflare.com/workers-ai/models/mistral-small-3.1-24b-instruct/; the
// JSON-mode page's `response_format` is not in it). JSON mode cannot stream
// (https://developers.cloudflare.com/workers-ai/features/json-mode/), so the seller sees a coarse
// phase ("Fotos werden angesehen") instead of words, then the finished ad: the answer arrives whole,
// so no phase is reported after it (ADR 083); a repair call shows "Text wird geschrieben". The answer's
// `response` is an object or a JSON string (model-call.ts, modelResponse). The request is checked
// against the service's contract before the call (workers-ai-contract.ts). Where the model cannot
// meet the schema (error code 5024, "JSON Mode couldn't be met"), the one repair call asks without
// JSON mode and the answer is parsed tolerantly. Failures are told apart by their error code
// (https://developers.cloudflare.com/workers-ai/platform/errors/; classifyModelError). The
// deadline's AbortSignal is passed to the binding.
import { OPINION_SCHEMA, opinionMessages, parseOpinion } from "./buyer-message";
import { AD_SCHEMA, callWithRepair, classifyModelError, modelResponse } from "./model-call";
import { AiOutputError, type AiProvider } from "../../ai/types";
import { checkWorkersAiInput } from "./workers-ai-contract";

export type AiBinding = { run(model: string, inputs: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<unknown> };

async function run(ai: AiBinding, model: string, inputs: Record<string, unknown>, signal?: AbortSignal) {
  checkWorkersAiInput(model, inputs);
  return modelResponse(await ai.run(model, inputs, { signal }));
}

export function createWorkersAiProvider(ai: AiBinding, model: string): AiProvider {
  return {
    name: "workers-ai",
    async generate(input, options = {}) {
      options.onProgress?.({ phase: "photos" });
      let jsonMode = true;
      let calls = 0;
      return callWithRepair(input, options, async (messages) => {
        // The repair call writes the text anew; the first one's phase lasts until the ad is done.
        if (calls++ > 0) options.onProgress?.({ phase: "text" });
        const inputs = { messages, max_tokens: 2048, temperature: 0.4, ...(jsonMode ? { guided_json: AD_SCHEMA } : {}) };
        try {
          return await run(ai, model, inputs, options.signal);
        } catch (error) {
          if (!jsonMode || classifyModelError(error).kind !== "json-unmet") throw error;
          // The schema could not be met: the repair call goes without JSON mode.
          jsonMode = false;
          throw new AiOutputError("JSON Mode couldn't be met");
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
