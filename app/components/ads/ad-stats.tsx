import { countThisMonth } from "~/lib/dashboard";
import type { AdJson, PublicUser } from "~/lib/api/types";
import { remainingLabel } from "../billing/credits-panel";

export function AdStats({
  ads,
  user,
}: {
  ads: Pick<AdJson, "createdAt" | "status">[];
  user: Pick<PublicUser, "subscriptionStatus" | "planType" | "monthlyAllowance" | "adCredits">;
}) {
  const stats = [
    { label: "Anzeigen gesamt", value: String(ads.length) },
    { label: "Diesen Monat", value: String(countThisMonth(ads.map((ad) => ad.createdAt))) },
    { label: "Fertig", value: String(ads.filter((ad) => ad.status === "completed").length) },
    { label: "Verfügbare Anzeigen", value: remainingLabel(user) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.label} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">{stat.label}</dt>
          <dd className="mt-1 text-2xl font-extrabold text-slate-900" data-testid={`stat-${stat.label}`}>
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
