// One generated ad, compiled for every marketplace: each variant keeps that platform's limits,
// formatting and link/"@" rules, and always keeps the legal block whole. The same rules check a
// seller's edits (browser counters and the server's 400 with field errors).
import { formatEuroCents } from "./format";
import { LEGAL_HEADING } from "./legal-notes";
import { offerLine, type OfferLineFacts } from "./offer-line";
import { PRICE_TYPE_LABELS } from "./offer-facts";
import { adaptHandover } from "./platform-handover";
import {
  allowsEmail,
  applyPlatformRules,
  containsAt,
  containsLink,
  cutOnWord,
  formatDescription,
  PLATFORM_VALUES,
  PLATFORMS,
  toFormattedText,
  toPlainLetters,
  type Platform,
} from "./platforms";

export type AdText = {
  title: string;
  description: string;
  /** Whether the seller ships (ADR 064): an item the seller does not ship is flagged for Vinted. */
  shipping?: string | null;
  /** The seller's price as given ("250 € VB"), written into every variant. */
  priceLabel?: string | null;
  /** The record's shipping, pickup, shipping cost and service, place and swap (ADR 041, 064), one line in every variant. */
  offer?: Omit<OfferLineFacts, "priceCents" | "priceType"> | null;
};

export type PlatformVariant = {
  platform: Platform;
  label: string;
  title: string;
  /** Formatted for the platform's description field (plain text, or HTML for eBay). */
  description: string;
  /** Title and text in one block (API clients and older callers). */
  text: string;
  /** What "Text kopieren" puts on the clipboard as text/plain (for eBay: the plain-text fallback). */
  plainText: string;
  /** eBay: the HTML "Text kopieren" puts on the clipboard as text/html; null elsewhere. */
  html: string | null;
  /** Something the seller should know before posting here (a pickup-only item on Vinted). */
  notice: string | null;
  titleLength: number;
  titleMax: number;
  descriptionLength: number;
  descriptionMax: number;
};

/** The ad's own text and the legal block appended by the generator (from its heading on). */
export function splitLegal(description: string): { body: string; legal: string } {
  const at = description.indexOf(LEGAL_HEADING);
  if (at < 0) return { body: description.trim(), legal: "" };
  return { body: description.slice(0, at).trim(), legal: description.slice(at).trim() };
}

/** A title without its "nur Abholung" highlight ("Wohnwand Eiche – nur Abholung" → "Wohnwand Eiche", "– top, nur Abholung" → "– top"). */
function withoutPickupHighlight(title: string): string {
  return title.replace(/,\s*nur Abholung(?=\s*(?:,|$))/u, "").replace(/\s+[–-]\s+nur Abholung\s*$/u, "");
}

/** Drops the imprint's "E-Mail: …" sentence whole, so no mangled address is left behind. */
function withoutEmailSentence(legal: string): string {
  return legal.replace(/\s*E-Mail:\s*[^\s@]+@\S+?\.(?=\s|$)/g, "");
}

/** Characters the description takes in the platform's field, counted as browsers count (UTF-16). */
export function descriptionLength(platform: Platform, markup: string): number {
  return formatDescription(platform, markup).length;
}

const HANDOVER_LABEL = "🚚 **Übergabe:**";

/**
 * The offer as the record states it, under the ad's own text: the price, then handover and shipping
 * in the same words as the public page. Vinted ships only through its own labels and allows no
 * pickup arrangements, so its copy carries the price and a swap only.
 */
function offerBlock(platform: Platform, ad: AdText): string {
  const lines: string[] = [];
  if (ad.priceLabel) lines.push(`💶 **Preis:** ${ad.priceLabel}`);
  const offer = ad.offer;
  if (offer && platform !== "vinted") {
    const line = offerLine({ ...offer, swap: null }, "buyer");
    if (line) lines.push(`${HANDOVER_LABEL} ${line}`);
  }
  if (offer && offer.swap !== null) lines.push(`🔁 ${offer.swap ? "Tausch möglich" : "Kein Tausch"}`);
  return lines.join("\n");
}

/**
 * Compiles the variant for one platform. Description lines of the ad's own text are dropped from
 * the end until the formatted text fits; the offer and the legal notes are never cut.
 */
export function platformVariant(platform: Platform, ad: AdText): PlatformVariant {
  const rules = PLATFORMS[platform];
  const { body: ownBody, legal } = splitLegal(toPlainLetters(ad.description));
  // The offer and the legal notes are never cut: only the ad's own lines give way to the limit.
  const offered = offerBlock(platform, ad);
  // Where the offer block states the handover, the ad's own handover lines do not say it twice: what
  // they add goes under the offer's handover line, or the seller's own sentence stands in its place
  // where it states every fact of it.
  const handoverLine = offered.split("\n").find((line) => line.startsWith(HANDOVER_LABEL)) ?? null;
  const adapted = adaptHandover(platform, ownBody, ad.shipping, handoverLine);
  const block = offered
    .split("\n")
    .flatMap((line) =>
      line !== handoverLine
        ? [line]
        : [adapted.handoverInWords ? `${HANDOVER_LABEL} ${adapted.handoverInWords}` : line, ...adapted.handoverNotes],
    )
    .join("\n");
  // Vinted ships only: a title's "nur Abholung" (a bulky item's highlight) has no place there; the notice says why.
  const title = platform === "vinted" ? withoutPickupHighlight(toPlainLetters(ad.title)) : toPlainLetters(ad.title);
  const ruled = applyPlatformRules(platform, { title, description: adapted.body });
  const offerText = block ? applyPlatformRules(platform, { title: ".", description: block }).description : "";
  const legalText = legal
    ? applyPlatformRules(platform, { title: ".", description: allowsEmail(platform) ? legal : withoutEmailSentence(legal) }).description
    : "";
  const compose = (lines: string[]) => [lines.join("\n").trim(), offerText, legalText].filter(Boolean).join("\n\n");

  let lines = ruled.description.split("\n");
  let description = formatDescription(platform, compose(lines));
  while (description.length > rules.descriptionMax && lines.length > 0) {
    lines = lines.slice(0, -1);
    description = formatDescription(platform, compose(lines));
  }
  // Only a legal block longer than the whole field could still be too long: cut it on a word.
  if (description.length > rules.descriptionMax) description = cutOnWord(description, rules.descriptionMax);
  const plainText = rules.richText ? toFormattedText(compose(lines)) : description;
  // The text as it would be without the platform's length limit (no limit: reserve -Infinity).
  const uncut = applyPlatformRules(platform, { title: ".", description: adapted.body }, -Infinity).description;
  const shortened = shortenedNotice(rules.label, rules.descriptionMax, uncut, lines.join("\n").trim());
  // What of the seller's handover Vinted's copy cannot carry is said beside it, never dropped silently (ADR 093).
  const vinted = platform === "vinted" && !adapted.notice && ad.offer ? vintedHandoverNotice(ad.offer) : null;
  // Vinted lists nothing without a price: a giveaway is said beside the copy, not posted as it is.
  const giveaway = platform === "vinted" && ad.priceLabel === GIVEAWAY_LABEL ? VINTED_GIVEAWAY_NOTICE : null;
  const notice = [adapted.notice, giveaway, vinted, shortened].filter(Boolean).join(" ") || null;

  return {
    platform,
    label: rules.label,
    title: ruled.title,
    description,
    text: `${ruled.title}\n\n${description}`,
    plainText,
    html: rules.richText ? description : null,
    notice,
    titleLength: ruled.title.length,
    titleMax: rules.titleMax,
    descriptionLength: description.length,
    descriptionMax: rules.descriptionMax,
  };
}

const GIVEAWAY_LABEL = PRICE_TYPE_LABELS.verschenken;
const VINTED_GIVEAWAY_NOTICE =
  "Zu verschenken: Auf Vinted hat jeder Artikel einen Preis – zum Verschenken passt eine andere Plattform besser.";

/**
 * What of the seller's handover Vinted's copy cannot say (ADR 029, 093): Vinted's buyers pay the
 * label in the app, and Vinted knows no pickup. Said to the seller beside the copy, never left out
 * silently: "inkl. Versand", the seller's own shipping cost, a pickup offered.
 */
function vintedHandoverNotice(offer: NonNullable<AdText["offer"]>): string | null {
  const shipped = offer.shipping !== "excluded";
  const missing = [
    shipped && offer.shippingCost === 0 ? "„Versand inklusive“" : null,
    shipped && offer.shippingCost !== null && offer.shippingCost > 0
      ? `deine Versandkosten (${formatEuroCents(offer.shippingCost)})`
      : null,
    offer.pickup === "offered" ? "die Abholung" : null,
  ].filter((part): part is string => part !== null);
  // Nothing said of the handover: the copy's "Versand über Vinted" is Vinted's way, not the seller's word.
  if (missing.length === 0 && offer.shipping === null && offer.pickup === null)
    return "Zur Übergabe sagt deine Anzeige nichts: Auf Vinted läuft jeder Kauf über den Versand in der App, deshalb steht er in dieser Fassung.";
  if (missing.length === 0) return null;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(", ")} und ${missing.at(-1)}`;
  const price = shipped && offer.shippingCost === 0 ? " – prüfe, ob dein Preis hier gleich bleiben soll" : "";
  return `Nicht in dieser Fassung: ${list}. Auf Vinted bezahlen Käufer den Versand beim Kauf in der App, eine Abholung gibt es dort nicht${price}.`;
}

const nonEmptyLines = (text: string) => text.split("\n").filter((line) => line.trim() !== "").length;

/**
 * Said on a copy whose own text had to give way to the platform's length (Vinted: 2,000 characters):
 * whole lines from its end, or, for one overlong line, words from its end — never a word cut in two,
 * never the price, the handover line or the legal notes. Only that platform's copy is shortened.
 */
function shortenedNotice(label: string, max: number, uncut: string, kept: string): string | null {
  if (kept.length >= uncut.length) return null;
  // Whole lines dropped are counted; a line that itself gave way word by word is "the end".
  const wholeLines = uncut.startsWith(kept) && uncut.charAt(kept.length) === "\n";
  const dropped = wholeLines ? nonEmptyLines(uncut.slice(kept.length)) : 0;
  const missing = dropped > 1 ? `fehlen die letzten ${dropped} Zeilen` : dropped === 1 ? "fehlt die letzte Zeile" : "fehlt das Ende";
  return `Für ${label} gekürzt: Mehr als ${max.toLocaleString("de-DE")} Zeichen passen hier nicht, deshalb ${missing} deines Anzeigentexts in dieser Fassung. Preis und Hinweise stehen vollständig darin.`;
}

/** The chosen platform first, then the others in the catalogue's order. */
export function platformVariants(ad: AdText, first: Platform = "kleinanzeigen"): PlatformVariant[] {
  return [first, ...PLATFORM_VALUES.filter((platform) => platform !== first)].map((platform) => platformVariant(platform, ad));
}

export type AdTextErrors = { optimizedTitle?: string; optimizedDescription?: string };

/** What an edited title and description break on the ad's platform, as German field errors. */
export function platformRuleErrors(platform: Platform, ad: AdText): AdTextErrors {
  const rules = PLATFORMS[platform];
  const check = (field: string, text: string, length: number, max: number) => {
    if (length > max) return `${field} ist für ${rules.label} zu lang: ${length} von höchstens ${max} Zeichen.`;
    if (!rules.allowLinks && containsLink(text))
      return `Links und Webadressen sind bei ${rules.label} nicht erlaubt. Bitte entferne sie aus ${field === "Der Titel" ? "dem Titel" : "der Beschreibung"}.`;
    if (!rules.allowAt && containsAt(text))
      return `E-Mail-Adressen und „@“ sind bei ${rules.label} nicht erlaubt. Bitte entferne sie aus ${field === "Der Titel" ? "dem Titel" : "der Beschreibung"}.`;
    return undefined;
  };
  const errors: AdTextErrors = {};
  const title = check("Der Titel", ad.title, ad.title.trim().length, rules.titleMax);
  if (title) errors.optimizedTitle = title;
  const description = check("Die Beschreibung", ad.description, descriptionLength(platform, ad.description.trim()), rules.descriptionMax);
  if (description) errors.optimizedDescription = description;
  return errors;
}
