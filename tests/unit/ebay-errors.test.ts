// eBay's refusals in German (ADR 046): one sentence per documented Inventory API error id, read
// from what eBay documents for it — its {additionalInfo}, {field} or {fieldName} parameter or its
// message text — never from a parameter only the local fake would send.
// Ids and texts: x-response-codes of sell_inventory_v1_oas3 and
// https://developer.ebay.com/api-docs/sell/static/inventory/inventory-error-details.html
import { describe, expect, it } from "vitest";
import { ebayPublishError, explainEbayError } from "~/.server/ebay/errors";

const documented = (errorId: number, message: string, parameters: Record<string, string> = {}) => ({
  errorId,
  message,
  parameters: Object.entries(parameters).map(([name, value]) => ({ name, value })),
});

describe("eBay's errors in German", () => {
  it.each([
    [
      25003,
      documented(25003, "Invalid price.", { additionalInfo: "pricingSummary.price" }),
      /^eBay lehnt den Preis ab\. Gib den Preis in Euro an/,
    ],
    [25004, documented(25004, "Invalid quantity.", { additionalInfo: "availableQuantity" }), /^eBay lehnt die Stückzahl ab\./],
    [
      25005,
      documented(25005, "Invalid category.", { additionalInfo: "88433" }),
      /^Die eBay-Kategorie passt nicht\. Wähle eine andere Kategorie/,
    ],
    [
      25007,
      documented(25007, "Invalid Shipping policy information. Shipping service not available."),
      /^Deine Versandrichtlinie ist für dieses Angebot nicht gültig \(eBay: Invalid Shipping policy information\. Shipping service not available\.\)\. Prüfe sie bei eBay/,
    ],
    [25008, documented(25008, "Invalid Payment policy information."), /^Deine Zahlungsrichtlinie ist für dieses Angebot nicht gültig/],
    [25009, documented(25009, "Invalid Return policy information."), /^Deine Rücknahmerichtlinie ist für dieses Angebot nicht gültig/],
    [
      25012,
      documented(25012, "Invalid inventory location.", { additionalInfo: "merchantLocationKey" }),
      /^eBay kennt den Artikelstandort nicht\. Richte eBay im Profil unter „eBay“ ein \(Standort aus deiner PLZ\)/,
    ],
    [25014, documented(25014, "Invalid pictures."), /^eBay lehnt die Fotos ab\. Die Anzeige braucht mindestens ein Foto/],
    [
      25015,
      documented(25015, "Invalid picture URL.", { additionalInfo: "http://localhost/images/a.jpg" }),
      /^eBay konnte ein Foto nicht laden\. Veröffentliche erneut/,
    ],
    [
      25017,
      documented(25017, "Missing information in fields. listingDuration is required."),
      /^Bei eBay fehlt eine Pflichtangabe \(eBay: Missing information in fields\. listingDuration is required\.\)\. Ergänze sie/,
    ],
    [
      25020,
      documented(25020, "The package weight is not valid or is missing.", { additionalInfo: "packageWeightAndSize" }),
      /^eBay braucht für deine Versandrichtlinie Gewicht und Maße des Pakets\. Trage sie im Formular ein/,
    ],
    [
      25021,
      documented(25021, "Invalid condition information."),
      /^Dieser Zustand ist in der gewählten eBay-Kategorie nicht erlaubt\. Wähle einen Zustand aus der Liste/,
    ],
    [
      25604,
      documented(25604, "Input error. Title too long."),
      /^eBay lehnt eine Eingabe ab \(eBay: Input error\. Title too long\.\)\. Prüfe die Angaben/,
    ],
  ])("explains %i with what to fix", (_id, detail, sentence) => {
    expect(explainEbayError(detail)).toMatch(sentence);
  });

  it("reads a missing aspect from 25029's documented {field}, else from eBay's text", () => {
    const sentence = "eBay verlangt die Angabe „Marke“. Trage sie bei den Artikelmerkmalen ein und veröffentliche erneut.";
    expect(explainEbayError(documented(25029, "Marke is required for this category.", { field: "Marke" }))).toBe(sentence);
    expect(explainEbayError(documented(25029, "Marke is required for this category."))).toBe(sentence);
    // How eBay words it under 25002 ("A user error has occurred. {additionalInfo}").
    expect(
      explainEbayError(
        documented(
          25002,
          "A user error has occurred. The item specific Marke is missing. Add Marke to this listing, enter a valid value, and then try again.",
        ),
      ),
    ).toBe(sentence);
  });

  it("names the aspect whose value eBay refuses (25032 {field} is not valid)", () => {
    expect(explainEbayError(documented(25032, "Größe is not valid", { field: "Größe" }))).toBe(
      "eBay lehnt den Wert für „Größe“ ab. Wähle einen Wert aus eBays Liste oder korrigiere die Angabe und veröffentliche erneut.",
    );
    expect(explainEbayError(documented(25032, "Größe is not valid"))).toContain("„Größe“");
  });

  it("no longer reads parameters only the fake sent (aspect, field = merchantLocationKey)", () => {
    expect(
      explainEbayError({ errorId: 25002, message: "A user error has occurred.", parameters: [{ name: "aspect", value: "Marke" }] }),
    ).not.toContain("Marke");
    expect(
      explainEbayError({
        errorId: 25002,
        message: "A user error has occurred.",
        parameters: [{ name: "field", value: "merchantLocationKey" }],
      }),
    ).not.toContain("Artikelstandort");
  });

  it("never calls a package error a price error, nor invalid policy content a missing policy", () => {
    expect(explainEbayError({ errorId: 25020 })).not.toMatch(/Preis/);
    for (const errorId of [25007, 25008, 25009]) expect(explainEbayError({ errorId })).not.toMatch(/fehlt/);
  });

  it("keeps eBay's words for an unknown error", () => {
    expect(explainEbayError({ errorId: 99999, message: "Something new" })).toBe(
      "eBay hat die Anfrage abgelehnt (Fehler 99999: Something new). Prüfe die Angaben und versuche es erneut.",
    );
  });

  it("answers 422 for the seller's part, 409 for an ended token, 502 for eBay's", () => {
    expect(ebayPublishError(400, [{ errorId: 25020 }]).status).toBe(422);
    expect(ebayPublishError(401, [{ errorId: 1001 }]).status).toBe(409);
    expect(ebayPublishError(503, []).status).toBe(502);
  });
});
