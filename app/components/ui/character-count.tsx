// A text's length against its limit, under a field. Its own module, so the landing page's try-it
// form takes it without the form primitives (its JavaScript budget, ADR 018).
import { cn } from "~/lib/cn";

/** A text's length against its limit, counted by the caller (so the count matches the schema's). */
export type FieldCount = { length: number; max: number };

/** From this share of the limit on, the counter is a polite live region; below it, screen readers hear it only on focus. */
const COUNT_LIVE_FROM = 0.9;

/**
 * "1.234 / 4.000 Zeichen" under a field, red with what is too much once the text is over its
 * limit. Typing is never stopped (no `maxLength`, which silently drops pasted text): the form refuses
 * to send instead. Announced only near the limit, so a screen reader is not told every keystroke.
 */
export function CharacterCount({ id, length, max }: FieldCount & { id: string }) {
  const over = length > max;
  return (
    <p
      id={id}
      aria-live={length >= max * COUNT_LIVE_FROM ? "polite" : "off"}
      className={cn("text-right text-sm tabular-nums", over ? "font-semibold text-red-700" : "text-slate-600")}
      data-testid="character-count"
    >
      {length.toLocaleString("de-DE")} / {max.toLocaleString("de-DE")} Zeichen
      {over ? ` – ${(length - max).toLocaleString("de-DE")} zu viel` : null}
    </p>
  );
}
