import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Download, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { forecast, ForecastChart } from "~/components/forecast-chart";
import { ContentPage } from "~/components/site-header";
import { BRAND_IMAGES, pageMeta } from "~/lib/page-meta";
import { formatEuroCents } from "~/lib/format";
import { FREE_AD_CREDITS, OFFERED_PLANS } from "~/lib/plans";

export function loader({ context }: LoaderFunctionArgs) {
  return { canonical: `${context.config.PUBLIC_BASE_URL}/investors` };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "Für Investoren",
    description:
      "AnzeigenPilot: KI-Anzeigen für den deutschsprachigen Gebrauchtmarkt. Problem, Lösung, Markt, Technik, Preise, Roadmap und 24-Monats-Prognose.",
    canonical: data?.canonical,
    image: BRAND_IMAGES.investors,
    imageAlt: "AnzeigenPilot für Investoren: KI-Anzeigen für den deutschsprachigen Gebrauchtmarkt",
  });

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function Investors() {
  return (
    <ContentPage>
      <div className="space-y-10 text-slate-800">
        <header>
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Investor Relations</p>
          <h1 className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl">
            AnzeigenPilot – der schnellste Weg zur fertigen Kleinanzeige
          </h1>
        </header>
        <Section id="problem" title="Problem">
          <p>
            Eine gute Gebrauchtanzeige kostet Privatverkäufer rund 30 Minuten, Händler für jeden Artikel aufs Neue. Schlechte Anzeigen
            verkaufen langsamer und unter Wert – oder gar nicht.
          </p>
        </Section>
        <Section id="solution" title="Lösung">
          <p>
            Fotos hochladen, zwei Stichworte, fertig: Die KI erkennt Marke, Modell, Seriennummer und Mängel, schreibt Titel und Beschreibung
            nach den Regeln der jeweiligen Plattform, schlägt einen Preis vor und ergänzt rechtssichere Hinweise – in rund 30 Sekunden.
          </p>
        </Section>
        <Section id="market" title="Marktzahlen">
          <ul className="grid gap-3 sm:grid-cols-3">
            {[
              ["> 30 Mio.", "monatliche Nutzer deutscher Kleinanzeigen-Portale"],
              ["≈ 12 Min.", "gesparte Zeit pro Anzeige"],
              ["DACH", "deutschsprachiger Markt als Start"],
            ].map(([value, label]) => (
              <li key={label} className="rounded-xl border border-slate-200 bg-white p-4">
                <p className="text-2xl font-extrabold text-primary-800">{value}</p>
                <p className="text-sm">{label}</p>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="tech" title="Technologie">
          <p>
            Cloudflare Workers am Netzwerkrand, D1 als Datenbank, R2 für Fotos, eine Queue zum Generator-Worker mit Workers AI. Fotos werden
            schon im Browser verkleinert; die Anfrage wartet nie auf das Modell.
          </p>
          <img
            src="/anzeigenpilot-architektur.svg"
            alt="Architekturdiagramm: Browser, App-Worker, D1, R2, Queue, Generator-Worker mit Workers AI"
            width={960}
            height={420}
            loading="lazy"
            className="w-full rounded-xl border border-slate-200"
          />
          <a
            href="/anzeigenpilot-architektur.svg"
            download
            className="inline-flex items-center gap-2 font-semibold text-primary-700 underline"
          >
            <Download aria-hidden className="size-4" /> Architekturdiagramm herunterladen (SVG)
          </a>
        </Section>
        <Section id="pricing" title="Preismodell">
          <ul className="grid gap-3 sm:grid-cols-3">
            {OFFERED_PLANS.map((plan) => (
              <li key={plan.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <p className="font-bold">{plan.name}</p>
                <p className="text-xl font-extrabold">
                  {plan.priceCents === 0 ? `${FREE_AD_CREDITS} Anzeige gratis` : `${formatEuroCents(plan.priceCents)} ${plan.period}`}
                </p>
                <p className="text-sm">{plan.features[0]}</p>
              </li>
            ))}
          </ul>
          <p className="text-sm">
            Kostenloser Test mit 1 Anzeige, 5 € für 10 Anzeigen einmalig, 39 € für 200 Anzeigen im Monat (alle Preise inkl. MwSt.).
          </p>
        </Section>
        <Section id="analytics" title="Kennzahlen, die wir messen">
          <p>
            Aktivierung (erste Anzeige), Zeit bis zur fertigen Anzeige, Anteil zahlender Verkäufer, Wiederkehr pro Monat und Fehlerquote der
            KI-Verarbeitung – live im internen Aktivitätsmonitor.
          </p>
        </Section>
        <Section id="roadmap" title="Roadmap">
          <ol className="list-decimal space-y-1 pl-5">
            <li>Quartal 1: Start in Deutschland, Kleinanzeigen, eBay und Vinted</li>
            <li>Quartal 2: Österreich (willhaben) und Schweiz, Händler-Tarif mit Teamzugängen</li>
            <li>Quartal 3: Serienanzeigen per CSV, direkte Veröffentlichung über Partner-Schnittstellen</li>
            <li>Quartal 4: Preis-Insights aus verkauften Artikeln</li>
          </ol>
        </Section>
        <Section id="forecast" title="24-Monats-Prognose">
          <ForecastChart points={forecast()} />
        </Section>
        <Section id="contact" title="Kontakt für Investoren">
          <ContactLink />
        </Section>
      </div>
    </ContentPage>
  );
}

function ContactLink() {
  return (
    <a href="mailto:investoren@anzeigenpilot.de" className="inline-flex items-center gap-2 font-semibold text-primary-700 underline">
      <Mail aria-hidden className="size-4" /> investoren@anzeigenpilot.de
    </a>
  );
}
