// What Workers AI accepts from us, written down once and enforced by the local double
// (workers-ai-double.ts) and by the adapter before it calls (ADR 023):
// - the input schema of the model (@cf/mistralai/mistral-small-3.1-24b-instruct; the `messages`
//   variant of its input type in the generated Workers types): messages with role and content,
//   content parts `text` or `image_url`, whose url must be a data URI — "image uri with data
//   (e.g. data:image/jpeg;base64,/9j/...). HTTP URL will not be accepted";
// - JSON mode (https://developers.cloudflare.com/workers-ai/features/json-mode/): "JSON Mode
//   currently doesn't support streaming" (deployed: `AiError 5023: JSON Schema mode is not supported
//   with stream mode`); the answer to `messages` arrives as `{ response: <object> }`; a schema that
//   cannot be met ends in the error "JSON Mode couldn't be met";
// - a request-size budget: Workers AI answers error 3006 "Request is too large" (HTTP 413,
//   https://developers.cloudflare.com/workers-ai/platform/errors/) without publishing the size, so
//   we hold every call to our own budget, far below the 128 MB of a Worker's memory.
import { z } from "zod";

/** Our budget for one model request (JSON-serialised inputs): five 600 KB model copies as base64 (4.1 MB) fit. */
export const REQUEST_BUDGET_BYTES = 5 * 1024 * 1024;

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

/** An error as the binding reports it (the message carries the service's code). */
export class WorkersAiError extends Error {
  override name = "AiError";
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

export const JSON_MODE_NOT_MET = "JSON Mode couldn't be met";

/** Refuses what the service refuses, before any model work (the double) or any call (the adapter). */
export function checkWorkersAiInput(inputs: unknown): WorkersAiMessagesInput {
  const size = new TextEncoder().encode(JSON.stringify(inputs)).byteLength;
  if (size > REQUEST_BUDGET_BYTES) throw new WorkersAiError(3006, `Request is too large (${size} bytes)`);
  const parsed = workersAiMessagesInputSchema.safeParse(inputs);
  if (!parsed.success)
    throw new WorkersAiError(
      5006,
      `Invalid input: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  if (parsed.data.guided_json && parsed.data.stream) throw new WorkersAiError(5023, "JSON Schema mode is not supported with stream mode");
  return parsed.data;
}
