// What a visitor typed into the landing page's form (item name, category) before signing in, kept
// in this browser until the create form picks it up once; it expires after an hour. Its key is
// outside `SELLER_STORAGE_PREFIX` on purpose: the landing page clears a signed-out visitor's seller
// keys (a stale token) on the way to sign-in, which would take the draft with it. Photos are not kept.
import { z } from "./zod";
import { CATEGORY_VALUES } from "./categories";
import { ITEM_NAME_MAX } from "./ad-input";

export const LANDING_DRAFT_KEY = "anzeigenpilot-landing-draft";
const MAX_AGE_MS = 60 * 60 * 1000;

const draftSchema = z.object({
  itemName: z.string().trim().max(ITEM_NAME_MAX),
  category: z.enum(CATEGORY_VALUES).or(z.literal("")),
  savedAt: z.number(),
});

export type LandingDraft = Omit<z.infer<typeof draftSchema>, "savedAt">;

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
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || now - parsed.data.savedAt > MAX_AGE_MS) return null;
    return { itemName: parsed.data.itemName, category: parsed.data.category };
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
