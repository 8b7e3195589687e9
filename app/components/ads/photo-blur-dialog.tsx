// Making part of one photo unrecognisable, on the device (ADR 069): the seller taps the areas of a
// 3 × 3 grid over the photo (or "Ganzes Foto"), sees the result at once, and saves it as the
// photo's replacement. Every area is a toggle button, so a keyboard works as well as a finger.
import { useEffect, useRef, useState } from "react";
import { BLUR_CELLS, canvasPhoto, cellName, drawBlurred, loadPhoto } from "~/browser/blur-photo";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";

type Loaded = { state: "loading" } | { state: "failed" } | { state: "ready"; photo: ImageBitmap };

const ALL_CELLS = Array.from({ length: BLUR_CELLS }, (_, cell) => cell);

export function PhotoBlurDialog({
  photoUrl,
  photoNumber,
  busy,
  onSave,
  onClose,
}: {
  photoUrl: string;
  /** 1-based, as the card names the photo. */
  photoNumber: number;
  busy: boolean;
  onSave: (photo: File) => void;
  onClose: () => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [cells, setCells] = useState<ReadonlySet<number>>(new Set());
  const [drawn, setDrawn] = useState(true);

  useEffect(() => {
    let current = true;
    let photo: ImageBitmap | null = null;
    void loadPhoto(photoUrl).then((bitmap) => {
      photo = bitmap;
      if (current) setLoaded(bitmap ? { state: "ready", photo: bitmap } : { state: "failed" });
      else bitmap?.close();
    });
    return () => {
      current = false;
      photo?.close();
    };
  }, [photoUrl]);

  useEffect(() => {
    if (loaded.state === "ready" && canvasRef.current) setDrawn(drawBlurred(canvasRef.current, loaded.photo, cells));
  }, [loaded, cells]);

  const toggle = (cell: number) =>
    setCells((current) => {
      const next = new Set(current);
      if (!next.delete(cell)) next.add(cell);
      return next;
    });
  const whole = cells.size === BLUR_CELLS;

  async function save() {
    const photo = canvasRef.current && drawn ? await canvasPhoto(canvasRef.current) : null;
    if (photo) onSave(photo);
    else setDrawn(false);
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={`Foto ${photoNumber} unkenntlich machen`}
      description="Tippe auf die Stellen, die niemand erkennen soll. Das Foto wird auf deinem Gerät verändert und ersetzt dann das alte."
    >
      {loaded.state === "failed" ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          Das Foto konnte nicht geladen werden. Schließe das Fenster und versuche es noch einmal.
        </p>
      ) : (
        <div className="relative">
          {loaded.state === "loading" ? (
            <div className="aspect-[4/3] w-full animate-pulse rounded-lg bg-slate-100" aria-label="Foto wird geladen" role="status" />
          ) : null}
          <canvas
            ref={canvasRef}
            data-testid="blur-preview"
            aria-hidden
            className={loaded.state === "ready" ? "block h-auto w-full rounded-lg" : "hidden"}
          />
          {loaded.state === "ready" ? (
            <div role="group" aria-label="Stellen im Foto" className="absolute inset-0 grid grid-cols-3 grid-rows-3">
              {ALL_CELLS.map((cell) => (
                <button
                  key={cell}
                  type="button"
                  aria-pressed={cells.has(cell)}
                  onClick={() => toggle(cell)}
                  disabled={busy}
                  className={`border border-white/60 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-primary-600 ${
                    cells.has(cell) ? "bg-primary-900/20 ring-2 ring-primary-600 ring-inset" : "hover:bg-white/20"
                  }`}
                >
                  <span className="sr-only">{cellName(cell)}</span>
                </button>
              ))}
            </div>
          ) : null}
        </div>
      )}
      {!drawn ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          Dein Browser konnte das Foto nicht verändern. Entferne es stattdessen oder ersetze es im Editor.
        </p>
      ) : null}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Abbrechen
        </Button>
        <Button
          variant="outline"
          aria-pressed={whole}
          onClick={() => setCells(whole ? new Set() : new Set(ALL_CELLS))}
          disabled={busy || loaded.state !== "ready"}
        >
          Ganzes Foto
        </Button>
        <Button onClick={save} disabled={busy || loaded.state !== "ready" || cells.size === 0 || !drawn}>
          {busy ? "Wird gespeichert …" : "Unkenntlich speichern"}
        </Button>
      </div>
    </Dialog>
  );
}
