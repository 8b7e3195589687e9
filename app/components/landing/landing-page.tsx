import { SiteFooter } from "../site-footer";
import { Button } from "../ui/button";
import { LandingHeader } from "./landing-header";
import { MockListingForm } from "./mock-listing-form";
import type { LandingPromises } from "~/lib/landing-promises";
import type { PlanId } from "~/lib/plans";
import { BenefitsSection, DemoSection, PricingSection } from "./sections";

/** What the running mode promises (the loader picks it, ADR 035) and the plan table's features. */
export type LandingTexts = { promises: LandingPromises; planFeatures: Record<PlanId, string[]> };

export function LandingPage({ onLogin, texts }: { onLogin: () => void; texts: LandingTexts }) {
  return (
    <>
      <LandingHeader onLogin={onLogin} />
      <main>
        <section className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:py-16 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Für Kleinanzeigen, eBay, Vinted &amp; Co.</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              KI-optimierte Verkaufsanzeigen in 30 Sekunden
            </h1>
            <p className="mt-4 text-lg text-slate-700">{texts.promises.hero}</p>
            <Button variant="accent" size="lg" className="mt-8" onClick={onLogin}>
              Jetzt ausprobieren
            </Button>
          </div>
          <MockListingForm />
        </section>
        <BenefitsSection benefits={texts.promises.benefits} />
        <DemoSection demo={texts.promises.demo} />
        <PricingSection onChoose={onLogin} features={texts.planFeatures} />
      </main>
      <SiteFooter />
    </>
  );
}
