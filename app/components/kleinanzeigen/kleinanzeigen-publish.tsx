// "Bei Kleinanzeigen veröffentlichen" on a finished ad (ADR 038, ADR 048): a dealer first reviews
// category, condition, price type and shipping (KleinanzeigenReview), then publishes on their
// click; Kleinanzeigen decides asynchronously, so the panel shows "wird veröffentlicht…" and asks
// again every few seconds until the cron has read the outcome ("live" with the link, or the reason
// in German). A sold ad is never offered for publishing again and shows no expiry or "Verlängern".
// Private sellers see that this is for dealers and keep the copy buttons as their way.
import { ExternalLink, Store } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { apiRequest, errorMessage } from "~/browser/api-client";
import type { ApiAnswer } from "~/lib/api/types";
import { formatDate } from "~/lib/format";
import { Button } from "../ui/button";
import { toast } from "../ui/use-toast";
import { KleinanzeigenReview } from "./kleinanzeigen-review";

type KleinanzeigenState = ApiAnswer<"GET", "/api/ads/{id}/kleinanzeigen">;
type Listing = NonNullable<KleinanzeigenState["listing"]>;

const fetchState = (adId: string) => apiRequest("GET", "/api/ads/{id}/kleinanzeigen", { params: { id: adId } });

/** How often the panel asks while Kleinanzeigen is still deciding. */
const POLL_MS = 4000;

const isOnline = (listing: Listing | null) => listing?.status === "live" || listing?.status === "paused";

function ListingLink({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-semibold text-teal-800 underline"
    >
      Anzeige bei Kleinanzeigen öffnen
      <ExternalLink aria-hidden className="size-4" />
    </a>
  );
}

/** A sold ad: where its Kleinanzeigen listing stands, never a way to publish or extend it. */
function SoldState({ listing }: { listing: Listing | null }) {
  if (listing?.status === "ended") return <p data-testid="kleinanzeigen-status">Verkauft – bei Kleinanzeigen beendet.</p>;
  if (listing?.source === "link" && isOnline(listing)) {
    return (
      <div className="space-y-1">
        <p data-testid="kleinanzeigen-status">Verkauft – beende deine Anzeige bei Kleinanzeigen jetzt selbst.</p>
        {listing.url ? <ListingLink url={listing.url} /> : null}
      </div>
    );
  }
  if (listing && listing.status !== "failed") {
    return (
      <p data-testid="kleinanzeigen-status">
        Verkauft – wir beenden die Anzeige bei Kleinanzeigen, sobald Kleinanzeigen erreichbar ist. Du musst nichts tun.
      </p>
    );
  }
  return <p data-testid="kleinanzeigen-status">Verkauft.</p>;
}

export function KleinanzeigenPublish({ adId, onChanged }: { adId: string; onChanged?: () => void }) {
  const [state, setState] = useState<KleinanzeigenState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reviewing, setReviewing] = useState(false);

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

  // "Live auf" shows the same listing: it reads again whenever the status here changes.
  const status = state ? (state.listing?.status ?? null) : undefined;
  const seen = useRef(status);
  useEffect(() => {
    if (seen.current !== undefined && seen.current !== status) onChanged?.();
    seen.current = status;
  }, [status, onChanged]);

  function published(next: KleinanzeigenState) {
    setState(next);
    setReviewing(false);
    setError(null);
    toast({
      title: "An Kleinanzeigen gesendet",
      description: "Kleinanzeigen prüft die Anzeige; sobald sie online ist, siehst du hier den Link.",
    });
  }

  async function sendChanges() {
    setBusy(true);
    try {
      setState(await apiRequest("PUT", "/api/ads/{id}/kleinanzeigen", { params: { id: adId } }));
      setError(null);
      toast({ title: "Änderungen gesendet", description: "Kleinanzeigen zeigt Titel, Text und Preis nach der Prüfung neu an." });
    } catch (failure) {
      toast({ variant: "destructive", title: "Nicht gesendet", description: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  const listing = state?.listing ?? null;
  const canPublish =
    state !== null &&
    !state.sold &&
    state.commercial &&
    state.configured &&
    (!listing || listing.status === "failed" || listing.status === "ended");
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
        {state?.sold ? <SoldState listing={listing} /> : null}
        {state && !state.sold && !state.commercial ? (
          <p>
            Direkt aus AnzeigenPilot bei Kleinanzeigen veröffentlichen gibt es nur für gewerbliche Händler. Kopiere Titel und Text oben und
            füge sie bei Kleinanzeigen ein.
          </p>
        ) : null}
        {state && !state.sold && state.commercial && !state.configured && !listing ? <p>{state.notice}</p> : null}
        {!state?.sold && listing?.status === "publishing" ? (
          <p className="font-medium text-slate-900" data-testid="kleinanzeigen-status">
            wird veröffentlicht… <span className="font-normal text-slate-600">Kleinanzeigen prüft die Anzeige.</span>
          </p>
        ) : null}
        {/* A state Kleinanzeigen reports that this app does not know: said as such (ADR 074). */}
        {!state?.sold && listing?.status === "publishing" && listing.lastError ? (
          <p className="text-amber-900">{listing.lastError}</p>
        ) : null}
        {!state?.sold && isOnline(listing) && listing ? (
          <div className="space-y-1">
            <p className="font-medium text-emerald-800" data-testid="kleinanzeigen-status">
              {listing.status === "live" ? "live" : "pausiert"}
              {listing.publishedAt ? <span className="font-normal text-slate-600"> seit {formatDate(listing.publishedAt)}</span> : null}
              {listing.source === "link" ? <span className="font-normal text-slate-600"> (von dir eingetragen)</span> : null}
            </p>
            {listing.url ? <ListingLink url={listing.url} /> : null}
            {listing.expiresAt ? (
              <p className="text-slate-600">
                Läuft bis {formatDate(listing.expiresAt)} – wir erinnern dich vorher per E-Mail ans Verlängern.
              </p>
            ) : null}
          </div>
        ) : null}
        {!state?.sold && listing?.status === "failed" && listing.lastError ? <p className="text-red-800">{listing.lastError}</p> : null}
        {!state?.sold && listing?.status === "ended" ? <p>Bei Kleinanzeigen beendet.</p> : null}
        {error ? <p className="text-red-800">{error}</p> : null}
      </div>
      {canPublish && reviewing ? <KleinanzeigenReview adId={adId} onPublished={published} onCancel={() => setReviewing(false)} /> : null}
      {canPublish && !reviewing ? (
        <Button size="touch" onClick={() => setReviewing(true)}>
          Bei Kleinanzeigen veröffentlichen
        </Button>
      ) : null}
      {!state?.sold && state?.configured && listing?.source === "api" && isOnline(listing) ? (
        <Button size="touch" variant="outline" onClick={sendChanges} disabled={busy}>
          {busy ? "Wird gesendet …" : "Änderungen an Kleinanzeigen senden"}
        </Button>
      ) : null}
    </section>
  );
}
