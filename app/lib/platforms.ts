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
  const title = cutOnWord(stripForbidden(ad.title, platform).replace(/[*_]/g, ""), rules.titleMax);
  const lines = stripForbidden(ad.description, platform)
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trimEnd());
  let description = lines.join("\n").replace(/\n{3,}/g, "\n\n").trim();
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

// Unicode "Mathematical Sans-Serif" letters: bold and italic that survive plain-text fields.
function mapChars(text: string, upper: number, lower: number, digit?: number): string {
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if (code >= 65 && code <= 90) return String.fromCodePoint(upper + code - 65);
      if (code >= 97 && code <= 122) return String.fromCodePoint(lower + code - 97);
      if (digit !== undefined && code >= 48 && code <= 57) return String.fromCodePoint(digit + code - 48);
      return char;
    })
    .join("");
}

export const toUnicodeBold = (text: string) => mapChars(text, 0x1d5d4, 0x1d5ee, 0x1d7ec);
export const toUnicodeItalic = (text: string) => mapChars(text, 0x1d608, 0x1d622);

function escapeHtml(text: string) {
  return text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);
}

/**
 * The description as the marketplace field takes it: plain-text platforms get Unicode bold/italic
 * instead of markup and "•" bullets; eBay (rich text) gets simple HTML.
 */
export function formatDescription(platform: Platform, markup: string): string {
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

/** Markup as plain-text fields show it: Unicode bold/italic and "•" bullets (also what the editor shows). */
export function toFormattedText(markup: string): string {
  return markup
    .replace(/\*\*(.+?)\*\*/g, (_, text: string) => toUnicodeBold(text))
    .replace(/\*(.+?)\*/g, (_, text: string) => toUnicodeItalic(text))
    .replace(/^- /gm, "• ");
}

// A run of Unicode bold (or italic) letters, with what sits between them inside one emphasis:
// letters Unicode has no bold form of (ä, ß …), spaces and punctuation — never a line break or a
// plain ASCII letter or digit.
const OTHER_LETTER = String.raw`(?:(?![A-Za-z\u{1D400}-\u{1D7FF}])\p{L})`;
const BETWEEN = String.raw`[^A-Za-z0-9\n\u{1D400}-\u{1D7FF}]`;
const emphasisRun = (chars: string) => new RegExp(`${OTHER_LETTER}*${chars}(?:${BETWEEN}*${chars})*${OTHER_LETTER}*`, "gu");
const BOLD_RUN = emphasisRun(String.raw`[\u{1D5D4}-\u{1D607}\u{1D7EC}-\u{1D7F5}]`);
const ITALIC_RUN = emphasisRun(String.raw`[\u{1D608}-\u{1D63B}]`);

function unmapChars(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0)!;
      for (const [start, ascii, count] of [
        [0x1d5d4, 65, 26],
        [0x1d5ee, 97, 26],
        [0x1d7ec, 48, 10],
        [0x1d608, 65, 26],
        [0x1d622, 97, 26],
      ]) {
        if (code >= start && code < start + count) return String.fromCharCode(ascii + code - start);
      }
      return char;
    })
    .join("");
}

/** The reverse of `toFormattedText`: what the seller edited, back to the ad's markup (`**`, `*`, "- "). */
export function fromFormattedText(text: string): string {
  return text
    .replace(BOLD_RUN, (run) => `**${unmapChars(run)}**`)
    .replace(ITALIC_RUN, (run) => `*${unmapChars(run)}*`)
    .replace(/^• /gm, "- ");
}

/** The text a seller pastes into the marketplace: the title, a blank line, the formatted description. */
export function toPlatformText(platform: Platform, ad: { title: string; description: string }): string {
  return `${ad.title}\n\n${formatDescription(platform, ad.description)}`;
}

/** A web address (https://…, www.…, name.de/…) anywhere in the text. */
export function containsLink(text: string): boolean {
  return text.search(LINK) >= 0;
}

/** An e-mail address or any "@" (handles, "info@…") in the text. */
export function containsAt(text: string): boolean {
  return text.includes("@");
}
