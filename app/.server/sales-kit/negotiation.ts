// Price strategy of the Verkaufshelfer: the listing price (anchor) with room to negotiate, the
// seller's minimum (floor), Festpreis or VB by platform and category, and the counter-offer to a
// buyer's offer — never below the floor, in the round numbers sellers use.
import type { Platform } from "../../lib/platforms";
import type { SellerType } from "../../lib/legal-notes";

export type PriceMode = "vb" | "festpreis";

export type Strategy = {
  /** Euros. */
  anchor: number;
  floor: number;
  floorFromSeller: boolean;
  mode: PriceMode;
  advice: string;
};

/** The step sellers round to at this price: 1 € below 20 €, 5 € below 100 €, 10 € below 1.000 €, then 50 €. */
export function priceStep(euros: number) {
  return euros < 20 ? 1 : euros < 100 ? 5 : euros < 1000 ? 10 : 50;
}

export function roundUp(euros: number) {
  const step = priceStep(euros);
  return Math.max(1, Math.ceil(euros / step - 1e-9) * step);
}

export function roundNearest(euros: number) {
  const step = priceStep(euros);
  return Math.max(1, Math.round(euros / step) * step);
}

const PLATFORM_ADVICE: Record<Platform, Record<PriceMode, string>> = {
  kleinanzeigen: {
    vb: "Bei Kleinanzeigen wird fast immer verhandelt: Preis mit „VB“ einstellen, dann bleibt Luft für einen Nachlass.",
    festpreis: "Bei Kleinanzeigen als „Festpreis“ einstellen – so kommen weniger Feilsch-Nachrichten.",
  },
  ebay: {
    vb: "Bei eBay als Sofort-Kaufen mit „Preisvorschlag erlauben“ einstellen; Vorschläge unter deinem Minimum lehnt eBay automatisch ab, wenn du es dort einträgst.",
    festpreis: "Bei eBay als Sofort-Kaufen ohne Preisvorschlag einstellen.",
  },
  vinted: {
    vb: "Bei Vinted kommen Preisvorschläge über die App; der Preis hier lässt Platz für den üblichen Nachlass.",
    festpreis: "Bei Vinted klappt ein knapper Preis am besten – Preisvorschläge kannst du trotzdem ablehnen.",
  },
  willhaben: {
    vb: "Bei willhaben „Preis auf Anfrage“ vermeiden und den Preis mit „VB“ nennen.",
    festpreis: "Bei willhaben den Preis als Fixpreis angeben.",
  },
  facebook: {
    vb: "Im Facebook Marketplace wird viel gehandelt: Preis etwas höher ansetzen und „VB“ in den Text schreiben.",
    festpreis: "Im Facebook Marketplace „Festpreis“ in den Text schreiben.",
  },
};

/** VB for most private sales; Festpreis for dealers and small amounts where haggling costs more than it brings. */
export function priceMode(suggestion: number, sellerType: SellerType): PriceMode {
  if (sellerType === "commercial") return "festpreis";
  return suggestion < 20 ? "festpreis" : "vb";
}

export function buildStrategy(input: {
  suggestion: number;
  priceMin: number | null;
  priceMax: number | null;
  floor: number | null;
  platform: Platform;
  sellerType: SellerType;
}): Strategy {
  const mode = priceMode(input.suggestion, input.sellerType);
  // VB: list about 10 % above the suggestion (within the range) so a usual discount lands on it.
  const anchor = mode === "vb" ? roundUp(Math.min(input.suggestion * 1.1, input.priceMax ?? Infinity, input.suggestion + 500)) : roundNearest(input.suggestion);
  const proposedFloor = roundNearest(Math.max(input.priceMin ?? 0, input.suggestion * 0.85));
  const floor = Math.min(input.floor ?? proposedFloor, anchor);
  return { anchor, floor, floorFromSeller: input.floor !== null, mode, advice: PLATFORM_ADVICE[input.platform][mode] };
}

export type CounterOffer = {
  decision: "accept" | "counter" | "decline";
  /** What to answer with, in euros (the offer itself when accepting). */
  price: number;
};

/**
 * The answer to an offer: accept at or above the anchor (or when the gap is under one price step),
 * meet halfway above the floor, counter at the floor side below it, and decline lowball offers
 * (under half the anchor) with the counter price — never below the floor.
 */
export function counterOffer(offer: number, strategy: Pick<Strategy, "anchor" | "floor">): CounterOffer {
  const { anchor, floor } = strategy;
  if (offer >= anchor) return { decision: "accept", price: offer };
  if (offer >= floor) {
    const middle = Math.min(anchor, roundUp((offer + anchor) / 2));
    return middle - offer < priceStep(offer) ? { decision: "accept", price: offer } : { decision: "counter", price: middle };
  }
  if (offer < anchor * 0.5) return { decision: "decline", price: Math.max(floor, roundUp(anchor * 0.9)) };
  return { decision: "counter", price: Math.max(floor, roundUp((floor + anchor) / 2)) };
}
