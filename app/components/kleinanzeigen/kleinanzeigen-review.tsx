// The dealer's review before publishing to Kleinanzeigen (ADR 048): category, condition, price
// type and price, shipping or pickup and the shipping cost, prefilled from the ad's record. What
// the dealer changes here is a change of the ad — every surface shows it — which the form says.
// The server validates the input (zod) and answers German messages per field.
import { useEffect, useState, type ChangeEvent, type FormEvent } from "react";
import { apiRequest, ApiError, errorMessage } from "~/browser/api-client";
import type { ApiAnswer, ApiBody } from "~/lib/api/types";
import { euroInputOf } from "~/lib/euro-input";
import { PICKUP_LABELS, PRICE_TYPE_LABELS, SHIPPING_LABELS } from "~/lib/offer-facts";
import { Button } from "../ui/button";
import { ChoiceSelect, Input, Select } from "../ui/field";

type Draft = ApiAnswer<"GET", "/api/ads/{id}/kleinanzeigen/review">;
/** The publish endpoint's answer: the panel's new state. */
type Published = ApiAnswer<"POST", "/api/ads/{id}/kleinanzeigen">;

type Fields = {
  category: string;
  condition: string;
  priceType: string;
  price: string;
  shipping: string;
  pickup: string;
  shippingCost: string;
};
type FieldName = keyof Fields;

function fieldsOf(draft: Draft): Fields {
  return {
    category: draft.category,
    condition: draft.condition ?? "",
    priceType: draft.priceType ?? "",
    price: draft.priceCents === null ? "" : euroInputOf(draft.priceCents),
    shipping: draft.shipping ?? "",
    pickup: draft.pickup ?? "",
    shippingCost: draft.shippingCostCents === null ? "" : euroInputOf(draft.shippingCostCents),
  };
}

/** The groups of Kleinanzeigen's tree, in its order, each with its categories. */
function groupsOf(categories: Draft["categories"]): Array<[string, Draft["categories"]]> {
  const groups = new Map<string, Draft["categories"]>();
  for (const category of categories) groups.set(category.group, [...(groups.get(category.group) ?? []), category]);
  return [...groups.entries()];
}

export function KleinanzeigenReview({
  adId,
  onPublished,
  onCancel,
}: {
  adId: string;
  onPublished: (state: Published) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [fields, setFields] = useState<Fields | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    apiRequest("GET", "/api/ads/{id}/kleinanzeigen/review", { params: { id: adId } }).then(
      (loaded) => {
        if (!current) return;
        setDraft(loaded);
        setFields(fieldsOf(loaded));
      },
      (failure) => current && setProblem(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [adId]);

  function change(name: FieldName, value: string) {
    setFields((before) => (before ? { ...before, [name]: value } : before));
    setErrors((before) => ({ ...before, [name]: undefined }));
  }

  async function publish(event: FormEvent) {
    event.preventDefault();
    if (!fields) return;
    setBusy(true);
    setProblem(null);
    try {
      const giveaway = fields.priceType === "verschenken";
      // The selects' values as chosen, empty ones included: the server checks them and names each field in German.
      const body = {
        category: fields.category,
        condition: fields.condition,
        priceType: fields.priceType,
        ...(giveaway ? {} : { price: fields.price }),
        shipping: fields.shipping,
        pickup: fields.pickup,
        ...(fields.shipping === "excluded" ? {} : { shippingCost: fields.shippingCost }),
      } as ApiBody<"POST", "/api/ads/{id}/kleinanzeigen">;
      const state = await apiRequest("POST", "/api/ads/{id}/kleinanzeigen", { params: { id: adId }, body });
      onPublished(state);
    } catch (failure) {
      const named = failure instanceof ApiError ? failure.fieldErrors : null;
      // Per field under the field; anything else (a refusal by Kleinanzeigen) under the form.
      if (named && Object.keys(named).length > 0) setErrors(named);
      else setProblem(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  if (!draft || !fields) {
    return problem ? (
      <div className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" role="alert">
        <p>{problem}</p>
        <Button variant="ghost" size="touch" onClick={onCancel}>
          Schließen
        </Button>
      </div>
    ) : (
      <p className="h-32 animate-pulse rounded-lg bg-slate-100" aria-label="Angaben für Kleinanzeigen werden geladen" />
    );
  }

  const giveaway = fields.priceType === "verschenken";
  /** A field's value, change and error, bound to its name. */
  const bind = (name: FieldName) => ({
    value: fields[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => change(name, event.target.value),
    error: errors[name],
  });
  return (
    <form onSubmit={publish} noValidate className="space-y-3" aria-label="Für Kleinanzeigen prüfen" data-testid="kleinanzeigen-review">
      <p className="text-sm text-slate-700">
        Prüfe, wie die Anzeige bei Kleinanzeigen erscheint. Was du hier änderst, gilt für deine Anzeige überall – auf der Karte, der
        Anzeigenseite und in allen Texten.
      </p>
      <p className="text-sm text-slate-700">
        Titel: <span className="font-medium text-slate-900">{draft.title}</span>
      </p>
      <Select label="Kategorie bei Kleinanzeigen" {...bind("category")}>
        {groupsOf(draft.categories).map(([group, categories]) => (
          <optgroup key={group} label={group}>
            {categories.map((category) => (
              <option key={category.path} value={category.path}>
                {category.name}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select label="Zustand" {...bind("condition")}>
          <option value="">Bitte wählen</option>
          {draft.conditions.map((condition) => (
            <option key={condition.value} value={condition.value}>
              {condition.label}
            </option>
          ))}
        </Select>
        <ChoiceSelect label="Preisart" {...bind("priceType")} choices={PRICE_TYPE_LABELS} emptyLabel="Bitte wählen" />
        <Input
          label="Preis in €"
          inputMode="decimal"
          autoComplete="off"
          value={giveaway ? "" : fields.price}
          onChange={(event) => change("price", event.target.value)}
          placeholder="z. B. 250"
          hint={draft.priceIsEstimate && !giveaway ? "Unsere Schätzung – mit dem Veröffentlichen wird sie dein Preis." : undefined}
          error={errors.price}
          disabled={giveaway}
        />
        <ChoiceSelect label="Versand" {...bind("shipping")} choices={SHIPPING_LABELS} emptyLabel="Bitte wählen" />
        <ChoiceSelect label="Abholung" {...bind("pickup")} choices={PICKUP_LABELS} emptyLabel="Nicht angegeben" />
        <Input
          label="Versandkosten in €"
          inputMode="decimal"
          autoComplete="off"
          value={fields.shipping === "excluded" ? "" : fields.shippingCost}
          onChange={(event) => change("shippingCost", event.target.value)}
          placeholder="z. B. 5,49 – 0 = inklusive"
          error={errors.shippingCost}
          disabled={fields.shipping === "excluded"}
        />
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="touch" disabled={busy}>
          {busy ? "Wird gesendet …" : "Jetzt bei Kleinanzeigen veröffentlichen"}
        </Button>
        <Button type="button" variant="ghost" size="touch" onClick={onCancel} disabled={busy}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}
