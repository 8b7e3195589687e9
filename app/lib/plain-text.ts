// Ad markup to plain text (meta descriptions, social previews).
import { cutOnWord } from "./platforms";

export function toPlainText(markup: string): string {
  return markup
    .replace(/\*\*(.+?)\*\*/g, "$1")
    .replace(/\*(.+?)\*/g, "$1")
    .replace(/^- /gm, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Spec §9: descriptions cut to 160 (meta) / 300 (og) / 200 (twitter) characters on word boundaries. */
export function previewDescriptions(markup: string) {
  const text = toPlainText(markup);
  return { meta: cutOnWord(text, 160, "…"), og: cutOnWord(text, 300, "…"), twitter: cutOnWord(text, 200, "…") };
}
