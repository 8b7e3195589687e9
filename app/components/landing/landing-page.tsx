import { SiteFooter } from "../site-footer";
import { Button } from "../ui/button";
import { LandingHeader } from "./landing-header";
import { MockListingForm } from "./mock-listing-form";
import { landingPromises } from "~/lib/landing-promises";
import { BenefitsSection, DemoSection, PricingSection } from "./sections";

export function LandingPage({ onLogin, offlineMode }: { onLogin: () => void; offlineMode: boolean }) {
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
            <p className="mt-4 text-lg text-slate-700">{landingPromises(offlineMode).hero}</p>
            <Button variant="accent" size="lg" className="mt-8" onClick={onLogin}>
              Jetzt ausprobieren
            </Button>
          </div>
          <MockListingForm />
        </section>
        <BenefitsSection offlineMode={offlineMode} />
        <DemoSection offlineMode={offlineMode} />
        <PricingSection onChoose={onLogin} offlineMode={offlineMode} />
      </main>
      <SiteFooter />
    </>
  );
}
