// A reload of the page's data (useRevalidator) changes what the page shows, never where the seller
// is on it. Remix's <ScrollRestoration> saves the scroll position when such a reload begins and scrolls
// back to it when the reload ends, so a seller who scrolled meanwhile (a slow connection makes that
// seconds), or a card that opened itself into view (ADR 034), was thrown back. Rendered just before
// <ScrollRestoration>: its layout effect runs first, reads where the page is, and puts it back right
// after that one has moved it, before the next paint. Navigations (another page, Back) keep Remix's
// restoration (ADR 084).
import { useLocation, useRevalidator } from "@remix-run/react";
import { useRef } from "react";
import { useBrowserLayoutEffect } from "~/browser/layout-effect";

export function KeepScrollOnReload() {
  const { state } = useRevalidator();
  const { key } = useLocation();
  const previous = useRef({ state, key });
  useBrowserLayoutEffect(() => {
    const before = previous.current;
    previous.current = { state, key };
    // The reload ends in this commit, on the same history entry: <ScrollRestoration> is about to scroll.
    if (before.state !== "loading" || state !== "idle" || before.key !== key) return;
    const y = window.scrollY;
    queueMicrotask(() => {
      if (window.scrollY !== y) window.scrollTo(0, y);
    });
  });
  return null;
}
