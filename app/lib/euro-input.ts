// The one way a price field is filled and read (docs/PRODUCT.md, "Prices"): 25000 → "250",
// 1250 → "12,50"; "12,50" / "12.50" / "1.200" / "250 €" → cents. Its own module, so the landing
// page does not load it with the price formatting in format.ts.

/** A price in cents as a form field shows it: no thousands separator, cents only when there are any. */
export function euroInputOf(cents: number): string {
  const rounded = Math.round(cents);
  return rounded % 100 === 0 ? String(rounded / 100) : (rounded / 100).toFixed(2).replace(".", ",");
}

/** "12,50" / "12.50" / "12" → cents; null when it is no price. */
export function euroInputToCents(value: string): number | null {
  const normalized = value
    .trim()
    .replace(/\s|€/g, "")
    .replace(/\.(?=\d{3}(\D|$))/g, "")
    .replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}
