// schema.org Product with Offer for the public ad page, so search engines understand the listing.
// https://schema.org/Product, https://schema.org/Offer (price as a decimal string, currency ISO 4217).

export type JsonLdInput = {
  url: string;
  title: string;
  description: string;
  images: string[];
  priceCents: number | null;
  condition: string | null | undefined;
  brand?: string | null;
  /** Marked "Verkauft": the offer is sold out. */
  sold?: boolean;
};

/** The seller's (or the photo analysis's) words for the state, as a schema.org condition. */
export function itemCondition(condition: string | null | undefined): string {
  const text = (condition ?? "").toLowerCase();
  if (/defekt|bastler|ersatzteil/.test(text)) return "https://schema.org/DamagedCondition";
  if (/originalverpackt|ungeöffnet|\bneu\b(?!wertig)/.test(text) && !/wie neu/.test(text)) return "https://schema.org/NewCondition";
  return "https://schema.org/UsedCondition";
}

export function productJsonLd(input: JsonLdInput) {
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
            itemCondition: itemCondition(input.condition),
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
