// The one rule for which price an ad shows (ADR 028): the seller's own price and type, exactly as
// given, wherever it exists — card, public page, variants, Verkaufshelfer. An estimate only where
// the seller gave none, labelled with its basis: from the new price by depreciation, or a language
// model's own estimate. A flat figure by item type or category is no suggestion: the seller is
// asked for a price instead.
import { formatEuroCents } from "./format";
import { formatSellerPrice, type PriceType } from "./offer-facts";

export type AdPriceFields = {
  askingPrice: number | null;
  priceType: PriceType | null;
  priceSuggestion: number | null;
  priceMin: number | null;
  priceMax: number | null;
  priceBasis: "asking" | "new_price" | "estimate" | null;
  /** The price of one piece where the seller also gave one beside the lot's ("je 2 €"); the lot's is the price. */
  perPiecePrice?: number | null;
};

export type PriceView =
  | { kind: "seller"; cents: number; type: PriceType | null; label: string }
  | { kind: "estimate"; cents: number; min: number | null; max: number | null; label: string; basis: string }
  | { kind: "ask"; hint: string }
  | { kind: "none" };

export const ASK_FOR_PRICE = "Kein Preis angegeben – nenne deinen Preis (z. B. „250 VB“). Eine Schätzung nur nach Artikelart wäre geraten.";
export const NEW_PRICE_BASIS = "Schätzung aus dem Neupreis (Wertverlust nach Alter und Zustand)";
export const MODEL_BASIS = "Schätzung der KI nach Fotos und Angaben – nenne deinen Preis, wenn du einen hast";

export function priceView(ad: AdPriceFields): PriceView {
  if (ad.askingPrice !== null) {
    // The per-piece price the seller gave beside the lot's goes with it: "35 € (einzeln je 2 €)".
    const piece = ad.perPiecePrice && ad.perPiecePrice !== ad.askingPrice ? ` (einzeln je ${formatEuroCents(ad.perPiecePrice)})` : "";
    return { kind: "seller", cents: ad.askingPrice, type: ad.priceType, label: formatSellerPrice(ad.askingPrice, ad.priceType) + piece };
  }
  if (ad.priceSuggestion === null) return { kind: "none" };
  // Ads written before the seller's price had its own field: the writer kept it as the suggestion.
  if (ad.priceBasis === "asking")
    return { kind: "seller", cents: ad.priceSuggestion, type: ad.priceType, label: formatSellerPrice(ad.priceSuggestion, ad.priceType) };
  if (ad.priceBasis === "new_price") {
    return {
      kind: "estimate",
      cents: ad.priceSuggestion,
      min: ad.priceMin,
      max: ad.priceMax,
      label: formatEuroCents(ad.priceSuggestion),
      basis: NEW_PRICE_BASIS,
    };
  }
  // A language model's estimate from the photos and the note (model path, no new price given).
  if (ad.priceBasis === null) {
    return {
      kind: "estimate",
      cents: ad.priceSuggestion,
      min: ad.priceMin,
      max: ad.priceMax,
      label: formatEuroCents(ad.priceSuggestion),
      basis: MODEL_BASIS,
    };
  }
  return { kind: "ask", hint: ASK_FOR_PRICE };
}

/**
 * The price type every surface treats the seller's price as (ADR 041): the type the seller gave; a
 * price given without one is shown as it is ("120 €"), and that is how Kleinanzeigen shows a
 * Festpreis – so it is listed, published and answered as a Festpreis everywhere, never turned into
 * VB by one surface while another calls it fixed. 0 € without a type is a giveaway.
 */
export function offeredPriceType(cents: number, type: PriceType | null): PriceType {
  if (type) return type;
  return cents === 0 ? "verschenken" : "festpreis";
}

/** What the shown price rests on: the seller's own, an estimate from the new price, or the model's estimate. */
export type ShownPriceBasis = "asking" | "new_price" | "model";

/** The price an ad is offered at (cents, type, basis), or null when the seller still has to name one. */
export function listingPrice(ad: AdPriceFields): { cents: number; type: PriceType | null; label: string; basis: ShownPriceBasis } | null {
  const view = priceView(ad);
  if (view.kind === "seller") return { cents: view.cents, type: view.type, label: view.label, basis: "asking" };
  if (view.kind === "estimate")
    return { cents: view.cents, type: null, label: view.label, basis: view.basis === NEW_PRICE_BASIS ? "new_price" : "model" };
  return null;
}
