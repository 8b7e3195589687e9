// What a visitor typed into the landing page's form (item name, category, note, photos) before
// signing in, kept in this browser until the create form picks it up once; it expires after a day
// (ADR 034). Text in localStorage (read synchronously: the dashboard opens "Neue Anzeige" for it),
// the photos' downscaled copies in IndexedDB (draft-photos.ts). Both are shared by the tabs of the
// browser, so the magic link may open in a new tab. The key is outside `SELLER_STORAGE_PREFIX` on
// purpose: the landing page clears a signed-out visitor's seller keys (a stale token) on the way to
// sign-in, which would take the draft with it.
// The landing page loads this module only when its form is sent (dynamic import), so neither this
// nor the photo code counts against its JavaScript budget (ADR 018). No zod here for the same reason.
import { CATEGORY_VALUES, type Category } from "~/lib/categories";
import { MAX_PHOTOS } from "~/lib/photo-limits";
import { clearDraftPhotos, saveDraftPhotos } from "./draft-photos";
import { downscalePhoto } from "./downscale";
import { ITEM_NAME_MAX } from "~/lib/item-name";
import { LANDING_DRAFT_KEY, LANDING_DRAFT_MAX_AGE_MS } from "./landing-draft-key";

export { LANDING_DRAFT_KEY };
const MAX_AGE_MS = LANDING_DRAFT_MAX_AGE_MS;

export type LandingDraft = { itemName: string; category: Category | ""; note: string; photos: number };

/**
 * The stored draft, checked by hand: an item name within its limit, a known category or none. The
 * note is kept whole at any length — never cut, never the reason to drop the draft: the create form
 * counts it and asks the seller to shorten one over the limit.
 */
export function parseDraft(value: unknown): (LandingDraft & { savedAt: number }) | null {
  if (!value || typeof value !== "object") return null;
  const { itemName, category, note = "", photos = 0, savedAt } = value as Record<string, unknown>;
  if (typeof itemName !== "string" || itemName.trim().length > ITEM_NAME_MAX || typeof savedAt !== "number") return null;
  if (typeof note !== "string") return null;
  if (typeof photos !== "number" || !Number.isInteger(photos) || photos < 0 || photos > MAX_PHOTOS) return null;
  if (category !== "" && !(CATEGORY_VALUES as readonly unknown[]).includes(category)) return null;
  return { itemName: itemName.trim(), category: category as Category | "", note: note.trim(), photos, savedAt };
}

export function saveLandingDraft(draft: LandingDraft, now = Date.now()) {
  if (!draft.itemName.trim() && !draft.category && !draft.note.trim() && draft.photos === 0) return;
  try {
    window.localStorage.setItem(LANDING_DRAFT_KEY, JSON.stringify({ ...draft, savedAt: now }));
  } catch {
    // No storage (private mode): the seller types it again.
  }
}

/**
 * Keeps everything the landing form holds: the photos made smaller first (as the create form
 * sends them, so the draft stays small), then the text with the number of photos kept.
 */
export async function keepLandingDraft(draft: Omit<LandingDraft, "photos"> & { files: File[] }) {
  const images = draft.files.filter((file) => file.type.startsWith("image/")).slice(0, MAX_PHOTOS);
  let photos = 0;
  if (images.length > 0) {
    const prepared = await Promise.all(images.map(downscalePhoto));
    if (await saveDraftPhotos(prepared)) photos = prepared.length;
  } else {
    await clearDraftPhotos();
  }
  saveLandingDraft({ itemName: draft.itemName, category: draft.category, note: draft.note, photos });
}

/** The draft, if one younger than a day is kept; it is removed either way (its photos with it when expired). */
export function takeLandingDraft(now = Date.now()): LandingDraft | null {
  try {
    const raw = window.localStorage.getItem(LANDING_DRAFT_KEY);
    if (raw === null) return null;
    window.localStorage.removeItem(LANDING_DRAFT_KEY);
    const draft = parseDraft(JSON.parse(raw));
    if (!draft || now - draft.savedAt > MAX_AGE_MS) {
      void clearDraftPhotos();
      return null;
    }
    return { itemName: draft.itemName, category: draft.category, note: draft.note, photos: draft.photos };
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
