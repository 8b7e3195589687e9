// The dealer's product-safety contacts for eBay (GPSR, ADR 073) in the profile: the manufacturer
// and, where it sits outside the EU, the responsible person in the EU. Saved whole through
// PUT /api/profile/product-safety; eBay gets them where a category asks for them.
import { useEffect, useState, type FormEvent } from "react";
import { apiRequest, ApiError, errorMessage } from "~/browser/api-client";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/field";
import { toast } from "~/components/ui/use-toast";
import { EU_COUNTRIES, OTHER_COUNTRIES, type ProductSafety } from "~/lib/product-safety";

type Party = ProductSafety["manufacturer"];
type Who = "manufacturer" | "responsiblePerson";

const EMPTY: Party = { companyName: "", street: "", postalCode: "", city: "", country: "DE", email: "" };
const LABELS: Record<keyof Party, string> = {
  companyName: "Firmenname",
  street: "Straße und Hausnummer",
  postalCode: "Postleitzahl",
  city: "Ort",
  country: "Land",
  email: "E-Mail",
};

export function ProductSafetyForm() {
  const [manufacturer, setManufacturer] = useState<Party>(EMPTY);
  const [person, setPerson] = useState<Party | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    apiRequest("GET", "/api/profile/product-safety").then(
      ({ productSafety }) => {
        if (!productSafety) return;
        setManufacturer(productSafety.manufacturer);
        setPerson(productSafety.responsiblePerson);
      },
      (failure) => toast({ variant: "destructive", title: "Fehler", description: errorMessage(failure) }),
    );
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await apiRequest("PUT", "/api/profile/product-safety", { body: { manufacturer, responsiblePerson: person } });
      setErrors({});
      toast({ title: "Angaben zur Produktsicherheit gespeichert" });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setErrors(failure.fieldErrors ?? {});
      toast({ variant: "destructive", title: "Fehler", description: errorMessage(failure) });
    } finally {
      setSaving(false);
    }
  }

  const fields = (who: Who, party: Party, set: (next: Party) => void) =>
    (Object.keys(LABELS) as Array<keyof Party>).map((field) =>
      field === "country" ? (
        <Select
          key={field}
          label={LABELS.country}
          value={party.country}
          // The select offers only the schema's codes.
          onChange={(event) => set({ ...party, country: event.target.value as Party["country"] })}
          error={errors[`${who}.country`]}
        >
          {Object.entries(who === "manufacturer" ? { ...EU_COUNTRIES, ...OTHER_COUNTRIES } : EU_COUNTRIES).map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </Select>
      ) : (
        <Input
          key={field}
          label={LABELS[field]}
          type={field === "email" ? "email" : "text"}
          value={party[field]}
          onChange={(event) => set({ ...party, [field]: event.target.value })}
          error={errors[`${who}.${field}`]}
        />
      ),
    );

  return (
    <form
      onSubmit={save}
      noValidate
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby="product-safety"
      data-testid="product-safety"
    >
      <h2 id="product-safety" className="text-base font-semibold text-slate-900">
        Produktsicherheit (GPSR) für eBay
      </h2>
      <p className="text-sm text-slate-700">
        In manchen Kategorien (z. B. Spielzeug, Kinderwagen) verlangt eBay von Händlern den Hersteller. Sitzt er außerhalb der EU,
        zusätzlich eine verantwortliche Person in der EU. Wir senden diese Angaben nur, wo eBay sie vorsieht.
      </p>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Hersteller</legend>
        {fields("manufacturer", manufacturer, setManufacturer)}
      </fieldset>
      {person ? (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">Verantwortliche Person in der EU</legend>
          {fields("responsiblePerson", person, setPerson)}
        </fieldset>
      ) : (
        <div className="space-y-1">
          {errors.responsiblePerson ? <p className="text-sm text-red-800">{errors.responsiblePerson}</p> : null}
          <Button variant="outline" size="sm" onClick={() => setPerson(EMPTY)}>
            Verantwortliche Person in der EU angeben
          </Button>
        </div>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? "Wird gespeichert …" : "Speichern"}
        </Button>
        {person ? (
          <Button variant="outline" disabled={saving} onClick={() => setPerson(null)}>
            Ohne verantwortliche Person
          </Button>
        ) : null}
      </div>
    </form>
  );
}
