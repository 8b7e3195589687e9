// While ads are processing, the dashboard waits for them with one request at a time
// (GET /api/ads/changes, ADR 063) and reloads its data as soon as one has changed — finished,
// failed, deleted or with new words — instead of reloading every second. A hidden page does not
// wait; back in view, it asks at once. After a failed request it asks again a little later; once
// the session has ended (signed out here or on all devices, ADR 066) it reloads instead, and the
// page's own data leads to the sign-in.
import { useEffect, useRef, useState } from "react";
import { ApiError, apiRequest } from "~/browser/api-client";
import { CHANGES_MAX_ADS } from "~/lib/ad-limits";
import type { AdJson } from "~/lib/api/types";

/** How long the page waits before asking again after a failed request or a reload that changed nothing. */
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

export function useAdChanges(ads: AdJson[], reload: () => void) {
  const processing = ads.filter((ad) => ad.status === "processing").slice(0, CHANGES_MAX_ADS);
  const ids = processing.map((ad) => ad.id).join(",");
  const since = Math.max(0, ...processing.map((ad) => ad.updatedAt));
  const visible = useDocumentVisible();
  // The latest reload, without restarting the wait whenever its identity changes.
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  }, [reload]);

  useEffect(() => {
    if (!ids || !visible) return;
    const controller = new AbortController();
    let again: ReturnType<typeof setTimeout> | undefined;
    const wait = async (): Promise<void> => {
      try {
        const { changed } = await apiRequest("GET", "/api/ads/changes", { query: { ids, since }, signal: controller.signal });
        if (controller.signal.aborted) return;
        if (!changed) return wait();
        reloadRef.current();
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) return reloadRef.current();
      }
      // New data restarts this effect (and clears the timer); a reload or request that failed is retried.
      again = setTimeout(() => void wait(), ASK_AGAIN_MS);
    };
    void wait();
    return () => {
      controller.abort();
      clearTimeout(again);
    };
  }, [ids, since, visible]);
}
