// Choosing up to MAX_PHOTOS photos, with previews and a remove button each.
import { Camera, X } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { MAX_PHOTO_MEGABYTES, MAX_PHOTOS } from "~/lib/ad-input";
import { addPhotos, photoSelectionMessages } from "~/browser/photo-check";

export function PhotoPicker({
  files,
  onChange,
  onChecking,
  disabled,
  error,
}: {
  /** Why the form cannot be sent yet ("mindestens ein Foto"), shown at the photos. */
  error?: string;
  files: File[];
  onChange: (files: File[]) => void;
  /** Told while chosen photos are being decoded, so the form can wait before sending. */
  onChecking?: (checking: boolean) => void;
  disabled?: boolean;
}) {
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const [notes, setNotes] = useState<string[]>([]);
  const errorId = useId();
  const [checking, setChecking] = useState(false);

  async function choose(chosen: File[]) {
    setChecking(true);
    onChecking?.(true);
    try {
      const selection = await addPhotos(files, chosen);
      setNotes(photoSelectionMessages(selection));
      onChange(selection.files);
    } finally {
      setChecking(false);
      onChecking?.(false);
    }
  }

  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">Fotos (bis zu {MAX_PHOTOS})</legend>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5">
        {files.map((file, index) => (
          <li key={`${file.name}-${index}`} className="relative">
            <img
              src={previews[index]}
              alt={`Vorschau ${index + 1}: ${file.name}`}
              width={120}
              height={90}
              className="aspect-[4/3] w-full rounded-lg object-cover"
            />
            <button
              type="button"
              onClick={() => {
                setNotes([]);
                onChange(files.filter((_, i) => i !== index));
              }}
              className="absolute top-1 right-1 grid size-7 place-items-center rounded-full bg-white/90 text-slate-900 shadow"
              aria-label={`Foto ${index + 1} entfernen`}
            >
              <X aria-hidden className="size-4" />
            </button>
          </li>
        ))}
        {files.length < MAX_PHOTOS ? (
          <li>
            <label className="flex aspect-[4/3] w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-300 bg-white text-sm font-medium text-slate-700 hover:border-primary-600 focus-within:outline-2 focus-within:outline-primary-600">
              <Camera aria-hidden className="size-6 text-primary-600" />
              Foto hinzufügen
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/*"
                multiple
                className="sr-only"
                aria-label="Fotos auswählen"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => {
                  const chosen = Array.from(event.target.files ?? []);
                  event.target.value = "";
                  void choose(chosen);
                }}
              />
            </label>
          </li>
        ) : null}
      </ul>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700" data-testid="photo-error">
          {error}
        </p>
      ) : null}
      {checking ? <p className="text-sm text-slate-600">Fotos werden geprüft …</p> : null}
      {notes.length > 0 ? (
        <div role="alert" className="space-y-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="photo-notes">
          {notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      ) : null}
      <p className="text-sm text-slate-600">
        Tipps: max. {MAX_PHOTO_MEGABYTES} MB pro Foto, JPG/PNG/WEBP. Helles Tageslicht, ruhiger Hintergrund, Mängel ruhig mit fotografieren.
      </p>
    </fieldset>
  );
}
