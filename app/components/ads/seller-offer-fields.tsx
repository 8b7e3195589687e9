// "Preis & Übergabe" in the create form and the editor: the seller's offer record — price and its
// type, shipping, pickup, PLZ/Ort, shipping cost and parcel service, swap (ADR 028, 041, 064).
// Prefilled from the note as the seller types ("… 250 VB", "Versand 5,49 € mit DHL") until the seller
// changes a field by hand; all optional. Only the fields the seller touched are sent: the server reads
// the rest from the same note and keeps them as "Bitte prüfen" until the seller confirms them.
import type { ChangeEvent } from "react";
import { z } from "~/lib/zod";
import { sellerOfferFields } from "~/lib/ad-input";
import { euroInputOf, euroInputToCents } from "~/lib/euro-input";
import { offerLine } from "~/lib/offer-line";
import {
  PICKUP_LABELS,
  PRICE_TYPE_LABELS,
  SHIPPING_LABELS,
  CARRIERS,
  type Availability,
  type Carrier,
  type PriceType,
  type UnplacedAmount,
} from "~/lib/offer-facts";
import { readSellerFacts } from "~/lib/seller-price";
import { ChoiceSelect, Input } from "../ui/field";

const CARRIER_CHOICES = Object.fromEntries(CARRIERS.map((carrier) => [carrier, carrier]));
const SWAP_LABELS = { ja: "Tausch möglich", nein: "Kein Tausch" };

export type SellerOffer = {
  price: string;
  priceType: PriceType | "";
  shipping: Availability | "";
  pickup: Availability | "";
  postalCode: string;
  city: string;
  /** Euros as typed; "0" = included. */
  shippingCost: string;
  shippingCarrier: Carrier | "";
  swap: "ja" | "nein" | "";
  /** Whole kilometres as typed ("Lieferung im Umkreis von 20 km", ADR 075). */
  deliveryKm: string;
};
export type SellerOfferKey = keyof SellerOffer;

export const EMPTY_OFFER: SellerOffer = {
  price: "",
  priceType: "",
  shipping: "",
  pickup: "",
  postalCode: "",
  city: "",
  shippingCost: "",
  shippingCarrier: "",
  swap: "",
  deliveryKm: "",
};

/** The fields the note states, for every field the seller has not changed by hand. */
export function prefillOffer(note: string, current: SellerOffer, touched: ReadonlySet<SellerOfferKey>): SellerOffer {
  const facts = readSellerFacts(note);
  const fromNote: SellerOffer = {
    price: facts.price === null || facts.priceType === "verschenken" ? "" : euroInputOf(facts.price * 100),
    priceType: facts.priceType ?? "",
    shipping: facts.shipping ?? "",
    pickup: facts.pickup ?? "",
    postalCode: facts.postalCode ?? "",
    city: facts.city ?? "",
    shippingCost: facts.shippingCost === null ? "" : euroInputOf(Math.round(facts.shippingCost * 100)),
    shippingCarrier: facts.carrier ?? "",
    swap: facts.swap === null ? "" : facts.swap ? "ja" : "nein",
    deliveryKm: facts.deliveryKm === null ? "" : String(facts.deliveryKm),
  };
  const next = { ...current };
  for (const key of Object.keys(fromNote) as SellerOfferKey[]) if (!touched.has(key)) (next as Record<string, string>)[key] = fromNote[key];
  return next;
}

const offerSchema = z.object(sellerOfferFields);

/** German field errors, the same rules as the server's. */
export function offerErrors(offer: SellerOffer): Partial<Record<SellerOfferKey, string>> {
  const result = offerSchema.safeParse(offer);
  if (result.success) return {};
  const errors: Partial<Record<SellerOfferKey, string>> = {};
  for (const issue of result.error.issues) errors[issue.path[0] as SellerOfferKey] ??= issue.message;
  return errors;
}

/**
 * The fields the seller set by hand (confirmed facts, ADR 064). What the note alone says is not sent:
 * the server reads it from the same note and asks the seller to check it on the card.
 */
export function appendOffer(form: FormData, offer: SellerOffer, touched: ReadonlySet<SellerOfferKey>) {
  for (const [key, value] of Object.entries(offer) as Array<[SellerOfferKey, string]>)
    if (touched.has(key) && value.trim()) form.append(key, value.trim());
}

/** "250 € – ist das dein Preis?": the amounts of the note the reader placed nowhere, while the price field is still empty. */
export function unplacedAmounts(note: string, offer: SellerOffer): UnplacedAmount[] {
  if (offer.price.trim() || offer.priceType === "verschenken") return [];
  return readSellerFacts(note).unplaced;
}

/** The offer as it will be stored (ADR 041): the fields, prefilled from the note. */
export function offerReading(offer: SellerOffer): string {
  return offerLine({
    priceCents: offer.priceType === "verschenken" ? 0 : euroInputToCents(offer.price),
    priceType: offer.priceType || null,
    shipping: offer.shipping || null,
    pickup: offer.pickup || null,
    shippingCost: euroInputToCents(offer.shippingCost),
    shippingCarrier: offer.shippingCarrier || null,
    place: [offer.postalCode.trim(), offer.city.trim()].filter(Boolean).join(" ") || null,
    swap: offer.swap ? offer.swap === "ja" : null,
    deliveryKm: /^\d+$/.test(offer.deliveryKm.trim()) ? Number(offer.deliveryKm.trim()) : null,
  });
}

export function SellerOfferFields({
  offer,
  errors,
  disabled,
  onChange,
  showReading = false,
  questions = [],
  hint = "Dein Preis gilt überall genau so. Steht er schon in der Beschreibung, ist er hier eingetragen.",
}: {
  /** When true, the offer is shown in one line as it will be stored (the create form). */
  showReading?: boolean;
  /** Amounts of the note the reader placed nowhere: each asked as "250 € – ist das dein Preis?" (ADR 064). */
  questions?: readonly UnplacedAmount[];
  hint?: string;
  offer: SellerOffer;
  errors: Partial<Record<SellerOfferKey, string>>;
  disabled: boolean;
  onChange: (key: SellerOfferKey, value: string) => void;
}) {
  const giveaway = offer.priceType === "verschenken";
  /** A field's name, value, change and error, bound to its key of the offer. */
  const bind = (key: SellerOfferKey) => ({
    name: key,
    value: offer[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange(key, event.target.value),
    error: errors[key],
    disabled,
  });
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Preis & Übergabe (optional)</legend>
      <p className="text-sm text-slate-600">{hint}</p>
      {showReading ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="offer-reading" aria-live="polite">
          <span className="font-semibold">So steht es in deiner Anzeige:</span> {offerReading(offer)}
        </p>
      ) : null}
      {questions.length > 0 ? (
        <ul className="space-y-2" data-testid="offer-questions" aria-label="Bitte prüfen">
          {questions.map((question) => (
            <li key={question.words} className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
              <span>
                <span className="font-semibold">Bitte prüfen:</span> „{question.words}“ – ist das dein Preis?
              </span>
              <button
                type="button"
                className="rounded-md border border-amber-700 px-2 py-1 font-medium text-amber-950 hover:bg-amber-100"
                onClick={() => onChange("price", euroInputOf(Math.round(question.value * 100)))}
                disabled={disabled}
              >
                Ja, {euroInputOf(Math.round(question.value * 100))} € ist mein Preis
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Dein Preis in €"
          name="price"
          inputMode="decimal"
          autoComplete="off"
          value={giveaway ? "" : offer.price}
          onChange={(event) => onChange("price", event.target.value)}
          placeholder="z. B. 250"
          error={errors.price}
          disabled={disabled || giveaway}
        />
        <ChoiceSelect label="Preisart" {...bind("priceType")} choices={PRICE_TYPE_LABELS} emptyLabel="Nicht angegeben" />
        <ChoiceSelect label="Versand" {...bind("shipping")} choices={SHIPPING_LABELS} emptyLabel="Nicht angegeben" />
        <ChoiceSelect label="Abholung" {...bind("pickup")} choices={PICKUP_LABELS} emptyLabel="Nicht angegeben" />
        <div className="grid grid-cols-[7rem_1fr] gap-3">
          <Input label="PLZ" inputMode="numeric" autoComplete="postal-code" maxLength={5} {...bind("postalCode")} />
          <Input label="Ort" autoComplete="address-level2" maxLength={60} {...bind("city")} />
        </div>
        <Input
          label="Versandkosten in €"
          inputMode="decimal"
          autoComplete="off"
          {...bind("shippingCost")}
          placeholder="z. B. 5,49 – 0 = inklusive"
          disabled={disabled || offer.shipping === "excluded"}
        />
        <ChoiceSelect
          label="Versanddienst"
          {...bind("shippingCarrier")}
          disabled={disabled || offer.shipping === "excluded"}
          choices={CARRIER_CHOICES}
          emptyLabel="Nicht angegeben"
        />
        <ChoiceSelect label="Tausch" {...bind("swap")} choices={SWAP_LABELS} emptyLabel="Nicht angegeben" />
        <Input
          label="Eigene Lieferung im Umkreis (km)"
          inputMode="numeric"
          autoComplete="off"
          {...bind("deliveryKm")}
          placeholder="z. B. 20 – leer = keine"
        />
      </div>
    </fieldset>
  );
}
