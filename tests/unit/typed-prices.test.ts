// A price the seller types is read one way (ADR 028, ADR 058): the browser's price fields
// (euro-input.ts) and the server's schema (ad-input.ts) agree on every spelling.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sellerOfferFields } from "~/lib/ad-input";
import { euroInputOf, euroInputToCents } from "~/lib/euro-input";

const serverEuros = (text: string) => {
  const parsed = sellerOfferFields.price.safeParse(text);
  return parsed.success ? parsed.data : null;
};

describe("a typed price", () => {
  it.each([
    ["250", 25000],
    ["12,50", 1250],
    ["12.50", 1250],
    ["1.200", 120000],
    ["1.200,50", 120050],
    ["1 200", 120000],
    ["70,-", 7000],
    ["70,--", 7000],
    ["250 €", 25000],
    ["250€", 25000],
    ["250 EUR", 25000],
    ["250 Euro", 25000],
  ])("%s is %i cents in the field and on the server", (text, cents) => {
    expect(euroInputToCents(text)).toBe(cents);
    expect(serverEuros(text)).toBe(cents / 100);
  });

  it.each(["zwölf", "-5", "1,2,3", "12,505", "1.2345", "€", "70,-€x"])("%s is no price on either side", (text) => {
    expect(euroInputToCents(text)).toBeNull();
    expect(serverEuros(text)).toBeNull();
  });

  it("reads back what a field shows, in every spelling a seller uses", () => {
    const spelling = fc.constantFrom(
      (shown: string) => shown,
      (shown: string) => `${shown} €`,
      (shown: string) => `${shown} EUR`,
      (shown: string) => (shown.includes(",") ? shown : `${shown},-`),
      // German thousands separator: 1200 → "1.200"
      (shown: string) => shown.replace(/^(\d+)(\d{3})(?=,|$)/, "$1.$2"),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), spelling, (cents, spell) => {
        const typed = spell(euroInputOf(cents));
        expect(euroInputToCents(typed)).toBe(cents);
        expect(serverEuros(typed)).toBe(cents / 100);
      }),
    );
  });
});
