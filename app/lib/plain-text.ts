// Ad markup to plain text (meta descriptions, social previews).
export function toPlainText(markup: string): string {
  return markup
    .replace(/\*\*(.+?)\*\*/g, "$1")
    .replace(/\*(.+?)\*/g, "$1")
    .replace(/^- /gm, "")
    .replace(/\s+/g, " ")
    .trim();
}
