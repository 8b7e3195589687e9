// "Kopieren für …": the ad's ready variant for every marketplace, with its character counts.
import { Copy } from "lucide-react";
import { platformVariants, type PlatformVariant } from "~/lib/platform-variants";
import type { Platform } from "~/lib/platforms";
import { Button } from "../ui/button";
import { toast } from "../ui/use-toast";

export async function copyVariant(variant: PlatformVariant) {
  try {
    await navigator.clipboard.writeText(variant.text);
    toast({ title: "Text kopiert", description: `Fertig zum Einfügen bei ${variant.label}.` });
  } catch {
    toast({ variant: "destructive", title: "Fehler beim Kopieren", description: "Text konnte nicht kopiert werden." });
  }
}

function Count({ label, length, max }: { label: string; length: number; max: number }) {
  return (
    <span>
      {label} {length.toLocaleString("de-DE")}/{max.toLocaleString("de-DE")}
    </span>
  );
}

/** All five variants, the ad's own platform first. */
export function PlatformCopyList({ title, description, platform }: { title: string; description: string; platform: Platform }) {
  const variants = platformVariants({ title, description }, platform);
  return (
    <section aria-label="Für jede Plattform" className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-800">Für jede Plattform fertig</h4>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {variants.map((variant) => (
          <li key={variant.platform} className="flex flex-wrap items-center justify-between gap-2 p-2" data-testid={`variant-${variant.platform}`}>
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">{variant.label}</p>
              <p className="text-slate-600" data-testid="variant-counts">
                <Count label="Titel" length={variant.titleLength} max={variant.titleMax} /> ·{" "}
                <Count label="Text" length={variant.descriptionLength} max={variant.descriptionMax} /> Zeichen
                {variant.platform === "ebay" ? " · HTML" : ""}
              </p>
            </div>
            <Button size="sm" variant="outline" onClick={() => copyVariant(variant)}>
              <Copy aria-hidden className="size-4" />
              Kopieren für {variant.label}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
