// The create form's one-line reading of the offer (ADR 041): built from the same reading
// of the note the server stores, so a surcharge taken for the price is seen before the ad exists.
import { describe, expect, it } from "vitest";
import { offerReading, prefillOffer, EMPTY_OFFER } from "~/components/ads/seller-offer-fields";

const read = (note: string) => offerReading(prefillOffer(note, EMPTY_OFFER, new Set()));

describe("the offer in one line, as the create form shows it", () => {
  it.each([
    ["Versand möglich gegen Aufpreis 6,99, 35€ VB, nur Versand", "35 € VB · Versand 6,99 € · Keine Abholung"],
    ["Jacke Gr. M, 25 € Festpreis, Versand 5,49 € mit DHL, nur Versand", "25 € Festpreis · Versand 5,49 € (DHL) · Keine Abholung"],
    ["Kinderwagen, nur Abholung 81373 München, 120 VB", "120 € VB · Kein Versand · Abholung in 81373 München"],
    ["Buch 8 € inkl. Versand, Abholung auch möglich, kein Tausch", "8 € · Versand inklusive · Abholung möglich · Kein Tausch"],
    ["alter Schreibtisch, zu verschenken, Abholung in Köln", "Zu verschenken · Abholung in Köln"],
    ["Switch mit 2 Controllern, Tausch gegen PS5 möglich", "Kein Preis genannt · Tausch möglich"],
  ])("%s", (note, line) => {
    expect(read(note)).toBe(line);
  });

  it("shows what the seller corrected by hand, not the note's reading", () => {
    const note = "Versand möglich gegen Aufpreis 6,99, 35€";
    const corrected = { ...prefillOffer(note, EMPTY_OFFER, new Set()), price: "40", priceType: "festpreis" as const };
    expect(offerReading(corrected)).toMatch(/^40 € Festpreis · Versand 6,99 €/);
  });
});
