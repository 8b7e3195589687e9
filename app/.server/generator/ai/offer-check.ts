// The model's reading of the offer against the record (ADR 064, "The model reads the offer too").
// The one model call also reads price, price type, shipping, pickup and shipping cost from the
// seller's note. The record keeps the rule reader's value (or null) either way; where the two
// readings differ on a fact the seller has not confirmed, the fact becomes "Bitte prüfen" with a
// doubt, so the seller decides — never silently the model, never silently the reader. A fact the
// seller confirmed (a form field: a value without an `unconfirmed` entry) is the seller's word and
// is left alone. The offline writer reads no offer, so there is nothing to compare.
import { formatEuroCents } from "../../../lib/format";
import {
  MODEL_WORDS_PREFIX,
  PICKUP_LABELS,
  PRICE_TYPE_LABELS,
  SHIPPING_LABELS,
  type Availability,
  type OfferReading,
  type PriceType,
  type UnconfirmedFact,
} from "../../../lib/offer-facts";
import type { ModelOffer } from "../../ai/types";

/** The facts the model reads. */
export const MODEL_OFFER_FACTS = ["price", "priceType", "shipping", "pickup", "shippingCost"] as const;
type ModelFact = (typeof MODEL_OFFER_FACTS)[number];

/** The stored record's side of those facts (amounts in cents, as stored). */
export type OfferRecord = {
  askingPrice: number | null;
  priceType: PriceType | null;
  shipping: Availability | null;
  pickup: Availability | null;
  shippingCost: number | null;
};

const cents = (euros: number | null) => (euros === null ? null : Math.round(euros * 100));

/** Each fact on both sides in one comparable form. */
function sides(record: OfferRecord, model: ModelOffer): Record<ModelFact, [string | number | null, string | number | null]> {
  return {
    price: [record.askingPrice, cents(model.price)],
    priceType: [record.priceType, model.priceType],
    shipping: [record.shipping, model.shipping],
    pickup: [record.pickup, model.pickup],
    shippingCost: [record.shippingCost, cents(model.shippingCost)],
  };
}

/** What the model read, in the card's German ("50 €", "VB", "Versand möglich", "Versand 4,99 €"). */
function modelWords(fact: ModelFact, model: ModelOffer): string {
  switch (fact) {
    case "price":
      return formatEuroCents(cents(model.price) ?? 0);
    case "priceType":
      return model.priceType ? PRICE_TYPE_LABELS[model.priceType] : "";
    case "shipping":
      return model.shipping ? SHIPPING_LABELS[model.shipping] : "";
    case "pickup":
      return model.pickup ? PICKUP_LABELS[model.pickup] : "";
    case "shippingCost":
      return model.shippingCost === 0 ? "Versand inklusive" : `Versand ${formatEuroCents(cents(model.shippingCost) ?? 0)}`;
  }
}

/**
 * The record's reading after the model's: every fact the seller has not confirmed on which the
 * model and the record disagree is marked `doubt: true` — its entry, or (where the rule reader read
 * nothing) a new entry with the model's value in words. Returns `reading` itself when nothing
 * changes (no model reading, or agreement on every fact).
 */
export function compareOffer(record: OfferRecord, reading: OfferReading | null, model: ModelOffer | null): OfferReading | null {
  if (!model) return reading;
  const unconfirmed: UnconfirmedFact[] = [...(reading?.unconfirmed ?? [])];
  let changed = false;
  const both = sides(record, model);
  for (const fact of MODEL_OFFER_FACTS) {
    const [stored, read] = both[fact];
    if (stored === read) continue;
    const index = unconfirmed.findIndex((entry) => entry.fact === fact);
    // A value without an entry is the seller's own (a form field): the model does not overrule it.
    if (index === -1 && stored !== null) continue;
    if (index === -1) {
      unconfirmed.push({ fact, words: `${MODEL_WORDS_PREFIX}${modelWords(fact, model)}`, doubt: true });
      changed = true;
    } else if (!unconfirmed[index].doubt) {
      unconfirmed[index] = { ...unconfirmed[index], doubt: true };
      changed = true;
    }
  }
  return changed ? { unconfirmed, unplaced: reading?.unplaced ?? [] } : reading;
}
