// /profile 'Mein Profil': contact and business data, view mode and edit mode (docs/PRODUCT.md, "Pages"),
// the Verkaufszähler (ADR 050) and the marketplace connections.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { getDb } from "~/.server/db/client";
import { ebayStatus } from "~/.server/app-worker/ebay/status";
import { toProfile } from "~/.server/app-worker/profile/profile";
import { salesCounter } from "~/.server/app-worker/listings/sales-counter";
import { AccountLayout } from "~/components/account-layout";
import { KleinanzeigenAccess } from "~/components/kleinanzeigen/kleinanzeigen-access";
import { EbayConnection } from "~/components/ebay/ebay-connection";
import { ProductSafetyForm } from "~/components/ebay/product-safety-form";
import { SalesCounterCard } from "~/components/listings/sales-counter";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/field";
import { toast } from "~/components/ui/use-toast";
import { apiRequest, ApiError, errorMessage } from "~/browser/api-client";
import { BUSINESS_TYPES, type ProfileField } from "~/lib/profile";

export const meta: MetaFunction = () => [{ title: "Mein Profil – AnzeigenPilot" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: LoaderFunctionArgs) {
  const { user } = await context.currentUser();
  if (!user) return data({ profile: null, ebay: null, sales: null }, { status: 401 });
  const db = getDb(context.cloudflare.env.DB);
  return { profile: toProfile(user), ebay: await ebayStatus(db, context.config, user.id), sales: await salesCounter(db, user) };
}

type Profile = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["profile"]>;
type Values = Record<Exclude<ProfileField, "businessType">, string> & { businessType: "private" | "commercial" };

function valuesOf(profile: Profile): Values {
  return {
    firstName: profile.firstName ?? "",
    lastName: profile.lastName ?? "",
    phone: profile.phone ?? "",
    address: profile.address ?? "",
    city: profile.city ?? "",
    postalCode: profile.postalCode ?? "",
    businessType: profile.businessType,
    companyName: profile.companyName ?? "",
  };
}

export default function ProfilePage() {
  const { profile, ebay, sales } = useLoaderData<typeof loader>();
  return (
    <AccountLayout title="Mein Profil">
      {profile ? (
        <div className="space-y-6">
          <ProfileForm profile={profile} />
          {sales ? <SalesCounterCard counter={sales} /> : null}
          {ebay ? <EbayConnection status={ebay} /> : null}
          {profile.businessType === "commercial" ? <ProductSafetyForm /> : null}
          {profile.businessType === "commercial" ? <KleinanzeigenAccess /> : null}
        </div>
      ) : null}
    </AccountLayout>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [saving, setSaving] = useState(false);
  const disabled = !editing || saving;
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await apiRequest("PUT", "/api/profile", { body: values });
      setErrors({});
      setEditing(false);
      toast({ title: "Profil aktualisiert" });
      revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors(error.fieldErrors ?? {});
      toast({ variant: "destructive", title: "Fehler", description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Profil">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          {profile.email} · Tarif: <Badge tone={profile.plan === "Pro" ? "accent" : "neutral"}>{profile.plan}</Badge>
        </p>
        {!editing ? (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Bearbeiten
          </Button>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Vorname"
          value={values.firstName}
          onChange={set("firstName")}
          disabled={disabled}
          error={errors.firstName}
          autoComplete="given-name"
        />
        <Input
          label="Nachname"
          value={values.lastName}
          onChange={set("lastName")}
          disabled={disabled}
          error={errors.lastName}
          autoComplete="family-name"
        />
        <Input
          label="Telefon"
          type="tel"
          value={values.phone}
          onChange={set("phone")}
          disabled={disabled}
          error={errors.phone}
          autoComplete="tel"
        />
        <Input
          label="Straße und Hausnummer"
          value={values.address}
          onChange={set("address")}
          disabled={disabled}
          error={errors.address}
          autoComplete="street-address"
        />
        <Input
          label="Postleitzahl"
          inputMode="numeric"
          value={values.postalCode}
          onChange={set("postalCode")}
          disabled={disabled}
          error={errors.postalCode}
          autoComplete="postal-code"
        />
        <Input
          label="Ort"
          value={values.city}
          onChange={set("city")}
          disabled={disabled}
          error={errors.city}
          autoComplete="address-level2"
        />
        <Select
          label="Verkäufertyp"
          value={values.businessType}
          onChange={set("businessType")}
          disabled={disabled}
          error={errors.businessType}
        >
          {Object.entries(BUSINESS_TYPES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        {values.businessType === "commercial" ? (
          <Input
            label="Firmenname *"
            value={values.companyName}
            onChange={set("companyName")}
            disabled={disabled}
            error={errors.companyName}
            hint="Erscheint als Impressum in deinen Anzeigen."
            autoComplete="organization"
          />
        ) : null}
      </div>
      {editing ? (
        <div className="flex gap-2">
          <Button type="submit" disabled={saving}>
            {saving ? "Wird gespeichert …" : "Speichern"}
          </Button>
          <Button
            variant="outline"
            disabled={saving}
            onClick={() => {
              setValues(valuesOf(profile));
              setErrors({});
              setEditing(false);
            }}
          >
            Abbrechen
          </Button>
        </div>
      ) : null}
    </form>
  );
}
