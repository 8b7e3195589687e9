// "Neue Anzeige": fields, photos (made smaller in the browser and uploaded as soon as they are
// chosen, ADR 082), upload progress, error panels.
// A refused send is said where it happened, not in a toast over the form's buttons:
// missing or invalid fields (the form's own check, or the server's fieldErrors) under the field,
// the first one focused; any other failure in the recovery panel above the send button. Only the
// exhausted plan is a toast, since it offers a purchase rather than a fix.
import { Sparkles } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { CategoryOptions } from "~/components/ads/category-options";
import { ApiError, errorMessage } from "~/browser/api-client";
import { takeDraftPhotos } from "~/browser/draft-photos";
import { takeLandingDraft } from "~/browser/landing-draft";
import { addPhotos } from "~/browser/photo-check";
import { classifyCreateError, type CreateErrorKind } from "~/lib/dashboard";
import { DraftUploads } from "~/browser/photo-uploads";
import { adTextFieldsSchema, DESCRIPTION_MAX, ITEM_NAME_MAX, PHOTO_MESSAGES } from "~/lib/ad-input";
import { PLATFORM_VALUES, PLATFORMS, type Platform } from "~/lib/platforms";
import { PLANS } from "~/lib/plans";
import { formatEuroCents } from "~/lib/format";
import { noteLength, noteTooLongMessage } from "~/lib/ad-limits";
import { sendForm } from "~/browser/upload";
import { usePublicConfig } from "../use-user";
import { Button } from "../ui/button";
import { Input, Select, Textarea } from "../ui/field";
import { toast } from "../ui/use-toast";
import { CreateErrorPanel } from "./create-error-panel";
import { CreditsLine, hasNoCredits, PlansOffer } from "../billing/credits-panel";
import { PhotoPicker } from "./photo-picker";
import {
  appendOffer,
  EMPTY_OFFER,
  prefillOffer,
  SellerOfferFields,
  unplacedAmounts,
  type SellerOffer,
  type SellerOfferKey,
} from "./seller-offer-fields";
import type { AdJson, PublicUser } from "~/lib/api/types";

type Phase = { step: "idle" } | { step: "uploading" } | { step: "sending" };
type Failure = { kind: Exclude<CreateErrorKind, "limit">; detail?: string } | null;
type FieldErrors = { itemName?: string; category?: string; description?: string; photos?: string };
type OfferFieldErrors = Partial<Record<SellerOfferKey, string>>;

const TEXT_FIELDS = ["itemName", "category", "description"] as const;
const OFFER_FIELDS: readonly SellerOfferKey[] = Object.keys(EMPTY_OFFER) as SellerOfferKey[];

/** Per-field messages sorted into the form's text fields and offer fields; `other` when one names a field the form does not show. */
function splitFieldErrors(named: Record<string, string>): { fields: FieldErrors; offer: OfferFieldErrors; other: boolean } {
  const fields: FieldErrors = {};
  const offer: OfferFieldErrors = {};
  let other = false;
  for (const [key, message] of Object.entries(named)) {
    if ((TEXT_FIELDS as readonly string[]).includes(key)) fields[key as (typeof TEXT_FIELDS)[number]] = message;
    else if ((OFFER_FIELDS as readonly string[]).includes(key)) offer[key as SellerOfferKey] = message;
    else other = true;
  }
  return { fields, offer, other };
}

/** The server's per-field messages (`400 { message, code, fieldErrors }`) for the fields this form shows; null when there are none. */
function serverFieldErrors(error: ApiError): { fields: FieldErrors; offer: OfferFieldErrors; other: boolean } | null {
  if (error.status !== 400) return null;
  const split = splitFieldErrors(error.fieldErrors ?? {});
  return Object.keys(split.fields).length + Object.keys(split.offer).length > 0 ? split : null;
}

/** The form's own check before sending: the API's schema (app/lib/ad-input.ts) with its messages, the first per field. */
function formFieldErrors(input: Record<string, string>): { fields: FieldErrors; offer: OfferFieldErrors } {
  const result = adTextFieldsSchema.safeParse(input);
  const named: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) named[String(issue.path[0])] ??= issue.message;
  return splitFieldErrors(named);
}

/** Shown when the server no longer had the photos uploaded for the ad; they are being sent again. */
const UPLOADS_AGAIN =
  "Die Fotos waren auf dem Server nicht mehr vollständig da und werden gerade neu hochgeladen. Bitte tippe gleich noch einmal auf „KI-Anzeige erstellen“.";

/** Shown when the upload never reached the server (no English "network error" reaches the seller). */
const NO_CONNECTION = "Keine Verbindung zum Server – die Anzeige wurde nicht gesendet.";

const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString("de-DE", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;

type Seller = Pick<PublicUser, "subscriptionStatus" | "planType" | "monthlyAllowance" | "adCredits" | "preferredPlatform">;

/** `toastId`: the "Die KI schreibt jetzt deine Anzeige" toast, which stays until the ad is done. */
type OnCreated = (ad: AdJson, toastId: string) => void;

export function CreateAdForm({ user, onCreated }: { user: Seller; onCreated: OnCreated }) {
  if (hasNoCredits(user)) return <PlansOffer />;
  return <CreateAdFields user={user} onCreated={onCreated} />;
}

function CreateAdFields({ user, onCreated }: { user: Seller; onCreated: OnCreated }) {
  const publicConfig = usePublicConfig();
  const [platform, setPlatform] = useState<Platform>(user.preferredPlatform ?? "kleinanzeigen");
  // What the seller typed on the landing page before signing in, picked up once — only after
  // hydration (the form is opened for it then), so the server's HTML and the first render agree.
  const [draft] = useState(() =>
    typeof document !== "undefined" && document.documentElement.hasAttribute("data-hydrated") ? takeLandingDraft() : null,
  );
  const [itemName, setItemName] = useState(draft?.itemName ?? "");
  const [category, setCategory] = useState<string>(draft?.category ?? "");
  const [description, setDescription] = useState(draft?.note ?? "");
  // The draft's note states the price as any note does ("… 250 VB"): the fields are prefilled from it.
  const [offer, setOffer] = useState<SellerOffer>(() => (draft?.note ? prefillOffer(draft.note, EMPTY_OFFER, new Set()) : EMPTY_OFFER));
  // Fields the seller changed by hand are no longer prefilled from the note.
  const [touched, setTouched] = useState<ReadonlySet<SellerOfferKey>>(new Set());
  const [offerFieldErrors, setOfferFieldErrors] = useState<OfferFieldErrors>({});
  const [files, setFiles] = useState<File[]>([]);
  // Photos just chosen are decoded first; sending waits for that check.
  const [checkingPhotos, setCheckingPhotos] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: "idle" });
  const [failure, setFailure] = useState<Failure>(null);
  // A landing draft's note longer than the limit arrives whole, already marked: the seller shortens it here.
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(() =>
    draft && noteLength(draft.note) > DESCRIPTION_MAX ? { description: noteTooLongMessage(noteLength(draft.note)) } : {},
  );
  const busy = phase.step !== "idle";
  // The photos upload as soon as they are chosen; each upload's progress renders the bar again.
  const [, setUploadTick] = useState(0);
  const [uploads] = useState(() => new DraftUploads(() => setUploadTick((tick) => tick + 1)));
  useEffect(() => uploads.start(files), [uploads, files]);
  const uploadProgress = phase.step === "uploading" ? uploads.sent(files) : null;
  // The note is read again only when it or the offer changes, not on every render.
  const questions = useMemo(() => unplacedAmounts(description, offer), [description, offer]);

  // After a send refused for its fields, the first invalid one takes the focus (its error is under
  // it, and the focus scrolls it into view) once the fields are enabled again.
  const formRef = useRef<HTMLFormElement>(null);
  const [refusedSends, setRefusedSends] = useState(0);
  useEffect(() => {
    if (refusedSends > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedSends]);

  // The draft's photos (downscaled copies kept in IndexedDB) arrive a moment later; sending waits.
  const draftPhotosTaken = useRef(false);
  useEffect(() => {
    if (!draft?.photos || draftPhotosTaken.current) return;
    draftPhotosTaken.current = true;
    setCheckingPhotos(true);
    void takeDraftPhotos()
      .then((kept) => addPhotos([], kept))
      .then((selection) => setFiles((current) => (current.length === 0 ? selection.files : current)))
      .finally(() => setCheckingPhotos(false));
  }, [draft]);

  /** Says why the send failed: the kind decides the panel (or the plan's toast), the detail is the message shown in it. */
  function fail(kind: CreateErrorKind, detail: string) {
    if (kind === "limit") {
      toast({
        variant: "destructive",
        title: "Limit erreicht! 🚀",
        description: `Du hast keine Anzeigen mehr frei. ${PLANS.pro_pack.name}: 10 weitere Anzeigen für ${formatEuroCents(PLANS.pro_pack.priceCents)} einmalig.`,
        action: {
          label: PLANS.pro_pack.buttonText,
          href: publicConfig?.billingEnabled && publicConfig.proPaymentLink ? "/api/billing/checkout/pro_pack" : "/upgrade",
          newTab: true,
        },
      });
      return;
    }
    // The panel says it, right above the send button; a toast would only cover the buttons.
    setFailure({ kind, detail });
  }

  /** A refused or failed send, by the server's status and code (ADR 077). */
  function failWith(error: unknown) {
    if (!(error instanceof ApiError)) return fail("network", NO_CONNECTION);
    fail(classifyCreateError({ online: navigator.onLine, status: error.status, code: error.code }), errorMessage(error));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (checkingPhotos) return;
    // Every missing piece named at once, the photo too: nothing is sent, so no upload "failed".
    const checked = formFieldErrors({ itemName, category, description, platform, ...offer });
    const errors: FieldErrors = { ...checked.fields, photos: files.length === 0 ? PHOTO_MESSAGES.missing : undefined };
    setFieldErrors(errors);
    setOfferFieldErrors(checked.offer);
    if (Object.values(errors).some(Boolean) || Object.keys(checked.offer).length > 0) {
      setFailure(null);
      setRefusedSends((count) => count + 1);
      return;
    }
    const notImage = files.find((file) => !file.type.startsWith("image/"));
    if (notImage) return fail("upload", PHOTO_MESSAGES.notImage(notImage.name));

    setFailure(null);
    setPhase({ step: "uploading" });
    // Whether the photos were up and the ad itself was sent: a photo refusal before means the photo.
    let sending = false;
    try {
      // Usually stored already while the seller typed; a failed one is tried once more now.
      const ids = await uploads.idsFor(files);
      sending = true;
      setPhase({ step: "sending" });
      const form = new FormData();
      form.append("itemName", itemName.trim());
      form.append("category", category);
      if (description.trim()) form.append("description", description.trim());
      form.append("platform", platform);
      appendOffer(form, offer, touched);
      form.append("uploads", ids.join(","));
      const ad = await sendForm("POST", "/api/ads", form, {});
      const toastId = toast({
        title: "Anzeige erstellt!",
        description: "Die KI schreibt jetzt deine Anzeige – das dauert bis zu 30 Sekunden.",
        persistent: true,
      });
      setItemName("");
      setCategory("");
      setDescription("");
      setOffer(EMPTY_OFFER);
      setTouched(new Set());
      setFiles([]);
      uploads.reset();
      onCreated(ad, toastId);
    } catch (error) {
      // The create refused the uploads it was named (gone after a day, or taken by another send):
      // they are sent again under a new draft at once, and the seller only taps once more.
      if (sending && error instanceof ApiError && error.code === "photo_upload_failed") {
        uploads.reset();
        uploads.start(files);
        return fail("upload", UPLOADS_AGAIN);
      }
      const named = error instanceof ApiError ? serverFieldErrors(error) : null;
      if (named) {
        setFieldErrors(named.fields);
        setOfferFieldErrors(named.offer);
        setRefusedSends((count) => count + 1);
        // A field the form does not show (none today) still gets the recovery panel.
        if (named.other) failWith(error);
      } else failWith(error);
    } finally {
      setPhase({ step: "idle" });
    }
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label="Neue Anzeige erstellen"
    >
      <CreditsLine user={user} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Was verkaufst du? *"
          name="itemName"
          value={itemName}
          onChange={(event) => setItemName(event.target.value)}
          placeholder="z. B. Kaffeevollautomat DeLonghi Magnifica"
          maxLength={ITEM_NAME_MAX}
          error={fieldErrors.itemName}
          disabled={busy}
        />
        <Select
          label="Kategorie *"
          name="category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          error={fieldErrors.category}
          disabled={busy}
        >
          <CategoryOptions />
        </Select>
      </div>
      <Select
        label="Wo willst du verkaufen?"
        name="platform"
        value={platform}
        onChange={(event) => setPlatform(event.target.value as Platform)}
        hint="Die Anzeige wird für diesen Marktplatz geschrieben; fertige Fassungen für alle anderen bekommst du dazu."
        disabled={busy}
      >
        {PLATFORM_VALUES.map((value) => (
          <option key={value} value={value}>
            {PLATFORMS[value].label}
          </option>
        ))}
      </Select>
      <Textarea
        label="Beschreibung (optional)"
        name="description"
        rows={4}
        value={description}
        onChange={(event) => {
          const note = event.target.value;
          setDescription(note);
          setOffer((current) => prefillOffer(note, current, touched));
          // The refusal goes once the note fits; until then the counter shows what is still too much.
          if (noteLength(note) <= DESCRIPTION_MAX)
            setFieldErrors((current) => (current.description ? { ...current, description: undefined } : current));
        }}
        placeholder="Zustand, Alter, Zubehör, Mängel, Neupreis, Abholung oder Versand …"
        // No maxLength: the browser would drop the end of a pasted note without a word. The counter
        // counts, and a note over the limit is refused on sending with the schema's message.
        count={{ length: noteLength(description), max: DESCRIPTION_MAX }}
        hint="Stichworte genügen – die KI macht daraus einen sauberen Text."
        error={fieldErrors.description}
        disabled={busy}
      />
      <SellerOfferFields
        offer={offer}
        showReading
        questions={questions}
        errors={offerFieldErrors}
        disabled={busy}
        onChange={(key, value) => {
          setTouched((current) => new Set(current).add(key));
          setOffer((current) => ({ ...current, [key]: value }));
        }}
      />
      <PhotoPicker
        files={files}
        onChange={(next) => {
          setFiles(next);
          if (next.length > 0) setFieldErrors((current) => ({ ...current, photos: undefined }));
        }}
        onChecking={setCheckingPhotos}
        disabled={busy}
        error={fieldErrors.photos}
      />

      {failure ? <CreateErrorPanel kind={failure.kind} detail={failure.detail} onRetry={() => setFailure(null)} /> : null}

      <div className="space-y-3">
        <Button type="submit" variant="accent" size="lg" className="w-full sm:w-auto" disabled={busy || checkingPhotos}>
          <Sparkles aria-hidden className="size-5" />
          {checkingPhotos
            ? "Fotos werden vorbereitet …"
            : phase.step === "uploading"
              ? "Wird hochgeladen …"
              : phase.step === "sending"
                ? "Wird gesendet …"
                : "KI-Anzeige erstellen"}
        </Button>
        <div aria-live="polite" className="min-h-6 text-sm text-slate-700">
          {uploadProgress ? (
            <div className="space-y-1">
              <progress className="h-2 w-full accent-primary-600" max={uploadProgress.total} value={uploadProgress.loaded} />
              <p data-testid="upload-progress">
                {megabytes(uploadProgress.loaded)} von {megabytes(uploadProgress.total)} hochgeladen
              </p>
            </div>
          ) : (
            <p>Die Erstellung dauert bis zu 30 Sekunden.</p>
          )}
        </div>
      </div>
    </form>
  );
}
