// The Anzeigen-Check (ADR 041): concrete hints from the offer record, the note and the text — the
// photos buyers ask for, the searched facts a title leaves out, the handover and shipping cost, the
// price basis — and a score that rises when the seller follows a hint.
import { describe, expect, it } from "vitest";
import { adCheck, type AdCheckInput } from "~/.server/app-worker/ads/ad-check";
import { titleFacts } from "~/.server/ai/search-facts";

const photo = (index: number) => `ads/00000000-0000-4000-8000-000000000000/${index}.jpg`;

function ad(overrides: Partial<AdCheckInput> = {}): AdCheckInput {
  return {
    category: "sonstiges",
    itemName: "Winterreifen",
    imageUrls: [photo(1)],
    imageAnalysis: null,
    originalDescription: "4 Winterreifen 205/55 R16 Continental WinterContact TS860 auf Stahlfelge, 6 mm Profil, 280 € VB, nur Abholung",
    description: null,
    optimizedTitle: "Winterreifen",
    platform: "kleinanzeigen",
    shipping: "excluded",
    pickup: "offered",
    shippingCost: null,
    askingPrice: 28000,
    priceType: "vb",
    priceSuggestion: 28000,
    priceMin: null,
    priceMax: null,
    priceBasis: "asking",
    ...overrides,
  };
}

const hintsOf = (input: AdCheckInput, part: string) =>
  adCheck(input)
    .parts.find((entry) => entry.id === part)!
    .hints.join("\n");

describe("the Anzeigen-Check", () => {
  it("names the searched facts the title leaves out, and how much of the platform's length it uses", () => {
    expect(titleFacts(ad())).toEqual(["Continental WinterContact TS860", "205/55 R16"]);
    const hints = hintsOf(ad(), "title");
    expect(hints).toContain("Im Titel fehlt „205/55 R16“");
    expect(hints).toContain("Im Titel fehlt „Continental WinterContact TS860“");
    expect(hints).toContain("Der Titel nutzt 12 von 65 Zeichen");
    const full = ad({ optimizedTitle: "Continental WinterContact TS860 Winterreifen 205/55 R16 Stahlfelge" });
    expect(hintsOf(full, "title")).toBe("");
    expect(adCheck(full).score).toBeGreaterThan(adCheck(ad()).score);
  });

  it("counts the department, a set number and an edition as searched facts (ADR 064)", () => {
    const jacket = ad({
      category: "kleidung",
      itemName: "Regenjacke Vaude",
      originalDescription: "Vaude Regenjacke Damen Gr. 38, einmal getragen, 45 €",
      optimizedTitle: "Vaude Regenjacke – Gr. 38",
    });
    expect(titleFacts(jacket)).toContain("Damen");
    expect(hintsOf(jacket, "title")).toContain("Im Titel fehlt „Damen“");
    const named = { ...jacket, optimizedTitle: "Vaude Regenjacke Damen – Gr. 38" };
    expect(hintsOf(named, "title")).not.toContain("Damen");
    expect(adCheck(named).score).toBeGreaterThan(adCheck(jacket).score);
    const castle = ad({
      category: "spielzeug",
      itemName: "Lego Burg",
      originalDescription: "Lego Creator 31120 Mittelalterliche Burg, Limited Edition, ohne OVP, 70 € VB",
      optimizedTitle: "Lego Burg",
    });
    expect(titleFacts(castle)).toEqual(expect.arrayContaining(["31120", "Limited Edition"]));
    // A price or a count is no set number.
    expect(titleFacts(ad({ itemName: "Lego Kiste", originalDescription: "Lego Kiste 2000 Teile, 40 €" }))).not.toContain("2000");
  });

  it("asks for the shots buyers of the category ask for, and a photo of each stated defect", () => {
    const phone = ad({
      category: "elektronik",
      itemName: "iPhone 12 128 GB",
      optimizedTitle: "Apple iPhone 12 128 GB",
      originalDescription: "iPhone 12, 128 GB, Kratzer am Rahmen, 250 VB",
      imageAnalysis: {
        brand: "Apple",
        model: "iPhone 12",
        serialNumber: null,
        condition: "Gut",
        defects: [{ text: "Kratzer am Rahmen", photoIndex: null }],
      },
    });
    const hints = hintsOf(phone, "photos");
    expect(hints).toContain("Ein Foto – zeig auch: Typenschild oder Modellnummer, eingeschaltet mit Display");
    expect(hints).toContain("Fotografiere den Mangel „Kratzer am Rahmen“");
    // A defect the seller points to in a photo needs no hint (ADR 086).
    const shown = ad({
      ...phone,
      imageAnalysis: { ...phone.imageAnalysis!, defects: [{ text: "Fleck am Ärmel (siehe Foto 3)", photoIndex: null }] },
    });
    expect(hintsOf(shown, "photos")).not.toContain("Fotografiere den Mangel");
    const shoes = hintsOf(ad({ category: "kleidung", itemName: "Sneaker Nike Air Max" }), "photos");
    expect(shoes).toContain("Sohle");
    // Tyres, in any category: the tread, the DOT number and, on rims, the rim's inner side.
    expect(hintsOf(ad({ category: "auto" }), "photos")).toContain(
      "zeig auch: Profiltiefe mit Münze oder Messer, DOT-Nummer an der Flanke, Felge von innen.",
    );
    expect(hintsOf(ad({ originalDescription: "4 Sommerreifen 225/45 R17, 5 mm Profil" }), "photos")).not.toContain("Felge");
    expect(hintsOf(ad({ category: "auto", itemName: "Dachbox Thule" }), "photos")).toContain("Teilenummer oder Typenschild");
    const fourPhotos = ad({ category: "elektronik", imageUrls: [1, 2, 3, 4].map(photo) });
    expect(hintsOf(fourPhotos, "photos")).toBe("");
  });

  it("asks for the condition only where the note says nothing of it, in any of the seller's words (ADR 088)", () => {
    const ask = /Beschreibe den Zustand/;
    for (const note of [
      "bosch akkuschrauber, funzt einwandfrei. 110 festpreis",
      "küchenmaschine, motor läuft top. 280 VB",
      "sofa, stoff hat paar flecken. zu verschenken",
      "harry potter bücher, gelesen. 35€",
    ]) {
      expect(hintsOf(ad({ originalDescription: note }), "description"), note).not.toMatch(ask);
    }
    expect(hintsOf(ad({ originalDescription: "ikea regal 80x40 cm, weiß. 20 €, nur abholung" }), "description")).toMatch(ask);
  });

  it("asks for a folded shot only of what folds (ADR 088)", () => {
    const family = (itemName: string) =>
      hintsOf(ad({ category: "familie", itemName, originalDescription: "gut erhalten, 20 €" }), "photos");
    expect(family("Kinderwagen Joolz Day")).toContain("zusammengeklappt");
    expect(family("Babykleidung Paket Gr. 62/68")).not.toContain("zusammengeklappt");
  });

  it("asks for the handover and the shipping cost where the record has none", () => {
    expect(hintsOf(ad({ shipping: null, pickup: null }), "description")).toContain("ob du versendest oder nur Abholung anbietest");
    expect(hintsOf(ad({ shipping: "offered", pickup: "offered", shippingCost: null }), "description")).toContain("Nenne die Versandkosten");
    expect(hintsOf(ad({ shipping: "offered", pickup: "offered", shippingCost: 549 }), "description")).not.toContain("Versandkosten");
  });

  it("names the price basis: the seller's own, an estimate, or none", () => {
    expect(hintsOf(ad(), "price")).toBe("");
    expect(hintsOf(ad({ priceType: null }), "price")).toContain("Sag, ob dein Preis verhandelbar ist");
    const estimate = ad({ askingPrice: null, priceType: null, priceBasis: "new_price", priceSuggestion: 22000 });
    expect(hintsOf(estimate, "price")).toContain("Der Preis ist eine Schätzung aus dem Neupreis");
    expect(hintsOf(ad({ askingPrice: null, priceType: null, priceBasis: "estimate" }), "price")).toContain("Nenne deinen Preis");
  });

  it("scores from 0 to 100 and never lower when a hint is followed", () => {
    const weak = ad({ shipping: null, pickup: null, priceType: null, imageUrls: [photo(1)] });
    const better = ad({ shipping: "excluded", pickup: "offered", priceType: "vb", imageUrls: [1, 2, 3].map(photo) });
    expect(adCheck(weak).score).toBeGreaterThanOrEqual(0);
    expect(adCheck(better).score).toBeGreaterThan(adCheck(weak).score);
    const complete = ad({
      optimizedTitle: "Continental WinterContact TS860 205/55 R16",
      originalDescription: "Winterreifen 205/55 R16 TS860, gebraucht, 6 mm Profil, 280 € VB, nur Abholung",
      imageUrls: [1, 2, 3].map(photo),
    });
    expect(adCheck(complete)).toMatchObject({ score: 100, parts: [{ hints: [] }, { hints: [] }, { hints: [] }, { hints: [] }] });
  });
});
