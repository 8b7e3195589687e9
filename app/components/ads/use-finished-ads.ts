// Ads that finish while the seller watches the dashboard (ADR 034): the card of an ad that was
// processing and is now done opens itself (expands, scrolls into view) the next time the list
// shows, and the "Die KI schreibt jetzt deine Anzeige" toast of a just-created ad ends when that
// ad is done or has failed — replaced by a short note saying which.
import { useCallback, useEffect, useRef, useState } from "react";
import { dismissToast, toast } from "../ui/use-toast";
import type { AdJson } from "~/lib/api/types";

export function useFinishedAds(ads: AdJson[]) {
  const previous = useRef(new Map<string, AdJson["status"]>());
  const [toOpen, setToOpen] = useState<ReadonlySet<string>>(new Set());
  const pending = useRef<{ adId: string; toastId: string } | null>(null);

  useEffect(() => {
    const finished = ads.filter((ad) => ad.status === "completed" && previous.current.get(ad.id) === "processing").map((ad) => ad.id);
    previous.current = new Map(ads.map((ad) => [ad.id, ad.status]));
    if (finished.length > 0) setToOpen((current) => new Set([...current, ...finished]));

    const watched = pending.current && ads.find((ad) => ad.id === pending.current!.adId);
    if (pending.current && watched && watched.status !== "processing") {
      dismissToast(pending.current.toastId);
      pending.current = null;
      if (watched.status === "completed")
        toast({ title: "Deine Anzeige ist fertig!", description: watched.optimizedTitle ?? watched.itemName });
      else
        toast({
          variant: "destructive",
          title: "Die Anzeige konnte nicht erstellt werden",
          description: watched.errorMessage ?? "Versuche es bitte noch einmal.",
        });
    }
  }, [ads]);

  // Leaving the dashboard ends the waiting toast: nobody here would end it later.
  useEffect(
    () => () => {
      if (pending.current) dismissToast(pending.current.toastId);
    },
    [],
  );

  /** The toast shown for a just-created ad, ended when that ad is done. */
  const watch = useCallback((ad: AdJson, toastId: string) => {
    pending.current = { adId: ad.id, toastId };
    previous.current.set(ad.id, ad.status);
  }, []);

  const opened = useCallback((adId: string) => {
    setToOpen((current) => {
      const next = new Set(current);
      next.delete(adId);
      return next;
    });
  }, []);

  return { toOpen, watch, opened };
}
