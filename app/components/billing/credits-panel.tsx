// Credits up front on the create tab: how many ads are left, and at 0 the plans instead of a form
// that could only fail after the upload. Names and prices come from the one plan catalogue.
import { Link } from "@remix-run/react";
import { formatEuroCents } from "~/lib/format";
import { UPGRADE_PLANS } from "~/lib/plans";
import { buttonClasses } from "../ui/button";
import { usePublicConfig } from "../use-user";
import { planLabel } from "~/lib/dashboard";
import type { PublicUser } from "~/lib/api/types";

type CreditUser = Pick<PublicUser, "subscriptionStatus" | "planType" | "monthlyAllowance" | "adCredits">;

/** The ads a seller can still create: "Unbegrenzt" on Pro, else the credits (and a Power plan's monthly allowance). */
export function remainingLabel(user: CreditUser): string {
  if (planLabel(user.subscriptionStatus) === "PRO") return "Unbegrenzt";
  const remaining = user.adCredits + (user.planType === "power" ? user.monthlyAllowance : 0);
  return String(remaining);
}

export function hasNoCredits(user: CreditUser): boolean {
  return remainingLabel(user) === "0";
}

export function CreditsLine({ user }: { user: CreditUser }) {
  const remaining = remainingLabel(user);
  return (
    <p className="rounded-lg bg-primary-50 px-3 py-2 text-sm text-primary-900" data-testid="credits-line">
      {remaining === "Unbegrenzt"
        ? "Mit Pro erstellst du unbegrenzt Anzeigen."
        : remaining === "1"
          ? "Du hast noch 1 Anzeige frei."
          : `Du hast noch ${remaining} Anzeigen frei.`}
    </p>
  );
}

const OFFERS = UPGRADE_PLANS;

/** Shown instead of the create form when no ad is left. */
export function PlansOffer() {
  const config = usePublicConfig();
  const checkout = (plan: "pro_pack" | "power") =>
    config?.billingEnabled && (plan === "pro_pack" ? config.proPaymentLink : config.powerPaymentLink)
      ? `/api/billing/checkout/${plan}`
      : "/upgrade";
  return (
    <section
      aria-labelledby="plans-offer-heading"
      className="space-y-4 rounded-2xl border border-amber-200 bg-amber-50 p-5"
      data-testid="plans-offer"
    >
      <h2 id="plans-offer-heading" className="text-lg font-bold text-slate-900">
        Du hast keine Anzeigen mehr frei
      </h2>
      <p className="text-slate-800">
        Deine kostenlose Anzeige ist verbraucht. Wähle einen Plan – danach lädst du Fotos hoch und die KI schreibt deine nächste Anzeige.
      </p>
      <ul className="grid gap-3 sm:grid-cols-3">
        {OFFERS.map((plan) => (
          <li key={plan.id} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
            <h3 className="font-bold text-slate-900">{plan.name}</h3>
            <p className="text-xl font-extrabold text-slate-900">
              {formatEuroCents(plan.priceCents)} <span className="text-sm font-normal text-slate-600">{plan.period}</span>
            </p>
            <p className="flex-1 text-sm text-slate-700">{plan.description}</p>
            {plan.id === "pro_weekly" ? (
              <Link to="/subscribe" className={buttonClasses("accent", "sm")}>
                {plan.buttonText}
              </Link>
            ) : (
              <a href={checkout(plan.id as "pro_pack" | "power")} className={buttonClasses("outline", "sm")}>
                {plan.buttonText}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
