import { describe, expect, it } from "vitest";
import { addPhotos, photoSelectionMessages } from "~/browser/photo-check";

const photo = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: "image/jpeg" });
// Stands in for the browser's decoder: files named "kaputt…" cannot be decoded.
const decodable = async (file: File) => !file.name.startsWith("kaputt");

describe("choosing photos", () => {
  it("refuses files the browser cannot decode, by name", async () => {
    const selection = await addPhotos([], [photo("sofa.jpg"), photo("kaputt.jpg")], decodable);
    expect(selection.files.map((file) => file.name)).toEqual(["sofa.jpg"]);
    expect(photoSelectionMessages(selection)).toEqual(["„kaputt.jpg“ ist kein lesbares Bild und wurde nicht hinzugefügt."]);
  });

  it("keeps five photos and names the ones not added", async () => {
    const current = [photo("1.jpg"), photo("2.jpg"), photo("3.jpg"), photo("4.jpg")];
    const selection = await addPhotos(
      current,
      [photo("5.jpg"), photo("6.jpg"), photo("7.jpg"), photo("kaputt-a.jpg"), photo("kaputt-b.jpg")],
      decodable,
    );
    expect(selection.files.map((file) => file.name)).toEqual(["1.jpg", "2.jpg", "3.jpg", "4.jpg", "5.jpg"]);
    expect(photoSelectionMessages(selection)).toEqual([
      "„kaputt-a.jpg“, „kaputt-b.jpg“ sind keine lesbaren Bilder und wurden nicht hinzugefügt.",
      "Höchstens 5 Fotos pro Anzeige – nicht hinzugefügt: „6.jpg“, „7.jpg“.",
    ]);
  });

  it("says nothing when every photo was added", async () => {
    expect(photoSelectionMessages(await addPhotos([], [photo("a.jpg")], decodable))).toEqual([]);
  });
});
