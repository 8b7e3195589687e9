// The landing draft's photos (ADR 034): the browser's downscaled copies, kept in IndexedDB
// (localStorage holds strings of a few MB at most) until the create form takes them once, for a
// day at most. IndexedDB is per origin, so a magic link opened in a new tab of the same browser
// finds them. Anything failing (private mode, no IndexedDB) means the seller picks the photos again.
import { LANDING_DRAFT_MAX_AGE_MS } from "./landing-draft-key";

const DB_NAME = "anzeigenpilot-drafts";
const STORE = "photos";
const KEY = "landing";

type StoredPhoto = { name: string; type: string; lastModified: number; blob: Blob };
type StoredDraft = { savedAt: number; photos: StoredPhoto[] };

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB"));
  });
}

function open(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE);
  return request(req);
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    const transaction = db.transaction(STORE, mode);
    const result = await request(work(transaction.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB"));
      transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB"));
    });
    return result;
  } finally {
    db.close();
  }
}

/** Keeps the photos (replacing any kept before); false when this browser cannot keep them. */
export async function saveDraftPhotos(files: File[], now = Date.now()): Promise<boolean> {
  try {
    const photos: StoredPhoto[] = files.map((file) => ({ name: file.name, type: file.type, lastModified: file.lastModified, blob: file }));
    await withStore("readwrite", (store) => store.put({ savedAt: now, photos } satisfies StoredDraft, KEY));
    return true;
  } catch {
    return false;
  }
}

/** The kept photos if younger than a day, else none; removed either way. */
export async function takeDraftPhotos(now = Date.now()): Promise<File[]> {
  try {
    const draft = (await withStore("readonly", (store) => store.get(KEY))) as StoredDraft | undefined;
    await clearDraftPhotos();
    if (!draft || !Array.isArray(draft.photos) || typeof draft.savedAt !== "number" || now - draft.savedAt > LANDING_DRAFT_MAX_AGE_MS)
      return [];
    return draft.photos
      .filter((photo) => photo.blob instanceof Blob && typeof photo.name === "string")
      .map((photo) => new File([photo.blob], photo.name, { type: photo.type, lastModified: photo.lastModified }));
  } catch {
    return [];
  }
}

export async function clearDraftPhotos(): Promise<void> {
  try {
    await withStore("readwrite", (store) => store.delete(KEY));
  } catch {
    // Nothing kept, or no IndexedDB here.
  }
}
