// The live activity monitor (docs/PRODUCT.md, "Internal docs and activity log"): server-side filters and paging, refresh every 30 s
// without losing filters or page.
import { useCallback, useEffect, useState } from "react";
import { apiRequestWithHeaders } from "~/browser/api-client";
import type { ApiAnswer } from "~/lib/api/types";
import { formatDateTime } from "~/lib/format";
import { Button } from "./ui/button";

export const MONITOR_REFRESH_MS = 30_000;
export const MONITOR_PAGE_SIZE = 20;

type Entry = ApiAnswer<"GET", "/api/logs">[number];
type Facets = ApiAnswer<"GET", "/api/logs/facets">;
type Filters = { search: string; action: string; country: string; page: number };

export function actionTone(action: string): string {
  if (action.includes("error") || action.includes("failed")) return "bg-red-100 text-red-900";
  if (action.includes("logout")) return "bg-slate-200 text-slate-900";
  if (action.includes("login")) return "bg-green-100 text-green-900";
  if (action.includes("ad_created")) return "bg-sky-100 text-sky-900";
  if (action.includes("subscription")) return "bg-violet-100 text-violet-900";
  return "bg-slate-100 text-slate-800";
}

function detailsText(details: unknown): string {
  if (details === null || details === undefined) return "";
  return typeof details === "object" ? JSON.stringify(details) : String(details);
}

const EMPTY: Filters = { search: "", action: "", country: "", page: 1 };

export function ActivityMonitor() {
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [facets, setFacets] = useState<Facets>({ actions: [], countries: [] });

  const load = useCallback(async (current: Filters) => {
    setLoading(true);
    const query = {
      page: current.page,
      pageSize: MONITOR_PAGE_SIZE,
      ...(current.search ? { search: current.search } : {}),
      ...(current.action ? { action: current.action } : {}),
      ...(current.country ? { country: current.country } : {}),
    };
    try {
      const [{ body, headers }, facetAnswer] = await Promise.all([
        apiRequestWithHeaders("GET", "/api/logs", { query }),
        apiRequestWithHeaders("GET", "/api/logs/facets"),
      ]);
      setEntries(body);
      setTotal(Number(headers.get("X-Total-Count") ?? body.length));
      setFacets(facetAnswer.body);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    const refresh = () => void load(filters).catch(() => {});
    const first = setTimeout(refresh, 0);
    const timer = setInterval(refresh, MONITOR_REFRESH_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [filters, load]);

  const pages = Math.max(1, Math.ceil(total / MONITOR_PAGE_SIZE));
  const from = total === 0 ? 0 : (filters.page - 1) * MONITOR_PAGE_SIZE + 1;
  const to = Math.min(filters.page * MONITOR_PAGE_SIZE, total);
  const update = (change: Partial<Filters>) => setFilters({ ...filters, page: 1, ...change });

  return (
    <section aria-labelledby="monitor-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="monitor-heading" className="text-lg font-bold">
          Aktivitätsmonitor{" "}
          <span className="font-normal text-slate-600" data-testid="monitor-count">
            ({total.toLocaleString("de-DE")} Einträge)
          </span>
        </h3>
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <span aria-hidden className={`inline-block size-2.5 rounded-full ${loading ? "bg-amber-500" : "bg-green-600"}`} />
          <span data-testid="monitor-status">{loading ? "Laden" : "Live"}</span> · Live-Update alle 30s
        </p>
      </div>
      <div className="grid gap-2 sm:grid-cols-4">
        <label className="sm:col-span-2">
          <span className="sr-only">Suche</span>
          <input
            type="search"
            maxLength={40}
            placeholder="Suche (Aktion, E-Mail, Details)"
            value={filters.search}
            onChange={(event) => update({ search: event.target.value })}
            className="h-11 w-full rounded-lg border border-slate-300 px-3"
          />
        </label>
        <label>
          <span className="sr-only">Aktion</span>
          <select
            value={filters.action}
            onChange={(event) => update({ action: event.target.value })}
            className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3"
          >
            <option value="">Alle Aktionen</option>
            {facets.actions.map((action) => (
              <option key={action}>{action}</option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">Land</span>
          <select
            value={filters.country}
            onChange={(event) => update({ country: event.target.value })}
            className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3"
          >
            <option value="">Alle Länder</option>
            {facets.countries.map((country) => (
              <option key={country}>{country}</option>
            ))}
          </select>
        </label>
      </div>
      <Button variant="outline" size="sm" onClick={() => setFilters(EMPTY)}>
        Filter zurücksetzen
      </Button>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                Zeit
              </th>
              <th scope="col" className="px-3 py-2">
                Aktion
              </th>
              <th scope="col" className="px-3 py-2">
                Benutzer
              </th>
              <th scope="col" className="px-3 py-2">
                Land
              </th>
              <th scope="col" className="px-3 py-2">
                Details
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-slate-600">
                  Keine Einträge gefunden
                </td>
              </tr>
            ) : (
              entries.map((entry) => (
                <tr key={entry.id} className="border-t border-slate-100 align-top" data-testid="log-row">
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(entry.timestamp)}</td>
                  <td className="px-3 py-2">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${actionTone(entry.action)}`}>{entry.action}</span>
                  </td>
                  <td className="px-3 py-2">{entry.email || "Anonym"}</td>
                  <td className="px-3 py-2">{entry.country ?? "–"}</td>
                  <td className="max-w-xs px-3 py-2 break-all text-slate-700">{detailsText(entry.details)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p>
          Zeige {from}-{to} von {total.toLocaleString("de-DE")}
        </p>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={filters.page <= 1}
            onClick={() => setFilters({ ...filters, page: Math.max(1, filters.page - 1) })}
          >
            Zurück
          </Button>
          <span>
            Seite {filters.page} von {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={filters.page >= pages}
            onClick={() => setFilters({ ...filters, page: Math.min(pages, filters.page + 1) })}
          >
            Weiter
          </Button>
        </div>
      </div>
    </section>
  );
}
