// The JSON shapes of an ad: the owner's full view and the public view (no owner fields).
import { z } from "zod";
import { CATEGORY_VALUES } from "../../lib/categories";
import { listingPrice, priceView } from "../../lib/ad-price";
import { platformVariants } from "../../lib/platform-variants";
import { PLATFORM_VALUES } from "../../lib/platforms";
import { HANDOVERS, PRICE_TYPES } from "../../lib/seller-price";
import type { Ad } from "../db/schema";
import { imageUrl } from "../storage/photo-keys";

const cents = z.number().int().nullable();
const nullableText = z.string().nullable();

/** The owner's view of an ad, as the API answers it (documented in the OpenAPI reference). */
export const adJsonSchema = z.object({
  id: z.string().uuid(),
  userId: z.string(),
  itemName: z.string(),
  category: z.enum(CATEGORY_VALUES),
  description: nullableText,
  originalDescription: nullableText,
  optimizedTitle: nullableText,
  optimizedDescription: nullableText,
  imageUrls: z.array(z.string()),
  status: z.enum(["processing", "completed", "failed"]),
  platform: z.enum(PLATFORM_VALUES),
  /** The price the ad is shown with (ADR 028): the seller's own when given, else an estimate; null = none yet. */
  price: cents.describe("Cent: der angezeigte Preis – der eigene Preis des Verkäufers, sonst die Schätzung; null = noch kein Preis"),
  priceLabel: nullableText.describe("„250 € VB“, „70 € Festpreis“, „Zu verschenken“"),
  priceSuggestion: cents.describe("Cent: der Vorschlag des Schreibers (KI oder Schätzung) – nicht der Preis des Verkäufers; angezeigt wird price"),
  priceMin: cents,
  priceMax: cents,
  priceBasis: z
    .enum(["asking", "new_price", "estimate"])
    .nullable()
    .describe("Grundlage von priceSuggestion: asking = Preis des Verkäufers, new_price = aus dem Neupreis, estimate = grobe Schätzung (nie angezeigt), null = Schätzung der KI"),
  /** The seller's own price (cents; 0 = zu verschenken) and type: it wins over the suggestion everywhere. */
  askingPrice: cents.describe("Cent, der eigene Preis des Verkäufers"),
  priceType: z.enum(PRICE_TYPES).nullable(),
  handover: z.enum(HANDOVERS).nullable(),
  postalCode: nullableText,
  city: nullableText,
  bestImageIndex: z.number().int().nullable(),
  imageAnalysis: z
    .object({
      brand: nullableText,
      model: nullableText,
      serialNumber: nullableText,
      condition: nullableText,
      defects: z.array(z.object({ text: z.string(), photoIndex: z.number().int().nullable() })),
    })
    .nullable(),
  errorMessage: nullableText,
  attempts: z.number().int(),
  provider: nullableText,
  generationMs: z.number().int().nullable(),
  progressPhase: z.enum(["photos", "text", "price"]).nullable(),
  partialDescription: nullableText,
  /** Where the seller posted the ad ("Wo ist die Anzeige online?"), a known marketplace address. */
  listingUrl: nullableText,
  /** A finished ad's paste-ready copies, the ad's own platform first (ADR 029); empty before. */
  variants: z.array(
    z.object({
      platform: z.enum(PLATFORM_VALUES),
      title: z.string(),
      text: z.string().describe("Text für das Beschreibungsfeld (reiner Text)"),
      html: nullableText.describe("eBay: formatierter Text als HTML"),
      notice: nullableText,
    }),
  ),
  createdAt: z.number().int().describe("Epoch-Millisekunden"),
  updatedAt: z.number().int(),
});

/** The public view of a finished ad: no owner fields. */
export const publicAdJsonSchema = z.object({
  id: z.string().uuid(),
  itemName: z.string(),
  category: z.enum(CATEGORY_VALUES),
  platform: z.enum(PLATFORM_VALUES),
  optimizedTitle: nullableText,
  optimizedDescription: nullableText,
  imageUrls: z.array(z.string()),
  coverImageUrl: nullableText,
  /** The price the ad is offered at (the seller's own; else an estimate from the new price or the model; else null). */
  price: cents.describe("Cent: der Preis der Anzeige – der eigene Preis des Verkäufers, sonst die Schätzung; null = kein Preis"),
  priceType: z.enum(PRICE_TYPES).nullable(),
  priceBasis: z
    .enum(["asking", "new_price", "model"])
    .nullable()
    .describe("Grundlage von price: asking = Preis des Verkäufers, new_price = Schätzung aus dem Neupreis, model = Schätzung der KI"),
  /** "250 € VB", "70 € Festpreis", "Zu verschenken". */
  priceLabel: nullableText,
  priceSuggestion: cents.meta({
    deprecated: true,
    description: "Veraltet, nutze price: die Schätzung (Cent), nur wenn der Verkäufer keinen Preis genannt hat; sonst null",
  }),
  condition: nullableText,
  brand: nullableText,
  /** Where the seller posted it (a known marketplace host), and the seller's city if given. */
  listingUrl: nullableText,
  sellerCity: nullableText,
  createdAt: z.number().int(),
});


/** The same compiled variants the dashboard copies, for API clients. */
function variantsOf(ad: Ad): z.input<typeof adJsonSchema>["variants"] {
  if (ad.status !== "completed" || !ad.optimizedDescription) return [];
  const view = priceView(ad);
  const text = { title: ad.optimizedTitle || ad.itemName, description: ad.optimizedDescription, handover: ad.handover, priceLabel: view.kind === "seller" ? view.label : null };
  return platformVariants(text, ad.platform).map((variant) => ({ platform: variant.platform, title: variant.title, text: variant.plainText, html: variant.html, notice: variant.notice }));
}

export function toAdJson(ad: Ad): z.input<typeof adJsonSchema> {
  return {
    id: ad.id,
    userId: ad.userId,
    itemName: ad.itemName,
    category: ad.category,
    description: ad.description,
    originalDescription: ad.originalDescription,
    optimizedTitle: ad.optimizedTitle,
    optimizedDescription: ad.optimizedDescription,
    imageUrls: ad.imageUrls.map(imageUrl),
    status: ad.status,
    platform: ad.platform,
    price: listingPrice(ad)?.cents ?? null,
    priceLabel: listingPrice(ad)?.label ?? null,
    priceSuggestion: ad.priceSuggestion,
    priceMin: ad.priceMin,
    priceMax: ad.priceMax,
    priceBasis: ad.priceBasis,
    askingPrice: ad.askingPrice,
    priceType: ad.priceType,
    handover: ad.handover,
    postalCode: ad.postalCode,
    city: ad.city,
    bestImageIndex: ad.bestImageIndex,
    imageAnalysis: ad.imageAnalysis,
    errorMessage: ad.errorMessage,
    attempts: ad.attempts,
    provider: ad.provider,
    generationMs: ad.generationMs,
    /** While processing: the phase and the description written so far. */
    progressPhase: ad.status === "processing" ? ad.progressPhase : null,
    partialDescription: ad.status === "processing" ? ad.partialDescription : null,
    listingUrl: ad.listingUrl,
    variants: variantsOf(ad),
    createdAt: ad.createdAt,
    updatedAt: ad.updatedAt,
  };
}

export type AdJson = z.input<typeof adJsonSchema>;

export function toPublicAdJson(ad: Ad, seller: { city: string | null } = { city: null }): z.input<typeof publicAdJsonSchema> {
  const price = listingPrice(ad);
  return {
    id: ad.id,
    itemName: ad.itemName,
    category: ad.category,
    platform: ad.platform,
    optimizedTitle: ad.optimizedTitle,
    optimizedDescription: ad.optimizedDescription,
    imageUrls: ad.imageUrls.map(imageUrl),
    coverImageUrl: ad.coverImageKey ? imageUrl(ad.coverImageKey) : null,
    price: price?.cents ?? null,
    priceType: price?.type ?? null,
    priceBasis: price?.basis ?? null,
    priceLabel: price?.label ?? null,
    priceSuggestion: price && price.basis !== "asking" ? price.cents : null,
    condition: ad.imageAnalysis?.condition ?? null,
    brand: ad.imageAnalysis?.brand ?? null,
    listingUrl: ad.listingUrl,
    sellerCity: ad.city ?? seller.city,
    createdAt: ad.createdAt,
  };
}

export type PublicAdJson = z.input<typeof publicAdJsonSchema>;
