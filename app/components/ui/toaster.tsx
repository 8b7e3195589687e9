// The toast region (docs/PRODUCT.md, "Pages"), in plain React (ADR 018: every page ships it, so no library):
// F8 focuses the region, a toast closes after TOAST_DURATION_MS (paused while the pointer or focus
// is in the region or the window is in the background), Escape or a swipe right past 50 px
// dismisses it, and a polite live region announces each new toast to screen readers. While a modal
// dialog is open the region is rendered inside it, since showModal() makes the rest inert.
// Placement: on a phone at the top, below the status bar (safe area), where it covers
// none of the buttons a thumb is on — a form's bottom buttons stay free; from `sm` up at the bottom
// right as before. While a toast shows, the page's scroll padding keeps clear of it, so whatever is
// scrolled into view (a finished ad's card, the first invalid field) lands beside it, not under it.
import { X } from "lucide-react";
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from "react";
import { createPortal } from "react-dom";
import { cn } from "~/lib/cn";
import { useBrowserLayoutEffect } from "~/browser/layout-effect";
import { dismissToast, TOAST_DURATION_MS, toastAnnouncement, useToastHost, useToasts, type ToastItem } from "./use-toast";

export const TOAST_HOTKEY = "F8";
export const SWIPE_THRESHOLD_PX = 50;
const REGION_LABEL = `Benachrichtigungen (${TOAST_HOTKEY})`;
/** Room left between a toast and what is scrolled into view beside it. */
const SCROLL_GAP_PX = 8;

/**
 * While toasts show, the document's scroll padding keeps the strip they take free: at the top on a
 * phone, at the bottom from `sm` up. Measured before paint, so an effect that scrolls something into
 * view in the same render (a card that opens itself) already keeps clear of the new toast.
 */
function useScrollPaddingBeside(list: RefObject<HTMLOListElement | null>, shown: string) {
  useBrowserLayoutEffect(() => {
    const root = document.documentElement;
    const rect = list.current?.getBoundingClientRect();
    root.style.scrollPaddingTop = "";
    root.style.scrollPaddingBottom = "";
    if (!shown || !rect || rect.height === 0 || list.current?.closest("dialog")) return;
    if (rect.top < window.innerHeight / 2) root.style.scrollPaddingTop = `${Math.ceil(rect.bottom + SCROLL_GAP_PX)}px`;
    else root.style.scrollPaddingBottom = `${Math.ceil(window.innerHeight - rect.top + SCROLL_GAP_PX)}px`;
  }, [list, shown]);
  useEffect(
    () => () => {
      document.documentElement.style.scrollPaddingTop = "";
      document.documentElement.style.scrollPaddingBottom = "";
    },
    [],
  );
}

export function Toaster() {
  const toasts = useToasts().filter((item) => item.open);
  const listRef = useRef<HTMLOListElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [windowBlurred, setWindowBlurred] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === TOAST_HOTKEY || event.key === TOAST_HOTKEY) listRef.current?.focus();
    };
    const onBlur = () => setWindowBlurred(true);
    const onFocus = () => setWindowBlurred(false);
    document.addEventListener("keydown", onKeyDown);
    window.addEventListener("blur", onBlur);
    window.addEventListener("focus", onFocus);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("blur", onBlur);
      window.removeEventListener("focus", onFocus);
    };
  }, []);

  useScrollPaddingBeside(listRef, toasts.map((item) => item.id).join(" "));

  const paused = hovered || focused || windowBlurred;
  const latest = toasts[0];
  // Inside an open modal dialog (the rest of the page is inert then), else in the page.
  const host = useToastHost();
  const region = (
    <>
      <div
        role="region"
        aria-label={REGION_LABEL}
        tabIndex={-1}
        // Paused by a pointer that moves over a toast, not by a toast that appears under a still
        // pointer (the mouse resting on the button that raised it would keep it open for ever).
        onPointerMove={(event) => {
          if (event.pointerType === "mouse" && (event.movementX !== 0 || event.movementY !== 0)) setHovered(true);
        }}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
        }}
        className={cn(
          // Only the toasts themselves take clicks; the strip around them leaves the page usable.
          "pointer-events-none fixed inset-x-0 top-0 z-[100] w-full p-4 pt-[max(1rem,env(safe-area-inset-top))] outline-none",
          // From `sm` up (room beside the content): bottom right, above the home indicator.
          "sm:top-auto sm:bottom-0 sm:left-auto sm:max-w-sm sm:pt-4 sm:pb-[max(1rem,env(safe-area-inset-bottom))]",
        )}
      >
        <ol ref={listRef} tabIndex={-1} className="flex max-h-screen flex-col gap-2 outline-none">
          {toasts.map((item) => (
            <Toast key={item.id} item={item} paused={paused} />
          ))}
        </ol>
      </div>
      {/* Announced once per toast; kept outside the list so the text is not read twice on focus. */}
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {latest ? toastAnnouncement(latest) : ""}
      </div>
    </>
  );
  return host ? createPortal(region, host) : region;
}

function Toast({ item, paused }: { item: ToastItem; paused: boolean }) {
  const remaining = useRef(TOAST_DURATION_MS);
  const swipeStart = useRef<number | null>(null);
  const [swipeX, setSwipeX] = useState(0);

  useEffect(() => {
    if (paused || item.persistent) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, item.id, item.persistent]);

  function endSwipe(event: ReactPointerEvent<HTMLLIElement>) {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (distance >= SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else setSwipeX(0);
  }

  return (
    <li
      tabIndex={0}
      data-variant={item.variant ?? "default"}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        // Only the toast: an open dialog around it stays open.
        event.preventDefault();
        event.stopPropagation();
        dismissToast(item.id);
      }}
      onPointerDown={(event) => {
        if (event.button !== 0 || (event.target as HTMLElement).closest("a,button")) return;
        swipeStart.current = event.clientX;
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (swipeStart.current !== null) setSwipeX(Math.max(0, event.clientX - swipeStart.current));
      }}
      onPointerUp={endSwipe}
      onPointerCancel={() => {
        swipeStart.current = null;
        setSwipeX(0);
      }}
      style={swipeX ? { transform: `translateX(${swipeX}px)` } : undefined}
      className={cn(
        "pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg select-none",
        item.variant === "destructive" ? "border-red-800 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900",
      )}
    >
      <div className="grid gap-1">
        <p className="font-semibold">{item.title}</p>
        {item.description ? <p className="text-sm opacity-90">{item.description}</p> : null}
        {item.action ? <ToastAction action={item.action} id={item.id} /> : null}
      </div>
      <button
        type="button"
        aria-label="Schließen"
        onClick={() => dismissToast(item.id)}
        className="absolute top-3 right-3 rounded-md p-1 opacity-70 hover:opacity-100"
      >
        <X aria-hidden className="size-4" />
      </button>
    </li>
  );
}

const actionClass = "mt-2 inline-flex w-fit rounded-md bg-accent-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-accent-700";

function ToastAction({ action, id }: { action: NonNullable<ToastItem["action"]>; id: string }) {
  if (action.href) {
    return (
      <a
        href={action.href}
        target={action.newTab ? "_blank" : undefined}
        rel={action.newTab ? "noopener noreferrer" : undefined}
        onClick={() => dismissToast(id)}
        className={actionClass}
      >
        {action.label}
      </a>
    );
  }
  return (
    <button
      type="button"
      onClick={() => {
        action.onClick?.();
        dismissToast(id);
      }}
      className={actionClass}
    >
      {action.label}
    </button>
  );
}
