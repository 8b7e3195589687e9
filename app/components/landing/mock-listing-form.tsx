// The landing's try-it form (docs/PRODUCT.md, "Pages"). It needs an account, so it leads to sign-in (/api/login);
// without JavaScript it is a plain GET form that does the same. Fields have no names: nothing is
// sent. What was typed is kept in this browser and prefilled in the create form after sign-in.
import { Camera } from "lucide-react";
import { useRef } from "react";
import { CategoryOptions } from "~/components/category-options";
import type { CATEGORIES } from "~/lib/categories";
import { saveLandingDraft } from "~/lib/landing-draft";
import { MAX_PHOTOS } from "~/lib/photo-limits";
import { Button } from "../ui/button";

export function MockListingForm() {
  const itemName = useRef<HTMLInputElement>(null);
  const category = useRef<HTMLSelectElement>(null);
  const keepDraft = () => saveLandingDraft({ itemName: itemName.current?.value ?? "", category: (category.current?.value ?? "") as keyof typeof CATEGORIES | "" });
  return (
    <form action="/api/login" method="get" onSubmit={keepDraft} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-lg" aria-label="Anzeige ausprobieren">
      <div className="space-y-1.5">
        <label htmlFor="mock-item" className="block text-sm font-medium text-slate-800">
          Artikel Name
        </label>
        <input ref={itemName} id="mock-item" maxLength={100} className="block h-11 w-full rounded-lg border border-slate-300 px-3" placeholder="z. B. Kinderfahrrad 20 Zoll" />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="mock-category" className="block text-sm font-medium text-slate-800">
          Kategorie
        </label>
        <select ref={category} id="mock-category" defaultValue="" className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3">
          <CategoryOptions />
        </select>
      </div>
      <label className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-surface p-6 text-center text-sm text-slate-700 hover:border-primary-600 focus-within:outline-2 focus-within:outline-primary-600">
        <Camera aria-hidden className="size-7 text-primary-600" />
        <span className="font-semibold">Fotos hierher ziehen oder aufnehmen</span>
        <span>JPG, PNG oder WebP – bis zu {MAX_PHOTOS} Fotos</span>
        <input type="file" accept="image/*" capture="environment" multiple className="sr-only" aria-label="Fotos auswählen" />
      </label>
      <Button type="submit" variant="accent" size="lg" className="w-full">
        KI-Anzeige erstellen
      </Button>
    </form>
  );
}
