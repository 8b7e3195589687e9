// /upgrade: every plan a signed-in seller can buy, side by side as the landing page's price table
// shows them, from the same catalogue — the one-off pack beside the monthly and weekly plans, not
// behind the weekly subscription (/subscribe is the weekly plan's payment page).
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ShieldCheck } from "lucide-react";
import { AccountLayout } from "~/components/account-layout";
import { PlanCards } from "~/components/billing/plan-cards";
import { Button, buttonClasses } from "~/components/ui/button";
import { UPGRADE_PLANS, type Plan } from "~/lib/plans";
import { loader } from "./subscribe";

export const meta: MetaFunction = () => [{ title: "Upgrade – AnzeigenPilot" }, { name: "robots", content: "noindex" }];

export { loader };

export default function Upgrade() {
  const data = useLoaderData<typeof loader>();
  const action = (plan: Plan) => {
    const variant = plan.id === "power" ? "accent" : "primary";
    if (plan.id === "pro_weekly") {
      return data.active ? (
        <p className="text-center font-semibold text-primary-800">Du bist bereits Pro</p>
      ) : (
        <Link to="/subscribe" className={buttonClasses(variant, "md", "w-full")}>
          {plan.buttonText}
        </Link>
      );
    }
    const available = plan.id === "pro_pack" ? data.packAvailable : data.powerAvailable;
    return available ? (
      <a href={`/api/billing/checkout/${plan.id}`} target="_blank" rel="noopener" className={buttonClasses(variant, "md", "w-full")}>
        {plan.buttonText}
      </a>
    ) : (
      <Button variant={variant} className="w-full" disabled>
        {plan.buttonText}
      </Button>
    );
  };
  return (
    <AccountLayout title="Upgrade">
      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="text-lg font-bold">
          Mehr Anzeigen – such dir aus, was zu dir passt
        </h2>
        <p className="mt-1 text-slate-700">Alle Preise inkl. 19 % MwSt.</p>
        <PlanCards plans={UPGRADE_PLANS} features={data.planFeatures} action={action} />
        {!data.packAvailable || !data.powerAvailable ? (
          <p className="mt-4 text-sm text-slate-600">Zahlungen sind in dieser Umgebung nicht eingerichtet.</p>
        ) : null}
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
          <ShieldCheck aria-hidden className="size-5 text-primary-600" />
          Sichere Zahlung über Stripe. Abos sind jederzeit kündbar.
        </p>
      </section>
    </AccountLayout>
  );
}
