// What Workers AI accepts from us and how it fails, written down once and enforced by the local
// double (workers-ai-double.ts) and by the adapter before it calls (ADR 023, ADR 051):
// - the models we call, each with its published contract (WORKERS_AI_MODELS): the model page
//   (https://developers.cloudflare.com/workers-ai/models/mistral-small-3.1-24b-instruct/) gives the
//   context window (128,000 tokens), `max_tokens` (default 256), `temperature` (0–5) and JSON mode
//   as `guided_json` — the input schema has no `response_format`, and the JSON-mode page
//   (https://developers.cloudflare.com/workers-ai/features/json-mode/) does not list the model, so
//   `guided_json` is the field (ADR 051); any other model id is "No such model" (5007);
// - the `messages` input: role and content, content parts `text` or `image_url`, whose url must be
//   a data URI — "image uri with data (e.g. data:image/jpeg;base64,/9j/...). HTTP URL will not be
//   accepted"; at most `maxImages` images (Cloudflare publishes no figure; Mistral's own serving
//   command for the model allows 10: https://mistralai.github.io/mistral-common/examples/small_3.1_chat_completion);
// - JSON mode: "JSON Mode currently doesn't support streaming" (deployed: 5023); the schema must be
//   "a valid JSON Schema declaration"; a schema the model cannot meet ends in "JSON Mode couldn't be
//   met" (deployed: code 5024); the answer's `response` is an object on the JSON-mode page but
//   `string` in the model's typed output, so both are accepted (model-call.ts, modelResponse);
// - errors: the binding throws `${internalCode}: ${description}` (workerd's ai-api.ts); the codes
//   are those of https://developers.cloudflare.com/workers-ai/platform/errors/ plus the ones the
//   service answers but the table omits (WORKERS_AI_ERRORS says which);
// - a request-size budget: Workers AI answers 3006 "Request is too large" (HTTP 413) without
//   publishing the size, so we hold every call to our own budget, far below a Worker's 128 MB.
import { z } from "zod";
import { fromBase64 } from "../crypto/base64";
import { readImageSize } from "../storage/image-info";

/** Our budget for one model request (JSON-serialised inputs): five 600 KB model copies as base64 (4.1 MB) fit. */
export const REQUEST_BUDGET_BYTES = 5 * 1024 * 1024;

export type WorkersAiModel = {
  /** Input plus `max_tokens` may not exceed this (the model page's "Context Window"). */
  contextWindowTokens: number;
  /** `max_tokens` when the request names none (the model page's default). */
  defaultMaxTokens: number;
  /** Images per request. */
  maxImages: number;
  /** Pixels per side of one image token before any merge (an upper bound on the image's tokens). */
  imagePatchPixels: number;
  /** Longest image side the model's encoder takes; larger images are scaled down to it. */
  maxImageSide: number;
};

/** The Workers AI models whose contract is written down here; AI_MODEL must be one of them (generation/env.ts). */
export const WORKERS_AI_MODELS: Record<string, WorkersAiModel> = {
  "@cf/mistralai/mistral-small-3.1-24b-instruct": {
    contextWindowTokens: 128_000,
    defaultMaxTokens: 256,
    maxImages: 10,
    // Mistral's image encoder turns each image_patch_size² patch into at most one token (then merges
    // spatial_merge_size² of them): https://mistralai.github.io/mistral-common/usage/images
    imagePatchPixels: 14,
    maxImageSide: 1540,
  },
};

/**
 * The service's error codes we act on. `documented`: listed on the errors page; otherwise the
 * code is what the deployed service answers (ADR 051 names the sources).
 */
export const WORKERS_AI_ERRORS = {
  NO_SUCH_MODEL: 5007, // documented, 400 "No such model ${model} or task"
  INVALID_MODEL_ID: 3042, // documented, 404 "The model name is invalid"
  REQUEST_TOO_LARGE: 3006, // documented, 413 "Request is too large"
  TIMEOUT: 3007, // documented, 408 "Request timeout"
  ABORTED: 3008, // documented, 408 "Request was aborted"
  ACCOUNT_LIMITED: 3036, // documented, 429 "You have used up your daily free allocation of 10,000 neurons"
  OUT_OF_CAPACITY: 3040, // documented, 429 "No more data centers to forward the request to"
  RATE_LIMITED: 3021, // deployed, 429 "rate limiting: inference request per min rate reached"
  NEURONS_USED_UP: 4006, // deployed "you have used up your daily free allocation of 10,000 neurons"
  INVALID_INPUT: 5006, // deployed "Invalid input"
  CONTEXT_WINDOW_EXCEEDED: 5021, // deployed "…exceeded this model context window limit (128000)"
  JSON_MODE_WITH_STREAM: 5023, // deployed "JSON Schema mode is not supported with stream mode"
  JSON_MODE_NOT_MET: 5024, // deployed "JSON Mode couldn't be met" (the JSON-mode page's wording)
} as const;

export const DATA_IMAGE_URL = /^data:image\/(jpeg|png|webp|gif);base64,[A-Za-z0-9+/]+=*$/;

const contentPart = z.union([
  z.object({ type: z.literal("text"), text: z.string() }).strict(),
  z
    .object({
      type: z.literal("image_url"),
      image_url: z
        .object({ url: z.string().regex(DATA_IMAGE_URL, "image_url.url must be a data: URI (HTTP URL will not be accepted)") })
        .strict(),
    })
    .strict(),
]);

/** The `messages` input of the model, as far as we use it; anything else is refused like the service does. */
export const workersAiMessagesInputSchema = z
  .object({
    messages: z
      .array(
        z
          .object({
            role: z.enum(["system", "user", "assistant"]),
            content: z.union([z.string(), z.array(contentPart).min(1)]),
          })
          .strict(),
      )
      .min(1),
    guided_json: z.record(z.string(), z.unknown()).optional(),
    stream: z.boolean().optional(),
    max_tokens: z.number().int().positive().optional(),
    temperature: z.number().min(0).max(5).optional(),
  })
  .strict();

export type WorkersAiMessagesInput = z.infer<typeof workersAiMessagesInputSchema>;

/** An error as the binding reports it: `${code}: ${description}` (workerd's InferenceUpstreamError). */
export class WorkersAiError extends Error {
  override name = "AiError";
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/**
 * The service's code of a failed call, or null: our own WorkersAiError carries it as `code`; the
 * binding's error starts its message with it (optionally after the error's name).
 */
export function workersAiErrorCode(error: unknown): number | null {
  if (!error || typeof error !== "object") return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "number" && Number.isInteger(code)) return code;
  const match = typeof message === "string" ? /^(?:\w+: )?(\d{4}): /.exec(message) : null;
  return match ? Number(match[1]) : null;
}

const JSON_TYPES = ["string", "number", "integer", "boolean", "object", "array", "null"] as const;
const count = z.number().int().min(0);

/**
 * A JSON Schema declaration as far as its meta-schema constrains the keywords a schema for
 * structured output uses (https://json-schema.org/draft/2020-12/json-schema-validation):
 * unknown keywords are allowed (the meta-schema allows them), known ones must have their shape.
 */
const jsonSchemaDeclaration: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.boolean(),
    z
      .object({
        type: z.union([z.enum(JSON_TYPES), z.array(z.enum(JSON_TYPES)).min(1)]).optional(),
        properties: z.record(z.string(), jsonSchemaDeclaration).optional(),
        required: z
          .array(z.string())
          .refine((names) => new Set(names).size === names.length, "required: names must be unique")
          .optional(),
        items: jsonSchemaDeclaration.optional(),
        additionalProperties: jsonSchemaDeclaration.optional(),
        enum: z.array(z.unknown()).min(1).optional(),
        anyOf: z.array(jsonSchemaDeclaration).min(1).optional(),
        oneOf: z.array(jsonSchemaDeclaration).min(1).optional(),
        allOf: z.array(jsonSchemaDeclaration).min(1).optional(),
        minLength: count.optional(),
        maxLength: count.optional(),
        minItems: count.optional(),
        maxItems: count.optional(),
        minimum: z.number().optional(),
        maximum: z.number().optional(),
        pattern: z
          .string()
          .refine((pattern) => {
            try {
              new RegExp(pattern, "u");
              return true;
            } catch {
              return false;
            }
          }, "pattern: not a regular expression")
          .optional(),
        title: z.string().optional(),
        description: z.string().optional(),
      })
      .passthrough(),
  ]),
);

function issuesOf(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
}

function imagesOf(inputs: WorkersAiMessagesInput): string[] {
  return inputs.messages.flatMap((message) =>
    typeof message.content === "string" ? [] : message.content.flatMap((part) => (part.type === "image_url" ? [part.image_url.url] : [])),
  );
}

function base64Bytes(dataUrl: string): Uint8Array {
  return fromBase64(dataUrl.slice(dataUrl.indexOf(",") + 1));
}

/** At most how many tokens an image costs: one per patch of its (scaled-down) size, plus a break per row. */
function imageTokens(dataUrl: string, model: WorkersAiModel): number {
  const size = readImageSize(base64Bytes(dataUrl)) ?? { width: model.maxImageSide, height: model.maxImageSide };
  const scale = Math.min(1, model.maxImageSide / Math.max(size.width, size.height));
  const columns = Math.ceil((size.width * scale) / model.imagePatchPixels);
  const rows = Math.ceil((size.height * scale) / model.imagePatchPixels);
  return rows * (columns + 1);
}

/**
 * At least as many tokens as the request's input: Mistral's tokenizer (Tekken) is a byte-level BPE,
 * so no text has more tokens than UTF-8 bytes; a few per message for the chat template.
 */
export function estimatedInputTokens(inputs: WorkersAiMessagesInput, model: WorkersAiModel): number {
  const encoder = new TextEncoder();
  let tokens = 0;
  for (const message of inputs.messages) {
    tokens += 8;
    const parts = typeof message.content === "string" ? [{ type: "text" as const, text: message.content }] : message.content;
    for (const part of parts)
      tokens += part.type === "text" ? encoder.encode(part.text).byteLength : imageTokens(part.image_url.url, model);
  }
  return tokens;
}

/** Refuses what the service refuses, before any model work (the double) or any call (the adapter). */
export function checkWorkersAiInput(modelId: string, inputs: unknown): WorkersAiMessagesInput {
  const model = WORKERS_AI_MODELS[modelId];
  if (!model) throw new WorkersAiError(WORKERS_AI_ERRORS.NO_SUCH_MODEL, `No such model ${modelId} or task`);
  const size = new TextEncoder().encode(JSON.stringify(inputs)).byteLength;
  if (size > REQUEST_BUDGET_BYTES) throw new WorkersAiError(WORKERS_AI_ERRORS.REQUEST_TOO_LARGE, `Request is too large (${size} bytes)`);
  const parsed = workersAiMessagesInputSchema.safeParse(inputs);
  if (!parsed.success) throw new WorkersAiError(WORKERS_AI_ERRORS.INVALID_INPUT, `Invalid input: ${issuesOf(parsed.error)}`);
  const request = parsed.data;
  if (request.guided_json && request.stream)
    throw new WorkersAiError(WORKERS_AI_ERRORS.JSON_MODE_WITH_STREAM, "JSON Schema mode is not supported with stream mode");
  if (request.guided_json) {
    const schema = jsonSchemaDeclaration.safeParse(request.guided_json);
    if (!schema.success)
      throw new WorkersAiError(
        WORKERS_AI_ERRORS.INVALID_INPUT,
        `Invalid input: guided_json is not a valid JSON Schema: ${issuesOf(schema.error)}`,
      );
  }
  const images = imagesOf(request).length;
  if (images > model.maxImages)
    throw new WorkersAiError(
      WORKERS_AI_ERRORS.INVALID_INPUT,
      `Invalid input: at most ${model.maxImages} images may be provided in one request (got ${images})`,
    );
  const tokens = estimatedInputTokens(request, model) + (request.max_tokens ?? model.defaultMaxTokens);
  if (tokens > model.contextWindowTokens)
    throw new WorkersAiError(
      WORKERS_AI_ERRORS.CONTEXT_WINDOW_EXCEEDED,
      `The estimated number of input and maximum output tokens (${tokens}) exceeded this model context window limit (${model.contextWindowTokens}).`,
    );
  return request;
}
