// Profile → eBay → "eBay einrichten" (ADR 045): what the seller's new eBay account lacks, the
// seller's usual parcel service and price, and, line by line, exactly what will be created there —
// created only when the seller confirms.
import { useState, type FormEvent } from "react";
import { apiRequest, errorMessage } from "~/browser/api-client";
import {
  DEFAULT_SHIPPING_CENTS,
  RETURN_DAYS,
  SETUP_SERVICES,
  setupSteps,
  type EbaySetupInput,
  type EbaySetupPlan,
  type SetupService,
} from "~/lib/ebay-setup";
import { euroInputOf, euroInputToCents } from "~/lib/euro-input";
import { Button } from "../ui/button";
import { Input, Select } from "../ui/field";
import { toast } from "../ui/use-toast";

export function EbaySetup({ plan, onDone }: { plan: EbaySetupPlan; onDone: () => void }) {
  const [service, setService] = useState<SetupService>(SETUP_SERVICES[0].label);
  const [cost, setCost] = useState(euroInputOf(DEFAULT_SHIPPING_CENTS));
  const [returnDays, setReturnDays] = useState<(typeof RETURN_DAYS)[number]>(14);
  const [busy, setBusy] = useState(false);
  const costCents = euroInputToCents(cost);
  const input: EbaySetupInput = { service, shippingCostCents: costCents ?? 0, returnDays };
  const steps = setupSteps(plan, input);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { message } = await apiRequest("POST", "/api/ebay/setup", { body: input });
      toast({ title: message });
      onDone();
    } catch (error) {
      toast({ variant: "destructive", title: "eBay nicht eingerichtet", description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={confirm} className="space-y-3" aria-label="eBay einrichten">
      <h3 className="text-base font-semibold text-slate-900">eBay einrichten</h3>
      <p className="text-sm text-slate-700">
        Zum Verkaufen braucht eBay einen Artikelstandort sowie Versand-, Zahlungs- und Rücknahmeregeln. In deinem eBay-Konto fehlt noch
        etwas davon – wir legen es für dich an, sobald du bestätigst.
      </p>
      {plan.placeMissing ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Für den Artikelstandort brauchen wir deine Postleitzahl. Trage PLZ und Ort oben in deinem Profil ein.
        </p>
      ) : null}
      {plan.shipping || (plan.returns && plan.seller === "commercial") ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {plan.shipping ? (
            <>
              <Select label="Dein Versanddienst" value={service} onChange={(event) => setService(event.target.value as SetupService)}>
                {SETUP_SERVICES.map((option) => (
                  <option key={option.label} value={option.label}>
                    {option.label}
                  </option>
                ))}
              </Select>
              <Input
                label="Versandkosten (€)"
                inputMode="decimal"
                value={cost}
                onChange={(event) => setCost(event.target.value)}
                error={costCents === null ? "Gib die Versandkosten in Euro an, z. B. 5,49." : undefined}
                hint="Was Käufer sonst für den Versand zahlen; eigene Versandkosten einer Anzeige gehen vor."
              />
            </>
          ) : null}
          {plan.returns && plan.seller === "commercial" ? (
            <Select
              label="Rückgabefrist"
              value={String(returnDays)}
              onChange={(event) => setReturnDays(Number(event.target.value) as (typeof RETURN_DAYS)[number])}
              hint="Als Händler musst du Verbrauchern mindestens 14 Tage Widerruf gewähren."
            >
              {RETURN_DAYS.map((days) => (
                <option key={days} value={days}>
                  {days} Tage
                </option>
              ))}
            </Select>
          ) : null}
        </div>
      ) : null}
      <div>
        <p className="text-sm font-medium text-slate-800">Das legen wir in deinem eBay-Konto an:</p>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="ebay-setup-steps">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
      </div>
      <Button type="submit" disabled={busy || plan.placeMissing || costCents === null}>
        eBay einrichten
      </Button>
    </form>
  );
}
