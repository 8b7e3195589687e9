// Production AI adapter: the Workers AI binding. One vision call per photo (facts, defects,
// cover score), then one text call with a JSON schema for title, description, notes and price.
import { fillPrompt } from "../../lib/prompts";
import {
  AD_TEXT_SCHEMA,
  adTextInstructions,
  euroFieldsToCents,
  PHOTO_ANALYSIS_SCHEMA,
  promptValues,
  SYSTEM_PROMPT,
  toDataUri,
} from "./shared";
import { AiOutputError, extractJson, imageAnalysisSchema, parseGenerationOutput, type AiProvider, type ImageAnalysis } from "./types";
import { z } from "zod";

type AiBinding = { run(model: string, inputs: Record<string, unknown>): Promise<unknown> };

const photoAnswerSchema = imageAnalysisSchema.extend({
  coverScore: z.coerce.number().catch(0),
  summary: z.string().catch(""),
});

function responseOf(answer: unknown): unknown {
  if (answer && typeof answer === "object" && "response" in answer) return (answer as { response: unknown }).response;
  throw new AiOutputError("Workers AI answer has no response field");
}

function mergeAnalyses(perPhoto: Array<z.infer<typeof photoAnswerSchema>>): ImageAnalysis {
  const first = <K extends "brand" | "model" | "serialNumber" | "condition">(key: K) =>
    perPhoto.map((analysis) => analysis[key]).find((value) => value) ?? null;
  return {
    brand: first("brand"),
    model: first("model"),
    serialNumber: first("serialNumber"),
    condition: first("condition"),
    defects: perPhoto.flatMap((analysis, index) => analysis.defects.map((defect) => ({ text: defect.text, photoIndex: index }))),
  };
}

export function createWorkersAiProvider(ai: AiBinding, models: { vision: string; text: string }): AiProvider {
  return {
    name: "workers-ai",
    async generate(input) {
      const analysisPrompt = fillPrompt(input.prompts.image_analysis, promptValues(input, ""));
      const perPhoto = [];
      for (const photo of input.photos) {
        const answer = await ai.run(models.vision, {
          messages: [
            { role: "system", content: SYSTEM_PROMPT },
            {
              role: "user",
              content: [
                { type: "text", text: `${analysisPrompt}\nAntworte als JSON nach diesem Schema: ${JSON.stringify(PHOTO_ANALYSIS_SCHEMA)}` },
                { type: "image_url", image_url: { url: toDataUri(photo) } },
              ],
            },
          ],
          max_tokens: 600,
        });
        const parsed = photoAnswerSchema.safeParse(extractJson(responseOf(answer)));
        if (!parsed.success) throw new AiOutputError("photo analysis does not match the schema");
        perPhoto.push(parsed.data);
      }
      const imageAnalysis = mergeAnalyses(perPhoto);
      const summary = perPhoto.map((analysis, index) => `Foto ${index + 1}: ${analysis.summary}`).join("\n");

      const answer = await ai.run(models.text, {
        messages: [
          { role: "system", content: SYSTEM_PROMPT },
          { role: "user", content: adTextInstructions(input, `${summary}\n${JSON.stringify(imageAnalysis)}`) },
        ],
        response_format: { type: "json_schema", json_schema: AD_TEXT_SCHEMA },
        max_tokens: 2000,
      });
      const text = extractJson(responseOf(answer));
      if (!text || typeof text !== "object") throw new AiOutputError("ad text is not an object");
      const scores = perPhoto.map((analysis) => analysis.coverScore);
      return parseGenerationOutput(
        {
          ...euroFieldsToCents(text as Record<string, unknown>),
          bestImageIndex: scores.indexOf(Math.max(...scores)),
          imageAnalysis,
        },
        input.photos.length,
      );
    },
  };
}
