// Prompts are stored in the seller's account (GET/PUT /api/prompts). Earlier versions kept them in
// this browser's local storage; those keys, and anything else of a seller, are removed on sign-out
// so the next person on a shared computer inherits nothing.

/** Every local-storage key this app writes for a seller starts with this prefix. */
export const SELLER_STORAGE_PREFIX = "anzeigenpilot.";

export function clearSellerStorage() {
  try {
    const store = window.localStorage;
    for (const key of Object.keys(store)) if (key.startsWith(SELLER_STORAGE_PREFIX)) store.removeItem(key);
  } catch {
    // No storage (private mode): nothing was kept.
  }
}
