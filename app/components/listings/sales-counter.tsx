// Profile → "Verkaufszähler" (ADR 050): this year's sales marked "Verkauft" and their sum, per
// platform where known, earlier years folded away; for private sellers a calm note per platform as
// they near the platforms' reporting thresholds (app/lib/dac7.ts). Dealers see the counter only.
import { dac7Note } from "~/lib/dac7";
import { formatEuroCents } from "~/lib/format";
import type { SalesCounter } from "~/lib/api/types";

const salesLabel = (count: number) => (count === 1 ? "1 Verkauf" : `${count} Verkäufe`);

function YearLine({ sales, sumCents }: { sales: number; sumCents: number }) {
  return (
    <>
      {salesLabel(sales)} · {formatEuroCents(sumCents)}
    </>
  );
}

export function SalesCounterCard({ counter }: { counter: SalesCounter }) {
  const [current, ...earlier] = counter.years;
  const notes = current.platforms.filter((tally) => tally.dac7 && tally.platform);
  return (
    <section
      aria-labelledby="sales-counter-heading"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="sales-counter"
    >
      <h2 id="sales-counter-heading" className="text-lg font-bold text-slate-900">
        Verkaufszähler {current.year}
      </h2>
      {current.sales === 0 ? (
        <p className="text-sm text-slate-700">
          Noch kein Verkauf in diesem Jahr. Markiere eine Anzeige als „Verkauft“, dann zählt sie hier.
        </p>
      ) : (
        <>
          <p className="text-2xl font-extrabold text-slate-900">
            <YearLine sales={current.sales} sumCents={current.sumCents} />
          </p>
          <ul className="divide-y divide-slate-100 text-sm">
            {current.platforms.map((tally) => (
              <li key={tally.label} className="flex items-baseline justify-between gap-3 py-1.5">
                <span className="text-slate-700">{tally.label}</span>
                <span className="font-semibold text-slate-900">
                  <YearLine sales={tally.sales} sumCents={tally.sumCents} />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {notes.map((tally) => (
        <p key={tally.label} role="note" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950">
          {dac7Note(tally.label, tally.dac7!, tally.sales, tally.sumCents)}
        </p>
      ))}
      <p className="text-xs text-slate-600">
        Gezählt werden Anzeigen, die du hier als „Verkauft“ markierst, mit dem zuletzt verlangten Preis; Verschenktes zählt nicht. Die
        Plattform steht dabei, wenn die Anzeige nur dort online war.
        {current.unpriced > 0
          ? ` ${salesLabel(current.unpriced)} ohne Preis ${current.unpriced === 1 ? "ist" : "sind"} nicht in der Summe.`
          : ""}
      </p>
      {earlier.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold text-slate-800">Frühere Jahre</summary>
          <ul className="mt-2 space-y-1 text-slate-700">
            {earlier.map((year) => (
              <li key={year.year}>
                {year.year}: <YearLine sales={year.sales} sumCents={year.sumCents} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
