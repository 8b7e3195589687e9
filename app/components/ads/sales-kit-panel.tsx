// "Verkaufshelfer" on a finished ad: price strategy with the seller's minimum, the answer to an
// offer, ready replies to copy, and the scam check of a pasted buyer message. All rules run on the
// server; this panel only asks and shows, so the dashboard ships little extra JavaScript.
import { Check, Copy, ShieldAlert, ShieldCheck, ShieldQuestion } from "lucide-react";
import { useState, type FormEvent } from "react";
import { apiRequest, errorMessage } from "~/browser/api-client";
import type { ApiAnswer } from "~/lib/api/types";
import { euroInputOf, euroInputToCents } from "~/lib/euro-input";
import { formatEuroCents } from "~/lib/format";
import { FLOOR_LABEL, notAnAmount, OFFER_LABEL, SCAM_MESSAGE_MAX } from "~/lib/sales-kit";
import { Button } from "../ui/button";
import { Input, Textarea } from "../ui/field";
import { toast } from "../ui/use-toast";

type SalesKit = ApiAnswer<"GET", "/api/ads/{id}/sales-kit">;
type ScamCheck = ApiAnswer<"POST", "/api/ads/{id}/scam-check">;
type OfferAnswer = ApiAnswer<"POST", "/api/ads/{id}/sales-kit/counter-offer">;

const OPINION_LABELS = { unbedenklich: "unbedenklich", vorsicht: "Vorsicht", betrugsmuster: "Betrugsmuster" } as const;

async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: "Kopiert", description: `${what} ist in der Zwischenablage.` });
  } catch {
    toast({ variant: "destructive", title: "Fehler beim Kopieren", description: "Text konnte nicht kopiert werden." });
  }
}

function CopyButton({ text, what }: { text: string; what: string }) {
  return (
    <Button variant="outline" size="touch" onClick={() => copyText(text, what)} aria-label={`${what} kopieren`}>
      <Copy aria-hidden className="size-4" />
      Kopieren
    </Button>
  );
}

const VERDICT_STYLE = {
  unbedenklich: { icon: ShieldCheck, box: "border-emerald-200 bg-emerald-50 text-emerald-950" },
  vorsicht: { icon: ShieldQuestion, box: "border-amber-200 bg-amber-50 text-amber-950" },
  betrugsmuster: { icon: ShieldAlert, box: "border-red-200 bg-red-50 text-red-950" },
} as const;

function ScamCheckForm({ adId }: { adId: string }) {
  const [message, setMessage] = useState("");
  const [result, setResult] = useState<ScamCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setResult(await apiRequest("POST", "/api/ads/{id}/scam-check", { params: { id: adId }, body: { message } }));
    } catch (failure) {
      setResult(null);
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const style = result ? VERDICT_STYLE[result.verdict] : null;
  return (
    <form onSubmit={submit} className="space-y-2">
      <Textarea
        label="Nachricht eines Käufers prüfen"
        hint="Nur Text einfügen. Die Nachricht wird geprüft (mit Sprachmodell auch von der KI) und nicht gespeichert."
        rows={4}
        maxLength={SCAM_MESSAGE_MAX}
        value={message}
        error={error ?? undefined}
        onChange={(event) => setMessage(event.target.value)}
      />
      <Button type="submit" size="touch" disabled={busy || message.trim() === ""}>
        {busy ? "Wird geprüft …" : "Nachricht prüfen"}
      </Button>
      {result && style ? (
        <div role="status" className={`space-y-2 rounded-lg border p-3 text-sm ${style.box}`} data-testid="scam-result">
          <p className="flex items-center gap-2 text-base font-bold">
            <style.icon aria-hidden className="size-5" />
            {result.label}
          </p>
          {result.matches.map((match) => (
            <div key={match.id}>
              <p className="font-semibold">{match.title}</p>
              <p>{match.explanation}</p>
              <p>
                <span className="font-semibold">Was tun: </span>
                {match.advice}
              </p>
            </div>
          ))}
          <p>{result.advice}</p>
          {result.modelOpinion ? (
            <p className="border-t border-current/20 pt-2" data-testid="model-opinion">
              <span className="font-semibold">Zusätzlich die KI: {OPINION_LABELS[result.modelOpinion.verdict]}. </span>
              {result.modelOpinion.reason} <span className="text-xs">(Die Prüfregeln oben entscheiden; die KI ergänzt nur.)</span>
            </p>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

function OfferForm({ adId }: { adId: string }) {
  const [offer, setOffer] = useState("");
  const [answer, setAnswer] = useState<OfferAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    // "1.200" is 1.200 €, "12,50" 12,50 € (euro-input.ts, as every price field).
    const offerCents = euroInputToCents(offer);
    if (offerCents === null) {
      setAnswer(null);
      setError(notAnAmount(OFFER_LABEL));
      return;
    }
    try {
      setAnswer(await apiRequest("POST", "/api/ads/{id}/sales-kit/counter-offer", { params: { id: adId }, body: { offerCents } }));
    } catch (failure) {
      setAnswer(null);
      setError(errorMessage(failure));
    }
  }

  return (
    <form onSubmit={submit} className="space-y-2">
      <div className="flex items-end gap-2">
        <Input
          label="Angebot des Käufers (€)"
          inputMode="decimal"
          value={offer}
          error={error ?? undefined}
          onChange={(event) => setOffer(event.target.value)}
          className="w-32"
        />
        <Button type="submit" size="touch" variant="outline" disabled={offer.trim() === ""}>
          Antwort vorschlagen
        </Button>
      </div>
      {answer ? (
        <div className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm" data-testid="offer-answer">
          <p className="font-semibold">
            {answer.decision === "accept"
              ? "Annehmen"
              : answer.decision === "above"
                ? `Mehr als dein Preis – zu ${formatEuroCents(answer.priceCents)} annehmen. Vorsicht: Überzahlung ist eine bekannte Betrugsmasche.`
                : answer.decision === "fixed"
                  ? `Festpreis: ${formatEuroCents(answer.priceCents)}`
                  : answer.decision === "giveaway"
                    ? "Zu verschenken"
                    : answer.decision === "decline"
                      ? `Ablehnen – Gegenangebot ${formatEuroCents(answer.priceCents)}`
                      : `Gegenangebot: ${formatEuroCents(answer.priceCents)}`}
          </p>
          <p>{answer.message}</p>
          <CopyButton text={answer.message} what="Antwort auf das Angebot" />
        </div>
      ) : null}
    </form>
  );
}

type Strategy = NonNullable<SalesKit["strategy"]>;

function FloorForm({ adId, strategy, onSaved }: { adId: string; strategy: Strategy; onSaved: (kit: SalesKit) => void }) {
  const [floor, setFloor] = useState(euroInputOf(strategy.floorCents));
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const floorCents = euroInputToCents(floor);
    if (floorCents === null) {
      setError(notAnAmount(FLOOR_LABEL));
      return;
    }
    try {
      onSaved(await apiRequest("PUT", "/api/ads/{id}/sales-kit", { params: { id: adId }, body: { floorCents } }));
      toast({ title: "Minimum gespeichert", description: "Gegenangebote gehen nie darunter." });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <Input
        label="Mein Minimum (€)"
        hint={strategy.floorFromSeller ? undefined : "Vorschlag – anpassen und speichern"}
        inputMode="decimal"
        value={floor}
        error={error ?? undefined}
        onChange={(event) => setFloor(event.target.value)}
        className="w-32"
      />
      <Button type="submit" size="touch" variant="outline">
        <Check aria-hidden className="size-4" />
        Speichern
      </Button>
    </form>
  );
}

function PriceStrategy({ adId, strategy, onSaved }: { adId: string; strategy: Strategy; onSaved: (kit: SalesKit) => void }) {
  return (
    <>
      <p className="text-sm" data-testid="kit-price">
        Anzeigenpreis:{" "}
        {strategy.mode === "verschenken" ? (
          <strong>Zu verschenken</strong>
        ) : (
          <>
            {/* A price without a type is answered as fixed (ADR 041), but neither called the seller's "Festpreis" nor given a type (ADR 093). */}
            <strong>{formatEuroCents(strategy.anchorCents)}</strong>{" "}
            {strategy.mode === "vb"
              ? "VB"
              : strategy.typeStated
                ? "Festpreis"
                : "– ohne „VB“ oder „Festpreis“: die Antworten nennen ihn, ohne zu handeln"}
          </>
        )}
      </p>
      <p className="text-sm text-slate-700">{strategy.advice}</p>
      {/* A giveaway has no minimum and takes no offers. */}
      {strategy.mode === "verschenken" ? null : (
        <>
          <FloorForm adId={adId} strategy={strategy} onSaved={onSaved} />
          <OfferForm adId={adId} />
        </>
      )}
    </>
  );
}

export function SalesKitPanel({ adId }: { adId: string }) {
  const [kit, setKit] = useState<SalesKit | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const panelId = `sales-kit-${adId}`;

  async function toggle() {
    if (open) return setOpen(false);
    setOpen(true);
    if (kit) return;
    try {
      setKit(await apiRequest("GET", "/api/ads/{id}/sales-kit", { params: { id: adId } }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <section aria-label="Verkaufshelfer" className="rounded-lg border border-primary-100 bg-white">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="flex min-h-12 w-full items-center justify-between gap-2 px-3 py-2 text-left font-semibold text-primary-900"
      >
        <span>Verkaufshelfer: Preis, Antworten, Betrugscheck</span>
        <span aria-hidden>{open ? "−" : "+"}</span>
      </button>
      {open ? (
        <div id={panelId} className="space-y-5 border-t border-primary-100 p-3">
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          {!kit && !error ? <p className="text-sm text-slate-600">Wird geladen …</p> : null}
          {kit ? (
            <>
              <div className="space-y-2">
                <h3 className="font-semibold text-slate-900">Preis</h3>
                {kit.strategy ? (
                  <PriceStrategy adId={adId} strategy={kit.strategy} onSaved={setKit} />
                ) : (
                  // The ad asks the seller for a price: the helper names none of its own (ADR 091).
                  <p className="text-sm" data-testid="kit-price">
                    Die Anzeige nennt noch keinen Preis. Trage deinen Preis ein – dann schlägt der Verkaufshelfer Antworten auf Angebote
                    vor.
                  </p>
                )}
              </div>
              <div className="space-y-2">
                <h3 className="font-semibold text-slate-900">Fertige Antworten</h3>
                <ul className="space-y-3">
                  {kit.replies.map((reply) => (
                    <li key={reply.id} className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm">
                      <p className="font-semibold">{reply.label}</p>
                      <p>{reply.text}</p>
                      <CopyButton text={reply.text} what={`Antwort „${reply.label}“`} />
                    </li>
                  ))}
                </ul>
              </div>
              <ScamCheckForm adId={adId} />
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
