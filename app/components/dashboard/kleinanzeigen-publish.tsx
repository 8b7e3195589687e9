// "Bei Kleinanzeigen veröffentlichen" on a finished ad (ADR 038): dealers publish through
// Kleinanzeigen's gateway on their click; Kleinanzeigen decides asynchronously, so the panel shows
// "wird veröffentlicht…" and asks again every few seconds until the cron has read the outcome
// ("live" with the link, or the reason in German). Private sellers see that this is for dealers
// and keep the copy buttons as their way. Self-contained, so it can move into the "Live auf" panel.
import { ExternalLink, Store } from "lucide-react";
import { useEffect, useState } from "react";
import { apiRequest, errorMessage } from "~/lib/api-client";
import { formatDate } from "~/lib/format";
import { Button } from "../ui/button";
import { toast } from "../ui/use-toast";

type KleinanzeigenState = {
  configured: boolean;
  commercial: boolean;
  notice: string | null;
  listing: {
    status: "publishing" | "live" | "paused" | "ended" | "failed";
    source: "api" | "link" | null;
    url: string | null;
    publishedAt: number | null;
    expiresAt: number | null;
    lastError: string | null;
  } | null;
};

const fetchState = (adId: string) => apiRequest<KleinanzeigenState>("GET", `/api/ads/${adId}/kleinanzeigen`);

/** How often the panel asks while Kleinanzeigen is still deciding. */
const POLL_MS = 4000;

export function KleinanzeigenPublish({ adId }: { adId: string }) {
  const [state, setState] = useState<KleinanzeigenState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Asked once, and while Kleinanzeigen is deciding every few seconds.
  const publishing = state?.listing?.status === "publishing";
  useEffect(() => {
    let active = true;
    const ask = () =>
      fetchState(adId).then(
        (next) => {
          if (!active) return;
          setState(next);
          setError(null);
        },
        (failure) => active && setError(errorMessage(failure)),
      );
    void ask();
    const timer = publishing ? setInterval(ask, POLL_MS) : undefined;
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [adId, publishing]);

  async function publish() {
    setBusy(true);
    try {
      setState(await apiRequest<KleinanzeigenState>("POST", `/api/ads/${adId}/kleinanzeigen`));
      toast({
        title: "An Kleinanzeigen gesendet",
        description: "Kleinanzeigen prüft die Anzeige; sobald sie online ist, siehst du hier den Link.",
      });
    } catch (failure) {
      const message = errorMessage(failure);
      setError(message);
      toast({ variant: "destructive", title: "Nicht veröffentlicht", description: message });
      setState(await fetchState(adId).catch(() => state));
    } finally {
      setBusy(false);
    }
  }

  async function sendChanges() {
    setBusy(true);
    try {
      setState(await apiRequest<KleinanzeigenState>("PUT", `/api/ads/${adId}/kleinanzeigen`));
      setError(null);
      toast({ title: "Änderungen gesendet", description: "Kleinanzeigen zeigt Titel, Text und Preis nach der Prüfung neu an." });
    } catch (failure) {
      toast({ variant: "destructive", title: "Nicht gesendet", description: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  const listing = state?.listing ?? null;
  return (
    <section
      className="space-y-2 rounded-lg border border-slate-200 p-3"
      aria-labelledby={`ka-${adId}`}
      data-testid="kleinanzeigen-publish"
    >
      <h3 id={`ka-${adId}`} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Store aria-hidden className="size-4" />
        Kleinanzeigen
      </h3>
      <div aria-live="polite" className="space-y-2 text-sm text-slate-700">
        {!state && !error ? <p className="h-5 w-48 animate-pulse rounded bg-slate-100" aria-label="Wird geladen" /> : null}
        {state && !state.commercial ? (
          <p>
            Direkt veröffentlichen über die Kleinanzeigen-Schnittstelle gibt es nur für gewerbliche Händler. Kopiere Titel und Text oben und
            füge sie bei Kleinanzeigen ein.
          </p>
        ) : null}
        {state?.commercial && !state.configured && !listing ? <p>{state.notice}</p> : null}
        {listing?.status === "publishing" ? (
          <p className="font-medium text-slate-900" data-testid="kleinanzeigen-status">
            wird veröffentlicht… <span className="font-normal text-slate-600">Kleinanzeigen prüft die Anzeige.</span>
          </p>
        ) : null}
        {listing && (listing.status === "live" || listing.status === "paused") ? (
          <div className="space-y-1">
            <p className="font-medium text-emerald-800" data-testid="kleinanzeigen-status">
              {listing.status === "live" ? "live" : "pausiert"}
              {listing.publishedAt ? <span className="font-normal text-slate-600"> seit {formatDate(listing.publishedAt)}</span> : null}
              {listing.source === "link" ? <span className="font-normal text-slate-600"> (von dir eingetragen)</span> : null}
            </p>
            {listing.url ? (
              <a
                href={listing.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-teal-800 underline"
              >
                Anzeige bei Kleinanzeigen öffnen
                <ExternalLink aria-hidden className="size-4" />
              </a>
            ) : null}
            {listing.expiresAt ? (
              <p className="text-slate-600">
                Läuft bis {formatDate(listing.expiresAt)} – wir erinnern dich vorher per E-Mail ans Verlängern.
              </p>
            ) : null}
          </div>
        ) : null}
        {listing?.status === "failed" && listing.lastError ? <p className="text-red-800">{listing.lastError}</p> : null}
        {listing?.status === "ended" ? <p>Bei Kleinanzeigen beendet.</p> : null}
        {error ? <p className="text-red-800">{error}</p> : null}
      </div>
      {state?.commercial && state.configured && (!listing || listing.status === "failed" || listing.status === "ended") ? (
        <Button size="touch" onClick={publish} disabled={busy}>
          {busy ? "Wird gesendet …" : "Bei Kleinanzeigen veröffentlichen"}
        </Button>
      ) : null}
      {state?.configured && listing?.source === "api" && (listing.status === "live" || listing.status === "paused") ? (
        <Button size="touch" variant="outline" onClick={sendChanges} disabled={busy}>
          {busy ? "Wird gesendet …" : "Änderungen an Kleinanzeigen senden"}
        </Button>
      ) : null}
    </section>
  );
}
