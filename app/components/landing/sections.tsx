// Landing sections: benefits, before/after example, pricing.
import { Check, Clock, ScanLine, ShieldCheck, Smartphone, Timer } from "lucide-react";
import { formatEuroCents } from "~/lib/format";
import { OFFERED_PLANS } from "~/lib/plans";
import { AdMarkup } from "../ad-markup";
import { Button } from "../ui/button";

const BENEFITS = [
  { icon: Clock, title: "12 Minuten gespart", text: "…pro Anzeige. Kein Grübeln über Titel, Aufbau und Formulierungen mehr." },
  { icon: Timer, title: "30 Sekunden statt 30 Minuten", text: "Fotos hochladen, zwei Stichworte – die fertige Anzeige ist da, bevor der Kaffee durchgelaufen ist." },
  { icon: ScanLine, title: "Seriennummer erkannt", text: "Marke, Modell und Seriennummer werden erkannt und mit Herstellerinfos ergänzt." },
  { icon: Smartphone, title: "Profi-Texte vom Handy", text: "Für unterwegs gebaut. Die erste Anzeige ist kostenlos – ganz ohne Kreditkarte." },
];

export function BenefitsSection() {
  return (
    <section id="benefits" aria-labelledby="benefits-heading" className="scroll-mt-24 bg-white py-14">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="benefits-heading" className="text-3xl font-extrabold text-slate-900">
          Vorteile
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="rounded-2xl border border-slate-200 bg-surface p-5">
              <benefit.icon aria-hidden className="size-7 text-primary-600" />
              <h3 className="mt-3 text-lg font-bold text-slate-900">{benefit.title}</h3>
              <p className="mt-1 text-slate-700">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const BEFORE = "Kaffeemaschine zu verkaufen. Funktioniert noch. 80 Euro. Abholung.";

const AFTER = `☕ **DeLonghi Magnifica S ECAM 22.110.B – Kaffeevollautomat**
Ich verkaufe meinen Kaffeevollautomaten in **sehr gutem Zustand**.

🔧 **Technische Daten**
- Hersteller: De'Longhi, Modell ECAM 22.110.B
- 15 bar Pumpendruck, Kegelmahlwerk mit 13 Stufen
- Wassertank 1,8 l, Milchaufschäumdüse

🏭 **Herstellerinfo**
- Seriennummer erkannt: 1234-56789 – Baujahr 2021

✨ **Zustand**
- Regelmäßig entkalkt, Brühgruppe gereinigt
- *Hinweis:* kleiner Kratzer an der rechten Seite (siehe Foto 3)

📞 **Kontakt**
- Fragen gerne per Nachricht, Abholung in Köln-Ehrenfeld

⚖️ **Rechtliche Hinweise**
Privatverkauf unter Ausschluss jeglicher Sachmängelhaftung. Die Haftung für Verletzungen von Leben, Körper und Gesundheit sowie für Vorsatz und grobe Fahrlässigkeit bleibt unberührt.`;

export function DemoSection() {
  return (
    <section id="demo" aria-labelledby="demo-heading" className="scroll-mt-24 py-14">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="demo-heading" className="text-3xl font-extrabold text-slate-900">
          Beispiel: vorher und nachher
        </h2>
        <div className="mt-8 grid gap-4 lg:grid-cols-2">
          <figure className="rounded-2xl border border-slate-200 bg-white p-5">
            <figcaption className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Vorher</figcaption>
            <p className="mt-3 text-slate-800">{BEFORE}</p>
          </figure>
          <figure className="rounded-2xl border-2 border-primary-600 bg-white p-5">
            <figcaption className="text-sm font-semibold tracking-wide text-primary-700 uppercase">Nachher – mit AnzeigenPilot</figcaption>
            <AdMarkup text={AFTER} className="mt-3 space-y-1 text-slate-800" />
          </figure>
        </div>
      </div>
    </section>
  );
}

export function PricingSection({ onChoose }: { onChoose: () => void }) {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-24 bg-white py-14">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="pricing-heading" className="text-3xl font-extrabold text-slate-900">
          Preise
        </h2>
        <p className="mt-2 text-slate-700">Alle Preise inkl. 19 % MwSt.</p>
        <ul className="mt-8 grid gap-4 lg:grid-cols-3">
          {OFFERED_PLANS.map((plan) => (
            <li key={plan.id} className={`flex flex-col rounded-2xl border bg-surface p-6 ${plan.id === "power" ? "border-2 border-accent-600" : "border-slate-200"}`}>
              <h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
              <p className="mt-1 text-sm text-slate-600">{plan.billing === "monthly" ? "Monatlich" : "Einmalig"}</p>
              <p className="mt-4">
                <span className="text-4xl font-extrabold text-slate-900">{formatEuroCents(plan.priceCents)}</span>{" "}
                <span className="text-slate-600">{plan.period}</span>
              </p>
              <p className="mt-2 text-slate-700">{plan.description}</p>
              <ul className="mt-4 flex-1 space-y-2">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2 text-slate-800">
                    <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-600" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button variant={plan.id === "power" ? "accent" : "primary"} className="mt-6 w-full" onClick={onChoose}>
                {plan.buttonText}
              </Button>
            </li>
          ))}
        </ul>
        <p className="mt-6 flex items-center gap-2 text-sm text-slate-700">
          <ShieldCheck aria-hidden className="size-5 text-primary-600" />
          Sichere Zahlung über Stripe. Abos sind jederzeit kündbar.
        </p>
      </div>
    </section>
  );
}
