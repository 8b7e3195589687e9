// What a visitor typed into the landing page's form (item name, category) before signing in, kept
// in this browser until the create form picks it up once; it expires after an hour. Its key is
// outside `SELLER_STORAGE_PREFIX` on purpose: the landing page clears a signed-out visitor's seller
// keys (a stale token) on the way to sign-in, which would take the draft with it. Photos are not kept.
// No zod here: the landing page loads this module and stays within its JavaScript budget (ADR 018).
import { CATEGORY_VALUES, type Category } from "./categories";
import { ITEM_NAME_MAX } from "./item-name";

export const LANDING_DRAFT_KEY = "anzeigenpilot-landing-draft";
const MAX_AGE_MS = 60 * 60 * 1000;

export type LandingDraft = { itemName: string; category: Category | "" };

/** The stored draft, checked by hand: a string name within the limit, a known category or none. */
function parseDraft(value: unknown): (LandingDraft & { savedAt: number }) | null {
  if (!value || typeof value !== "object") return null;
  const { itemName, category, savedAt } = value as Record<string, unknown>;
  if (typeof itemName !== "string" || itemName.trim().length > ITEM_NAME_MAX || typeof savedAt !== "number") return null;
  if (category !== "" && !(CATEGORY_VALUES as readonly unknown[]).includes(category)) return null;
  return { itemName: itemName.trim(), category: category as Category | "", savedAt };
}

export function saveLandingDraft(draft: LandingDraft, now = Date.now()) {
  if (!draft.itemName.trim() && !draft.category) return;
  try {
    window.localStorage.setItem(LANDING_DRAFT_KEY, JSON.stringify({ ...draft, savedAt: now }));
  } catch {
    // No storage (private mode): the seller types it again.
  }
}

/** The draft, if one younger than an hour is kept; it is removed either way. */
export function takeLandingDraft(now = Date.now()): LandingDraft | null {
  try {
    const raw = window.localStorage.getItem(LANDING_DRAFT_KEY);
    if (raw === null) return null;
    window.localStorage.removeItem(LANDING_DRAFT_KEY);
    const draft = parseDraft(JSON.parse(raw));
    if (!draft || now - draft.savedAt > MAX_AGE_MS) return null;
    return { itemName: draft.itemName, category: draft.category };
  } catch {
    return null;
  }
}

/** True while a draft waits (the dashboard opens "Neue Anzeige" for it). */
export function hasLandingDraft(): boolean {
  try {
    return window.localStorage.getItem(LANDING_DRAFT_KEY) !== null;
  } catch {
    return false;
  }
}
