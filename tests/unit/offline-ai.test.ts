import { describe, expect, it } from "vitest";
import { generateOffline } from "~/.server/ai/offline";
import { detectBrand, detectCondition, detectSerialNumber, fragments } from "~/.server/ai/offline-text";
import { bestPhotoIndex } from "~/.server/ai/photo-score";
import { findAskingPrice, findNewPrice, roundPrice, suggestPrice } from "~/.server/ai/pricing";
import type { GenerationInput } from "~/.server/ai/types";
import { DEFAULT_PROMPTS } from "~/lib/prompts";
import { png } from "../fixtures/images";

function input(overrides: Partial<GenerationInput> = {}): GenerationInput {
  return {
    itemName: "iPhone 12 128 GB",
    category: "elektronik",
    categoryLabel: "Elektronik & Computer",
    description: "Neuwertig, Akku 91 %. Kleiner Kratzer am Rahmen. Inkl. Originalverpackung und Ladekabel. Seriennummer: F17DK2ABCD. Versand möglich.",
    platform: "kleinanzeigen",
    photos: [],
    prompts: DEFAULT_PROMPTS,
    seller: { type: "private", companyName: null },
    ...overrides,
  };
}

describe("offline generator", () => {
  it("writes a specific German ad from the seller's note", () => {
    const ad = generateOffline(input());
    expect(ad.title).toBe("Apple iPhone 12 128 GB – Neuwertig, mit OVP");
    expect(ad.description).toContain("📦 **Apple iPhone 12 128 GB**");
    expect(ad.description).toContain("✨ **Zustand: Neuwertig**");
    expect(ad.description).toContain("- *Hinweis:* Kleiner Kratzer am Rahmen");
    expect(ad.description).toContain("- **Seriennummer:** F17DK2ABCD");
    expect(ad.description).toContain("📋 **Lieferumfang**\n- Inkl. Originalverpackung und Ladekabel");
    expect(ad.description).toContain("🚚 **Abholung & Versand**\n- Versand möglich");
    expect(ad.imageAnalysis).toEqual({
      brand: "Apple",
      model: "iPhone 12 128 GB",
      serialNumber: "F17DK2ABCD",
      condition: "Neuwertig",
      defects: [{ text: "Kleiner Kratzer am Rahmen", photoIndex: null }],
    });
    // Elektronik "Gut" base 120 € × 1.5 (Neuwertig) = 180 €.
    expect(ad.priceSuggestion).toBe(18000);
    expect([ad.priceMin, ad.priceMax]).toEqual([14000, 22000]);
  });

  it("is deterministic", () => {
    expect(generateOffline(input())).toEqual(generateOffline(input()));
  });

  it("writes in the 'we' form for commercial sellers", () => {
    expect(generateOffline(input({ seller: { type: "commercial", companyName: "Handy Hansen" } })).description).toContain("Wir verkaufen");
  });

  it("still writes a useful ad without a note", () => {
    const ad = generateOffline(input({ itemName: "Gartenstuhl", category: "garten", description: null }));
    expect(ad.title).toBe("Gartenstuhl");
    expect(ad.description).toContain("Gebraucht, mit normalen Gebrauchsspuren");
    expect(ad.priceSuggestion).toBe(4000);
  });
});

describe("offline fact detection", () => {
  it("reads condition, brand and serial numbers", () => {
    expect(detectCondition("Neu und OVP").label).toBe("Neu");
    expect(detectCondition("Display defekt, für Bastler").label).toBe("Defekt – für Bastler");
    expect(detectCondition("Sehr guter Zustand").label).toBe("Sehr gut");
    expect(detectCondition("irgendwas").label).toBe("Gut");
    expect(detectBrand("Kinderwagen von Cybex")).toBe("Cybex");
    expect(detectBrand("PS5 Controller")).toBe("Sony");
    expect(detectBrand("Holzstuhl")).toBeNull();
    expect(detectSerialNumber("S/N: ab12345x")).toBe("AB12345X");
    expect(detectSerialNumber("keine Nummer")).toBeNull();
  });

  it("splits notes into clean facts", () => {
    expect(fragments("guter zustand. inkl. Kabel; Abholung in Bonn\n- wenig benutzt")).toEqual([
      "Guter zustand",
      "Inkl. Kabel",
      "Abholung in Bonn",
      "Wenig benutzt",
    ]);
  });
});

describe("offline pricing rules", () => {
  it("keeps the seller's asking price, else uses the new price, else the category base", () => {
    expect(findAskingPrice("VB 80 €")).toBe(80);
    expect(findAskingPrice("Preis: 1.250 Euro")).toBe(1250);
    expect(findNewPrice("NP 299,99 €")).toBe(299.99);
    expect(suggestPrice("moebel", detectCondition("gut"), "Festpreis 75 €")).toMatchObject({ priceSuggestion: 7500, basis: "asking" });
    expect(suggestPrice("moebel", detectCondition("gut"), "Neupreis 400 €")).toMatchObject({ priceSuggestion: 20000, basis: "new_price" });
    expect(suggestPrice("kleidung", detectCondition("defekt"), "")).toMatchObject({ priceSuggestion: 600, basis: "category" });
  });

  it("rounds to prices people use", () => {
    expect([7.4, 23, 137, 1234].map(roundPrice)).toEqual([7, 25, 140, 1250]);
  });
});

describe("best photo", () => {
  it("prefers a detailed 4:3 photo over a small or tall flat one, and the earlier photo on a tie", async () => {
    const small = await png(80, 60);
    const tallFlat = await png(300, 600);
    const detailed = await png(400, 300, { noise: true });
    expect(bestPhotoIndex([small, tallFlat, detailed])).toBe(2);
    expect(bestPhotoIndex([small, small])).toBe(0);
    expect(bestPhotoIndex([new Uint8Array([1, 2, 3]), small])).toBe(1);
  });
});

describe("offline generator with the seller's prompts", () => {
  it("uses changed prompts as templates, filling the placeholders", () => {
    const ad = generateOffline(
      input({
        prompts: {
          ...DEFAULT_PROMPTS,
          title: "{itemName} | {platform} | Top-Zustand",
          description: "Hallo! Hier gibt es {itemName} aus der Kategorie {category}.",
          legal_notes: "Abholung nur am Wochenende.\nBarzahlung bei Abholung.",
        },
      }),
    );
    expect(ad.title).toBe("iPhone 12 128 GB | Kleinanzeigen | Top-Zustand");
    expect(ad.description).toContain("Hallo! Hier gibt es iPhone 12 128 GB aus der Kategorie Elektronik & Computer.");
    expect(ad.description).not.toContain("Ich verkaufe");
    expect(ad.notes).toEqual(["Abholung nur am Wochenende.", "Barzahlung bei Abholung."]);
  });
});
