// How long a seller's note may be: the create form, the API and the landing page's draft read it.
// Its own module without zod, so the landing draft stays light (ADR 018). The photo limits are in
// photo-limits.ts, the item name's in item-name.ts.

/**
 * 4,000 characters: the description field of Kleinanzeigen, the default platform (the same figure as
 * `PLATFORMS.kleinanzeigen.descriptionMax` and the gateway contract's `DESCRIPTION_MAX`, taken from
 * Kleinanzeigen's website). No published document of Kleinanzeigen that we could find states it:
 * the developer documentation of the gateway (developer.kleinanzeigen.de) names no length for
 * `description`. A note as long as the ad Kleinanzeigen takes is never refused, and never cut:
 * the form counts and refuses a longer one with a German message instead of dropping its end.
 */
export const DESCRIPTION_MAX = 4000;

/** Characters as the limit counts them: the trimmed text's UTF-16 length, as the API's schema (zod `.trim().max()`) and the browser count. */
export function noteLength(note: string): number {
  return note.trim().length;
}

/** "Die Beschreibung darf höchstens 4.000 Zeichen lang sein – bitte kürze sie um 123 Zeichen." The form's and the API's one wording. */
export function noteTooLongMessage(length: number): string {
  const over = length - DESCRIPTION_MAX;
  return `Die Beschreibung darf höchstens ${DESCRIPTION_MAX.toLocaleString("de-DE")} Zeichen lang sein – bitte kürze sie um ${over.toLocaleString("de-DE")} Zeichen.`;
}

/** How many processing ads one wait of the dashboard names (GET /api/ads/changes, ADR 063). */
export const CHANGES_MAX_ADS = 20;
