// A local double of the Workers AI binding, at least as strict as the service (ADR 023, ADR 051):
// every call is checked against the contract in workers-ai-contract.ts (a known model id, its input
// schema, data: image URLs only and no more images than the model takes, JSON mode never with
// streaming and only with a valid JSON Schema, input plus max_tokens within the context window, the
// request budget) and refused with the service's error code; it answers after a realistic latency,
// honours the AbortSignal, and in JSON mode answers `{ response: <object> }` that meets the schema
// (or, as the model's typed output has it, the same object as a JSON string) — or fails with 5024
// "JSON Mode couldn't be met" when told to. The ad's `offer` is the note read by the rule reader
// (readSellerFacts), so the double agrees with the record unless a test tells it to misread
// (`misreadOffer`). Its `privacyHints` is what double-sight.ts can honestly tell from the
// photos' pixels (ADR 069): a person where a photo is mostly skin-coloured, else nothing; a photo it cannot
// decode gets no entry (not checked). Selected with AI_PROVIDER=workers-ai
// and AI_BINDING=local-double (never in production); the workers tests and `npm run bench:ai` use
// it, so the production adapter is what they run.
import type { AiBinding } from "./workers-ai";
import type { ModelOffer } from "../../ai/types";
import { readSellerFacts } from "../../../lib/seller-price";
import { checkWorkersAiInput, WORKERS_AI_ERRORS, WorkersAiError, type WorkersAiMessagesInput } from "./workers-ai-contract";
import { privacySeenByDouble } from "./double-sight";

export type WorkersAiDoubleOptions = {
  /** How long each call takes (ms). */
  latencyMs?: number;
  /**
   * Tests: each call answers only once this settles (after `latencyMs`), so a test holds a model
   * call open as long as it needs without waiting real time. An aborted call still ends at once.
   */
  answerAfter?: Promise<unknown>;
  /** The answer object in JSON mode for a call (default: an ad built from the request's text). */
  answer?: (inputs: WorkersAiMessagesInput, call: number) => unknown;
  /** Calls (1-based) whose JSON mode cannot be met. */
  failJsonModeOn?: number[];
  /**
   * How JSON mode's `response` arrives: an object (the JSON-mode page's example, the default) or a
   * JSON string (the model's typed output, `response: string`).
   */
  jsonResponseAs?: "object" | "string";
  /** Tests: facts the model reads differently from the rule reader (a model that disagrees with the record). */
  misreadOffer?: Partial<ModelOffer>;
};

export type WorkersAiCall = { model: string; inputs: WorkersAiMessagesInput; startedAt: number };

function textOf(inputs: WorkersAiMessagesInput): string {
  return inputs.messages
    .flatMap((message) =>
      typeof message.content === "string"
        ? [message.content]
        : message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])),
    )
    .join("\n");
}

/** The offer in the seller's note (the prompt's "Angaben des Verkäufers", up to the photo analysis), as the rule reader reads it. */
function offerOf(text: string, misread: Partial<ModelOffer> = {}): ModelOffer {
  const note = (/Angaben des Verkäufers: ([\s\S]*?)\nBildanalyse:/.exec(text) ?? /Angaben des Verkäufers: (.+)/.exec(text))?.[1]?.trim();
  const { price, priceType, shipping, pickup, shippingCost } = readSellerFacts(note && note !== "–" ? note : null);
  return { price, priceType, shipping, pickup, shippingCost, ...misread };
}

/**
 * A plausible whole ad for the request: the item named in the prompt and the seller's own words,
 * nothing added; the private details as far as the double can tell them (double-sight.ts).
 */
async function defaultAnswer(inputs: WorkersAiMessagesInput, misread?: Partial<ModelOffer>): Promise<unknown> {
  const text = textOf(inputs);
  if (inputs.guided_json && "verdict" in ((inputs.guided_json.properties as Record<string, unknown>) ?? {})) {
    return { verdict: "vorsicht", reason: "Prüfe die Nachricht sorgfältig, bevor du antwortest." };
  }
  const item = /„([^“]{1,120})“/.exec(text)?.[1] ?? "Artikel";
  const imageUrls = inputs.messages.flatMap((message) =>
    typeof message.content === "string" ? [] : message.content.flatMap((part) => (part.type === "image_url" ? [part.image_url.url] : [])),
  );
  const photos = imageUrls.length;
  const note = /Angaben des Verkäufers: (.+)/.exec(text)?.[1]?.trim();
  const said = note && note !== "–" ? note : `Ich verkaufe ${item}.`;
  return {
    title: item.slice(0, 80),
    description: `📦 **${item}**\n${said}\n\n📷 ${photos} ${photos === 1 ? "Foto" : "Fotos"} in der Anzeige.`,
    notes: ["Abholung oder Versand nach Absprache"],
    priceSuggestionEuro: 50,
    priceMinEuro: 40,
    priceMaxEuro: 60,
    bestImageIndex: 0,
    imageAnalysis: { brand: null, model: null, serialNumber: null, condition: null, defects: [] },
    offer: offerOf(text, misread),
    privacyHints: await privacySeenByDouble(imageUrls),
  };
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new WorkersAiError(WORKERS_AI_ERRORS.ABORTED, "Request was aborted"));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new WorkersAiError(WORKERS_AI_ERRORS.ABORTED, "Request was aborted"));
    });
  });
}

/** Waits for `release`, or rejects as the service does when the call is aborted first. */
function held(release: Promise<unknown>, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(new WorkersAiError(WORKERS_AI_ERRORS.ABORTED, "Request was aborted"));
    if (signal?.aborted) return aborted();
    signal?.addEventListener("abort", aborted);
    release.then(
      () => resolve(),
      () => resolve(),
    );
  });
}

export function createWorkersAiDouble(options: WorkersAiDoubleOptions = {}): AiBinding & { calls: WorkersAiCall[] } {
  const calls: WorkersAiCall[] = [];
  return {
    calls,
    async run(model, rawInputs, runOptions = {}) {
      const inputs = checkWorkersAiInput(model, rawInputs);
      calls.push({ model, inputs, startedAt: Date.now() });
      const call = calls.length;
      // The model's own work (here: looking at the photos' pixels) happens within its latency, as
      // on the service: the answer is made while the call's time runs, not after it. Halfway
      // through: on the service that work runs on Cloudflare's GPUs, not on the caller's thread;
      // here it shares the one local workerd thread with every request, and halfway is where it
      // meets the fewest of ours — not the create requests that queued the call, nor the writes
      // after the answer (ADR 082).
      const latencyMs = options.latencyMs ?? 0;
      const latency = wait(latencyMs, runOptions.signal);
      const made = options.answer ? null : wait(latencyMs / 2, runOptions.signal).then(() => defaultAnswer(inputs, options.misreadOffer));
      made?.catch(() => {});
      await latency;
      if (options.answerAfter) await held(options.answerAfter, runOptions.signal);
      if (inputs.guided_json && options.failJsonModeOn?.includes(call))
        throw new WorkersAiError(WORKERS_AI_ERRORS.JSON_MODE_NOT_MET, "JSON Mode couldn't be met");
      const answer = made ? await made : options.answer!(inputs, call);
      // Without JSON mode the model answers text.
      const asObject = inputs.guided_json && (options.jsonResponseAs ?? "object") === "object";
      return {
        response: asObject ? answer : JSON.stringify(answer),
        usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      };
    },
  };
}
