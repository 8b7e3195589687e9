// The dashboard's wait for its processing ads as the browser runs it (ADR 063): after a failed
// request it asks again 2 s later, but not once the session has ended (ADR 066); a change it can
// show from the answer's ads alone updates the cards, anything else reloads (ADR 081).
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
    renderHook(() => useAdChanges([processing], { update: vi.fn(), reload }));
    await vi.advanceTimersByTimeAsync(3 * ASK_AGAIN_MS);
    expect(reload).toHaveBeenCalledOnce();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it("asks again 2 s after being refused for too many open waits (429), without reloading", async () => {
    vi.useFakeTimers();
    const fetch = answering(429, { message: "Zu viele gleichzeitig geöffnete Ansichten warten auf deine Anzeigen." });
    const reload = vi.fn();
    renderHook(() => useAdChanges([processing], { update: vi.fn(), reload }));
    await vi.advanceTimersByTimeAsync(3 * ASK_AGAIN_MS);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(reload).not.toHaveBeenCalled();
  });

  it("shows a finished ad from the answer without reloading the page's data", async () => {
    const finished = { ...processing, status: "completed", updatedAt: 2_000 } as unknown as AdJson;
    const fetch = answering(200, { changed: true, ads: [finished] });
    const update = vi.fn();
    const reload = vi.fn();
    renderHook(() => useAdChanges([processing], { update, reload }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith([finished]));
    expect(reload).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it.each([
    ["a failed ad (its credit is refunded)", [{ ...processing, status: "failed", updatedAt: 2_000 }]],
    ["a deleted ad (missing from the answer)", []],
    ["an answer without ads", undefined],
  ])("reloads the page's data for %s", async (_case, ads) => {
    answering(200, { changed: true, ads });
    const update = vi.fn();
    const reload = vi.fn();
    renderHook(() => useAdChanges([processing], { update, reload }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(update).not.toHaveBeenCalled();
  });
});
