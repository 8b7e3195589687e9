// The 24-month forecast as a plain SVG line chart (no chart library).
import { formatEuroCents } from "~/lib/format";

export type ForecastPoint = { month: number; payingUsers: number; revenueCents: number };

/** Assumptions: 150 paying sellers in month 1, +16 % a month, 9,80 € average revenue per seller and month. */
export function forecast(months = 24, start = 150, growth = 0.16, arpuCents = 980): ForecastPoint[] {
  return Array.from({ length: months }, (_, index) => {
    const payingUsers = Math.round(start * (1 + growth) ** index);
    return { month: index + 1, payingUsers, revenueCents: payingUsers * arpuCents };
  });
}

export function ForecastChart({ points }: { points: ForecastPoint[] }) {
  const width = 640;
  const height = 280;
  const pad = { left: 72, right: 16, top: 16, bottom: 40 };
  const max = Math.max(...points.map((point) => point.revenueCents));
  const x = (month: number) => pad.left + ((month - 1) / (points.length - 1)) * (width - pad.left - pad.right);
  const y = (cents: number) => height - pad.bottom - (cents / max) * (height - pad.top - pad.bottom);
  const line = points
    .map((point, index) => `${index === 0 ? "M" : "L"}${x(point.month).toFixed(1)},${y(point.revenueCents).toFixed(1)}`)
    .join(" ");
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => Math.round(max * share));
  const last = points[points.length - 1];
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="forecast-title forecast-desc" className="h-auto w-full">
        <title id="forecast-title">Umsatzprognose über 24 Monate</title>
        <desc id="forecast-desc">
          Monatsumsatz steigt von {formatEuroCents(points[0].revenueCents)} im ersten auf {formatEuroCents(last.revenueCents)} im 24. Monat.
        </desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
            <text x={pad.left - 8} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {formatEuroCents(tick)}
            </text>
          </g>
        ))}
        {[1, 6, 12, 18, 24].map((month) => (
          <text key={month} x={x(month)} y={height - pad.bottom + 20} textAnchor="middle" fontSize="11" fill="#475569">
            M{month}
          </text>
        ))}
        <path d={line} fill="none" stroke="#0f6b73" strokeWidth="3" />
        {points.map((point) => (
          <circle key={point.month} cx={x(point.month)} cy={y(point.revenueCents)} r="2.5" fill="#0f6b73" />
        ))}
      </svg>
      <figcaption className="mt-2 text-sm text-slate-600">
        Annahmen: 150 zahlende Verkäufer im ersten Monat, 16 % Wachstum pro Monat, durchschnittlich 9,80 € Umsatz pro Verkäufer und Monat.
        Monat 24: {last.payingUsers.toLocaleString("de-DE")} zahlende Verkäufer, {formatEuroCents(last.revenueCents)} Monatsumsatz.
      </figcaption>
    </figure>
  );
}
