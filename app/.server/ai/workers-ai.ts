// Production AI adapter: the Workers AI binding. One call per ad: every photo (data URIs in
// `image_url` parts) and the seller's inputs in one chat request, the whole ad as JSON enforced
// with `guided_json`, streamed (`stream: true`, server-sent events of `{ response }`) so the
// description appears while it is written; the deadline's AbortSignal is passed to the binding.
// Input schema: https://developers.cloudflare.com/workers-ai/models/mistral-small-3.1-24b-instruct/
import { OPINION_SCHEMA, opinionMessages, parseOpinion } from "./buyer-message";
import { AD_SCHEMA, callWithRepair, progressFromStream, readSse } from "./model-call";
import { AiOutputError, type AiProvider } from "./types";

export type AiBinding = { run(model: string, inputs: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<unknown> };

function textOf(answer: unknown): string {
  if (answer && typeof answer === "object" && "response" in answer) {
    const response = (answer as { response: unknown }).response;
    if (typeof response === "string") return response;
    if (response && typeof response === "object") return JSON.stringify(response);
  }
  throw new AiOutputError("Workers AI answer has no response field");
}

export function createWorkersAiProvider(ai: AiBinding, model: string): AiProvider {
  return {
    name: "workers-ai",
    async generate(input, run = {}) {
      run.onProgress?.({ phase: "photos" });
      return callWithRepair(input, async (messages) => {
        const answer = await ai.run(model, { messages, guided_json: AD_SCHEMA, max_tokens: 2048, temperature: 0.4, stream: true }, { signal: run.signal });
        if (answer instanceof ReadableStream) {
          return readSse(answer, (data) => {
            const piece = (data as { response?: unknown }).response;
            return typeof piece === "string" ? piece : undefined;
          }, (soFar) => progressFromStream(soFar, run));
        }
        return textOf(answer);
      });
    },
    async assessBuyerMessage(message, run = {}) {
      const answer = await ai.run(model, { messages: opinionMessages(message), guided_json: OPINION_SCHEMA, max_tokens: 300, temperature: 0.1 }, { signal: run.signal });
      return parseOpinion(textOf(answer));
    },
  };
}
