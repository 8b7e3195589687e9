// Making part of a photo unrecognisable on the seller's device (ADR 069), before it replaces the
// photo in the ad. The model names no place on the photo, so the seller picks the areas: the photo
// is split into a 3 × 3 grid and each chosen cell is scaled down to a few pixels and back up — the
// detail is gone from the bytes, not hidden under a filter that a copy could undo. Works with the
// plain 2D canvas in every browser (no `context.filter`, which Safari lacks).

export const BLUR_GRID = 3;
export const BLUR_CELLS = BLUR_GRID * BLUR_GRID;
/** Samples left per cell side: a face in a ninth of the photo keeps no feature. */
const SAMPLES_PER_CELL = 6;
const JPEG_QUALITY = 0.85;

/** The German name of a grid cell ("oben links" … "unten rechts"), row by row. */
export function cellName(cell: number): string {
  const rows = ["oben", "Mitte", "unten"];
  const columns = ["links", "Mitte", "rechts"];
  const row = rows[Math.floor(cell / BLUR_GRID)];
  const column = columns[cell % BLUR_GRID];
  return row === "Mitte" && column === "Mitte" ? "Mitte" : `${row} ${column}`;
}

/** A cell's rectangle in a picture of the given size (whole pixels, the last row and column take the rest). */
function cellRect(cell: number, width: number, height: number) {
  const column = cell % BLUR_GRID;
  const row = Math.floor(cell / BLUR_GRID);
  const x = Math.round((column * width) / BLUR_GRID);
  const y = Math.round((row * height) / BLUR_GRID);
  return { x, y, width: Math.round(((column + 1) * width) / BLUR_GRID) - x, height: Math.round(((row + 1) * height) / BLUR_GRID) - y };
}

/**
 * The area shrunk to SAMPLES_PER_CELL² pixels in halving steps: each step averages 2 × 2 pixels,
 * so every sample is the mean of its area whatever scaling the browser does in one step.
 */
function shrunk(photo: ImageBitmap, rect: { x: number; y: number; width: number; height: number }): HTMLCanvasElement | null {
  let source: CanvasImageSource = photo;
  let area = rect;
  for (;;) {
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(SAMPLES_PER_CELL, Math.ceil(area.width / 2));
    canvas.height = Math.max(SAMPLES_PER_CELL, Math.ceil(area.height / 2));
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = "high";
    context.drawImage(source, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
    if (canvas.width === SAMPLES_PER_CELL && canvas.height === SAMPLES_PER_CELL) return canvas;
    source = canvas;
    area = { x: 0, y: 0, width: canvas.width, height: canvas.height };
  }
}

/**
 * Draws the photo onto the canvas (sized to it) with the chosen cells made unrecognisable; false
 * where the browser could not draw every one of them (the photo must then not be saved).
 */
export function drawBlurred(canvas: HTMLCanvasElement, photo: ImageBitmap, cells: ReadonlySet<number>): boolean {
  canvas.width = photo.width;
  canvas.height = photo.height;
  const context = canvas.getContext("2d");
  if (!context) return false;
  context.drawImage(photo, 0, 0);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  for (const cell of cells) {
    const rect = cellRect(cell, photo.width, photo.height);
    const samples = shrunk(photo, rect);
    if (!samples) return false;
    context.drawImage(samples, 0, 0, SAMPLES_PER_CELL, SAMPLES_PER_CELL, rect.x, rect.y, rect.width, rect.height);
  }
  return true;
}

/** The photo of the ad as the browser shows it (orientation applied), or null where it cannot be read. */
export async function loadPhoto(url: string): Promise<ImageBitmap | null> {
  try {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) return null;
    return await createImageBitmap(await response.blob(), { imageOrientation: "from-image" });
  } catch {
    return null;
  }
}

/** The canvas as the replacement photo: a JPEG written here, so it carries no metadata of the original. */
export async function canvasPhoto(canvas: HTMLCanvasElement): Promise<File | null> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
  return blob && blob.type === "image/jpeg" ? new File([blob], "foto-unkenntlich.jpg", { type: "image/jpeg" }) : null;
}
