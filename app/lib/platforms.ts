// Marketplace rules, enforced on every generated ad and used by the browser's copy button.
// Descriptions are written with a small markup: **bold**, *italic*, "- " bullets, emoji headings.

export const PLATFORMS = {
  kleinanzeigen: { label: "Kleinanzeigen", titleMax: 65, descriptionMax: 4000, allowLinks: false, allowAt: false, richText: false },
  ebay: { label: "eBay", titleMax: 80, descriptionMax: 4000, allowLinks: false, allowAt: true, richText: true },
  vinted: { label: "Vinted", titleMax: 60, descriptionMax: 2000, allowLinks: false, allowAt: true, richText: false },
  willhaben: { label: "willhaben", titleMax: 50, descriptionMax: 4000, allowLinks: false, allowAt: false, richText: false },
  facebook: { label: "Facebook Marketplace", titleMax: 100, descriptionMax: 5000, allowLinks: true, allowAt: true, richText: false },
} as const;

export type Platform = keyof typeof PLATFORMS;
export const PLATFORM_VALUES = Object.keys(PLATFORMS) as [Platform, ...Platform[]];
export const DEFAULT_PLATFORM: Platform = "kleinanzeigen";

const LINK = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:de|com|net|org|at|ch|eu|shop|info|io)(?:\/\S*)?\b/gi;
const EMAIL = /\b[\w.+-]+@[\w-]+\.[\w.-]+\b/g;

/** Cuts text to `max` characters on a word boundary, without a dangling separator. */
export function cutOnWord(text: string, max: number, ellipsis = ""): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const room = max - ellipsis.length;
  const slice = clean.slice(0, room + 1);
  const lastSpace = slice.lastIndexOf(" ");
  const cut = (lastSpace > room * 0.5 ? slice.slice(0, lastSpace) : clean.slice(0, room)).replace(/[\s,;:–-]+$/, "");
  return cut + ellipsis;
}

/** A unit or size after a number: "512 GB", "8 kg", "205/55 R16" stay together. */
const UNIT_AFTER_NUMBER = /^(?:GB|TB|MB|kg|g|cm|mm|m|Zoll|%|W|V|Ah|mAh|l|Teile|Stück|x|Z?R\d{2})(?![\p{L}\d])/iu;
/** Words a title may not end on: a joining word without what it joins, "Gr." without its size. */
const DANGLING = /(?:^|\s+)(?:mit|inkl\.|inklusive|samt|plus|und|oder|für|auf|ohne|&|\+|Gr\.|ca\.)$/iu;

/**
 * Cuts a title to `max` characters after a whole word, never inside brackets, never between a number
 * and its unit, and never after a joining word ("mit") or a separator. A title built in order of
 * search value (the offline writer's) keeps its most searched facts.
 */
export function cutTitle(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  for (let at = clean.lastIndexOf(" ", max); at > 0; at = clean.lastIndexOf(" ", at - 1)) {
    const head = clean.slice(0, at);
    if ((head.match(/\(/g)?.length ?? 0) > (head.match(/\)/g)?.length ?? 0)) continue;
    if (/\d$/.test(head) && UNIT_AFTER_NUMBER.test(clean.slice(at + 1))) continue;
    let cut = head.replace(/[\s,;:–-]+$/, "");
    while (DANGLING.test(cut)) cut = cut.replace(DANGLING, "").replace(/[\s,;:–-]+$/, "");
    if (cut) return cut;
  }
  return cutOnWord(clean, max);
}

/** E-mail addresses survive only where both links and "@" are allowed. */
export function allowsEmail(platform: Platform): boolean {
  return PLATFORMS[platform].allowLinks && PLATFORMS[platform].allowAt;
}

function stripForbidden(text: string, platform: Platform): string {
  const rules = PLATFORMS[platform];
  let result = text;
  // An e-mail address goes whole wherever links or "@" are forbidden (its domain looks like a link).
  if (!allowsEmail(platform)) result = result.replace(EMAIL, "");
  if (!rules.allowLinks) result = result.replace(LINK, "");
  if (!rules.allowAt) result = result.replace(/@/g, " at ");
  return result;
}

/**
 * Applies the platform's limits: no links / e-mails where forbidden, title and description length.
 * `reserve` keeps room at the end of the description for text appended afterwards (legal notes).
 */
export function applyPlatformRules(platform: Platform, ad: { title: string; description: string }, reserve = 0) {
  const rules = PLATFORMS[platform];
  const descriptionMax = rules.descriptionMax - reserve;
  const title = cutTitle(stripForbidden(ad.title, platform).replace(/[*_]/g, ""), rules.titleMax);
  const lines = stripForbidden(ad.description, platform)
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trimEnd());
  let description = lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (description.length > descriptionMax) {
    // Cut whole lines first so the text never ends mid-sentence.
    const kept: string[] = [];
    let length = 0;
    for (const line of description.split("\n")) {
      if (length + line.length + 1 > descriptionMax) break;
      kept.push(line);
      length += line.length + 1;
    }
    description = kept.join("\n").trim() || cutOnWord(description, descriptionMax);
  }
  return { title, description };
}

/** Unicode "mathematical" letters and digits (U+1D400–U+1D7FF): never in a copy (ADR 029). */
const MATH_ALPHANUMERIC = /[\u{1D400}-\u{1D7FF}]/u;

/** Maps mathematical letters and digits (bold, italic, sans-serif …) back to plain ASCII. */
export function toPlainLetters(text: string): string {
  if (!MATH_ALPHANUMERIC.test(text)) return text;
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if (code >= 0x1d7ce && code <= 0x1d7ff) return String.fromCharCode(48 + ((code - 0x1d7ce) % 10));
      if (code >= 0x1d400 && code <= 0x1d6a3) {
        const offset = (code - 0x1d400) % 52;
        return String.fromCharCode(offset < 26 ? 65 + offset : 97 + offset - 26);
      }
      return MATH_ALPHANUMERIC.test(char) ? "" : char;
    })
    .join("");
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);
}

/**
 * The description as the marketplace field takes it: plain-text platforms get plain words (the
 * emoji of a heading stays, the markup goes) and "•" bullets; eBay (rich text) gets simple HTML.
 */
export function formatDescription(platform: Platform, markup: string): string {
  markup = toPlainLetters(markup);
  if (PLATFORMS[platform].richText) {
    const inline = (text: string) =>
      escapeHtml(text)
        .replace(/\*\*(.+?)\*\*/g, "<b>$1</b>")
        .replace(/\*(.+?)\*/g, "<i>$1</i>");
    const html: string[] = [];
    let inList = false;
    for (const line of markup.split("\n")) {
      const bullet = line.startsWith("- ");
      if (bullet && !inList) html.push("<ul>");
      if (!bullet && inList) html.push("</ul>");
      inList = bullet;
      if (bullet) html.push(`<li>${inline(line.slice(2))}</li>`);
      else if (line.trim()) html.push(`<p>${inline(line)}</p>`);
    }
    if (inList) html.push("</ul>");
    return html.join("\n");
  }
  return toFormattedText(markup);
}

/**
 * Markup as plain-text fields show it (also what the editor shows): no markers, "•" bullets.
 * Headings keep their emoji ("🔧 Details"); no Unicode bold, which marketplace search cannot
 * find and screen readers spell out letter by letter (ADR 029).
 */
export function toFormattedText(markup: string): string {
  return toPlainLetters(markup)
    .replace(/\*\*(.+?)\*\*/g, "$1")
    .replace(/(^|[^*\p{L}\d])\*(?!\s)([^*\n]+?)\*(?![\p{L}\d*])/gu, "$1$2")
    .replace(/^- /gm, "• ");
}

/**
 * The reverse of `toFormattedText` for what the seller edited: lines left as they were get their
 * markup back from the previous markup (bold headings, "**Marke:**"); changed lines keep what the
 * seller typed (typed `**fett**` still works); "•" bullets become "- " again.
 */
export function fromFormattedText(text: string, previousMarkup = ""): string {
  const known = new Map<string, string>();
  for (const line of previousMarkup.split("\n")) known.set(toFormattedText(line), line);
  return toPlainLetters(text)
    .split("\n")
    .map((line) => known.get(line) ?? line.replace(/^• /, "- "))
    .join("\n");
}

/** A web address (https://…, www.…, name.de/…) anywhere in the text. */
export function containsLink(text: string): boolean {
  return text.search(LINK) >= 0;
}

/** An e-mail address or any "@" (handles, "info@…") in the text. */
export function containsAt(text: string): boolean {
  return text.includes("@");
}
