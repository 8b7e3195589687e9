// The written summary a shared ad link shows (og:description, twitter:description, meta
// description): the facts a buyer scans for first — price, condition, place, marketplace — then
// the ad's own opening sentence. Never the raw start of the ad text, whose first line repeats the
// title ("📦 **Titel**") and whose emoji headings mean nothing in a preview.
import { formatEuroCents } from "./format";
import { marketplaceOf } from "./listing-url";
import { cutOnWord, PLATFORMS, type Platform } from "./platforms";
import { toPlainText } from "./plain-text";

export type AdSummaryInput = {
  title: string;
  priceCents: number | null;
  condition: string | null;
  city: string | null;
  platform: Platform;
  /** Where the ad is really online; its marketplace wins over the one the text was written for. */
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

/** "Preis: 120 € · Zustand: Sehr gut · Standort: Köln · Angebot auf Kleinanzeigen." */
export function adFacts(input: Omit<AdSummaryInput, "description" | "title">): string {
  const marketplace = (input.listingUrl ? marketplaceOf(input.listingUrl) : null) ?? input.platform;
  const facts = [
    input.priceCents !== null ? `Preis: ${formatEuroCents(input.priceCents)}` : null,
    input.condition ? `Zustand: ${input.condition.trim()}` : null,
    input.city ? `Standort: ${input.city.trim()}` : null,
    `Angebot auf ${PLATFORMS[marketplace].label}`,
  ].filter((fact): fact is string => Boolean(fact));
  return `${facts.join(" · ")}.`;
}

/** Preview lengths (docs/PRODUCT.md, "Pages"): 160 characters (meta), 300 (og), 200 (twitter), cut on a word. */
export function adSummary(input: AdSummaryInput) {
  const opening = input.description ? openingSentences(input.description, input.title) : "";
  const text = [adFacts(input), opening].filter(Boolean).join(" ");
  return { meta: cutOnWord(text, 160, "…"), og: cutOnWord(text, 300, "…"), twitter: cutOnWord(text, 200, "…") };
}
