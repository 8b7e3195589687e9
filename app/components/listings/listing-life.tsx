// "Live auf": where the ad is live (platform, link, since when, status, price), publishing to
// eBay and (dealers) Kleinanzeigen, the price-cut plan the seller approves, and "Verkauft" — whose
// dialog names every platform the ad is on (ADR 036, ADR 037, ADR 048). Always on a
// finished ad's card, loaded when the card first comes near the screen, so the
// dashboard's first load stays light. Nothing is posted, changed or ended without the seller's
// click or approved plan.
import { ExternalLink } from "lucide-react";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { apiRequest, errorMessage } from "~/browser/api-client";
import { formatDate, formatEuroCents } from "~/lib/format";
import { euroInputToCents } from "~/lib/euro-input";
import { everyDays, LISTING_STATUS_LABELS, priceLine, soldDialogText, type ListingLife, type ListingView } from "~/lib/listing-life";
import { PLATFORMS, type Platform } from "~/lib/platforms";
import { usePublicConfig } from "../use-user";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Input } from "../ui/field";
import { toast } from "../ui/use-toast";
import { EbayPublishForm } from "../ebay/ebay-publish-form";
import { KleinanzeigenPublish } from "../kleinanzeigen/kleinanzeigen-publish";

const STATUS_TONES = { live: "success", publishing: "info", paused: "neutral", ended: "neutral", failed: "danger" } as const;

const platformLabel = (platform: Platform) => PLATFORMS[platform].label;

/** How often "Live auf" reads again while an edit is on its way (a few marketplace calls). */
const EDIT_POLL_MS = 2000;

/** Where the seller's latest edit stands at this listing (ADR 076); the reason of a failure is its lastError. */
function EditState({ listing, onResend, busy }: { listing: ListingView; onResend: () => void; busy: boolean }) {
  const where = platformLabel(listing.platform);
  if (listing.editState === "pending")
    return (
      <p className="mt-1 text-slate-700" role="status" data-testid="edit-state">
        Deine Änderung wird an {where} übertragen …
      </p>
    );
  if (listing.editState === "by_hand")
    return (
      <p className="mt-1 text-amber-900" data-testid="edit-state">
        Diese Anzeige hast du selbst bei {where} eingestellt: Übernimm deine Änderung dort selbst.
      </p>
    );
  if (listing.editState === "failed")
    return (
      <div className="mt-1" data-testid="edit-state">
        <Button variant="outline" size="touch" onClick={onResend} disabled={busy}>
          Erneut senden
        </Button>
      </div>
    );
  return null;
}

function PricePlan({ adId, life, onChanged }: { adId: string; life: ListingLife; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ step: "10", days: "7", floor: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const plan = life.plan;

  async function approve(event: FormEvent) {
    event.preventDefault();
    const stepCents = euroInputToCents(values.step);
    const floorCents = euroInputToCents(values.floor);
    const intervalDays = Number(values.days);
    if (stepCents === null || floorCents === null || !Number.isInteger(intervalDays))
      return setError("Gib Preisstufe und Mindestpreis in Euro und die Tage als ganze Zahl an.");
    setBusy(true);
    try {
      await apiRequest("PUT", "/api/ads/{id}/price-cut-plan", { params: { id: adId }, body: { stepCents, intervalDays, floorCents } });
      toast({ title: "Preisplan freigegeben" });
      setOpen(false);
      setError(null);
      onChanged();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function stop() {
    setBusy(true);
    try {
      await apiRequest("DELETE", "/api/ads/{id}/price-cut-plan", { params: { id: adId } });
      toast({ title: "Preisplan beendet" });
      onChanged();
    } catch (failure) {
      toast({ variant: "destructive", title: "Fehler", description: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  if (plan) {
    return (
      <div className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm" data-testid="price-plan">
        <p>
          <span className="font-semibold">Preisplan aktiv:</span> {everyDays(plan.intervalDays)} −{formatEuroCents(plan.stepCents)}, nie
          unter {formatEuroCents(plan.floorCents)}. Nächster Schritt am {formatDate(plan.nextCutAt)}.
        </p>
        <Button variant="outline" size="touch" onClick={stop} disabled={busy}>
          Preisplan beenden
        </Button>
      </div>
    );
  }
  if (!open)
    return (
      <Button variant="outline" size="touch" onClick={() => setOpen(true)}>
        Preisplan festlegen
      </Button>
    );
  return (
    <form onSubmit={approve} noValidate className="space-y-3 rounded-lg bg-slate-50 p-3" aria-label="Preisplan">
      <p className="text-sm text-slate-700">
        Der Preis sinkt automatisch: Wo AnzeigenPilot die Anzeige veröffentlicht hat, ändern wir ihn selbst, anderswo erinnern wir dich per
        E-Mail. Nie unter deinem Mindestpreis. Kleinanzeigen zeigt den alten Preis nur durchgestrichen, wenn der neue unter dem Startpreis
        liegt.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Input
          label="Senken um (€)"
          inputMode="decimal"
          value={values.step}
          onChange={(event) => setValues({ ...values, step: event.target.value })}
        />
        <Input
          label="Alle … Tage"
          inputMode="numeric"
          value={values.days}
          onChange={(event) => setValues({ ...values, days: event.target.value })}
        />
        <Input
          label="Mindestpreis (€)"
          inputMode="decimal"
          value={values.floor}
          onChange={(event) => setValues({ ...values, floor: event.target.value })}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="touch" disabled={busy}>
          Preisplan freigeben
        </Button>
        <Button variant="ghost" size="touch" onClick={() => setOpen(false)}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}

export function ListingLifePanel({ adId, onChanged }: { adId: string; onChanged: () => void }) {
  const config = usePublicConfig();
  const [life, setLife] = useState<ListingLife | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [confirmSold, setConfirmSold] = useState(false);
  const [busy, setBusy] = useState(false);
  const [byHand, setByHand] = useState<string[] | null>(null);

  const load = useCallback(() => {
    apiRequest("GET", "/api/ads/{id}/listings", { params: { id: adId } })
      .then(setLife)
      .catch((error) => toast({ variant: "destructive", title: "„Live auf“ nicht geladen", description: errorMessage(error) }));
  }, [adId]);
  useEffect(load, [load]);
  // An edit on its way to a listing (ADR 076), or a listing the marketplace is still deciding on:
  // read again until every listing has it or says why not, and the marketplace has decided.
  const sending = life?.listings.some((listing) => listing.editState === "pending" || listing.status === "publishing") ?? false;
  useEffect(() => {
    if (!sending) return;
    const timer = setTimeout(load, EDIT_POLL_MS);
    return () => clearTimeout(timer);
  }, [sending, life, load]);

  async function resend() {
    setBusy(true);
    try {
      const answer = await apiRequest("POST", "/api/ads/{id}/listings/resend", { params: { id: adId } });
      toast({ title: answer.message });
      load();
    } catch (error) {
      toast({ variant: "destructive", title: "Nicht erneut gesendet", description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  // A Kleinanzeigen publication changes this list, and its review may have changed the ad's record (ADR 048).
  const kleinanzeigenChanged = useCallback(() => {
    load();
    onChanged();
  }, [load, onChanged]);

  async function markSold() {
    setBusy(true);
    try {
      const result = await apiRequest("POST", "/api/ads/{id}/sold", { params: { id: adId } });
      setConfirmSold(false);
      setByHand(result.byHand);
      toast({
        title: "Als verkauft markiert",
        description: result.failures.length > 0 ? result.failures.join(" ") : undefined,
        variant: result.failures.length > 0 ? "destructive" : undefined,
      });
      load();
      onChanged();
    } catch (error) {
      toast({ variant: "destructive", title: "Fehler", description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  if (!life) return <div className="h-20 animate-pulse rounded-lg bg-slate-100" aria-label="„Live auf“ wird geladen" />;
  const ebayOpen = life.listings.some(
    (listing) => listing.platform === "ebay" && (listing.status === "live" || listing.status === "publishing"),
  );

  return (
    <section aria-labelledby={`live-${adId}`} className="space-y-3 rounded-lg border border-slate-200 p-3" data-testid="listing-life">
      <h4 id={`live-${adId}`} className="font-semibold text-slate-900">
        Live auf
      </h4>
      {life.listings.length === 0 ? (
        <p className="text-sm text-slate-600">Noch auf keiner Plattform veröffentlicht.</p>
      ) : (
        <ul className="space-y-2">
          {life.listings.map((listing) => {
            const price = priceLine(listing);
            return (
              <li key={listing.id} className="rounded-lg bg-slate-50 p-2 text-sm" data-testid="listing-row">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{platformLabel(listing.platform)}</span>
                  <Badge tone={STATUS_TONES[listing.status]}>{LISTING_STATUS_LABELS[listing.status]}</Badge>
                  {listing.publishedAt ? <span className="text-slate-600">seit {formatDate(listing.publishedAt)}</span> : null}
                  {price ? (
                    <span>
                      {price.before ? <s className="mr-1 text-slate-500">{price.before}</s> : null}
                      <span className="font-medium">{price.now}</span>
                    </span>
                  ) : null}
                  {listing.url && listing.status !== "ended" ? (
                    <a
                      href={listing.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 font-semibold text-primary-800 underline"
                    >
                      <ExternalLink aria-hidden className="size-4" />
                      Anzeige öffnen<span className="sr-only"> auf {platformLabel(listing.platform)}</span>
                    </a>
                  ) : null}
                </div>
                <EditState listing={listing} onResend={resend} busy={busy} />
                {listing.lastError ? <p className="mt-1 text-red-800">{listing.lastError}</p> : null}
              </li>
            );
          })}
        </ul>
      )}

      {life.soldAt ? (
        <div className="rounded-lg bg-green-50 p-3 text-sm text-green-950" role="status" data-testid="sold-note">
          <p className="font-semibold">Verkauft am {formatDate(life.soldAt)}.</p>
          <p>
            {byHand && byHand.length > 0
              ? `Beende die Anzeige jetzt auch auf ${byHand.join(", ")} – dort geht es nur von Hand.`
              : "Beende die Anzeige auch auf allen Plattformen, auf denen du sie selbst eingestellt hast (z. B. Kleinanzeigen, Vinted, willhaben, Facebook)."}
          </p>
        </div>
      ) : (
        <>
          {publishing ? (
            <EbayPublishForm
              adId={adId}
              onPublished={() => {
                setPublishing(false);
                load();
              }}
              onFailed={load}
              onCancel={() => setPublishing(false)}
            />
          ) : (
            <div className="flex flex-wrap gap-2">
              {config?.ebayEnabled && !ebayOpen ? (
                <Button size="touch" onClick={() => setPublishing(true)}>
                  Auf eBay veröffentlichen
                </Button>
              ) : null}
              {!config?.ebayEnabled ? (
                <p className="w-full text-sm text-slate-600">Veröffentlichen auf eBay ist hier noch nicht eingerichtet.</p>
              ) : null}
              <Button variant="outline" size="touch" onClick={() => setConfirmSold(true)}>
                Verkauft
              </Button>
            </div>
          )}
          <PricePlan adId={adId} life={life} onChanged={load} />
        </>
      )}
      {/* Remounted once the ad is sold: the panel then reads its ended state, never offers publishing again. */}
      <KleinanzeigenPublish key={life.soldAt ?? "open"} adId={adId} onChanged={kleinanzeigenChanged} />
      <ConfirmDialog
        open={confirmSold}
        onOpenChange={setConfirmSold}
        title="Als verkauft markieren?"
        description={soldDialogText(life.ending)}
        confirmLabel="Verkauft – Angebote beenden"
        onConfirm={markSold}
        busy={busy}
      />
    </section>
  );
}
