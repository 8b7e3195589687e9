// Inline editor of a finished ad: title, description (12 rows) and one photo to remove or replace.
import { ImageOff, RefreshCw, Undo2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { AdJson } from "~/.server/ads/serialize";
import { MAX_PHOTO_BYTES } from "~/lib/ad-input";
import { errorMessage } from "~/lib/api-client";
import { coverCrop, downscalePhoto } from "~/lib/downscale";
import { sendForm } from "~/lib/upload";
import { Button } from "../ui/button";
import { Input, Textarea } from "../ui/field";
import { toast } from "../ui/use-toast";

type ImageChange = { kind: "remove"; index: number } | { kind: "replace"; index: number; file: File; preview: string } | null;

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** Spec §5: the edit image must be an image and under 10 MB; answers the toast to show, or null. */
export function editImageProblem(file: File): { title: string; description: string } | null {
  if (!file.type.startsWith("image/")) return { title: "Ungültige Datei", description: "Bitte nur Bilddateien auswählen." };
  if (file.size > MAX_PHOTO_BYTES) return { title: "Datei zu groß", description: "Bitte nur Bilder unter 10MB verwenden." };
  return null;
}

export function AdEditor({ ad, onSaved, onCancel }: { ad: AdJson; onSaved: () => void; onCancel: () => void }) {
  const [title, setTitle] = useState(ad.optimizedTitle ?? "");
  const [description, setDescription] = useState(ad.optimizedDescription ?? "");
  const [change, setChange] = useState<ImageChange>(null);
  const [saving, setSaving] = useState(false);
  // Downscaling a large photo takes a moment on a phone; saving waits for it.
  const [preparing, setPreparing] = useState(false);

  async function pick(index: number, file: File | undefined) {
    if (!file) return;
    const problem = editImageProblem(file);
    if (problem) {
      toast({ variant: "destructive", ...problem });
      return;
    }
    setPreparing(true);
    try {
      const prepared = IMAGE_TYPES.includes(file.type) ? await downscalePhoto(file) : file;
      setChange({ kind: "replace", index, file: prepared, preview: URL.createObjectURL(prepared) });
    } finally {
      setPreparing(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const form = new FormData();
    form.append("optimizedTitle", title);
    form.append("optimizedDescription", description);
    if (change) {
      form.append("imageIndex", String(change.index));
      if (change.kind === "remove") form.append("removeImage", "true");
      else {
        form.append("image", change.file);
        const cover = await coverCrop(change.file);
        if (cover) form.append("cover", cover, "cover.jpg");
      }
    }
    setSaving(true);
    try {
      await sendForm("PATCH", `/api/ads/${ad.id}`, form);
      toast({ title: "Anzeige aktualisiert" });
      onSaved();
    } catch (error) {
      toast({ variant: "destructive", title: "Fehler", description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} className="space-y-4" aria-label="Anzeige bearbeiten">
      <Input label="Titel" value={title} onChange={(event) => setTitle(event.target.value)} maxLength={150} required />
      <Textarea label="Beschreibung" rows={12} value={description} onChange={(event) => setDescription(event.target.value)} required />
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
        <Button type="submit" disabled={saving || preparing}>
          {saving ? "Wird gespeichert …" : preparing ? "Foto wird vorbereitet …" : "Speichern"}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}
