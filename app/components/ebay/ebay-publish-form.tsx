// "Auf eBay veröffentlichen": the draft from eBay (ADR 036, ADR 046) — the category from eBay's
// suggestions (or from other words the seller types: eBay's category names first, ADR 072), its aspects (a list to choose from where
// eBay takes only its own values), only the conditions the category allows, the seller's price and,
// where the shipping policy calculates by weight and size, the parcel, and where the ad names no
// shipping amount, the amount (ADR 075). Everything is editable;
// publishing happens only on the seller's click.
import { Link } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { apiRequest, ApiError, errorMessage } from "~/browser/api-client";
import type { ApiAnswer } from "~/lib/api/types";
import { euroInputOf, euroInputToCents } from "~/lib/euro-input";
import { Button } from "../ui/button";
import { Input, Select } from "../ui/field";
import { toast } from "../ui/use-toast";

type EbayDraft = ApiAnswer<"GET", "/api/ads/{id}/ebay-draft">;
type DraftAspect = EbayDraft["aspects"][number];
type Category = EbayDraft["categories"][number];
type Parcel = { weight: string; length: string; width: string; height: string };

/** "2,5" → 2.5; null when it is no positive number. */
function decimalOf(text: string): number | null {
  const normalized = text.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(normalized)) return null;
  const value = Number(normalized);
  return value > 0 ? value : null;
}

/** The parcel as the API takes it (grams, whole centimetres), or a German sentence on what is missing. */
function parcelOf(parcel: Parcel): { weightGrams: number; lengthCm: number; widthCm: number; heightCm: number } | string {
  const kilograms = decimalOf(parcel.weight);
  const [length, width, height] = [parcel.length, parcel.width, parcel.height].map(decimalOf);
  if (kilograms === null) return "Gib das Gewicht des Pakets in kg an, z. B. 2,5.";
  if (length === null || width === null || height === null) return "Gib Länge, Breite und Höhe des Pakets in cm an.";
  return { weightGrams: Math.round(kilograms * 1000), lengthCm: Math.ceil(length), widthCm: Math.ceil(width), heightCm: Math.ceil(height) };
}

function AspectField({ aspect, value, onChange }: { aspect: DraftAspect; value: string; onChange: (value: string) => void }) {
  const label = aspect.required ? `${aspect.name} *` : aspect.name;
  if (aspect.mode === "SELECTION_ONLY") {
    return (
      <Select label={label} value={value} onChange={(event) => onChange(event.target.value)} hint="Nur Werte aus eBays Liste">
        <option value="">Bitte wählen</option>
        {aspect.values.map((entry) => (
          <option key={entry} value={entry}>
            {entry}
          </option>
        ))}
      </Select>
    );
  }
  const listId = `ebay-aspect-${aspect.name.replace(/[^\p{L}\p{N}]+/gu, "-")}`;
  return (
    <>
      <Input
        label={label}
        value={value}
        maxLength={aspect.maxLength}
        list={aspect.values.length > 0 ? listId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {aspect.values.length > 0 ? (
        <datalist id={listId}>
          {aspect.values.map((entry) => (
            <option key={entry} value={entry} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}

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
  const [draft, setDraft] = useState<EbayDraft | null>(null);
  const [problem, setProblem] = useState<{ message: string; reconnect: boolean } | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  /** Every category eBay suggested so far, so a choice stays in the list when the words change. */
  const [known, setKnown] = useState<Category[]>([]);
  const [words, setWords] = useState("");
  const [search, setSearch] = useState<string | null>(null);
  const [aspects, setAspects] = useState<Record<string, string>>({});
  const [condition, setCondition] = useState("");
  /** Descriptor id → value id: what the chosen condition requires besides itself (trading cards, ADR 073). */
  const [descriptors, setDescriptors] = useState<Record<string, string>>({});
  const [price, setPrice] = useState("");
  const [parcel, setParcel] = useState<Parcel>({ weight: "", length: "", width: "", height: "" });
  const [shippingCost, setShippingCost] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    const query = { ...(categoryId ? { categoryId } : {}), ...(search ? { q: search } : {}) };
    apiRequest("GET", "/api/ads/{id}/ebay-draft", { params: { id: adId }, query })
      .then((loaded) => {
        if (!current) return;
        setDraft(loaded);
        setKnown((before) => [
          ...loaded.categories,
          ...before.filter((entry) => !loaded.categories.some((next) => next.categoryId === entry.categoryId)),
        ]);
        // A value the seller typed stays where the new category has the same aspect and takes it.
        setAspects((before) =>
          Object.fromEntries(
            loaded.aspects.map((aspect) => {
              const kept = before[aspect.name] ?? "";
              const fits = kept !== "" && (aspect.mode === "FREE_TEXT" || aspect.values.includes(kept));
              return [aspect.name, fits ? kept : aspect.value];
            }),
          ),
        );
        setCondition((before) => (loaded.conditions.some((entry) => entry.value === before) ? before : (loaded.condition ?? "")));
        setPrice((before) => (before !== "" || loaded.priceCents === null ? before : euroInputOf(loaded.priceCents)));
      })
      .catch((failure) => {
        if (current) setProblem({ message: errorMessage(failure), reconnect: failure instanceof ApiError && failure.status === 409 });
      });
    return () => {
      current = false;
    };
  }, [adId, categoryId, search]);

  async function publish(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const priceCents = euroInputToCents(price);
    if (priceCents === null) return setError("Gib einen Preis in Euro an, z. B. 120 oder 120,50.");
    const missing = draft.aspects.find((aspect) => aspect.required && !(aspects[aspect.name] ?? "").trim());
    if (missing) return setError(`eBay verlangt die Angabe „${missing.name}“.`);
    const chosen = draft.conditions.find((entry) => entry.value === condition);
    if (!chosen) return setError("Wähle einen Zustand aus der Liste.");
    const unset = chosen.descriptors.find((descriptor) => !descriptors[descriptor.id]);
    if (unset) return setError(`eBay verlangt beim Zustand „${chosen.label}“ die Angabe „${unset.name}“.`);
    const conditionDescriptors = Object.fromEntries(chosen.descriptors.map((descriptor) => [descriptor.id, descriptors[descriptor.id]]));
    const category = categoryId ?? draft.categoryId;
    if (!category) return setError("Wähle eine eBay-Kategorie aus der Liste.");
    const pack = draft.needsPackage ? parcelOf(parcel) : null;
    if (typeof pack === "string") return setError(pack);
    // "Käufer zahlt Versand" without an amount: the seller names it, nothing is assumed (ADR 075).
    const shippingCostCents = draft.needsShippingCost ? euroInputToCents(shippingCost) : null;
    if (draft.needsShippingCost && shippingCostCents === null)
      return setError("Gib die Versandkosten in Euro an, die der Käufer zahlt, z. B. 5,49 – oder 0 für „Versand inklusive“.");
    setError(null);
    setBusy(true);
    try {
      await apiRequest("POST", "/api/ads/{id}/ebay-publish", {
        params: { id: adId },
        body: {
          categoryId: category,
          condition: chosen.value,
          ...(chosen.descriptors.length > 0 ? { conditionDescriptors } : {}),
          priceCents,
          aspects,
          ...(pack ? { package: pack } : {}),
          ...(shippingCostCents !== null ? { shippingCostCents } : {}),
        },
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

  const parcelField = (key: keyof Parcel, label: string) => (
    <Input
      label={label}
      inputMode="decimal"
      value={parcel[key]}
      onChange={(event) => setParcel({ ...parcel, [key]: event.target.value })}
    />
  );

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
      <Select
        label="eBay-Kategorie"
        value={categoryId ?? draft.categoryId ?? ""}
        onChange={(event) => setCategoryId(event.target.value)}
        hint="Vorschläge von eBay, der passendste zuerst"
      >
        {known.map((category) => (
          <option key={category.categoryId} value={category.categoryId}>
            {category.path ? `${category.categoryName} (${category.path})` : category.categoryName}
          </option>
        ))}
      </Select>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Input
            label="Andere Kategorie suchen"
            value={words}
            placeholder="z. B. Babyschale"
            hint="Sucht in eBays Kategorien nach dem Namen und fragt eBay nach Vorschlägen"
            onChange={(event) => setWords(event.target.value)}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={words.trim().length < 2}
          onClick={() => {
            setCategoryId(null);
            setSearch(words.trim());
          }}
        >
          Suchen
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {draft.aspects.map((aspect) => (
          <AspectField
            key={aspect.name}
            aspect={aspect}
            value={aspects[aspect.name] ?? ""}
            onChange={(value) => setAspects({ ...aspects, [aspect.name]: value })}
          />
        ))}
        <Select label="Zustand" value={condition} onChange={(event) => setCondition(event.target.value)}>
          {condition === "" ? <option value="">Bitte wählen</option> : null}
          {draft.conditions.map((entry) => (
            <option key={entry.value} value={entry.value}>
              {entry.label}
            </option>
          ))}
        </Select>
        {draft.conditions
          .find((entry) => entry.value === condition)
          ?.descriptors.map((descriptor) => (
            <Select
              key={descriptor.id}
              label={`${descriptor.name} *`}
              value={descriptors[descriptor.id] ?? ""}
              onChange={(event) => setDescriptors({ ...descriptors, [descriptor.id]: event.target.value })}
            >
              <option value="">Bitte wählen</option>
              {descriptor.values.map((value) => (
                <option key={value.id} value={value.id}>
                  {value.name}
                </option>
              ))}
            </Select>
          ))}
        <Input
          label="Preis (€)"
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          hint="Sofort-Kaufen-Preis, Menge 1"
        />
      </div>
      {draft.needsShippingCost ? (
        <Input
          label="Versandkosten für den Käufer (€)"
          inputMode="decimal"
          value={shippingCost}
          onChange={(event) => setShippingCost(event.target.value)}
          hint="Deine Anzeige nennt keinen Betrag. eBay zeigt diesen, und er kommt in deine Anzeige."
        />
      ) : null}
      {draft.needsPackage ? (
        <fieldset className="space-y-2" data-testid="ebay-parcel">
          <legend className="text-sm font-medium text-slate-800">Paket (deine Versandrichtlinie berechnet die Kosten danach)</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {parcelField("weight", "Gewicht (kg)")}
            {parcelField("length", "Länge (cm)")}
            {parcelField("width", "Breite (cm)")}
            {parcelField("height", "Höhe (cm)")}
          </div>
        </fieldset>
      ) : null}
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
