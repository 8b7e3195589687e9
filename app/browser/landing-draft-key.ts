// Where the landing draft's text is kept and how long a draft lives (ADR 034). Its own tiny module:
// the landing page reads it on every visit to drop an expired draft, without loading the draft code.
export const LANDING_DRAFT_KEY = "anzeigenpilot-landing-draft";
export const LANDING_DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** True when a kept draft is older than a day (its photos are then dropped too). */
export function landingDraftExpired(now = Date.now()): boolean {
  try {
    const raw = window.localStorage.getItem(LANDING_DRAFT_KEY);
    if (raw === null) return false;
    const savedAt = (JSON.parse(raw) as { savedAt?: unknown }).savedAt;
    return typeof savedAt !== "number" || now - savedAt > LANDING_DRAFT_MAX_AGE_MS;
  } catch {
    return false;
  }
}
