// Inline editor of a finished ad: title, description (12 rows), the seller's price, price type,
// shipping, pickup and PLZ/Ort (ADR 034, 064), and one photo to remove or replace. Live counters and rule checks
// against the ad's marketplace; the server checks the same rules.
import { ImageOff, RefreshCw, Undo2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { MAX_PHOTO_BYTES, MAX_PHOTO_MEGABYTES } from "~/lib/ad-input";
import { ApiError, errorMessage } from "~/browser/api-client";
import { downscalePhoto } from "~/browser/downscale";
import { appendPhotoChange } from "~/browser/photo-change";
import { isDecodable } from "~/browser/photo-check";
import { descriptionLength, platformRuleErrors, type AdTextErrors } from "~/lib/platform-variants";
import { fromFormattedText, PLATFORMS, toFormattedText } from "~/lib/platforms";
import { priceView } from "~/lib/ad-price";
import { euroInputOf } from "~/lib/euro-input";
import { AdMarkup } from "./ad-markup";
import { sendForm } from "~/browser/upload";
import { Button } from "../ui/button";
import { Input, Textarea } from "../ui/field";
import { toast } from "../ui/use-toast";
import { offerErrors, SellerOfferFields, type SellerOffer, type SellerOfferKey } from "./seller-offer-fields";
import type { AdJson } from "~/lib/api/types";

type ImageChange = { kind: "remove"; index: number } | { kind: "replace"; index: number; file: File; preview: string } | null;

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** The edit image must be an image; answers the toast to show, or null. Size is checked after downscaling. */
export function editImageProblem(file: File): { title: string; description: string } | null {
  if (!file.type.startsWith("image/")) return { title: "Ungültige Datei", description: "Bitte nur Bilddateien auswählen." };
  return null;
}

/** The ad's stored offer record (price, type, shipping, pickup, place, shipping cost, swap) as the form's fields (the seller's price as shown). */
export function offerOf(ad: AdJson): SellerOffer {
  const view = priceView(ad);
  return {
    price: view.kind === "seller" && view.type !== "verschenken" ? euroInputOf(view.cents) : "",
    priceType: ad.priceType ?? "",
    shipping: ad.shipping ?? "",
    pickup: ad.pickup ?? "",
    postalCode: ad.postalCode ?? "",
    city: ad.city ?? "",
    shippingCost: ad.shippingCost === null ? "" : euroInputOf(ad.shippingCost),
    shippingCarrier: ad.shippingCarrier ?? "",
    swap: ad.swap === null ? "" : ad.swap ? "ja" : "nein",
    deliveryKm: ad.deliveryKm === null ? "" : String(ad.deliveryKm),
  };
}

const TOO_LARGE = { title: "Datei zu groß", description: `Bitte nur Bilder unter ${MAX_PHOTO_MEGABYTES}MB verwenden.` };

function Counter({ length, max, id }: { length: number; max: number; id: string }) {
  return (
    <span id={id} className={length > max ? "font-semibold text-red-700" : "text-slate-600"} data-testid={id}>
      {length.toLocaleString("de-DE")}/{max.toLocaleString("de-DE")} Zeichen
    </span>
  );
}

export function AdEditor({ ad, onSaved, onCancel }: { ad: AdJson; onSaved: () => void; onCancel: () => void }) {
  const platform = ad.platform;
  const rules = PLATFORMS[platform];
  const [title, setTitle] = useState(ad.optimizedTitle ?? "");
  // The seller edits the text as plain-text marketplaces show it (no markers, "•" bullets); lines
  // left unchanged keep their markup on save.
  const [description, setDescription] = useState(() => toFormattedText(ad.optimizedDescription ?? ""));
  const markup = fromFormattedText(description, ad.optimizedDescription ?? "");
  const [change, setChange] = useState<ImageChange>(null);
  const [saving, setSaving] = useState(false);
  // Downscaling a large photo takes a moment on a phone; saving waits for it.
  const [preparing, setPreparing] = useState(false);
  const [serverErrors, setServerErrors] = useState<AdTextErrors>({});
  const [offer, setOffer] = useState<SellerOffer>(() => offerOf(ad));
  const [offerFieldErrors, setOfferFieldErrors] = useState<Partial<Record<SellerOfferKey, string>>>({});
  // Flagged while typing, before anything is sent.
  const ruleErrors = platformRuleErrors(platform, { title, description: markup });
  const errors = { ...serverErrors, ...ruleErrors };

  async function pick(index: number, file: File | undefined) {
    if (!file) return;
    const problem = editImageProblem(file);
    if (problem) {
      toast({ variant: "destructive", ...problem });
      return;
    }
    setPreparing(true);
    try {
      if (!(await isDecodable(file))) {
        toast({ variant: "destructive", title: "Ungültige Datei", description: `„${file.name}“ ist kein lesbares Bild.` });
        return;
      }
      // As in the create form: a large photo is made smaller, not refused.
      const prepared = IMAGE_TYPES.includes(file.type) ? await downscalePhoto(file) : file;
      if (prepared.size > MAX_PHOTO_BYTES) {
        toast({ variant: "destructive", ...TOO_LARGE });
        return;
      }
      setChange({ kind: "replace", index, file: prepared, preview: URL.createObjectURL(prepared) });
    } finally {
      setPreparing(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (Object.keys(ruleErrors).length > 0) return;
    const offerProblems = offerErrors(offer);
    setOfferFieldErrors(offerProblems);
    if (Object.keys(offerProblems).length > 0) return;
    const form = new FormData();
    form.append("optimizedTitle", title);
    form.append("optimizedDescription", markup);
    // Every offer field is sent: an empty one removes the value (a giveaway has no price of its own).
    for (const [key, value] of Object.entries(offer))
      form.append(key, key === "price" && offer.priceType === "verschenken" ? "" : value.trim());
    if (change) await appendPhotoChange(form, change);
    setSaving(true);
    try {
      await sendForm("PATCH", "/api/ads/{id}", form, { params: { id: ad.id } });
      toast({ title: "Anzeige aktualisiert" });
      onSaved();
    } catch (error) {
      const fieldErrors = error instanceof ApiError && error.status === 400 ? error.fieldErrors : null;
      if (fieldErrors) {
        setServerErrors(fieldErrors);
        setOfferFieldErrors(fieldErrors);
      }
      toast({ variant: "destructive", title: "Fehler", description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} className="space-y-4" aria-label="Anzeige bearbeiten">
      <p className="text-sm text-slate-700">
        Regeln für <strong>{rules.label}</strong>: Titel bis {rules.titleMax} Zeichen, Text bis{" "}
        {rules.descriptionMax.toLocaleString("de-DE")} Zeichen
        {rules.allowLinks ? "" : ", keine Links"}
        {rules.allowAt ? "" : ", kein „@“"}.
      </p>
      <Input
        label={
          <span className="flex justify-between gap-2">
            Titel <Counter id="title-count" length={title.trim().length} max={rules.titleMax} />
          </span>
        }
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          setServerErrors({});
        }}
        error={errors.optimizedTitle}
        required
      />
      <Textarea
        label={
          <span className="flex justify-between gap-2">
            Beschreibung <Counter id="description-count" length={descriptionLength(platform, markup.trim())} max={rules.descriptionMax} />
          </span>
        }
        rows={12}
        value={description}
        onChange={(event) => {
          setDescription(event.target.value);
          setServerErrors({});
        }}
        error={errors.optimizedDescription}
        hint="So erscheint der Text bei der Plattform. Neue Hervorhebungen: **fett** oder *kursiv*; Aufzählungen beginnen mit „• “ oder „- “."
        required
      />
      <SellerOfferFields
        offer={offer}
        errors={offerFieldErrors}
        disabled={saving}
        hint="Dein Preis gilt überall genau so: auf der Karte, der öffentlichen Seite, in jeder Fassung und im Verkaufshelfer."
        onChange={(key, value) => {
          setOffer((current) => ({ ...current, [key]: value }));
          setOfferFieldErrors((current) => ({ ...current, [key]: undefined }));
        }}
      />
      <details className="rounded-lg bg-slate-50 p-3 text-sm">
        <summary className="cursor-pointer font-medium">Vorschau</summary>
        <AdMarkup text={markup} className="mt-2 space-y-1 text-slate-800" />
      </details>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Fotos</legend>
        <ul className="mt-2 grid grid-cols-3 gap-3 sm:grid-cols-5">
          {ad.imageUrls.map((url, index) => {
            const removed = change?.kind === "remove" && change.index === index;
            const replaced = change?.kind === "replace" && change.index === index ? change.preview : null;
            return (
              <li key={url} className="space-y-1">
                <img
                  src={replaced ?? url}
                  alt={`Foto ${index + 1}${removed ? " (wird entfernt)" : ""}`}
                  width={120}
                  height={90}
                  className={`aspect-[4/3] w-full rounded-lg object-cover ${removed ? "opacity-30" : ""}`}
                />
                {change?.index === index ? (
                  <Button variant="ghost" size="sm" className="w-full" onClick={() => setChange(null)}>
                    <Undo2 aria-hidden className="size-4" />
                    Rückgängig
                  </Button>
                ) : (
                  <div className="flex gap-1">
                    <label className="flex h-9 flex-1 cursor-pointer items-center justify-center gap-1 rounded-lg border border-slate-300 text-xs font-semibold hover:bg-slate-50 focus-within:outline-2 focus-within:outline-primary-600">
                      <RefreshCw aria-hidden className="size-3.5" />
                      Ersetzen
                      <input
                        type="file"
                        accept="image/*"
                        className="sr-only"
                        aria-label={`Foto ${index + 1} ersetzen`}
                        onChange={(event) => pick(index, event.target.files?.[0])}
                      />
                    </label>
                    {ad.imageUrls.length > 1 ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="px-2"
                        aria-label={`Foto ${index + 1} entfernen`}
                        onClick={() => setChange({ kind: "remove", index })}
                      >
                        <ImageOff aria-hidden className="size-4" />
                      </Button>
                    ) : null}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={saving || preparing || Object.keys(ruleErrors).length > 0}>
          {saving ? "Wird gespeichert …" : preparing ? "Foto wird vorbereitet …" : "Speichern"}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}
