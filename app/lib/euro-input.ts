// The one way a price field is filled and read (docs/PRODUCT.md, "Prices"): 25000 → "250",
// 1250 → "12,50"; "12,50" / "12.50" / "1.200" / "250 €" / "70,-" → cents. Its own module, so the landing
// page does not load it with the price formatting in format.ts.

/** A price in cents as a form field shows it: no thousands separator, cents only when there are any. */
export function euroInputOf(cents: number): string {
  const rounded = Math.round(cents);
  return rounded % 100 === 0 ? String(rounded / 100) : (rounded / 100).toFixed(2).replace(".", ",");
}

/**
 * An amount as a seller types it → cents; null when it is no price. The one reading of a typed
 * price, in the browser's fields and in the server's schema (ad-input.ts): "12,50", "12.50",
 * "1.200", "1.200,50", "1 200", "70,-", "250 €", "250 EUR", "250 Euro". A dot followed by exactly
 * three digits is a thousands separator, any other dot or comma marks the cents.
 */
export function euroInputToCents(value: string): number | null {
  const normalized = value
    .trim()
    .replace(/\s*(?:€|eur|euro)$/i, "")
    .replace(/,-+$/, "")
    .replace(/\s/g, "")
    .replace(/\.(?=\d{3}(\D|$))/g, "")
    .replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}
