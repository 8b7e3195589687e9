// Alternative AI adapter: any OpenAI-compatible chat-completions endpoint, over fetch. One call
// per ad with all photos as data URIs and a strict JSON schema (`response_format: json_schema`,
// `strict: true`); streamed, so the seller sees the description being written.
import { OPINION_SCHEMA, opinionMessages, parseOpinion } from "./buyer-message";
import { AD_SCHEMA, callWithRepair, progressFromStream, readSse, type ChatMessage } from "./model-call";
import { AiOutputError, type AiProvider } from "../../ai/types";

export class AiServiceError extends Error {
  override name = "AiServiceError";
}

type ChatChunk = { choices?: Array<{ delta?: { content?: unknown }; message?: { content?: unknown } }> };

export function createOpenAiProvider(options: { baseUrl: string; apiKey: string; model: string }): AiProvider {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;

  /** One chat completion with a strict JSON schema; a non-OK answer is a service failure. */
  async function complete(
    request: { name: string; schema: Record<string, unknown>; temperature: number; stream: boolean; messages: ChatMessage[] },
    signal?: AbortSignal,
  ) {
    const response = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${options.apiKey}`, "Content-Type": "application/json" },
      signal,
      body: JSON.stringify({
        model: options.model,
        temperature: request.temperature,
        stream: request.stream,
        response_format: { type: "json_schema", json_schema: { name: request.name, strict: true, schema: request.schema } },
        messages: request.messages,
      }),
    });
    if (!response.ok) throw new AiServiceError(`AI endpoint answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return response;
  }

  return {
    name: "openai",
    async generate(input, run = {}) {
      run.onProgress?.({ phase: "photos" });
      return callWithRepair(input, run, async (messages) => {
        const response = await complete({ name: "anzeige", schema: AD_SCHEMA, temperature: 0.4, stream: true, messages }, run.signal);
        if ((response.headers.get("Content-Type") ?? "").includes("text/event-stream") && response.body) {
          const pick = (data: unknown) => {
            const content = (data as ChatChunk).choices?.[0]?.delta?.content;
            return typeof content === "string" ? content : undefined;
          };
          return readSse(response.body, pick, (soFar) => progressFromStream(soFar, run));
        }
        // Endpoints that ignore `stream` answer with one JSON body.
        const content = (await response.json<ChatChunk>()).choices?.[0]?.message?.content;
        if (typeof content !== "string") throw new AiOutputError("AI endpoint answer has no message content");
        return content;
      });
    },
    async assessBuyerMessage(message, run = {}) {
      const response = await complete(
        { name: "einschaetzung", schema: OPINION_SCHEMA, temperature: 0.1, stream: false, messages: opinionMessages(message) },
        run.signal,
      );
      return parseOpinion((await response.json<ChatChunk>()).choices?.[0]?.message?.content);
    },
  };
}
