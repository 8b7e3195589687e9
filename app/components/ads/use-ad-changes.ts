// While ads are processing, the dashboard waits for them with one request at a time
// (GET /api/ads/changes, ADR 063) and shows a change as soon as there is one, instead of reloading
// every second. The answer brings the changed ads (ADR 081): finished ads and new words update their
// cards without a reload; a failed ad (its credit is refunded) or a deleted one reloads the page's
// data. A hidden page does not wait; back in view, it asks at once. After a failed request it asks
// again a little later; once the session has ended (signed out here or on all devices, ADR 066) it
// reloads instead, and the page's own data leads to the sign-in.
import { useEffect, useRef, useState } from "react";
import { ApiError, apiRequest } from "~/browser/api-client";
import { CHANGES_MAX_ADS } from "~/lib/ad-limits";
import type { AdJson } from "~/lib/api/types";

/** How long the page waits before asking again after a failed request or an update that changed nothing. */
export const ASK_AGAIN_MS = 2000;

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === "visible");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

/**
 * What the page does with a change: `update` shows the waited-for ads as the answer brought them;
 * `reload` reads the page's data again.
 */
export type AdChangeHandlers = { update: (ads: AdJson[]) => void; reload: () => void };

/** Whether the answer's ads alone show the change: every waited-for ad is there, and none failed. */
function cardsAlone(changed: AdJson[] | undefined, ids: string): changed is AdJson[] {
  if (!changed || changed.some((ad) => ad.status === "failed")) return false;
  const found = new Set(changed.map((ad) => ad.id));
  return ids.split(",").every((id) => found.has(id));
}

export function useAdChanges(ads: AdJson[], handlers: AdChangeHandlers) {
  const processing = ads.filter((ad) => ad.status === "processing").slice(0, CHANGES_MAX_ADS);
  const ids = processing.map((ad) => ad.id).join(",");
  const since = Math.max(0, ...processing.map((ad) => ad.updatedAt));
  const visible = useDocumentVisible();
  // The latest handlers, without restarting the wait whenever their identity changes.
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  }, [handlers]);

  useEffect(() => {
    if (!ids || !visible) return;
    const controller = new AbortController();
    let again: ReturnType<typeof setTimeout> | undefined;
    const wait = async (): Promise<void> => {
      try {
        const answer = await apiRequest("GET", "/api/ads/changes", { query: { ids, since }, signal: controller.signal });
        if (controller.signal.aborted) return;
        if (!answer.changed) return wait();
        if (cardsAlone(answer.ads, ids)) handlersRef.current.update(answer.ads);
        else handlersRef.current.reload();
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) return handlersRef.current.reload();
      }
      // New data restarts this effect (and clears the timer); an update, reload or request that failed is retried.
      again = setTimeout(() => void wait(), ASK_AGAIN_MS);
    };
    void wait();
    return () => {
      controller.abort();
      clearTimeout(again);
    };
  }, [ids, since, visible]);
}
