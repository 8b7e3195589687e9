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
    // The phone walks' notes before the e2e kept one of them (tests/e2e/offer-notes.spec.ts).
    ["switch lite türkis, 3 spiele dabei (mario, zelda, pokemon), Versand möglich gegen Aufpreis 4,99, 95€ VB", "95 € VB · Versand 4,99 €"],
    [
      "Hochbett kiefer massiv 90x200, nur abholung in 50667 köln, muss selbst abgebaut werden, 120 VB",
      "120 € VB · Kein Versand · Abholung in 50667 Köln",
    ],
    [
      "Lego Technic Lamborghini 42115, vollständig mit Anleitung, Festpreis 250 €, Abholung oder Versand",
      "250 € Festpreis · Versand, Kosten nicht genannt · Abholung möglich",
    ],
    [
      "20 umzugskartons, stabil, zu verschenken, nur abholung in hamburg-altona",
      "Zu verschenken · Kein Versand · Abholung in Hamburg-Altona",
    ],
    [
      "Steelcase Series 1 Bürostuhl, Ausstellungsstück, 389 € inkl. MwSt, Versand per Spedition 39 €, nur Versand",
      "389 € · Versand 39 € · Keine Abholung",
    ],
  ])("%s", (note, line) => {
    expect(read(note)).toBe(line);
  });

  it("shows what the seller corrected by hand, not the note's reading", () => {
    const note = "Versand möglich gegen Aufpreis 6,99, 35€";
    const corrected = { ...prefillOffer(note, EMPTY_OFFER, new Set()), price: "40", priceType: "festpreis" as const };
    expect(offerReading(corrected)).toMatch(/^40 € Festpreis · Versand 6,99 €/);
  });
});
