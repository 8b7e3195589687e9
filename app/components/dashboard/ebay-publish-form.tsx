// "Auf eBay veröffentlichen": the draft from eBay's Taxonomy (a suggested category, its aspects
// filled from the ad, the condition, the seller's price), editable; publishing happens only on the
// seller's click (ADR 036).
import { Link } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { apiRequest, ApiError, errorMessage } from "~/lib/api-client";
import { euroInputOf, euroInputToCents } from "~/lib/euro-input";
import { Button } from "../ui/button";
import { Input, Select } from "../ui/field";
import { toast } from "../ui/use-toast";

type Aspect = { name: string; required: boolean; values: string[]; value: string };
type Draft = {
  title: string;
  categories: Array<{ categoryId: string; categoryName: string }>;
  categoryId: string | null;
  aspects: Aspect[];
  condition: string;
  priceCents: number | null;
  /** What the ad's offer record does on eBay (VB → price proposals, pickup only, shipping cost). */
  offerNotes: string[];
};

const CONDITIONS: Array<[string, string]> = [
  ["NEW", "Neu"],
  ["NEW_OTHER", "Neu (sonstige)"],
  ["LIKE_NEW", "Neuwertig"],
  ["USED_EXCELLENT", "Gebraucht – sehr gut"],
  ["USED_VERY_GOOD", "Gebraucht – gut erhalten"],
  ["USED_GOOD", "Gebraucht – gut"],
  ["USED_ACCEPTABLE", "Gebraucht – akzeptabel"],
  ["FOR_PARTS_OR_NOT_WORKING", "Als Ersatzteil / defekt"],
];

export function EbayPublishForm({
  adId,
  onPublished,
  onFailed,
  onCancel,
}: {
  adId: string;
  onPublished: () => void;
  onFailed: () => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<{ message: string; reconnect: boolean } | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [aspects, setAspects] = useState<Record<string, string>>({});
  const [condition, setCondition] = useState("USED_GOOD");
  const [price, setPrice] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    const query = categoryId ? `?categoryId=${encodeURIComponent(categoryId)}` : "";
    apiRequest<Draft>("GET", `/api/ads/${adId}/ebay-draft${query}`)
      .then((loaded) => {
        if (!current) return;
        setDraft(loaded);
        setAspects(Object.fromEntries(loaded.aspects.map((aspect) => [aspect.name, aspect.value])));
        if (!categoryId) {
          setCondition(loaded.condition);
          setPrice(loaded.priceCents === null ? "" : euroInputOf(loaded.priceCents));
        }
      })
      .catch((failure) => {
        if (current) setProblem({ message: errorMessage(failure), reconnect: failure instanceof ApiError && failure.status === 409 });
      });
    return () => {
      current = false;
    };
  }, [adId, categoryId]);

  async function publish(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const priceCents = euroInputToCents(price);
    if (priceCents === null) return setError("Gib einen Preis in Euro an, z. B. 120 oder 120,50.");
    const missing = draft.aspects.find((aspect) => aspect.required && !(aspects[aspect.name] ?? "").trim());
    if (missing) return setError(`eBay verlangt die Angabe „${missing.name}“.`);
    setError(null);
    setBusy(true);
    try {
      await apiRequest("POST", `/api/ads/${adId}/ebay-publish`, {
        categoryId: categoryId ?? draft.categoryId,
        condition,
        priceCents,
        aspects,
      });
      toast({ title: "Auf eBay veröffentlicht" });
      onPublished();
    } catch (failure) {
      setError(errorMessage(failure));
      onFailed();
    } finally {
      setBusy(false);
    }
  }

  if (problem) {
    return (
      <div className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" role="alert">
        <p>{problem.message}</p>
        {problem.reconnect ? (
          <Link to="/profile" className="font-semibold underline">
            Zum Profil (eBay)
          </Link>
        ) : null}
        <div>
          <Button variant="ghost" size="touch" onClick={onCancel}>
            Schließen
          </Button>
        </div>
      </div>
    );
  }
  if (!draft) return <p className="h-32 animate-pulse rounded-lg bg-slate-100" aria-label="eBay-Entwurf wird geladen" />;

  return (
    <form onSubmit={publish} noValidate className="space-y-3 rounded-lg border border-slate-200 p-3" aria-label="Auf eBay veröffentlichen">
      <p className="text-sm text-slate-700">
        Titel bei eBay: <span className="font-medium text-slate-900">{draft.title}</span>
      </p>
      {draft.offerNotes.length > 0 ? (
        <ul className="space-y-1 text-sm text-slate-700" data-testid="ebay-offer-notes">
          {draft.offerNotes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <Select label="eBay-Kategorie" value={categoryId ?? draft.categoryId ?? ""} onChange={(event) => setCategoryId(event.target.value)}>
        {draft.categories.map((category) => (
          <option key={category.categoryId} value={category.categoryId}>
            {category.categoryName}
          </option>
        ))}
      </Select>
      <div className="grid gap-3 sm:grid-cols-2">
        {draft.aspects.map((aspect) => (
          <Input
            key={aspect.name}
            label={aspect.required ? `${aspect.name} *` : aspect.name}
            value={aspects[aspect.name] ?? ""}
            maxLength={65}
            onChange={(event) => setAspects({ ...aspects, [aspect.name]: event.target.value })}
          />
        ))}
        <Select label="Zustand" value={condition} onChange={(event) => setCondition(event.target.value)}>
          {CONDITIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <Input
          label="Preis (€)"
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          hint="Sofort-Kaufen-Preis, Menge 1"
        />
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Wird veröffentlicht …" : "Jetzt auf eBay veröffentlichen"}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}
