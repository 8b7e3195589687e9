// Price strategy of the Verkaufshelfer: the price the ad shows (anchor), the seller's minimum
// (floor), the platform's advice, and the counter-offer to a buyer's offer — never below the floor,
// in the round numbers sellers use. The shown price and type are kept exactly (ADR 028, ADR 091):
// the price is the anchor, a Festpreis stays a Festpreis, and a price given without a type is a
// Festpreis as on every other surface (ADR 041).
// Counter-offers rise with the buyer's offer (a higher offer never gets a worse answer).
import { offeredPriceType } from "../../../lib/ad-price";
import type { Platform } from "../../../lib/platforms";
import type { PriceType } from "../../../lib/offer-facts";

export type PriceMode = "vb" | "festpreis" | "verschenken";

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
    verschenken: "Bei Kleinanzeigen als „Zu verschenken“ einstellen – Preisangebote gibt es dann nicht.",
    vb: "Bei Kleinanzeigen wird fast immer verhandelt: Preis mit „VB“ einstellen, dann bleibt Luft für einen Nachlass.",
    festpreis: "Bei Kleinanzeigen als „Festpreis“ einstellen – so kommen weniger Feilsch-Nachrichten.",
  },
  ebay: {
    verschenken: "Bei eBay gibt es kein „Zu verschenken“ – Kleinanzeigen passt dafür besser.",
    vb: "Bei eBay als Sofort-Kaufen mit „Preisvorschlag erlauben“ einstellen; Vorschläge unter deinem Minimum lehnt eBay automatisch ab, wenn du es dort einträgst.",
    festpreis: "Bei eBay als Sofort-Kaufen ohne Preisvorschlag einstellen.",
  },
  vinted: {
    verschenken: "Vinted kennt kein „Zu verschenken“; der kleinste Preis dort ist 1 €.",
    vb: "Bei Vinted kommen Preisvorschläge über die App; der Preis hier lässt Platz für den üblichen Nachlass.",
    festpreis: "Bei Vinted klappt ein knapper Preis am besten – Preisvorschläge kannst du trotzdem ablehnen.",
  },
  willhaben: {
    verschenken: "Bei willhaben „Zu verschenken“ als Preisart wählen.",
    vb: "Bei willhaben „Preis auf Anfrage“ vermeiden und den Preis mit „VB“ nennen.",
    festpreis: "Bei willhaben den Preis als Fixpreis angeben.",
  },
  facebook: {
    verschenken: "Im Facebook Marketplace den Preis auf 0 € setzen („Kostenlos“).",
    vb: "Im Facebook Marketplace wird viel gehandelt: Preis etwas höher ansetzen und „VB“ in den Text schreiben.",
    festpreis: "Im Facebook Marketplace „Festpreis“ in den Text schreiben.",
  },
};

/**
 * The strategy for the price the ad shows (euros), the seller's own or the labelled estimate, with
 * its type: kept exactly, never raised or turned into VB. A Festpreis has no room below it; VB
 * proposes 85 % of the price as the minimum, which the seller can replace.
 */
export function buildStrategy(input: { price: number; type: PriceType | null; floor: number | null; platform: Platform }): Strategy {
  const mode: PriceMode = offeredPriceType(Math.round(input.price * 100), input.type);
  const anchor = input.price;
  const proposedFloor = mode === "vb" ? Math.min(anchor, roundNearest(anchor * 0.85)) : anchor;
  const floor = Math.min(input.floor ?? proposedFloor, anchor);
  return { anchor, floor, floorFromSeller: input.floor !== null, mode, advice: PLATFORM_ADVICE[input.platform][mode] };
}

export type CounterOffer = {
  decision: "accept" | "counter" | "decline" | "fixed" | "giveaway" | "above";
  /** What to answer with, in euros (the offer itself when accepting, the asking price for an offer above it). */
  price: number;
};

/**
 * The price the ready reply to "Letzter Preis?" names as the last word, and the counter to every
 * offer at or below the floor: halfway between floor and anchor, rounded up — so never the floor.
 */
export function lastWordPrice(strategy: Pick<Strategy, "anchor" | "floor">): number {
  return Math.min(strategy.anchor, roundUp((strategy.floor + strategy.anchor) / 2));
}

/**
 * The answer to an offer. An offer above the asking price is not simply taken: it is answered with
 * the asking price and flagged (overpayment is a scam pattern). VB: accept from one price step below
 * the anchor or from the last-word price, whichever is lower (an offer of the price the ready reply
 * named is taken — that reply said "das letzte Wort"); a lower offer above the floor is countered
 * with the last-word price, as is one at or below the floor, and a lowball (under half the anchor)
 * is declined with it. So a counter never falls as the offer rises and no answer names the floor. A
 * Festpreis is answered with the Festpreis; a giveaway with "zu verschenken".
 */
export function counterOffer(offer: number, strategy: Pick<Strategy, "anchor" | "floor"> & { mode?: PriceMode }): CounterOffer {
  const { anchor, floor } = strategy;
  if (strategy.mode === "verschenken") return { decision: "giveaway", price: 0 };
  if (offer > anchor) return { decision: "above", price: anchor };
  if (offer === anchor) return { decision: "accept", price: offer };
  if (strategy.mode === "festpreis" || floor >= anchor) return { decision: "fixed", price: anchor };
  const lastWord = lastWordPrice(strategy);
  if (offer >= Math.min(lastWord, Math.max(floor, anchor - priceStep(anchor)))) return { decision: "accept", price: offer };
  if (offer > floor) return { decision: "counter", price: lastWord };
  return { decision: offer < anchor * 0.5 ? "decline" : "counter", price: lastWord };
}
