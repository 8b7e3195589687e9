// The profile's view of the dealer's Kleinanzeigen connection (ADR 038), in a dealer's words
// (ADR 048): whether publishing through Kleinanzeigen is ready here, and whether the imprint was
// created there (once, from this profile, at the first publication).
import { useEffect, useState } from "react";
import { apiRequest, errorMessage } from "~/browser/api-client";
import type { ApiAnswer } from "~/lib/api/types";
import { formatDate } from "~/lib/format";

type AccessState = ApiAnswer<"GET", "/api/kleinanzeigen">;

export function KleinanzeigenAccess() {
  const [state, setState] = useState<AccessState | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    apiRequest("GET", "/api/kleinanzeigen").then(setState, (failure) => setError(errorMessage(failure)));
  }, []);

  return (
    <section
      className="mt-6 space-y-2 rounded-lg border border-slate-200 p-4 text-sm"
      aria-labelledby="kleinanzeigen-access"
      data-testid="kleinanzeigen-access"
    >
      <h2 id="kleinanzeigen-access" className="text-base font-semibold text-slate-900">
        Kleinanzeigen für Händler
      </h2>
      <div aria-live="polite" className="space-y-1 text-slate-700">
        {!state && !error ? <p className="h-5 w-56 animate-pulse rounded bg-slate-100" aria-label="Wird geladen" /> : null}
        {state ? (
          <>
            <p>
              Veröffentlichen über Kleinanzeigen: <strong>{state.configured ? "bereit" : "noch nicht eingerichtet"}</strong>
            </p>
            {!state.configured && state.notice ? <p>{state.notice}</p> : null}
            <p>
              Impressum bei Kleinanzeigen:{" "}
              <strong>{state.imprintCreatedAt ? `angelegt am ${formatDate(state.imprintCreatedAt)}` : "noch nicht angelegt"}</strong>
            </p>
            {!state.imprintCreatedAt ? (
              <p>Es wird bei deiner ersten Veröffentlichung einmal aus Firmenname, Adresse, Telefon und E-Mail dieses Profils angelegt.</p>
            ) : null}
          </>
        ) : null}
        {error ? <p className="text-red-800">{error}</p> : null}
      </div>
    </section>
  );
}
