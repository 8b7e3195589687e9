import { Camera, FileText, Sparkles } from "lucide-react";
import { Button } from "../ui/button";
import { LandingHeader } from "./landing-header";

const steps = [
  { icon: Camera, title: "Fotos hochladen", text: "Bis zu fünf Fotos direkt vom Handy – wir verkleinern sie vor dem Upload." },
  { icon: FileText, title: "Kurz beschreiben", text: "Artikel, Kategorie und ein paar Stichworte zu Zustand und Zubehör." },
  { icon: Sparkles, title: "Anzeige erhalten", text: "Titel, Beschreibung, Preisvorschlag und die passenden Rechtshinweise." },
];

export function LandingPage({ onLogin }: { onLogin: () => void }) {
  return (
    <>
      <LandingHeader onLogin={onLogin} />
      <main>
        <section className="mx-auto max-w-6xl px-4 py-12 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-accent-600 uppercase">Für Kleinanzeigen, eBay &amp; Vinted</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Verkaufsanzeigen, die verkaufen – in 30 Sekunden statt 30 Minuten
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">
            Aus ein paar Fotos und zwei Sätzen schreibt AnzeigenPilot eine vollständige Anzeige: optimierter Titel,
            übersichtliche Beschreibung, realistischer Preisvorschlag und die richtigen Rechtshinweise. Die erste Anzeige
            ist kostenlos, ohne Kreditkarte.
          </p>
          <Button variant="accent" size="lg" className="mt-8" onClick={onLogin}>
            Jetzt ausprobieren
          </Button>
        </section>
        <section aria-labelledby="how-heading" className="bg-white py-12">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="how-heading" className="text-2xl font-bold text-slate-900">
              So funktioniert&apos;s
            </h2>
            <ol className="mt-6 grid gap-4 sm:grid-cols-3">
              {steps.map((step, index) => (
                <li key={step.title} className="rounded-2xl border border-slate-200 bg-surface p-5">
                  <step.icon aria-hidden className="size-6 text-primary-600" />
                  <h3 className="mt-3 font-semibold text-slate-900">
                    {index + 1}. {step.title}
                  </h3>
                  <p className="mt-1 text-slate-700">{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      </main>
      <footer className="mx-auto max-w-6xl px-4 py-8 text-sm text-slate-600">© AnzeigenPilot</footer>
    </>
  );
}
