// One ad in the list: status, and what can be done with it in that status (docs/PRODUCT.md, "Pages").
// A finished ad's actions — copy, share, edit, publish, "Verkauft", "Verkaufshelfer" — are always on
// the card; the chevron only opens the secondary details (photos, facts, text, every platform's copy).
import { Link } from "@remix-run/react";
import { ChevronDown, ExternalLink, Loader2, Pencil, RotateCcw, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { adTextOf } from "~/lib/ad-text";
import { categoryLabel } from "~/lib/categories";
import { apiRequest, errorMessage } from "~/browser/api-client";
import { phaseLabel, statusLabel } from "~/lib/dashboard";
import { priceView } from "~/lib/ad-price";
import { unreadablePhotosNotice } from "~/lib/unreadable-photos";
import { formatDateTime, formatEuroCents } from "~/lib/format";
import { platformVariant } from "~/lib/platform-variants";
import { AdMarkup } from "./ad-markup";
import { Badge } from "../ui/badge";
import { Button, buttonClasses } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { toast } from "../ui/use-toast";
import { AdCheckPanel } from "./ad-check-panel";
import { AdEditor } from "./ad-editor";
import { hasOfferChecks, OfferChecks } from "./offer-checks";
import { PrivacyHintsPanel } from "./privacy-hints-panel";
import { ListingForm } from "../listings/listing-form";
import { ListingLifePanel } from "../listings/listing-life";
import { CopyButtons, PlatformCopyList } from "./platform-copy";
import { SalesKitPanel } from "./sales-kit-panel";
import { ShareMenu } from "./share-menu";
import type { AdJson } from "~/lib/api/types";

const STATUS_TONES = { processing: "info", completed: "success", failed: "danger" } as const;

/** The seller's price exactly as given; an estimate only from a new price, with its basis; else a request for a price. */
function PriceBox({ ad }: { ad: AdJson }) {
  const view = priceView(ad);
  if (view.kind === "none") return null;
  return (
    <div className="rounded-lg bg-primary-50 p-3" data-testid="card-price">
      {view.kind === "seller" ? (
        <>
          <p className="text-sm text-primary-900">Dein Preis</p>
          <p className="text-xl font-extrabold text-primary-900">{view.label}</p>
        </>
      ) : view.kind === "estimate" ? (
        <>
          <p className="text-sm text-primary-900">Preisvorschlag</p>
          <p className="text-xl font-extrabold text-primary-900">{view.label}</p>
          {view.min !== null && view.max !== null ? (
            <p className="text-sm text-primary-900">
              Spanne {formatEuroCents(view.min)} – {formatEuroCents(view.max)}
            </p>
          ) : null}
          <p className="mt-1 text-sm text-primary-900">{view.basis}.</p>
        </>
      ) : (
        <>
          <p className="text-sm text-primary-900">Preis</p>
          <p className="mt-1 text-sm text-primary-900" data-testid="price-estimate-note">
            {view.hint}
          </p>
        </>
      )}
    </div>
  );
}

function Facts({ ad }: { ad: AdJson }) {
  // The answer's own type (ADR 058): an ad still being written has no analysis yet.
  const analysis: Partial<NonNullable<AdJson["imageAnalysis"]>> = ad.imageAnalysis ?? {};
  const facts = [
    ["Marke", analysis.brand],
    ["Modell", analysis.model],
    ["Seriennummer", analysis.serialNumber],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));
  const unreadable = unreadablePhotosNotice(analysis.unreadablePhotos ?? []);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <PriceBox ad={ad} />
      <dl className="rounded-lg bg-slate-50 p-3 text-sm">
        {unreadable ? (
          <p className="mb-2 font-medium text-amber-800" data-testid="unreadable-photos">
            {unreadable}
          </p>
        ) : null}
        {facts.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="text-slate-600">{label}:</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
        {analysis.defects && analysis.defects.length > 0 ? (
          <div>
            <dt className="text-slate-600">Erkannte Mängel:</dt>
            <dd>
              <ul className="ml-4 list-disc">
                {analysis.defects.map((defect, index) => (
                  <li key={index}>
                    {defect.text}
                    {defect.photoIndex !== null ? ` (Foto ${defect.photoIndex + 1})` : ""}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {analysis.toConfirm && analysis.toConfirm.length > 0 ? (
          <div data-testid="to-confirm">
            <dt className="text-slate-600">Nur aus den Fotos erkannt – bitte prüfen:</dt>
            <dd>
              <ul className="ml-4 list-disc">
                {analysis.toConfirm.map((claim) => (
                  <li key={claim}>{claim}</li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {/* Only when nothing at all was recognised: not above a "Bitte prüfen" list of the offer (OfferChecks). */}
        {facts.length === 0 && !analysis.defects?.length && !analysis.toConfirm?.length && !hasOfferChecks(ad) ? (
          <p className="text-slate-600" data-testid="nothing-recognised">
            Keine weiteren Angaben erkannt.
          </p>
        ) : null}
      </dl>
    </div>
  );
}

/**
 * True once the element has come within a screen's height of the viewport (and stays true): the
 * card's selling panels ask the API only then, so a long list does not load every card's state at
 * once. Without IntersectionObserver (tests in jsdom) at once.
 */
function useNearScreen(ref: RefObject<Element | null>, active: boolean): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!active || near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      const timer = setTimeout(() => setNear(true));
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: "100% 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, active, near]);
  return near;
}

export function AdCard({
  ad,
  onChanged,
  openNow = false,
  onOpened,
}: {
  ad: AdJson;
  onChanged: () => void;
  /** The ad has just finished: the card opens itself and scrolls into view, once. */
  openNow?: boolean;
  onOpened?: (adId: string) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const cardRef = useRef<HTMLElement>(null);
  const opening = openNow && ad.status === "completed";
  // Adjusted while rendering (not in an effect): the card renders open from this render on.
  if (opening && !expanded) setExpanded(true);
  useEffect(() => {
    if (!opening) return;
    cardRef.current?.scrollIntoView({ block: "start" });
    onOpened?.(ad.id);
  }, [opening, ad.id, onOpened]);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const platform = ad.platform;
  const title = ad.optimizedTitle || ad.itemName;
  const detailsId = `ad-${ad.id}-details`;
  const sellingRef = useRef<HTMLDivElement>(null);
  const sellingNear = useNearScreen(sellingRef, ad.status === "completed");

  // The seller's own price and offer record go into every variant (ADR 028, ADR 041).
  const adText = adTextOf(ad);
  const ownVariant = platformVariant(platform, adText);

  async function retry() {
    setBusy(true);
    try {
      await apiRequest("POST", "/api/ads/{id}/retry", { params: { id: ad.id } });
      onChanged();
    } catch (error) {
      toast({ variant: "destructive", title: "Fehler beim erneuten Verarbeiten der Anzeige", description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      const { message, hint } = await apiRequest("DELETE", "/api/ads/{id}", { params: { id: ad.id } });
      setConfirmDelete(false);
      // Where the ad stays online (no API, or it refused), the seller reads it until they close it (ADR 049).
      toast(hint ? { title: message, description: hint, persistent: true } : { title: message });
      onChanged();
    } catch (error) {
      toast({ variant: "destructive", title: "Fehler", description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <article
      ref={cardRef}
      className="scroll-mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={`ad-${ad.id}-title`}
      data-testid="ad-card"
    >
      <div className="flex items-start gap-3">
        {ad.imageUrls[0] ? (
          <img src={ad.imageUrls[0]} alt="" width={72} height={54} className="h-[54px] w-[72px] shrink-0 rounded-lg object-cover" />
        ) : (
          <div className="h-[54px] w-[72px] shrink-0 rounded-lg bg-slate-100" />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={STATUS_TONES[ad.status] ?? "neutral"}>{statusLabel(ad.status)}</Badge>
            {ad.provider === "offline" ? <Badge tone="neutral">Offline-Modus</Badge> : null}
            {ad.status === "completed" && hasOfferChecks(ad) ? <Badge tone="info">Bitte prüfen</Badge> : null}
          </div>
          {/* German words are hyphenated, not cut ("Schlagbohr-maschine"); a size stays with its "Gr." on a phone. */}
          <h3 id={`ad-${ad.id}-title`} className="mt-1 font-semibold break-words hyphens-auto text-slate-900">
            {title.replace(/\bGr\. /g, "Gr.\u00a0")}
          </h3>
          <p className="text-sm text-slate-600">
            {categoryLabel(ad.category)} · {formatDateTime(ad.createdAt)}
          </p>
        </div>
        {ad.status === "completed" ? (
          <Button
            variant="ghost"
            size="touch"
            className="w-11 shrink-0"
            aria-expanded={expanded}
            aria-controls={detailsId}
            aria-label={expanded ? "Details ausblenden" : "Details anzeigen"}
            onClick={() => setExpanded(!expanded)}
          >
            <ChevronDown aria-hidden className={`size-5 transition-transform ${expanded ? "rotate-180" : ""}`} />
          </Button>
        ) : null}
      </div>

      {ad.status === "processing" ? (
        <div className="mt-3 space-y-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
          <p className="flex min-h-8 items-center gap-2" role="status" data-testid="progress-phase">
            <Loader2 aria-hidden className="size-4 animate-spin" />
            {phaseLabel(ad.progressPhase)}
          </p>
          {ad.partialDescription ? (
            <div aria-live="off" data-testid="partial-description" className="max-h-48 overflow-hidden text-slate-700">
              <AdMarkup text={ad.partialDescription} className="space-y-1" />
            </div>
          ) : null}
        </div>
      ) : null}

      {ad.status === "failed" ? (
        <div className="mt-3 space-y-3">
          <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">{ad.errorMessage ?? "Die Erstellung ist fehlgeschlagen."}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="touch" onClick={retry} disabled={busy}>
              <RotateCcw aria-hidden className="size-4" />
              Erneut versuchen
            </Button>
            <Button variant="outline" size="touch" onClick={() => setConfirmDelete(true)} disabled={busy}>
              <Trash2 aria-hidden className="size-4" />
              Löschen
            </Button>
          </div>
        </div>
      ) : null}

      {ad.status === "completed" ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <CopyButtons adId={ad.id} variant={ownVariant} size="touch" primary />
          <ShareMenu adId={ad.id} title={title} />
          <Button
            variant="outline"
            size="touch"
            onClick={() => {
              setEditing(true);
              setExpanded(true);
            }}
          >
            <Pencil aria-hidden className="size-4" />
            Bearbeiten
          </Button>
          <Link to={`/ad/${ad.id}`} className={buttonClasses("outline", "touch")}>
            <ExternalLink aria-hidden className="size-4" />
            Öffentliche Seite
          </Link>
          <Button variant="ghost" size="touch" onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden className="size-4" />
            Löschen
          </Button>
        </div>
      ) : null}

      {ad.status === "completed" && ad.check ? <AdCheckPanel adId={ad.id} check={ad.check} /> : null}

      {ad.status === "completed" && expanded ? (
        <div id={detailsId} className="mt-4 space-y-4 border-t border-slate-100 pt-4">
          {editing ? (
            <AdEditor
              ad={ad}
              onCancel={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                onChanged();
              }}
            />
          ) : (
            <>
              <div className="flex gap-2 overflow-x-auto">
                {ad.imageUrls.map((url, index) => (
                  <img
                    key={url}
                    src={url}
                    alt={`Foto ${index + 1}`}
                    width={160}
                    height={120}
                    className="h-[120px] w-[160px] shrink-0 rounded-lg object-cover"
                  />
                ))}
              </div>
              <Facts ad={ad} />
              {/* "Bitte prüfen" beside the price and handover facts only the note stated (ADR 064). */}
              <OfferChecks ad={ad} onReview={() => setEditing(true)} />
              {ad.optimizedDescription?.includes("Angaben im Profil ergänzen") ? (
                <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
                  Im Rechtshinweis fehlt dein Impressum.{" "}
                  <Link to="/profile" className="font-semibold underline">
                    Impressum vervollständigen
                  </Link>
                </p>
              ) : null}
              <AdMarkup text={ad.optimizedDescription ?? ""} className="space-y-1 text-slate-800" />
              <PlatformCopyList adId={ad.id} ad={adText} platform={platform} />
              <ListingForm adId={ad.id} listingUrl={ad.listingUrl} onSaved={onChanged} />
            </>
          )}
        </div>
      ) : null}

      {/* Faces, plates, addresses on the photos: right above publishing, open or not (ADR 069). The
          price and the facts of a card that opens itself stay in view above it. */}
      {ad.status === "completed" ? <PrivacyHintsPanel ad={ad} onChanged={onChanged} /> : null}

      {/* Publishing, "Verkauft" and the Verkaufshelfer: on the card whether the details are open or not. */}
      {ad.status === "completed" ? (
        <div ref={sellingRef} className="mt-4 space-y-3" data-testid="card-selling">
          {sellingNear ? (
            // A link entered by hand is a listing too (ADR 038), and an edit goes to every listing
            // (ADR 076): the panel reads them again when either changes.
            <ListingLifePanel key={`${ad.listingUrl ?? ""}:${ad.updatedAt}`} adId={ad.id} onChanged={onChanged} />
          ) : (
            <div className="h-20 animate-pulse rounded-lg bg-slate-100" aria-label="„Live auf“ wird geladen" />
          )}
          <SalesKitPanel adId={ad.id} />
        </div>
      ) : null}

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Anzeige löschen?"
        description="Die Anzeige und ihre Fotos werden endgültig gelöscht."
        confirmLabel="Endgültig löschen"
        onConfirm={remove}
        busy={busy}
      />
    </article>
  );
}
