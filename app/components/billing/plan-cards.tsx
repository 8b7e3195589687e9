// The plan table of the landing page and /upgrade: one catalogue (app/lib/plans.ts), one look,
// features as the running AI mode keeps them (ADR 035; the loader picks them with planFeatureTable).
// Each page brings its own buttons.
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { formatEuroCents } from "~/lib/format";
import type { Plan, PlanId } from "~/lib/plans";

const BILLING_LABELS: Record<Plan["billing"], string> = {
  free: "Einmalig",
  one_time: "Einmalig",
  monthly: "Monatlich",
  weekly: "Wöchentlich",
};

export function PlanCards({
  plans,
  features,
  action,
}: {
  plans: Plan[];
  features: Record<PlanId, string[]>;
  action: (plan: Plan) => ReactNode;
}) {
  return (
    <ul className="mt-8 grid gap-4 lg:grid-cols-3" aria-label="Tarife">
      {plans.map((plan) => (
        <li
          key={plan.id}
          className={`flex flex-col rounded-2xl border bg-surface p-6 ${plan.id === "power" ? "border-2 border-accent-600" : "border-slate-200"}`}
          data-testid={`plan-${plan.id}`}
        >
          <h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
          <p className="mt-1 text-sm text-slate-600">{BILLING_LABELS[plan.billing]}</p>
          <p className="mt-4">
            <span className="text-4xl font-extrabold text-slate-900">{formatEuroCents(plan.priceCents)}</span>{" "}
            <span className="text-slate-600">{plan.period}</span>
          </p>
          <p className="mt-2 text-slate-700">{plan.description}</p>
          <ul className="mt-4 flex-1 space-y-2">
            {features[plan.id].map((feature) => (
              <li key={feature} className="flex gap-2 text-slate-800">
                <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-600" />
                {feature}
              </li>
            ))}
          </ul>
          <div className="mt-6">{action(plan)}</div>
        </li>
      ))}
    </ul>
  );
}
