// Paste-ready copies per marketplace (ADR 029): "Titel kopieren" and "Text kopieren" for each
// variant, so title and text go into their own fields without cleaning by hand. eBay's text goes on
// the clipboard as formatted HTML (text/html) with a plain-text fallback (text/plain) through the
// async Clipboard API; the other marketplaces get plain text.
import { Copy, TriangleAlert } from "lucide-react";
import { apiRequest } from "~/browser/api-client";
import { platformVariants, type AdText, type PlatformVariant } from "~/lib/platform-variants";
import type { Platform } from "~/lib/platforms";
import { Button } from "../ui/button";
import { toast } from "../ui/use-toast";

const COPY_FAILED = {
  variant: "destructive" as const,
  title: "Fehler beim Kopieren",
  description: "Der Text konnte nicht kopiert werden. Bitte markiere ihn und kopiere ihn von Hand.",
};

/**
 * A copy taken for a marketplace is noted, so "Verkauft" reminds the seller to end the ad there
 * (ADR 076). The note is best effort: the copy itself has worked, and the toast says so.
 */
function noteCopy(adId: string, variant: PlatformVariant) {
  apiRequest("POST", "/api/ads/{id}/copies", { params: { id: adId }, body: { platform: variant.platform } }).catch(() => {});
}

export async function copyTitle(adId: string, variant: PlatformVariant) {
  try {
    await navigator.clipboard.writeText(variant.title);
    noteCopy(adId, variant);
    toast({ title: "Titel kopiert", description: `Fertig zum Einfügen ins Titelfeld bei ${variant.label}.` });
  } catch {
    toast(COPY_FAILED);
  }
}

export async function copyText(adId: string, variant: PlatformVariant) {
  try {
    if (variant.html && typeof ClipboardItem !== "undefined" && navigator.clipboard.write) {
      await navigator.clipboard.write([
        new ClipboardItem({
          "text/html": new Blob([variant.html], { type: "text/html" }),
          "text/plain": new Blob([variant.plainText], { type: "text/plain" }),
        }),
      ]);
    } else {
      await navigator.clipboard.writeText(variant.plainText);
    }
    noteCopy(adId, variant);
    toast({
      title: "Text kopiert",
      description: variant.html
        ? `Formatiert – fertig zum Einfügen in die Beschreibung bei ${variant.label}.`
        : `Fertig zum Einfügen in die Beschreibung bei ${variant.label}.`,
    });
  } catch {
    toast(COPY_FAILED);
  }
}

/** The two copy buttons of one variant. */
export function CopyButtons({
  adId,
  variant,
  size = "sm",
  primary = false,
}: {
  adId: string;
  variant: PlatformVariant;
  size?: "sm" | "touch";
  primary?: boolean;
}) {
  return (
    <>
      <Button
        size={size}
        variant={primary ? undefined : "outline"}
        onClick={() => copyTitle(adId, variant)}
        aria-label={`Titel kopieren für ${variant.label}`}
      >
        <Copy aria-hidden className="size-4" />
        Titel kopieren
      </Button>
      <Button
        size={size}
        variant={primary ? undefined : "outline"}
        onClick={() => copyText(adId, variant)}
        aria-label={`Text kopieren für ${variant.label}`}
      >
        <Copy aria-hidden className="size-4" />
        Text kopieren
      </Button>
    </>
  );
}

function Count({ label, length, max }: { label: string; length: number; max: number }) {
  return (
    <span>
      {label} {length.toLocaleString("de-DE")}/{max.toLocaleString("de-DE")}
    </span>
  );
}

/** All five variants, the ad's own platform first. */
export function PlatformCopyList({ adId, ad, platform }: { adId: string; ad: AdText; platform: Platform }) {
  const variants = platformVariants(ad, platform);
  return (
    <section aria-label="Für jede Plattform" className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-800">Fassungen für jede Plattform</h4>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {variants.map((variant) => (
          <li key={variant.platform} className="space-y-2 p-2" data-testid={`variant-${variant.platform}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">{variant.label}</p>
                <p className="text-slate-600" data-testid="variant-counts">
                  <Count label="Titel" length={variant.titleLength} max={variant.titleMax} /> ·{" "}
                  <Count label="Text" length={variant.descriptionLength} max={variant.descriptionMax} /> Zeichen
                  {variant.platform === "ebay" ? " · formatiert" : ""}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <CopyButtons adId={adId} variant={variant} />
              </div>
            </div>
            {variant.notice ? (
              <p className="flex items-start gap-1 text-sm text-amber-800" data-testid="variant-notice">
                <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                {variant.notice}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
