// /docs: the internal documentation behind a server-checked password (or an admin session).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { Eye, EyeOff, Lock } from "lucide-react";
import { useState, type FormEvent } from "react";
import { currentMetrics } from "~/.server/app-worker/activity/metrics";
import { docsAccess } from "~/.server/app-worker/docs/access";
import { ALL_ENDPOINTS } from "~/.server/app-worker/api";
import { getDb } from "~/.server/db/client";
import { APP_SECRETS } from "~/.server/app-worker/env";
import { ActivityMonitor } from "~/components/activity-monitor";
import { SiteHeader } from "~/components/site-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { apiRequest, ApiError } from "~/browser/api-client";
import { THRESHOLDS } from "~/lib/thresholds";

export const meta: MetaFunction = () => [{ title: "Interne Dokumentation – AnzeigenPilot" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context;
  const unlocked = (await docsAccess(config, request.headers, async () => (await context.currentUser()).user)) === "granted";
  if (!unlocked) return { unlocked: false as const, enabled: Boolean(config.DOCS_PASSWORD) };
  return {
    unlocked: true as const,
    // Only whether a secret is set ever leaves the server, never a value.
    secrets: APP_SECRETS.map((name) => ({ name, configured: Boolean(config[name]) })),
    endpoints: ALL_ENDPOINTS.map(({ method, path, summary, auth }) => ({ method: method.toUpperCase(), path, summary, auth })),
    metrics: await currentMetrics(getDb(context.cloudflare.env.DB)),
    adapters: { ai: config.AI_PROVIDER, mail: config.MAIL_MODE, billing: Boolean(config.STRIPE_SECRET_KEY) },
  };
}

export default function Docs() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <SiteHeader />
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-extrabold text-slate-900">Dokumentation</h1>
          <Badge tone="accent">v1.0 - Internal Use Only</Badge>
        </div>
        {data.unlocked ? <Unlocked data={data} /> : <Gate enabled={data.enabled} />}
      </main>
    </>
  );
}

function Gate({ enabled }: { enabled: boolean }) {
  const revalidator = useRevalidator();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function unlock(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await apiRequest("POST", "/api/docs/unlock", { body: { password } });
      setError(null);
      revalidator.revalidate();
    } catch (failure) {
      setPassword("");
      setError(
        failure instanceof ApiError ? (failure.serverMessage ?? "Falsches Passwort") : "Netzwerk-Fehler. Versuche es später erneut.",
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="gate-heading" className="max-w-md space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Lock aria-hidden className="size-8 text-primary-600" />
      <h2 id="gate-heading" className="text-xl font-bold">
        Passwort erforderlich
      </h2>
      {enabled ? (
        <form onSubmit={unlock} className="space-y-3">
          <Input
            label="Passwort"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error ?? undefined}
          />
          <Button type="submit" disabled={busy || !password}>
            Zugang gewähren
          </Button>
        </form>
      ) : (
        <p className="text-slate-700">
          Die interne Dokumentation ist in dieser Umgebung deaktiviert: Es ist kein DOCS_PASSWORD gesetzt. Administratoren (ADMIN_EMAILS)
          sehen sie nach der Anmeldung trotzdem.
        </p>
      )}
    </section>
  );
}

type UnlockedData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { unlocked: true }>;

const EVENTS = [
  "login",
  "logout",
  "magic_link_requested",
  "ad_created",
  "ad_completed",
  "ad_failed",
  "ad_updated",
  "ad_deleted",
  "ad_retry",
  "invite_sent",
  "account_deleted",
  "subscription_created",
  "subscription_active",
  "subscription_updated",
  "subscription_canceled",
  "payment_succeeded",
  "payment_failed",
  "payment_invoice",
  "payment_unknown_price",
  "payment_event_refused",
  "ebay_account_deleted",
  "api_error",
  "api_slow",
  "queue_message_invalid",
  "sales_kit_opened",
  "sales_kit_floor_set",
  "sales_kit_counter_offer",
  "scam_check",
];

function SecretRow({ name, configured }: { name: string; configured: boolean }) {
  const [shown, setShown] = useState(false);
  return (
    <li className="flex items-center justify-between gap-2 border-t border-slate-100 py-2 first:border-0">
      {/* Long names (CLOUDFLARE_CACHE_PURGE_TOKEN) wrap instead of widening the page on a phone. */}
      <code className="min-w-0 break-all">{name}</code>
      <span className="flex shrink-0 items-center gap-2">
        <span data-testid={`secret-${name}`}>{shown ? (configured ? "konfiguriert" : "fehlt") : "••••••••"}</span>
        <Button variant="ghost" size="sm" onClick={() => setShown(!shown)} aria-label={`${name} ${shown ? "verbergen" : "anzeigen"}`}>
          {shown ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
          {shown ? "Hide" : "Show"}
        </Button>
      </span>
    </li>
  );
}

function Threshold({ label, limit, value, exceeded }: { label: string; limit: string; value: string; exceeded: boolean }) {
  return (
    <li className={`rounded-xl border p-4 ${exceeded ? "border-red-300 bg-red-50" : "border-slate-200 bg-white"}`} data-exceeded={exceeded}>
      <p className="font-semibold">{label}</p>
      <p className="text-sm text-slate-700">Schwelle: {limit}</p>
      <p className={`mt-1 text-lg font-bold ${exceeded ? "text-red-800" : "text-slate-900"}`}>Aktuell: {value}</p>
    </li>
  );
}

function Unlocked({ data }: { data: UnlockedData }) {
  const { metrics } = data;
  return (
    <Tabs defaultValue="overview">
      <TabsList aria-label="Dokumentation">
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="api">API</TabsTrigger>
        <TabsTrigger value="logging">Logging</TabsTrigger>
      </TabsList>
      <TabsContent value="overview" className="space-y-4">
        <section className="space-y-2 rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="text-lg font-bold">Architektur</h2>
          <p>
            App-Worker (Remix-Seiten, Hono-API unter /api, Fotos unter /images) → D1, R2, Queue „ad-generation“ → Generator-Worker (KI,
            Cron: hängende Anzeigen, Aufräumen).
          </p>
          <p className="text-sm text-slate-700">
            Adapter: KI <code>{data.adapters.ai}</code>, E-Mail <code>{data.adapters.mail}</code>, Zahlungen{" "}
            {data.adapters.billing ? "Stripe" : "nicht eingerichtet"}.
          </p>
          <h3 className="pt-2 font-semibold">Funktionen</h3>
          <ul className="list-disc pl-5 text-slate-800">
            <li>Magic-Link-Anmeldung mit Sitzungen (Cookie und Bearer)</li>
            <li>KI-Anzeigen mit Plattformregeln, Rechtshinweisen und Preisvorschlag</li>
            <li>Credits, Power-Kontingent und wöchentliches Pro-Abo</li>
            <li>Öffentliche Anzeigenseiten mit Social-Previews</li>
          </ul>
        </section>
        <section className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="text-lg font-bold">Benötigte Secrets</h2>
          <ul className="mt-2">
            {data.secrets.map((secret) => (
              <SecretRow key={secret.name} {...secret} />
            ))}
          </ul>
        </section>
      </TabsContent>
      <TabsContent value="api" className="space-y-3">
        <p className="text-sm text-slate-700">
          Erzeugt aus denselben zod-Schemas, die die Anfragen prüfen. Maschinenlesbar:{" "}
          <a className="text-primary-700 underline" href="/api/openapi.json">
            /api/openapi.json
          </a>
        </p>
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {data.endpoints.map((endpoint) => (
            <li key={`${endpoint.method} ${endpoint.path}`} className="flex flex-wrap items-baseline gap-2 p-3" data-testid="endpoint">
              <code className="w-16 font-bold text-primary-800">{endpoint.method}</code>
              <code className="font-semibold">{endpoint.path}</code>
              <span className="text-slate-700">{endpoint.summary}</span>
              <Badge tone="neutral">
                {endpoint.auth === "session"
                  ? "Anmeldung"
                  : endpoint.auth === "docs"
                    ? "Doku-Zugang"
                    : endpoint.auth === "stripe-signature"
                      ? "Stripe-Signatur"
                      : endpoint.auth === "ebay-signature"
                        ? "eBay-Signatur"
                        : "öffentlich"}
              </Badge>
            </li>
          ))}
        </ul>
      </TabsContent>
      <TabsContent value="logging" className="space-y-6">
        <section className="space-y-2">
          <h2 className="text-lg font-bold">Erfasste Ereignisse</h2>
          <p className="flex flex-wrap gap-1">
            {EVENTS.map((event) => (
              <code key={event} className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">
                {event}
              </code>
            ))}
          </p>
          <p className="text-sm text-slate-700">
            Datenschutz: Vollständige E-Mail-Adressen und IPs nur in admin-geschützten Protokollen; Nutzerprotokolle speichern IPs
            anonymisiert und User-Agents auf 50 Zeichen gekürzt. Einträge werden nach 90 Tagen gelöscht.
          </p>
        </section>
        <section className="space-y-2">
          <h2 className="text-lg font-bold">Alarmschwellen (letzte 24 Stunden)</h2>
          <ul className="grid gap-3 sm:grid-cols-3">
            <Threshold
              label="KI-Verarbeitung"
              limit={`> ${THRESHOLDS.aiProcessingMs / 1000} s`}
              value={
                metrics.aiProcessingMs.average === null
                  ? "keine Daten"
                  : `Ø ${(metrics.aiProcessingMs.average / 1000).toLocaleString("de-DE", { maximumFractionDigits: 1 })} s`
              }
              exceeded={metrics.aiProcessingMs.exceeded}
            />
            <Threshold
              label="Fehlerquote"
              limit={`> ${THRESHOLDS.errorRate * 100} %`}
              value={`${(metrics.errorRate.value * 100).toLocaleString("de-DE", { maximumFractionDigits: 1 })} %`}
              exceeded={metrics.errorRate.exceeded}
            />
            <Threshold
              label="API-Antwortzeit"
              limit={`> ${THRESHOLDS.apiResponseMs / 1000} s`}
              value={
                metrics.apiResponseMs.slowest === null
                  ? `alle unter ${THRESHOLDS.apiResponseMs / 1000} s`
                  : `max. ${(metrics.apiResponseMs.slowest / 1000).toLocaleString("de-DE", { maximumFractionDigits: 1 })} s`
              }
              exceeded={metrics.apiResponseMs.exceeded}
            />
          </ul>
        </section>
        <ActivityMonitor />
      </TabsContent>
    </Tabs>
  );
}
