// One model call per ad, the same for every real adapter: all photos and the seller's inputs in
// one multimodal chat request with a JSON schema; the answer parsed tolerantly; one repair
// call (the validation error sent back) before the attempt counts as failed — made only when the
// ad's budget of model calls allows it (ADR 052); streamed text reported as progress. A failed
// call is classified by the service's error code, never by its message text (classifyModelError,
// ADR 051).
import { conditionOf } from "./condition";
import { suggestPrice, type PriceBasis } from "./price";
import { detectBrand } from "../../ai/item";
import { readNote } from "./note";
import { fillPrompt } from "../../../lib/prompts";
import { adTextInstructions, FULL_AD_SCHEMA, PRIVACY_INSTRUCTIONS, promptValues, SYSTEM_PROMPT, toDataUri } from "./shared";
import { WORKERS_AI_ERRORS, workersAiErrorCode } from "./workers-ai-contract";
import {
  AiOutputError,
  extractJson,
  parseGenerationOutput,
  type GenerateOptions,
  type GenerationInput,
  type GenerationOutput,
} from "../../ai/types";

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string | Array<Record<string, unknown>> };

/** The single request: system prompt, then one user message with the instructions and every photo. */
export function adMessages(input: GenerationInput): ChatMessage[] {
  const analysisPrompt = fillPrompt(input.prompts.image_analysis, promptValues(input, ""));
  return [
    { role: "system", content: SYSTEM_PROMPT },
    {
      role: "user",
      content: [
        {
          type: "text",
          text: [
            "## Fotos",
            analysisPrompt,
            `Es folgen ${input.photos.length} Fotos, nummeriert von 0 bis ${input.photos.length - 1}. Nenne bei jedem Mangel das Foto (photoIndex) und wähle das beste Titelbild (bestImageIndex).`,
            PRIVACY_INSTRUCTIONS,
            adTextInstructions(input, "siehe Fotos"),
            "Antworte ausschließlich mit einem JSON-Objekt nach dem Schema.",
          ].join("\n"),
        },
        ...input.photos.map((photo) => ({ type: "image_url", image_url: { url: toDataUri(photo) } })),
      ],
    },
  ];
}

/** The schema with every object closed (`additionalProperties: false`), as strict modes require. */
export function strictSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strictSchema);
  if (!schema || typeof schema !== "object") return schema;
  const entries = Object.entries(schema).map(([key, value]) => [key, strictSchema(value)]);
  const result = Object.fromEntries(entries) as Record<string, unknown>;
  if (result.type === "object") result.additionalProperties = false;
  return result;
}

export const AD_SCHEMA = strictSchema(FULL_AD_SCHEMA) as Record<string, unknown>;

const euroNumber = (value: unknown): number | null => {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string") {
    const cleaned = value
      .replace(/[€\s]|EUR/gi, "")
      .replace(/\.(?=\d{3}\b)/g, "")
      .replace(",", ".");
    const number = Number(cleaned);
    return Number.isFinite(number) && cleaned !== "" ? number : null;
  }
  return null;
};

/** The model's reading of the offer (amounts written as strings read like the price), or null when the answer has none. */
function modelOffer(raw: unknown) {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const offer = raw as Record<string, unknown>;
  return { ...offer, price: euroNumber(offer.price), shippingCost: euroNumber(offer.shippingCost) };
}

/**
 * What the price model makes of the seller's input alone (ADR 028): the bounds the model's number
 * is held to. It needs no answer, so callWithRepair reads it while the model call runs.
 */
export function priceBoundsOf(input: GenerationInput): PriceBounds {
  const facts = readNote(input.description, new Date());
  return suggestPrice({
    itemName: input.itemName,
    category: input.category,
    brand: detectBrand(input.itemName),
    condition: conditionOf(facts, input.itemName).label,
    askingPrice: input.sellerPrice ? input.sellerPrice.cents / 100 : facts.askingPrice,
    newPrice: facts.newPrice,
    purchaseYear: facts.purchaseYear,
    now: new Date(),
  });
}

export type PriceBounds = ReturnType<typeof suggestPrice>;

/**
 * Builds the output from an untrusted answer: missing optional fields become defaults, numbers
 * written as strings ("45 €", "1.200,50") are read, unknown keys are dropped. Without a usable
 * price the offline price model fills in; without a title the item name does. Only an answer
 * without a usable description is refused.
 */
export function parseModelAnswer(raw: unknown, input: GenerationInput, bounded = priceBoundsOf(input)): GenerationOutput {
  const parsed = extractJson(raw);
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new AiOutputError("model answer is not a JSON object");
  const answer = parsed as Record<string, unknown>;
  const description = typeof answer.description === "string" ? answer.description.trim() : "";
  if (description.length < 20) throw new AiOutputError("description: missing or shorter than 20 characters");
  let suggestion = euroNumber(answer.priceSuggestionEuro);
  let min = euroNumber(answer.priceMinEuro);
  let max = euroNumber(answer.priceMaxEuro);
  // The price model bounds the model's number (ADR 028): the seller's own price wins outright; with
  // a new price the depreciation estimate's range holds it; otherwise the model's own estimate
  // (basis null, shown as the AI's estimate) stays, and only where it gave none does the offline
  // rough estimate fill in (basis "estimate": the seller is asked for a price instead).
  let priceBasis: PriceBasis | null = null;
  if (bounded.basis !== "estimate" || suggestion === null || suggestion <= 0) {
    const keepModel = bounded.basis === "new_price" && suggestion !== null && suggestion > 0;
    suggestion = keepModel
      ? Math.min(Math.max(suggestion!, bounded.priceMin / 100), bounded.priceMax / 100)
      : bounded.priceSuggestion / 100;
    min = bounded.priceMin / 100;
    max = bounded.priceMax / 100;
    priceBasis = bounded.basis;
  }
  const title = typeof answer.title === "string" && answer.title.trim().length >= 3 ? answer.title : input.itemName;
  const analysis = (answer.imageAnalysis && typeof answer.imageAnalysis === "object" ? answer.imageAnalysis : {}) as Record<
    string,
    unknown
  >;
  return parseGenerationOutput(
    {
      title,
      description,
      notes: Array.isArray(answer.notes) ? answer.notes.filter((note) => typeof note === "string") : [],
      priceSuggestion: Math.round(suggestion * 100),
      priceMin: Math.round((min ?? suggestion * 0.8) * 100),
      priceMax: Math.round((max ?? suggestion * 1.2) * 100),
      priceBasis,
      bestImageIndex: answer.bestImageIndex ?? 0,
      imageAnalysis: {
        brand: analysis.brand ?? null,
        model: analysis.model ?? null,
        serialNumber: analysis.serialNumber ?? null,
        condition: analysis.condition ?? null,
        defects: Array.isArray(analysis.defects) ? analysis.defects : [],
      },
      offer: modelOffer(answer.offer),
      // Absent or unusable: no photo counts as checked (ADR 069).
      privacyHints: Array.isArray(answer.privacyHints) ? answer.privacyHints : null,
    },
    input.photos.length,
  );
}

/**
 * The `response` of a Workers AI answer as the service gives it: in JSON mode an object (the
 * JSON-mode page's example) or the same object as a JSON string (the model's typed output is
 * `response: string`); without JSON mode, text. A JSON string is parsed here; other text is
 * returned for the tolerant parse (parseModelAnswer).
 */
export function modelResponse(answer: unknown): unknown {
  const response = answer && typeof answer === "object" && "response" in answer ? answer.response : undefined;
  if (response && typeof response === "object") return response;
  if (typeof response !== "string") throw new AiOutputError("Workers AI answer has no response field");
  try {
    const parsed: unknown = JSON.parse(response);
    return parsed && typeof parsed === "object" ? parsed : response;
  } catch {
    return response;
  }
}

/** What a failed model call means for the ad: which failure, and whether a later identical call may succeed. */
export type ModelFailureKind = "json-unmet" | "rate" | "capacity" | "input-too-long" | "quota" | "other";
export type ModelFailure = { kind: ModelFailureKind; retryable: boolean; code: number | null };

const FAILURES: Record<number, Omit<ModelFailure, "code">> = {
  [WORKERS_AI_ERRORS.JSON_MODE_NOT_MET]: { kind: "json-unmet", retryable: false },
  [WORKERS_AI_ERRORS.RATE_LIMITED]: { kind: "rate", retryable: true },
  [WORKERS_AI_ERRORS.OUT_OF_CAPACITY]: { kind: "capacity", retryable: true },
  [WORKERS_AI_ERRORS.CONTEXT_WINDOW_EXCEEDED]: { kind: "input-too-long", retryable: false },
  [WORKERS_AI_ERRORS.REQUEST_TOO_LARGE]: { kind: "input-too-long", retryable: false },
  [WORKERS_AI_ERRORS.ACCOUNT_LIMITED]: { kind: "quota", retryable: false },
  [WORKERS_AI_ERRORS.NEURONS_USED_UP]: { kind: "quota", retryable: false },
  [WORKERS_AI_ERRORS.TIMEOUT]: { kind: "other", retryable: true },
  [WORKERS_AI_ERRORS.ABORTED]: { kind: "other", retryable: true },
  [WORKERS_AI_ERRORS.NO_SUCH_MODEL]: { kind: "other", retryable: false },
  [WORKERS_AI_ERRORS.INVALID_MODEL_ID]: { kind: "other", retryable: false },
  [WORKERS_AI_ERRORS.INVALID_INPUT]: { kind: "other", retryable: false },
  [WORKERS_AI_ERRORS.JSON_MODE_WITH_STREAM]: { kind: "other", retryable: false },
};

/**
 * Classifies a failed model call by the service's error code (workers-ai-contract.ts names each
 * code and its source). A failure without a known code (a network fault, a thrown abort) is
 * "other" and retryable, as every failure was before.
 */
export function classifyModelError(error: unknown): ModelFailure {
  const code = workersAiErrorCode(error);
  const known = code === null ? undefined : FAILURES[code];
  return known ? { ...known, code } : { kind: "other", retryable: true, code };
}

/** The description written so far, read from a partial JSON text (for live progress). */
export function partialDescription(partialJson: string): { text: string; complete: boolean } | null {
  const start = partialJson.search(/"description"\s*:\s*"/);
  if (start === -1) return null;
  const from = partialJson.indexOf('"', partialJson.indexOf(":", start)) + 1;
  let text = "";
  for (let index = from; index < partialJson.length; index++) {
    const char = partialJson[index];
    if (char === "\\") {
      const next = partialJson[index + 1];
      if (next === undefined) break;
      text += next === "n" ? "\n" : next === "t" ? "\t" : next === "u" ? "" : next;
      index += next === "u" ? 5 : 1;
      continue;
    }
    if (char === '"') return { text, complete: true };
    text += char;
  }
  return { text, complete: false };
}

/** Reports phases and the growing description from the streamed answer so far. */
export function progressFromStream(soFar: string, options: GenerateOptions) {
  const partial = partialDescription(soFar);
  if (!partial) return options.onProgress?.({ phase: "text" });
  options.onProgress?.({ phase: partial.complete ? "price" : "text", partialText: partial.text });
}

/** Reads a server-sent-events stream, handing each `data:` JSON to `pick`, and returns the joined text. */
export async function readSse(
  stream: ReadableStream<Uint8Array>,
  pick: (data: unknown) => string | undefined,
  onText: (soFar: string) => void,
): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const events = buffer.split(/\r?\n\r?\n/);
    buffer = events.pop() ?? "";
    for (const event of events) {
      for (const line of event.split(/\r?\n/)) {
        if (!line.startsWith("data:")) continue;
        const data = line.slice(5).trim();
        if (data === "[DONE]" || data === "") continue;
        try {
          const piece = pick(JSON.parse(data));
          if (piece) {
            text += piece;
            onText(text);
          }
        } catch {
          // A malformed event is skipped; the final parse decides whether the answer is usable.
        }
      }
    }
  }
  return text;
}

/**
 * Calls the model once; if the answer is unusable (or the call itself reports an unusable answer,
 * e.g. Workers AI's "JSON Mode couldn't be met"), once more with the problem and the schema — if
 * the ad's budget allows that second call (`allowRepairCall`); otherwise the problem is the error.
 */
export async function callWithRepair(
  input: GenerationInput,
  options: Pick<GenerateOptions, "allowRepairCall">,
  call: (messages: ChatMessage[]) => Promise<unknown>,
): Promise<GenerationOutput> {
  const messages = adMessages(input);
  let first: unknown;
  let problem: AiOutputError;
  let bounds: PriceBounds | undefined;
  try {
    const answered = call(messages);
    // The seller's side of the check needs no answer: read while the model works, not after it
    // (in a fresh isolate the note reader's first run costs tens of milliseconds).
    bounds = priceBoundsOf(input);
    first = await answered;
    return parseModelAnswer(first, input, bounds);
  } catch (error) {
    if (!(error instanceof AiOutputError)) throw error;
    problem = error;
  }
  // A repair is a model call of its own: it spends the ad's budget like an attempt (ADR 052).
  if (options.allowRepairCall && !(await options.allowRepairCall())) throw problem;
  const answered =
    first === undefined
      ? []
      : [{ role: "assistant" as const, content: (typeof first === "string" ? first : JSON.stringify(first)).slice(0, 8000) }];
  const repaired = await call([
    ...messages,
    ...answered,
    {
      role: "user",
      content: `Deine Antwort war nicht verwendbar (${problem.message}). Antworte jetzt nur mit dem vollständigen JSON-Objekt nach diesem Schema, ohne Text davor oder danach: ${JSON.stringify(AD_SCHEMA)}`,
    },
  ]);
  return parseModelAnswer(repaired, input, bounds);
}
