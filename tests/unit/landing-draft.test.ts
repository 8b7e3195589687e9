// The landing draft read back from this browser's storage (ADR 034): checked by hand, the item name
// within its limit, the note whole at any length, a known category, at most five photos; drafts from
// before the note and photos were kept still read.
import { describe, expect, it } from "vitest";
import { parseDraft } from "~/browser/landing-draft";

describe("parseDraft", () => {
  it("reads name, category, note and the number of kept photos", () => {
    expect(parseDraft({ itemName: " Kinderfahrrad ", category: "familie", note: " 80 VB ", photos: 2, savedAt: 1 })).toEqual({
      itemName: "Kinderfahrrad",
      category: "familie",
      note: "80 VB",
      photos: 2,
      savedAt: 1,
    });
  });

  it("reads an older draft without note and photos", () => {
    expect(parseDraft({ itemName: "Sofa", category: "", savedAt: 1 })).toEqual({
      itemName: "Sofa",
      category: "",
      note: "",
      photos: 0,
      savedAt: 1,
    });
  });

  it("keeps a note longer than the limit whole: the create form asks to shorten it, nothing is cut", () => {
    const note = `${"Sehr gepflegt. ".repeat(300)}85 € VB, Abholung in Kassel`;
    expect(parseDraft({ itemName: "Vitrine", category: "", note, photos: 0, savedAt: 1 })?.note).toBe(note);
  });

  it("refuses anything it does not know", () => {
    for (const bad of [
      null,
      "x",
      { itemName: "Sofa", category: "autos", savedAt: 1 },
      { itemName: "x".repeat(101), category: "", savedAt: 1 },
      { itemName: "Sofa", category: "", note: 42, savedAt: 1 },
      { itemName: "Sofa", category: "", photos: 6, savedAt: 1 },
      { itemName: "Sofa", category: "", photos: 1.5, savedAt: 1 },
      { itemName: "Sofa", category: "" },
    ]) {
      expect(parseDraft(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
