// The toast store (docs/PRODUCT.md, "Pages"): one toast at a time, 5000 ms on screen, and a dismissed toast is
// removed from memory only after 1,000,000 ms so its exit animation can never be cut short.
import { useSyncExternalStore } from "react";

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = "default" | "destructive";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: { label: string; href?: string; onClick?: () => void; newTab?: boolean };
  /** Stays until dismissed (by its owner when the work it reports ends, or by the person). */
  persistent?: boolean;
};

export type ToastItem = ToastInput & { id: string; open: boolean };

type Listener = () => void;

/**
 * What the live region reads for a toast: title and description as one text. A title that ends a
 * sentence itself ("Deine Anzeige ist fertig!") is followed by a space only; any other by ". ".
 */
export function toastAnnouncement(item: Pick<ToastInput, "title" | "description">): string {
  const title = item.title.trim();
  const description = item.description?.trim();
  if (!description) return title;
  if (!title) return description;
  return /[.!?…:]$/.test(title) ? `${title} ${description}` : `${title}. ${description}`;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  for (const item of toasts) if (id === undefined || item.id === id) scheduleRemoval(item.id);
  emit(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

/** Shows a toast; the newest replaces whatever was shown before. */
export function toast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  for (const item of toasts) scheduleRemoval(item.id);
  emit([{ ...input, id, open: true }, ...toasts.map((item) => ({ ...item, open: false }))].slice(0, TOAST_LIMIT));
  return id;
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const empty: ToastItem[] = [];

/** The toasts currently held (shown and dismissed-but-not-yet-removed), newest first. */
export function getToasts(): ToastItem[] {
  return toasts;
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getToasts, () => empty);
}

// A modal <dialog> makes everything outside it inert, so while one is open the toast region is
// rendered inside it (the innermost open dialog hosts it), where it stays visible and usable.
let hosts: HTMLElement[] = [];
const hostListeners = new Set<Listener>();

/** Called by a modal dialog when it opens; the function it answers is called when it closes. */
export function hostToasts(element: HTMLElement): () => void {
  hosts = [...hosts, element];
  for (const listener of hostListeners) listener();
  return () => {
    hosts = hosts.filter((host) => host !== element);
    for (const listener of hostListeners) listener();
  };
}

function subscribeHost(listener: Listener) {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

/** The open modal dialog the toast region belongs in, or null for the page. */
export function useToastHost(): HTMLElement | null {
  return useSyncExternalStore(
    subscribeHost,
    () => hosts.at(-1) ?? null,
    () => null,
  );
}
