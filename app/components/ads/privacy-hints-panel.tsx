// Private details on a finished ad's photos (ADR 069), from the same model call that wrote the ad:
// per photo "Foto 2: ein Gesicht ist zu sehen", with "Unkenntlich machen" (blurred on the device,
// saved as the photo's replacement) and "Foto entfernen" — both through the editor's own edit
// request. A photo nobody checked (offline mode, or replaced since) is named as not checked, never
// as clean.
import { EyeOff, ImageOff, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "~/browser/api-client";
import { appendPhotoChange, type PhotoChange } from "~/browser/photo-change";
import { sendForm } from "~/browser/upload";
import { privacySummary } from "~/lib/privacy-hints";
import type { AdJson } from "~/lib/api/types";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { toast } from "../ui/use-toast";
import { PhotoBlurDialog } from "./photo-blur-dialog";

export function PrivacyHintsPanel({ ad, onChanged }: { ad: AdJson; onChanged: () => void }) {
  const [blurring, setBlurring] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const { findings, unchecked } = privacySummary(ad.privacyHints);
  if (findings.length === 0 && !unchecked) return null;
  const headingId = `ad-${ad.id}-privacy-hints`;

  /** The photo change alone: title and text go back as they are, the offer fields are left out (unchanged). */
  async function change(photoChange: PhotoChange, done: string) {
    setBusy(true);
    try {
      const form = new FormData();
      form.append("optimizedTitle", ad.optimizedTitle ?? ad.itemName);
      form.append("optimizedDescription", ad.optimizedDescription ?? "");
      await appendPhotoChange(form, photoChange);
      await sendForm("PATCH", "/api/ads/{id}", form, { params: { id: ad.id } });
      setBlurring(null);
      setRemoving(null);
      toast({ title: done });
      onChanged();
    } catch (error) {
      toast({ variant: "destructive", title: "Fehler", description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="privacy-hints"
      className={`mt-3 rounded-lg px-3 py-2 text-sm ${findings.length > 0 ? "bg-amber-50 text-amber-950" : "bg-slate-50 text-slate-700"}`}
    >
      <h3 id={headingId} className="flex items-center gap-2 font-semibold">
        <ShieldAlert aria-hidden className="size-4 shrink-0" />
        Private Details auf den Fotos
      </h3>
      {findings.length > 0 ? (
        <ul className="mt-2 space-y-3">
          {findings.map(({ photoIndex, lines }) => (
            <li key={photoIndex} role="group" aria-label={`Foto ${photoIndex + 1}`} className="space-y-2">
              <ul>
                {lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="touch" onClick={() => setBlurring(photoIndex)} disabled={busy}>
                  <EyeOff aria-hidden className="size-4" />
                  Unkenntlich machen
                </Button>
                {ad.imageUrls.length > 1 ? (
                  <Button variant="ghost" size="touch" onClick={() => setRemoving(photoIndex)} disabled={busy}>
                    <ImageOff aria-hidden className="size-4" />
                    Foto entfernen
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {unchecked ? (
        <p className="mt-1" data-testid="privacy-hints-unchecked">
          {unchecked}
        </p>
      ) : null}
      {blurring !== null && ad.imageUrls[blurring] ? (
        <PhotoBlurDialog
          photoUrl={ad.imageUrls[blurring]}
          photoNumber={blurring + 1}
          busy={busy}
          onClose={() => setBlurring(null)}
          onSave={(file) => change({ kind: "replace", index: blurring, file }, `Foto ${blurring + 1} unkenntlich gemacht`)}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Foto ${(removing ?? 0) + 1} entfernen?`}
        description="Das Foto wird aus der Anzeige gelöscht."
        confirmLabel="Foto entfernen"
        busy={busy}
        onConfirm={() => removing !== null && change({ kind: "remove", index: removing }, `Foto ${removing + 1} entfernt`)}
      />
    </section>
  );
}
