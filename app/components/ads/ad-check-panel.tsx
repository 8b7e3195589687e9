// The Anzeigen-Check on a finished ad's card (ADR 041): the score and, per part, the concrete hints
// the server computed from the offer record and the text (app/.server/app-worker/ads/ad-check.ts).
import { Badge } from "../ui/badge";
import type { AdJson } from "~/lib/api/types";

type AdCheck = NonNullable<AdJson["check"]>;

function tone(score: number) {
  if (score >= 85) return "success" as const;
  if (score >= 60) return "info" as const;
  return "danger" as const;
}

export function AdCheckPanel({ adId, check }: { adId: string; check: AdCheck }) {
  const headingId = `ad-${adId}-check`;
  const hints = check.parts.flatMap((part) => part.hints.map((hint) => ({ part: part.label, hint })));
  return (
    <section aria-labelledby={headingId} data-testid="ad-check" className="mt-3 rounded-lg border border-slate-200 px-3 py-2">
      <h3 id={headingId} className="flex items-center justify-between gap-2 text-sm font-semibold text-slate-900">
        Anzeigen-Check
        <Badge tone={tone(check.score)}>
          <span data-testid="ad-check-score">{check.score}</span>&nbsp;von 100
        </Badge>
      </h3>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600" aria-label="Punkte je Bereich">
        {check.parts.map((part) => (
          <li key={part.id}>
            {part.label}: {part.points}/{part.max}
          </li>
        ))}
      </ul>
      {hints.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800" aria-label="Hinweise">
          {hints.map(({ part, hint }) => (
            <li key={hint}>
              <span className="font-medium">{part}:</span> {hint}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">Alles drin, wonach Käufer suchen.</p>
      )}
    </section>
  );
}
