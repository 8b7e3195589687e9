// /settings: the four AI prompts (stored in the account) and the danger zone (docs/PRODUCT.md, "Pages").
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { getDb } from "~/.server/db/client";
import { getPrompts } from "~/.server/app-worker/profile/prompts";
import { AccountLayout } from "~/components/account-layout";
import { usePublicConfig } from "~/components/use-user";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Textarea } from "~/components/ui/field";
import { toast } from "~/components/ui/use-toast";
import { PROMPT_KEYS, PROMPT_MAX, type PromptKey } from "~/lib/ad-input";
import { apiRequest, errorMessage, logout, setAuthToken } from "~/browser/api-client";
import { DEFAULT_PROMPTS, PROMPT_PLACEHOLDERS } from "~/lib/prompts";

export const meta: MetaFunction = () => [{ title: "Einstellungen – AnzeigenPilot" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: LoaderFunctionArgs) {
  const { user } = await context.currentUser();
  if (!user) return data({ signedIn: false, prompts: null }, { status: 401 });
  return { signedIn: true, prompts: await getPrompts(getDb(context.cloudflare.env.DB), user.id) };
}

const PROMPT_LABELS: Record<PromptKey, string> = {
  image_analysis: "Bildanalyse (image_analysis)",
  title: "Titel (title)",
  description: "Beschreibung (description)",
  legal_notes: "Hinweise (legal_notes)",
};

export const ACCOUNT_DELETE_REDIRECT_MS = 2000;

export default function SettingsPage() {
  return (
    <AccountLayout title="Einstellungen">
      <PromptSettings />
      <Sessions />
      <DangerZone />
    </AccountLayout>
  );
}

function PromptSettings() {
  const config = usePublicConfig();
  const stored = useLoaderData<typeof loader>().prompts ?? DEFAULT_PROMPTS;
  const revalidator = useRevalidator();
  const [edits, setEdits] = useState<Partial<Record<PromptKey, string>>>({});
  const [busy, setBusy] = useState(false);
  const prompts = Object.fromEntries(PROMPT_KEYS.map((key) => [key, edits[key] ?? stored[key]])) as Record<PromptKey, string>;

  async function store(next: Record<PromptKey, string>, done: { title: string; description: string }) {
    setBusy(true);
    try {
      await apiRequest("PUT", "/api/prompts", { body: next });
      setEdits({});
      revalidator.revalidate();
      toast(done);
    } catch (error) {
      toast({ variant: "destructive", title: "Fehler", description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  const save = () =>
    store(prompts, { title: "Einstellungen gespeichert", description: "Deine nächste Anzeige verwendet diese Prompts – auf jedem Gerät." });
  const reset = (key: PromptKey) =>
    store({ ...prompts, [key]: DEFAULT_PROMPTS[key] }, { title: "Standard wiederhergestellt", description: PROMPT_LABELS[key] });

  return (
    <section aria-labelledby="prompts-heading" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="prompts-heading" className="text-lg font-bold">
        KI-Prompts
      </h2>
      <p className="text-sm text-slate-700">
        Diese Anweisungen bekommt die KI für jede neue Anzeige. Platzhalter werden ersetzt:{" "}
        {PROMPT_PLACEHOLDERS.map((name) => (
          <code key={name} className="mx-0.5 rounded bg-slate-100 px-1">{`{${name}}`}</code>
        ))}
        . Die Prompts werden in deinem Konto gespeichert, gelten auf jedem Gerät und werden mit dem Konto gelöscht.
      </p>
      {config?.offlineMode ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-testid="offline-prompts-note">
          Offline-Modus: Hier schreibt kein Sprachmodell, sondern ein fester Regelsatz. Er liest deine Beschreibung Satz für Satz (Zustand,
          Mängel, Lieferumfang, Kaufjahr, Neupreis, Abholung), baut daraus Titel und Text und schätzt den Preis. Geänderte Prompts wirken
          erst, wenn ein Sprachmodell angebunden ist – bis dahin werden sie gespeichert, aber nicht verwendet.
        </p>
      ) : null}
      {PROMPT_KEYS.map((key) => (
        <div key={key} className="space-y-2">
          <Textarea
            label={PROMPT_LABELS[key]}
            rows={6}
            value={prompts[key]}
            maxLength={PROMPT_MAX}
            onChange={(event) => setEdits({ ...edits, [key]: event.target.value })}
          />
          <Button variant="ghost" size="sm" onClick={() => reset(key)} disabled={busy || prompts[key] === DEFAULT_PROMPTS[key]}>
            Auf Standard zurücksetzen
          </Button>
        </div>
      ))}
      <Button onClick={save} disabled={busy}>
        Prompts speichern
      </Button>
    </section>
  );
}

function Sessions() {
  const [busy, setBusy] = useState(false);
  return (
    <section aria-labelledby="sessions-heading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="sessions-heading" className="text-lg font-bold">
        Angemeldete Geräte
      </h2>
      <p className="text-sm text-slate-700">
        Handy verloren oder an einem fremden Rechner angemeldet? Beende alle Sitzungen deines Kontos – auch diese hier.
      </p>
      <Button
        variant="outline"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await logout(true);
        }}
      >
        Auf allen Geräten abmelden
      </Button>
    </section>
  );
}

function DangerZone() {
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      const { hint } = await apiRequest("DELETE", "/api/account");
      setAuthToken(null);
      setStep(0);
      if (hint) {
        // Ads that stay online are named until the seller has read them (ADR 049); then on to the start page.
        toast({
          title: "Account gelöscht",
          description: `Alle deine Daten und Fotos wurden entfernt. ${hint}`,
          persistent: true,
          action: { label: "Zur Startseite", href: "/" },
        });
        return;
      }
      toast({ title: "Account gelöscht", description: "Alle deine Daten und Fotos wurden entfernt." });
      setTimeout(() => window.location.assign("/"), ACCOUNT_DELETE_REDIRECT_MS);
    } catch (error) {
      toast({ variant: "destructive", title: "Fehler", description: errorMessage(error) });
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="danger-heading" className="space-y-3 rounded-2xl border-2 border-red-200 bg-white p-5">
      <h2 id="danger-heading" className="text-lg font-bold text-red-800">
        Gefahrenzone
      </h2>
      <p className="text-sm text-slate-700">
        Löscht dein Konto mit allen Anzeigen und Fotos endgültig. Das kann nicht rückgängig gemacht werden.
      </p>
      <Button variant="destructive" onClick={() => setStep(1)}>
        Account löschen
      </Button>
      <ConfirmDialog
        open={step === 1}
        onOpenChange={(open) => setStep(open ? 1 : 0)}
        title="Account wirklich löschen?"
        description="Alle Anzeigen, Fotos und Profildaten werden gelöscht."
        confirmLabel="Ja, weiter"
        onConfirm={() => setStep(2)}
      />
      <ConfirmDialog
        open={step === 2}
        onOpenChange={(open) => setStep(open ? 2 : 0)}
        title="Letzte Bestätigung"
        description="Dein Konto wird jetzt endgültig gelöscht. Bist du sicher?"
        confirmLabel="Endgültig löschen"
        onConfirm={remove}
        busy={busy}
      />
    </section>
  );
}
