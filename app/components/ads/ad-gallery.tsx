// Every photo of a public ad: one large photo, the others as thumbnails below; arrow keys, the
// buttons and a swipe move between them. Without JavaScript all photos are still on the page.
// Every photo is its 1024 px display copy (ADR 021): the photo as uploaded stays private (ADR 070).
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";

const SWIPE_PX = 40;

/** The photos' display copies (URLs), best first. */
export function AdGallery({ photos, title }: { photos: readonly string[]; title: string }) {
  const [current, setCurrent] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const count = photos.length;
  if (count === 0) return null;
  const show = (index: number) => setCurrent((index + count) % count);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowRight") show(current + 1);
    else if (event.key === "ArrowLeft") show(current - 1);
    else return;
    event.preventDefault();
  }

  function onPointerUp(event: PointerEvent) {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(distance) >= SWIPE_PX) show(current + (distance < 0 ? 1 : -1));
  }

  return (
    <section aria-roledescription="Galerie" aria-label={`Fotos (${count})`} className="bg-slate-100">
      <div
        className="relative touch-pan-y select-none focus:outline-2 focus:outline-primary-600"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => (swipeStart.current = event.clientX)}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
        data-testid="gallery-main"
      >
        <img
          src={photos[current]}
          // The first photo is what a buyer came for (the page's largest paint): fetched before the
          // scripts. Lower case, as React 18 passes only unknown attributes in lower case through.
          {...(current === 0 ? { fetchpriority: "high" } : {})}
          alt={`${title} – Foto ${current + 1} von ${count}`}
          width={800}
          height={600}
          draggable={false}
          className="aspect-[4/3] w-full object-contain"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => show(current - 1)}
              aria-label="Vorheriges Foto"
              className="absolute top-1/2 left-2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 shadow"
            >
              <ChevronLeft aria-hidden className="size-6" />
            </button>
            <button
              type="button"
              onClick={() => show(current + 1)}
              aria-label="Nächstes Foto"
              className="absolute top-1/2 right-2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 shadow"
            >
              <ChevronRight aria-hidden className="size-6" />
            </button>
            <p className="absolute right-2 bottom-2 rounded bg-slate-900/70 px-2 py-0.5 text-sm text-white" aria-live="polite">
              Foto {current + 1} von {count}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto p-2" aria-label="Alle Fotos">
          {photos.map((photo, index) => (
            <li key={photo} className="shrink-0">
              <button
                type="button"
                onClick={() => show(index)}
                aria-label={`Foto ${index + 1} anzeigen`}
                aria-current={index === current ? "true" : undefined}
                className={`block overflow-hidden rounded-md border-2 ${index === current ? "border-primary-600" : "border-transparent"}`}
              >
                <img src={photo} alt="" width={96} height={72} loading="lazy" className="h-[72px] w-[96px] object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
