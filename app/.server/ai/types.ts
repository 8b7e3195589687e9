// The one interface every AI adapter implements, and the shapes that cross it.
import { z } from "zod";
import type { PromptKey } from "../../lib/ad-input";
import type { Platform } from "../../lib/platforms";
import type { SellerType } from "../../lib/legal-notes";
import { AVAILABILITIES, PRICE_TYPES, type PriceType } from "../../lib/offer-facts";
import type { ModelOpinion } from "../queue/ad-generation";
import { isPrivacyKind } from "../../lib/privacy-hints";

export type GenerationPhoto = { bytes: Uint8Array; contentType: string };

export type GenerationInput = {
  itemName: string;
  category: string;
  categoryLabel: string;
  description: string | null;
  platform: Platform;
  photos: GenerationPhoto[];
  prompts: Record<PromptKey, string>;
  seller: { type: SellerType; companyName: string | null };
  /** The seller's own price from the form (ADR 028): it wins over the note and over the model. */
  sellerPrice?: { cents: number; type: PriceType | null } | null;
};

const text = z.string().trim();
const nullableText = z
  .union([z.string(), z.null(), z.undefined()])
  .transform((value) =>
    typeof value === "string" && value.trim() && !/^(unbekannt|n\/a|none|null|-)$/i.test(value.trim()) ? value.trim() : null,
  );
const cents = z.coerce
  .number()
  .finite()
  .min(0)
  .max(10_000_000)
  .transform((value) => Math.round(value));

export const imageAnalysisSchema = z.object({
  brand: nullableText,
  model: nullableText,
  serialNumber: nullableText,
  condition: nullableText,
  defects: z
    .array(z.object({ text: text.min(1), photoIndex: z.coerce.number().int().min(0).nullable().catch(null) }))
    .catch([])
    .default([]),
});

export type ImageAnalysis = z.infer<typeof imageAnalysisSchema>;

/**
 * The analysis as stored with the ad: plus the sentences of the ad text that only the photo
 * analysis supports, for the seller to confirm in the editor (the fact guard, ADR 043).
 */
export type StoredImageAnalysis = ImageAnalysis & {
  /** The seller chose the condition (the dealer's review before Kleinanzeigen): surfaces state it as it is. */
  conditionPicked?: boolean;
  toConfirm?: string[];
  /** Photos (index in the ad's order) the image service could not read, so the model never saw them (ADR 053). */
  unreadablePhotos?: number[];
};

const euros = z.number().finite().min(0).max(100_000).nullable().catch(null);
const availability = z.enum(AVAILABILITIES).nullable().catch(null);

/**
 * The offer as the model read it from the seller's note, in the same call (ADR 064, "The model
 * reads the offer too"): each fact null where the note does not state it. Amounts in euros.
 */
export const modelOfferSchema = z.object({
  price: euros,
  priceType: z.enum(PRICE_TYPES).nullable().catch(null),
  shipping: availability,
  pickup: availability,
  shippingCost: euros,
});

export type ModelOffer = z.infer<typeof modelOfferSchema>;

/**
 * What the model saw on each photo it looked at (ADR 069): one entry per photo (its index in the
 * call), the private details on it (empty: none). Unknown kinds are dropped; a photo without an
 * entry counts as not checked.
 */
export const privacyFindingsSchema = z.array(
  z.object({
    photoIndex: z.coerce.number().int().min(0),
    seen: z.array(z.unknown()).transform((kinds) => [...new Set(kinds.filter(isPrivacyKind))]),
  }),
);

export type PrivacyFindings = z.infer<typeof privacyFindingsSchema>;

/** What an adapter returns. Model output is parsed into this; anything else is an AiOutputError. */
export const generationOutputSchema = z
  .object({
    title: text.min(3),
    description: text.min(20),
    notes: z.array(text).catch([]).default([]),
    priceSuggestion: cents,
    priceMin: cents,
    priceMax: cents,
    /** How the price was found: the seller's own, from the new price, or a rough estimate. */
    priceBasis: z.enum(["asking", "new_price", "estimate"]).nullable().catch(null).default(null),
    bestImageIndex: z.coerce.number().int().min(0).catch(0),
    imageAnalysis: imageAnalysisSchema,
    /** The model's reading of the offer; null where no model read it (the offline writer, an answer without it). */
    offer: modelOfferSchema.nullable().catch(null).default(null),
    /** What the model saw on each photo; null where nothing looked at the photos (the offline writer, an answer without it). */
    privacyHints: privacyFindingsSchema.nullable().catch(null).default(null),
  })
  .transform((output) => ({
    ...output,
    priceMin: Math.min(output.priceMin, output.priceSuggestion),
    priceMax: Math.max(output.priceMax, output.priceSuggestion),
  }));

export type GenerationOutput = z.infer<typeof generationOutputSchema>;

/** What the seller sees while the ad is written: "Fotos werden angesehen", "Text wird geschrieben", "Preis wird geschätzt". */
export type GenerationPhase = "photos" | "text" | "price";

export type GenerationProgress = { phase: GenerationPhase; partialText?: string };

export type GenerateOptions = {
  /** Aborted when the attempt's deadline (AI_TIMEOUT_MS) passes: the adapter stops its call. */
  signal?: AbortSignal;
  /** Called as the model works; the description so far when the model streams. */
  onProgress?: (progress: GenerationProgress) => void;
  /**
   * Asked before a repair call: whether the ad's budget of model calls allows one more, spending it
   * if so (generator/generation/attempt.ts, ADR 052). Without it the one repair call is always made.
   */
  allowRepairCall?: () => Promise<boolean>;
};

export interface AiProvider {
  readonly name: "offline" | "workers-ai" | "openai";
  generate(input: GenerationInput, options?: GenerateOptions): Promise<GenerationOutput>;
  /** A model's second opinion on a buyer's message; absent where no model runs (offline). */
  assessBuyerMessage?(message: string, options?: { signal?: AbortSignal }): Promise<ModelOpinion | null>;
}

/** The model answered, but not with something we can use. Retried like any other failure. */
export class AiOutputError extends Error {
  override name = "AiOutputError";
}

/** Reads JSON from model text that may wrap it in prose or code fences. */
export function extractJson(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  const fenced = raw.match(/```(?:json)?\s*([\s\S]*?)```/);
  const candidate = fenced ? fenced[1] : raw;
  const start = candidate.indexOf("{");
  const end = candidate.lastIndexOf("}");
  if (start === -1 || end <= start) throw new AiOutputError("model answer contains no JSON object");
  try {
    return JSON.parse(candidate.slice(start, end + 1));
  } catch {
    throw new AiOutputError("model answer is not valid JSON");
  }
}

export function parseGenerationOutput(raw: unknown, photoCount: number): GenerationOutput {
  const result = generationOutputSchema.safeParse(raw);
  if (!result.success) throw new AiOutputError(`model output does not match the schema: ${result.error.issues[0]?.message}`);
  const output = result.data;
  return {
    ...output,
    bestImageIndex: output.bestImageIndex < photoCount ? output.bestImageIndex : 0,
    imageAnalysis: {
      ...output.imageAnalysis,
      defects: output.imageAnalysis.defects.map((defect) => ({
        ...defect,
        photoIndex: defect.photoIndex !== null && defect.photoIndex < photoCount ? defect.photoIndex : null,
      })),
    },
    // A finding for a photo the call did not have is no finding; the first entry per photo counts.
    privacyHints:
      output.privacyHints?.filter(
        (entry, index, all) => entry.photoIndex < photoCount && all.findIndex((other) => other.photoIndex === entry.photoIndex) === index,
      ) ?? null,
  };
}
