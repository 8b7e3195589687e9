// Photos are checked in the browser the moment they are chosen: a file the browser cannot decode
// is refused at once (by name), and photos beyond the fifth are named instead of dropped silently.
import { MAX_PHOTOS } from "~/lib/ad-input";

/** True when the browser can decode the file into an image with a size. */
export async function isDecodable(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap !== "function") return file.type.startsWith("image/");
  try {
    const bitmap = await createImageBitmap(file);
    const ok = bitmap.width > 0 && bitmap.height > 0;
    bitmap.close();
    return ok;
  } catch {
    return false;
  }
}

export type PhotoSelection = { files: File[]; undecodable: string[]; overLimit: string[] };

/** Adds the chosen files to those already picked: decodable ones, up to five in all. */
export async function addPhotos(
  current: File[],
  chosen: File[],
  decodable: (file: File) => Promise<boolean> = isDecodable,
): Promise<PhotoSelection> {
  const checks = await Promise.all(chosen.map(decodable));
  const readable = chosen.filter((_, index) => checks[index]);
  const undecodable = chosen.filter((_, index) => !checks[index]).map((file) => file.name);
  const room = Math.max(0, MAX_PHOTOS - current.length);
  return { files: [...current, ...readable.slice(0, room)], undecodable, overLimit: readable.slice(room).map((file) => file.name) };
}

const names = (list: string[]) => list.map((name) => `„${name}“`).join(", ");

/** The German notes for what was not added, one per reason. */
export function photoSelectionMessages(selection: Pick<PhotoSelection, "undecodable" | "overLimit">): string[] {
  const messages: string[] = [];
  if (selection.undecodable.length > 0) {
    messages.push(
      selection.undecodable.length === 1
        ? `${names(selection.undecodable)} ist kein lesbares Bild und wurde nicht hinzugefügt.`
        : `${names(selection.undecodable)} sind keine lesbaren Bilder und wurden nicht hinzugefügt.`,
    );
  }
  if (selection.overLimit.length > 0) {
    messages.push(`Höchstens ${MAX_PHOTOS} Fotos pro Anzeige – nicht hinzugefügt: ${names(selection.overLimit)}.`);
  }
  return messages;
}
