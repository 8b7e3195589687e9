import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast, getToasts, toast } from "~/components/ui/use-toast";

describe("toast store", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("holds one toast at a time: the newest replaces the previous", () => {
    toast({ title: "Erster" });
    toast({ title: "Zweiter", variant: "destructive" });
    expect(getToasts().map((t) => [t.title, t.open])).toEqual([["Zweiter", true]]);
  });

  it("keeps a dismissed toast for 1,000,000 ms before removing it", () => {
    const id = toast({ title: "Anzeige gelöscht" });
    dismissToast(id);
    expect(getToasts().find((t) => t.id === id)?.open).toBe(false);
    // The product's figure itself, not the module's constant: a changed constant must fail here.
    vi.advanceTimersByTime(999_999);
    expect(getToasts().some((t) => t.id === id)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(getToasts().some((t) => t.id === id)).toBe(false);
  });
});
