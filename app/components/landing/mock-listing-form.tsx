// The landing's try-it form (docs/PRODUCT.md, "Pages"). It needs an account, so it leads to sign-in (/api/login);
// without JavaScript it is a plain GET form that does the same. Fields have no names: nothing is
// sent. What was typed and the photos chosen are kept in this browser and put into the create form
// after sign-in (ADR 034); the code that keeps them is fetched only when the form is sent, so the
// landing page's first load stays within its JavaScript budget (ADR 018).
import { Camera } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CategoryOptions } from "~/components/ads/category-options";
import { DESCRIPTION_MAX, noteLength } from "~/lib/ad-limits";
import type { Category } from "~/lib/categories";
import { ITEM_NAME_MAX } from "~/lib/item-name";
import { landingDraftExpired } from "~/browser/landing-draft-key";
import { MAX_PHOTOS } from "~/lib/photo-limits";
import { Button } from "../ui/button";
import { CharacterCount } from "../ui/character-count";

export function MockListingForm() {
  const itemName = useRef<HTMLInputElement>(null);
  const category = useRef<HTMLSelectElement>(null);
  const note = useRef<HTMLTextAreaElement>(null);
  const photos = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState(0);
  const [noteChars, setNoteChars] = useState(0);
  const [keeping, setKeeping] = useState(false);

  // A draft nobody signed in for is dropped after a day, its photos with it (the code loads only then).
  useEffect(() => {
    if (landingDraftExpired()) void import("~/browser/landing-draft").then(({ takeLandingDraft }) => takeLandingDraft());
  }, []);

  async function keepDraft(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (keeping) return;
    const form = event.currentTarget;
    setKeeping(true);
    try {
      const { keepLandingDraft } = await import("~/browser/landing-draft");
      await keepLandingDraft({
        itemName: itemName.current?.value ?? "",
        category: (category.current?.value ?? "") as Category | "",
        note: note.current?.value ?? "",
        files: Array.from(photos.current?.files ?? []),
      });
    } catch {
      // Not kept (the code did not load, no storage): sign-in goes ahead; the seller types it again.
    }
    // The form's own GET to /api/login (submit() sends no submit event, so this runs once).
    form.submit();
  }

  return (
    <form
      action="/api/login"
      method="get"
      onSubmit={keepDraft}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-lg"
      aria-label="Anzeige ausprobieren"
    >
      <div className="space-y-1.5">
        <label htmlFor="mock-item" className="block text-sm font-medium text-slate-800">
          Artikel Name
        </label>
        <input
          ref={itemName}
          id="mock-item"
          maxLength={ITEM_NAME_MAX}
          className="block h-11 w-full rounded-lg border border-slate-300 px-3"
          placeholder="z. B. Kinderfahrrad 20 Zoll"
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="mock-category" className="block text-sm font-medium text-slate-800">
          Kategorie
        </label>
        <select
          ref={category}
          id="mock-category"
          defaultValue=""
          className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3"
        >
          <CategoryOptions />
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="mock-note" className="block text-sm font-medium text-slate-800">
          Stichworte (optional)
        </label>
        <textarea
          ref={note}
          id="mock-note"
          rows={2}
          // No maxLength, which would drop the end of a pasted note without a word: the whole note is
          // kept in the draft, and the create form asks to shorten one over the limit.
          aria-describedby={noteChars > 0 ? "mock-note-count" : undefined}
          onInput={(event) => setNoteChars(noteLength(event.currentTarget.value))}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2"
          placeholder="z. B. kaum benutzt, mit OVP, 80 VB, nur Abholung"
        />
        {/* Counted once typing starts (a page without JavaScript would show a count that never moves). */}
        {noteChars > 0 ? <CharacterCount id="mock-note-count" length={noteChars} max={DESCRIPTION_MAX} /> : null}
      </div>
      <label className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-surface p-6 text-center text-sm text-slate-700 hover:border-primary-600 focus-within:outline-2 focus-within:outline-primary-600">
        <Camera aria-hidden className="size-7 text-primary-600" />
        <span className="font-semibold">Fotos hierher ziehen oder aufnehmen</span>
        <span aria-live="polite">
          {chosen > 0 ? `${chosen} ${chosen === 1 ? "Foto" : "Fotos"} ausgewählt` : `JPG, PNG oder WebP – bis zu ${MAX_PHOTOS} Fotos`}
        </span>
        <input
          ref={photos}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          className="sr-only"
          aria-label="Fotos auswählen"
          onChange={(event) => setChosen(event.target.files?.length ?? 0)}
        />
      </label>
      <Button type="submit" variant="accent" size="lg" className="w-full" disabled={keeping}>
        {keeping ? "Einen Moment …" : "KI-Anzeige erstellen"}
      </Button>
    </form>
  );
}
