// Alternative AI adapter: any OpenAI-compatible chat-completions endpoint, over fetch.
// One call with all photos as data URIs and a JSON schema for the whole answer.
import { fillPrompt } from "../../lib/prompts";
import { adTextInstructions, euroFieldsToCents, FULL_AD_SCHEMA, promptValues, SYSTEM_PROMPT, toDataUri } from "./shared";
import { AiOutputError, extractJson, parseGenerationOutput, type AiProvider } from "./types";

export class AiServiceError extends Error {
  override name = "AiServiceError";
}

export function createOpenAiProvider(options: { baseUrl: string; apiKey: string; model: string; timeoutMs?: number }): AiProvider {
  return {
    name: "openai",
    async generate(input) {
      const analysisPrompt = fillPrompt(input.prompts.image_analysis, promptValues(input, ""));
      const response = await fetch(`${options.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${options.apiKey}`, "Content-Type": "application/json" },
        signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
        body: JSON.stringify({
          model: options.model,
          temperature: 0.4,
          response_format: { type: "json_schema", json_schema: { name: "ad", schema: FULL_AD_SCHEMA } },
          messages: [
            { role: "system", content: SYSTEM_PROMPT },
            {
              role: "user",
              content: [
                {
                  type: "text",
                  text: [
                    "## Fotos",
                    analysisPrompt,
                    `Die Fotos sind von 0 bis ${input.photos.length - 1} nummeriert. Nenne bei jedem Mangel das Foto (photoIndex) und wähle das beste Titelbild (bestImageIndex).`,
                    adTextInstructions(input, "siehe Fotos"),
                  ].join("\n"),
                },
                ...input.photos.map((photo) => ({ type: "image_url", image_url: { url: toDataUri(photo) } })),
              ],
            },
          ],
        }),
      });
      if (!response.ok) {
        throw new AiServiceError(`AI endpoint answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      }
      const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== "string") throw new AiOutputError("AI endpoint answer has no message content");
      const parsed = extractJson(content);
      if (!parsed || typeof parsed !== "object") throw new AiOutputError("ad is not an object");
      return parseGenerationOutput(euroFieldsToCents(parsed as Record<string, unknown>), input.photos.length);
    },
  };
}
