// schema.org Product with Offer for the public ad page, so search engines understand the listing.
// https://schema.org/Product, https://schema.org/Offer (price as a decimal string, currency ISO 4217).

export type JsonLdInput = {
  url: string;
  title: string;
  description: string;
  images: string[];
  priceCents: number | null;
  /** The grade the seller stated (the public JSON's `condition`); null = none stated. */
  condition: string | null | undefined;
  brand?: string | null;
  /** Marked "Verkauft": the offer is sold out. */
  sold?: boolean;
};

/**
 * The seller's stated grade as a schema.org condition; null when the seller stated none — then the
 * offer names no condition at all (no "used" the seller did not say; app/lib/condition-grade.ts).
 */
export function itemCondition(condition: string | null | undefined): string | null {
  const text = (condition ?? "").trim().toLowerCase();
  if (!text) return null;
  if (/defekt|bastler|ersatzteil/.test(text)) return "https://schema.org/DamagedCondition";
  if (/originalverpackt|ungeöffnet|\bneu\b(?!wertig)/.test(text) && !/wie neu/.test(text)) return "https://schema.org/NewCondition";
  return "https://schema.org/UsedCondition";
}

export function productJsonLd(input: JsonLdInput) {
  const condition = itemCondition(input.condition);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: input.title,
    description: input.description,
    image: input.images,
    url: input.url,
    ...(input.brand ? { brand: { "@type": "Brand", name: input.brand } } : {}),
    ...(input.priceCents !== null
      ? {
          offers: {
            "@type": "Offer",
            url: input.url,
            price: (input.priceCents / 100).toFixed(2),
            priceCurrency: "EUR",
            ...(condition ? { itemCondition: condition } : {}),
            availability: input.sold ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
          },
        }
      : {}),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the tag. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
