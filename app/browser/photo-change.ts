// One photo of a finished ad removed or replaced, as PATCH /api/ads/{id} takes it: the editor and
// the privacy hints on the card (ADR 069) send it the same way.
import { coverCrop } from "./downscale";

export type PhotoChange = { kind: "remove"; index: number } | { kind: "replace"; index: number; file: File };

/** Adds the change to the edit's form: the photo's index, and either the removal or the new photo with its cover crop. */
export async function appendPhotoChange(form: FormData, change: PhotoChange): Promise<void> {
  form.append("imageIndex", String(change.index));
  if (change.kind === "remove") {
    form.append("removeImage", "true");
    return;
  }
  form.append("image", change.file);
  const cover = await coverCrop(change.file);
  if (cover) form.append("cover", cover, "cover.jpg");
}
