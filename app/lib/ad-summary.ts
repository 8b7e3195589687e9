// The written summary a shared ad link shows (og:description, twitter:description, meta
// description): the facts a buyer scans for first — sold, the price as the seller gave it ("250 € VB"),
// condition, place, the marketplace where the ad is really online — then
// the ad's own opening sentence. Never the raw start of the ad text, whose first line repeats the
// title ("📦 **Titel**") and whose emoji headings mean nothing in a preview.
import { marketplaceOf } from "./listing-url";
import { cutOnWord, PLATFORMS } from "./platforms";
import { toPlainText } from "./plain-text";

export type AdSummaryInput = {
  title: string;
  /** The price as every surface shows it ("250 € VB", "Zu verschenken"); null = none. */
  priceLabel: string | null;
  /** Marked "Verkauft" by the seller. */
  sold: boolean;
  condition: string | null;
  city: string | null;
  /** Where the ad is really online; only then is a marketplace named. */
  listingUrl: string | null;
  description: string | null;
};

const HEADING = /^(?:\p{Extended_Pictographic}|\*\*[^*]+\*\*:?$)/u;

/** The ad's opening paragraph: its first prose lines, before any heading, bullet or blank line. */
export function openingSentences(description: string, title: string, max = 220): string {
  const normalisedTitle = title.trim().toLowerCase();
  const opening: string[] = [];
  for (const raw of description.split("\n")) {
    const line = raw.trim();
    const prose = line !== "" && !HEADING.test(line) && !line.startsWith("- ") && toPlainText(line).toLowerCase() !== normalisedTitle;
    if (prose) opening.push(toPlainText(line));
    else if (opening.length > 0) break;
  }
  return cutOnWord(opening.join(" "), max, "…");
}

/**
 * "Preis: 120 € VB · Zustand: Sehr gut · Standort: Köln · Angebot auf Kleinanzeigen." — the
 * marketplace only where the ad is online (its listing link), never the one its text was written for.
 */
export function adFacts(input: Omit<AdSummaryInput, "description" | "title">): string {
  const marketplace = input.listingUrl ? marketplaceOf(input.listingUrl) : null;
  const price = input.priceLabel === null ? null : /^\d/.test(input.priceLabel) ? `Preis: ${input.priceLabel}` : input.priceLabel;
  const facts = [
    input.sold ? "Verkauft" : null,
    price,
    input.condition ? `Zustand: ${input.condition.trim()}` : null,
    input.city ? `Standort: ${input.city.trim()}` : null,
    marketplace && !input.sold ? `Angebot auf ${PLATFORMS[marketplace].label}` : null,
  ].filter((fact): fact is string => Boolean(fact));
  return facts.length > 0 ? `${facts.join(" · ")}.` : "";
}

/** Preview lengths (docs/PRODUCT.md, "Pages"): 160 characters (meta), 300 (og), 200 (twitter), cut on a word. */
export function adSummary(input: AdSummaryInput) {
  const opening = input.description ? openingSentences(input.description, input.title) : "";
  const text = [adFacts(input), opening].filter(Boolean).join(" ");
  return { meta: cutOnWord(text, 160, "…"), og: cutOnWord(text, 300, "…"), twitter: cutOnWord(text, 200, "…") };
}
