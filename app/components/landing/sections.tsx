// Landing sections: benefits, before/after example, pricing — promising only what the running AI
// mode does (ADR 035, app/lib/landing-promises.ts).
import { Clock, ScanLine, ShieldCheck, Smartphone, Tag, Timer } from "lucide-react";
import type { LandingPromises, BenefitIcon } from "~/lib/landing-promises";
import type { PlanId } from "~/lib/plans";
import { OFFERED_PLANS } from "~/lib/plans";
import { AdMarkup } from "../ads/ad-markup";
import { PlanCards } from "../billing/plan-cards";
import { Button } from "../ui/button";

const ICONS: Record<BenefitIcon, typeof Clock> = {
  clock: Clock,
  timer: Timer,
  scan: ScanLine,
  tag: Tag,
  phone: Smartphone,
};

export function BenefitsSection({ benefits }: { benefits: LandingPromises["benefits"] }) {
  return (
    <section id="benefits" aria-labelledby="benefits-heading" className="scroll-mt-24 bg-white py-14">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="benefits-heading" className="text-3xl font-extrabold text-slate-900">
          Vorteile
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map((benefit) => {
            const Icon = ICONS[benefit.icon];
            return (
              <li key={benefit.title} className="rounded-2xl border border-slate-200 bg-surface p-5">
                <Icon aria-hidden className="size-7 text-primary-600" />
                <h3 className="mt-3 text-lg font-bold text-slate-900">{benefit.title}</h3>
                <p className="mt-1 text-slate-700">{benefit.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function DemoSection({ demo }: { demo: LandingPromises["demo"] }) {
  return (
    <section id="demo" aria-labelledby="demo-heading" className="scroll-mt-24 py-14">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="demo-heading" className="text-3xl font-extrabold text-slate-900">
          Beispiel: vorher und nachher
        </h2>
        <div className="mt-8 grid gap-4 lg:grid-cols-2">
          <figure className="rounded-2xl border border-slate-200 bg-white p-5">
            <figcaption className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Vorher</figcaption>
            <p className="mt-3 text-slate-800">{demo.before}</p>
          </figure>
          <figure className="rounded-2xl border-2 border-primary-600 bg-white p-5">
            <figcaption className="text-sm font-semibold tracking-wide text-primary-700 uppercase">Nachher – mit AnzeigenPilot</figcaption>
            <AdMarkup text={demo.after} className="mt-3 space-y-1 text-slate-800" />
          </figure>
        </div>
      </div>
    </section>
  );
}

export function PricingSection({ onChoose, features }: { onChoose: () => void; features: Record<PlanId, string[]> }) {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-24 bg-white py-14">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="pricing-heading" className="text-3xl font-extrabold text-slate-900">
          Preise
        </h2>
        <p className="mt-2 text-slate-700">Alle Preise inkl. 19 % MwSt.</p>
        <PlanCards
          plans={OFFERED_PLANS}
          features={features}
          action={(plan) => (
            <Button variant={plan.id === "power" ? "accent" : "primary"} className="w-full" onClick={onChoose}>
              {plan.buttonText}
            </Button>
          )}
        />
        <p className="mt-6 flex items-center gap-2 text-sm text-slate-700">
          <ShieldCheck aria-hidden className="size-5 text-primary-600" />
          Sichere Zahlung über Stripe. Abos sind jederzeit kündbar.
        </p>
      </div>
    </section>
  );
}
