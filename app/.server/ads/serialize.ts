// The JSON shapes of an ad: the owner's full view and the public view (no owner fields).
import type { Ad } from "../db/schema";

export function imageUrl(key: string): string {
  return `/images/${key}`;
}

export function toAdJson(ad: Ad) {
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
    priceSuggestion: ad.priceSuggestion,
    priceMin: ad.priceMin,
    priceMax: ad.priceMax,
    priceBasis: ad.priceBasis,
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
    createdAt: ad.createdAt,
    updatedAt: ad.updatedAt,
  };
}

export type AdJson = ReturnType<typeof toAdJson>;

export function toPublicAdJson(ad: Ad, seller: { city: string | null } = { city: null }) {
  return {
    id: ad.id,
    itemName: ad.itemName,
    category: ad.category,
    platform: ad.platform,
    optimizedTitle: ad.optimizedTitle,
    optimizedDescription: ad.optimizedDescription,
    imageUrls: ad.imageUrls.map(imageUrl),
    coverImageUrl: ad.coverImageKey ? imageUrl(ad.coverImageKey) : null,
    priceSuggestion: ad.priceSuggestion,
    condition: ad.imageAnalysis?.condition ?? null,
    brand: ad.imageAnalysis?.brand ?? null,
    /** Where the seller posted it (a known marketplace host), and the seller's city if given. */
    listingUrl: ad.listingUrl,
    sellerCity: seller.city,
    createdAt: ad.createdAt,
  };
}

export type PublicAdJson = ReturnType<typeof toPublicAdJson>;
