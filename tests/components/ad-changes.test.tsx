// The dashboard's wait for its processing ads as the browser runs it (ADR 063): after a failed
// request it asks again 2 s later, but not once the session has ended (ADR 066).
import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ASK_AGAIN_MS, useAdChanges } from "~/components/ads/use-ad-changes";
import type { AdJson } from "~/lib/api/types";

// The wait reads only these fields of an ad.
const processing = { id: "3f2b8c1e-7a4d-4e9b-9c2f-1d5e6a7b8c9d", status: "processing", updatedAt: 1_000 } as unknown as AdJson;

function answering(status: number, body: unknown) {
  const fetch = vi.fn(async () => Response.json(body, { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the dashboard's wait", () => {
  it("reloads the page's data once the session has ended (401), instead of asking again every 2 s", async () => {
    vi.useFakeTimers();
    const fetch = answering(401, { message: "Anmeldung erforderlich." });
    const reload = vi.fn();
    renderHook(() => useAdChanges([processing], reload));
    await vi.advanceTimersByTimeAsync(3 * ASK_AGAIN_MS);
    expect(reload).toHaveBeenCalledOnce();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it("asks again 2 s after being refused for too many open waits (429), without reloading", async () => {
    vi.useFakeTimers();
    const fetch = answering(429, { message: "Zu viele gleichzeitig geöffnete Ansichten warten auf deine Anzeigen." });
    const reload = vi.fn();
    renderHook(() => useAdChanges([processing], reload));
    await vi.advanceTimersByTimeAsync(3 * ASK_AGAIN_MS);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(reload).not.toHaveBeenCalled();
  });
});
