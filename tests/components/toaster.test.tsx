import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useFinishedAds } from "~/components/ads/use-finished-ads";
import { Toaster } from "~/components/ui/toaster";
import { dismissToast, toast } from "~/components/ui/use-toast";
import type { AdJson } from "~/lib/api/types";

type Watched = Pick<AdJson, "id" | "status" | "optimizedTitle" | "itemName" | "errorMessage">;

/** The dashboard's part of the flow: the list of ads, the hook that watches a just-created one, the toasts. */
function Dashboard({ ads, onReady }: { ads: Watched[]; onReady: (watch: (ad: AdJson, toastId: string) => void) => void }) {
  const finished = useFinishedAds(ads as AdJson[]);
  onReady(finished.watch);
  return <Toaster />;
}

describe("toast announcements", () => {
  it("reads the finished ad's toast as one sentence and its title, with no stray full stop after the '!'", () => {
    const processing: Watched = { id: "ad-1", status: "processing", optimizedTitle: null, itemName: "Kinderwagen", errorMessage: null };
    let watch: (ad: AdJson, toastId: string) => void = () => {};
    const { rerender } = render(<Dashboard ads={[processing]} onReady={(next) => (watch = next)} />);
    act(() => watch(processing as AdJson, toast({ title: "Die KI schreibt jetzt deine Anzeige", persistent: true })));

    const done: Watched = { ...processing, status: "completed", optimizedTitle: "Bugaboo Fox 3 Kinderwagen – wenig benutzt" };
    rerender(<Dashboard ads={[done]} onReady={(next) => (watch = next)} />);

    expect(screen.getByRole("status").textContent).toBe("Deine Anzeige ist fertig! Bugaboo Fox 3 Kinderwagen – wenig benutzt");
    expect(screen.getByRole("status").textContent).not.toMatch(/[.!?…:]\./);
    act(() => dismissToast());
  });

  it("joins a title without its own end with a full stop, and a title alone stays as it is", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Die Anzeige konnte nicht erstellt werden", description: "Versuche es bitte noch einmal." }));
    expect(screen.getByRole("status").textContent).toBe("Die Anzeige konnte nicht erstellt werden. Versuche es bitte noch einmal.");
    act(() => void toast({ title: "Anzeige gelöscht" }));
    expect(screen.getByRole("status").textContent).toBe("Anzeige gelöscht");
    act(() => void toast({ title: "Fehler:", description: "Keine Verbindung" }));
    expect(screen.getByRole("status").textContent).toBe("Fehler: Keine Verbindung");
    act(() => dismissToast());
  });
});
