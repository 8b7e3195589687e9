// The offline writer over notes written the way sellers write them: typos, abbreviations
// (VB, OVP, NP, NR-Haushalt), lower case, run-on sentences. What a seller would post.
import { describe, expect, it } from "vitest";
import { generateOffline } from "~/.server/generator/ai/offline/adapter";
import { readAttributes, readItem } from "~/.server/ai/item";
import { conditionOf } from "~/.server/generator/ai/condition";
import { classifyClause, readNote, type ClauseKind } from "~/.server/generator/ai/note";
import { beyondName } from "~/.server/generator/ai/offline/writer";
import { fullerName, nameAsWritten } from "~/.server/ai/spelling";
import { roundPrice, suggestPrice } from "~/.server/generator/ai/price";
import { bestPhotoIndex } from "~/.server/generator/ai/photo-score";
import type { GenerationInput } from "~/.server/ai/types";
import { DEFAULT_PROMPTS } from "~/lib/prompts";
import { PLATFORM_VALUES, PLATFORMS } from "~/lib/platforms";
import { readDelivery, readSellerFacts } from "~/lib/seller-price";
import { platformVariant } from "~/lib/platform-variants";
import { png } from "../fixtures/images";

const NOW = new Date("2026-11-22T12:00:00Z");

/** The Kleinanzeigen copy of the offline writer's ad for a note, with the offer the reader reads from it. */
function kleinanzeigenText(itemName: string, note: string): string {
  const read = readSellerFacts(note);
  const offer = {
    shipping: read.shipping,
    pickup: read.pickup,
    shippingCost: read.shippingCost === null ? null : Math.round(read.shippingCost * 100),
    shippingCarrier: read.carrier,
    place: read.city,
    swap: null,
  };
  const description = generateOffline(input({ itemName, description: note }), NOW).description;
  return platformVariant("kleinanzeigen", { title: "T", description, offer }).description;
}

function input(overrides: Partial<GenerationInput> = {}): GenerationInput {
  return {
    itemName: "iPhone 12 128 GB",
    category: "elektronik",
    categoryLabel: "Elektronik & Computer",
    description: null,
    platform: "kleinanzeigen",
    photos: [],
    prompts: DEFAULT_PROMPTS,
    seller: { type: "private", companyName: null },
    ...overrides,
  };
}

type Row = {
  itemName: string;
  category: string;
  note: string;
  /** Clause texts (or their start) with the class they must get. */
  kinds?: Array<[string, ClauseKind]>;
  /** Words every platform's title must contain. */
  title: string[];
  /** Suggested price band in euros. */
  price: [number, number];
  /** The writer's condition label (the price model's input). */
  condition?: string;
  /** The grade the ad stores and surfaces state: the label only where the note names it in grade words (null = not stated). */
  stated?: string | null;
};

const TABLE: Row[] = [
  {
    itemName: "IPhone 12 128 GB",
    category: "elektronik",
    note: "Neupreis war 899 €, gekauft 2020. Display ohne Kratzer, Akku 86 %. Mit OVP und Ladekabel. Abholung in Köln-Ehrenfeld oder Versand nach Absprache.",
    kinds: [
      ["Neupreis war 899 €", "history"],
      ["Display ohne Kratzer", "positive"],
      ["Akku 86 %", "spec"],
      ["Mit OVP und Ladekabel", "contents"],
    ],
    title: ["Apple iPhone 12", "128 GB"],
    price: [150, 220],
  },
  {
    itemName: "Cube Stereo 140 Mountainbike",
    category: "freizeit",
    note: "gekauft 2022 für 3.299 €, Rahmen L, keine Flecken, kleine Kratzer am Oberrohr. Mehr Infos auf www.meinshop.de oder per Mail an max@example.de",
    kinds: [
      ["Keine Flecken", "positive"],
      ["Kleine Kratzer am Oberrohr", "defect"],
      ["Mehr Infos auf", "contact"],
    ],
    title: ["Cube Stereo 140"],
    price: [1300, 1900],
  },
  {
    itemName: "Cybex Sirona Z i-Size Kindersitz",
    category: "sonstiges",
    note: "Gurtpolster leicht verblasst, unfallfrei, NR-Haushalt. Abholung in 50667 Köln",
    kinds: [
      ["Gurtpolster leicht verblasst", "defect"],
      ["Unfallfrei", "positive"],
      ["NR-Haushalt", "positive"],
      ["Abholung in 50667 Köln", "handover"],
    ],
    title: ["Cybex Sirona Z i-Size"],
    price: [120, 200],
  },
  {
    itemName: "Sofa 3-Sitzer grau",
    category: "moebel",
    note: "keine Flecken, tierfreier Nichtraucherhaushalt, Maße 210 x 90 cm, nur Abholung",
    kinds: [
      ["Keine Flecken", "positive"],
      ["Nur Abholung", "handover"],
    ],
    title: ["Sofa 3-Sitzer"],
    price: [120, 300],
  },
  {
    itemName: "Bosch Akkuschrauber GSR 18V",
    category: "garten",
    note: "mit 2 Akkus und Koffer, funktioniert einwandfrei",
    kinds: [["Funktioniert einwandfrei", "positive"]],
    title: ["Bosch", "GSR 18V"],
    price: [30, 80],
    condition: "Sehr gut",
    // No grade words in the note: the label prices the item, no surface states it.
    stated: null,
  },
  {
    itemName: "Damen Winterjacke Jack Wolfskin",
    category: "kleidung",
    note: "Gr. M, 2x getragen, wie neu, NP 199€",
    kinds: [["Wie neu", "positive"]],
    title: ["Jack Wolfskin", "Gr. M"],
    price: [40, 150],
    condition: "Neuwertig",
  },
  {
    itemName: "LEGO Technic 42115 Lamborghini",
    category: "spielzeug",
    note: "vollständig, mit Anleitung und OVP, NR-Haushalt, NP 379 €, gekauft 2021",
    kinds: [
      ["Vollständig", "positive"],
      ["NR-Haushalt", "positive"],
    ],
    title: ["LEGO Technic 42115"],
    price: [100, 300],
  },
  {
    itemName: "Nintendo Switch OLED",
    category: "elektronik",
    note: "Display ohne kratzer und Joy-Cons funktionieren einwandfrei, inkl. Dock und Ladekabel, VB 220€",
    kinds: [
      ["Display ohne Kratzer", "positive"],
      ["VB 220€", "price"],
    ],
    title: ["Nintendo Switch OLED"],
    price: [220, 220],
  },
  {
    itemName: "Kinderwagen Joolz Day+",
    category: "sonstiges",
    note: "Gebrauchsspuren am Schieber; Sonnendach ausgeblichen. Babywanne und Regenschutz dabei",
    kinds: [
      ["Gebrauchsspuren am Schieber", "defect"],
      ["Sonnendach ausgeblichen", "defect"],
    ],
    title: ["Joolz"],
    price: [100, 350],
  },
  {
    itemName: "Playstation 5 Disc Edition",
    category: "elektronik",
    note: "2 Controller, 1 Controller hat Stickdrift, sonst top. Gekauft 2021",
    kinds: [
      ["1 Controller hat Stickdrift", "defect"],
      ["2 Controller", "contents"],
    ],
    title: ["PlayStation 5"],
    price: [200, 420],
  },
  {
    itemName: "Kaffeevollautomat De'Longhi Magnifica S",
    category: "elektronik",
    note: "regelmäßig entkalkt, funktioniert, kleine Delle an der Seite, NP 399 €",
    kinds: [["Kleine Delle an der Seite", "defect"]],
    title: ["De'Longhi", "Magnifica S"],
    price: [100, 260],
  },
  {
    itemName: "Esstisch Eiche massiv 180x90",
    category: "moebel",
    note: "leichte Gebrauchsspuren auf der Platte, stabil, keine Wackler, Abholung in Hamburg-Altona",
    kinds: [
      ["Leichte Gebrauchsspuren auf der Platte", "defect"],
      ["Abholung in Hamburg-Altona", "handover"],
    ],
    title: ["Esstisch Eiche"],
    price: [40, 200],
  },
  {
    itemName: "Samsung Galaxy S21 5G",
    category: "elektronik",
    note: "Display gesprungen, Akku schwach, für Bastler",
    kinds: [
      ["Display gesprungen", "spec"],
      ["Für Bastler", "defect"],
    ],
    title: ["Samsung Galaxy S21", "defekt"],
    price: [20, 80],
    condition: "Defekt – für Bastler",
  },
  {
    itemName: "Nike Air Max 90 Sneaker",
    category: "kleidung",
    note: "Gr. 43, ungetragen mit Etikett, OVP",
    kinds: [["Ungetragen mit Etikett", "positive"]],
    title: ["Nike Air Max 90", "Gr. 43"],
    price: [30, 80],
    condition: "Neu",
    // No grade words in the note: the label prices the item, no surface states it.
    stated: null,
  },
  { itemName: "Gartenstuhl", category: "garten", note: "", title: ["Gartenstuhl"], price: [15, 40] },
  {
    itemName: "Dyson V11 Staubsauger",
    category: "elektronik",
    note: "Akku hält ca. 40 min, inkl. Zubehör und Wandhalterung. Kontakt gerne über WhatsApp 0171 1234567",
    kinds: [
      ["Akku hält ca. 40 min", "spec"],
      ["Kontakt gerne über WhatsApp 0171 1234567", "contact"],
    ],
    title: ["Dyson V11"],
    price: [90, 220],
  },
  {
    itemName: "Maxi-Cosi Pebble Babyschale",
    category: "sonstiges",
    note: "unfallfrei, Bezug gewaschen, aus 2023",
    kinds: [["Unfallfrei", "positive"]],
    title: ["Maxi-Cosi Pebble", "unfallfrei"],
    price: [60, 160],
  },
  {
    itemName: "IKEA Kallax Regal weiß",
    category: "moebel",
    note: "4x4 Fächer, kleine macke an der ecke, muss abgebaut werden",
    kinds: [["Kleine Macke an der Ecke", "defect"]],
    title: ["IKEA Kallax"],
    price: [15, 80],
  },
  {
    itemName: "MacBook Air M1 256GB",
    category: "elektronik",
    note: "Akkuzustand 91 %, Ladezyklen 210, keine Kratzer, Originalkarton vorhanden, Rechnung von 2021",
    kinds: [
      ["Keine Kratzer", "positive"],
      ["Originalkarton vorhanden", "contents"],
    ],
    title: ["Apple MacBook Air M1", "256 GB"],
    price: [300, 800],
  },
  {
    itemName: "Puky Laufrad",
    category: "spielzeug",
    note: "Griffe abgenutzt, Reifen ok",
    kinds: [["Griffe abgenutzt", "defect"]],
    title: ["PUKY Laufrad"],
    price: [20, 80],
  },
  {
    itemName: "Weber Gasgrill Spirit",
    category: "garten",
    note: "2 Saisons benutzt, Abdeckhaube dabei, Selbstabholer in 80331 München",
    kinds: [["Selbstabholer in 80331 München", "handover"]],
    title: ["Weber", "Spirit"],
    price: [60, 250],
  },
  {
    itemName: "Thermomix TM6",
    category: "elektronik",
    note: "kaum benutzt, NP 1.399 €, gekauft 2023, Garantie bis 2025",
    kinds: [
      ["Kaum benutzt", "positive"],
      ["Garantie bis 2025", "history"],
    ],
    title: ["Vorwerk Thermomix TM6"],
    price: [600, 1150],
    condition: "Neuwertig",
    // No grade words in the note: the label prices the item, no surface states it.
    stated: null,
  },
  {
    itemName: "Brettspiel Catan",
    category: "spielzeug",
    note: "unbespielt, noch in Folie",
    kinds: [["Unbespielt", "positive"]],
    title: ["Catan"],
    price: [8, 40],
    condition: "Neu",
    // No grade words in the note: the label prices the item, no surface states it.
    stated: null,
  },
  {
    itemName: "Canon EOS 250D mit Objektiv",
    category: "elektronik",
    note: "ca. 8000 Auslösungen, Sensor sauber, inkl. Tasche und 2 Akkus, Versand versichert mit DHL",
    kinds: [["Versand versichert mit DHL", "handover"]],
    title: ["Canon EOS 250D"],
    price: [120, 400],
  },
  {
    itemName: "Stokke Tripp Trapp Hochstuhl",
    category: "moebel",
    note: "mit Babyset, Farbe natur, kleine Kratzer an den Beinen",
    kinds: [["Kleine Kratzer an den Beinen", "defect"]],
    title: ["Stokke Tripp Trapp"],
    price: [70, 200],
  },
  {
    itemName: "Damenfahrrad 28 Zoll",
    category: "freizeit",
    note: "7 Gänge, Licht geht nicht, Reifen neu",
    kinds: [["Licht geht nicht", "defect"]],
    // A part that does not work makes no "defekt" of the whole bike (ADR 089); the text says which part.
    title: ["Damenfahrrad 28 Zoll"],
    price: [30, 250],
  },
  {
    itemName: "JBL Charge 5 Lautsprecher blau",
    category: "elektronik",
    note: "Sound top, keine Macken, Ladekabel dabei",
    kinds: [["Keine Macken", "positive"]],
    title: ["JBL Charge 5"],
    price: [30, 150],
  },
  {
    itemName: "Levi's 501 Jeans",
    category: "kleidung",
    note: "W32 L32, leicht ausgewaschen, keine Löcher",
    kinds: [["Keine Löcher", "positive"]],
    title: ["Levi's 501"],
    price: [8, 40],
  },
  {
    itemName: "Apple Watch Series 7",
    category: "elektronik",
    note: "Akkukapazität 88%, Gehäuse mit Gebrauchsspuren, Armband neu. Serien-Nr. G99XK2LMNP",
    kinds: [["Gehäuse mit Gebrauchsspuren", "defect"]],
    title: ["Apple Watch Series 7", "Akku 88 %"],
    price: [60, 250],
  },
  {
    itemName: "Kommode Hemnes weiß",
    category: "moebel",
    note: "Maße 108 x 96 cm, Schublade klemmt etwas, Festpreis 60 €",
    kinds: [
      ["Schublade klemmt etwas", "defect"],
      ["Festpreis 60 €", "price"],
    ],
    title: ["Kommode Hemnes"],
    price: [60, 60],
  },
  {
    itemName: "Ravensburger Puzzle 1000 Teile",
    category: "spielzeug",
    note: "vollständig, 1x gepuzzelt",
    title: ["Ravensburger Puzzle 1000 Teile"],
    price: [5, 25],
  },
  {
    itemName: "Kärcher K5 Hochdruckreiniger",
    category: "garten",
    note: "2 Jahre alt, NP 449 €, funktioniert einwandfrei, Schlauch 8 m",
    kinds: [["Funktioniert einwandfrei", "positive"]],
    title: ["Kärcher K5"],
    price: [150, 340],
  },
];

describe("offline writer over a table of real-style notes", () => {
  it("has at least 30 notes", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(TABLE)("$itemName: clauses, titles, price", (row) => {
    const facts = readNote(row.note, NOW);
    for (const [start, kind] of row.kinds ?? []) {
      const clause = facts.clauses.find((candidate) => candidate.text.startsWith(start));
      expect(clause, `clause "${start}" in ${JSON.stringify(facts.clauses)}`).toBeDefined();
      expect(clause!.kind, start).toBe(kind);
    }
    for (const platform of PLATFORM_VALUES) {
      const ad = generateOffline(input({ itemName: row.itemName, category: row.category, description: row.note, platform }), NOW);
      expect(ad.title.length, `${platform}: ${ad.title}`).toBeLessThanOrEqual(PLATFORMS[platform].titleMax);
      for (const word of row.title) expect(ad.title, platform).toContain(word);
      // No emoji, markup, link or e-mail in a title; never cut mid-word (ends with a whole word).
      expect(ad.title).not.toMatch(/[\p{Extended_Pictographic}*<>@]|www\./u);
      expect(ad.title).not.toMatch(/[\s,–-]$/);
    }
    const ad = generateOffline(input({ itemName: row.itemName, category: row.category, description: row.note }), NOW);
    const euros = ad.priceSuggestion / 100;
    expect(euros, `${row.itemName}: ${euros} €`).toBeGreaterThanOrEqual(row.price[0]);
    expect(euros, `${row.itemName}: ${euros} €`).toBeLessThanOrEqual(row.price[1]);
    expect(ad.priceMin).toBeLessThanOrEqual(ad.priceSuggestion);
    expect(ad.priceMax).toBeGreaterThanOrEqual(ad.priceSuggestion);
    if (facts.newPrice) expect(euros).toBeLessThan(facts.newPrice);
    if (row.condition) {
      expect(conditionOf(facts).label).toBe(row.condition);
      expect(ad.imageAnalysis.condition).toBe(row.stated === undefined ? row.condition : row.stated);
    }
    // Contact clauses are dropped whole: no fragment of them survives.
    for (const clause of facts.clauses.filter((candidate) => candidate.kind === "contact")) {
      expect(ad.description).not.toContain(clause.text.slice(0, 12));
    }
    expect(ad.description).not.toMatch(/www\.|@|\bat\b|https?:/);
    // Each fact once.
    for (const clause of facts.clauses) {
      expect(ad.description.split(clause.text).length - 1, clause.text).toBeLessThanOrEqual(1);
    }
  });
});

describe("the examples from the field, written out", () => {
  it("iPhone 12, new price 899 € in 2020: about a fifth of the new price, facts once, natural German", () => {
    const ad = generateOffline(
      input({
        itemName: "IPhone 12 128 GB",
        description:
          "Neupreis war 899 €, gekauft 2020. Display ohne Kratzer, Akku 86 %. Mit OVP und Ladekabel. Abholung in Köln-Ehrenfeld oder Versand nach Absprache.",
      }),
      NOW,
    );
    // The accessories the seller names join the item's name; the battery follows (ADR 043, titles).
    expect(ad.title).toBe("Apple iPhone 12 128 GB mit OVP und Ladekabel – Akku 86 %");
    expect(ad.description).toBe(
      [
        "📦 **Apple iPhone 12 128 GB**",
        "Ich verkaufe mein Apple iPhone 12 128 GB.",
        "",
        "✨ **Zustand**",
        "- Display ohne Kratzer",
        "",
        "🔧 **Details**",
        "- **Marke:** Apple",
        "- **Modell:** iPhone 12 128 GB",
        "- **Gekauft:** 2020",
        "- **Neupreis:** 899 €",
        "- Akku 86 %",
        "",
        "📋 **Lieferumfang**",
        "- Mit OVP und Ladekabel",
        "",
        "🚚 **Übergabe**",
        "- Abholung in Köln-Ehrenfeld oder Versand nach Absprache",
        "",
        "Bei Fragen einfach melden.",
      ].join("\n"),
    );
    // 899 € × 0,7 × 0,78^5 (six years, elektronik) ≈ 182 € → 180 €.
    expect(ad).toMatchObject({ priceSuggestion: 18000, priceMin: 15000, priceMax: 21000, priceBasis: "new_price", notes: [] });
    // "Display ohne Kratzer" is a fact, not a grade: no condition is claimed (ADR 043).
    expect(ad.imageAnalysis).toEqual({ brand: "Apple", model: "iPhone 12 128 GB", serialNumber: null, condition: null, defects: [] });
  });

  it("mountain bike bought 2022 for 3.299 €: far below the new price, the link clause gone whole", () => {
    const ad = generateOffline(
      input({
        itemName: "Cube Stereo 140 Mountainbike",
        category: "freizeit",
        description:
          "gekauft 2022 für 3.299 €, Rahmen L, keine Flecken, kleine Kratzer am Oberrohr. Mehr Infos auf www.meinshop.de oder per Mail an max@example.de",
      }),
      NOW,
    );
    // 3.299 € × 0,72 × 0,88^3 (four years, freizeit) ≈ 1.619 € → 1.600 €.
    expect(ad.priceSuggestion).toBe(160000);
    expect(ad.title).toBe("Cube Stereo 140 Mountainbike – Gr. L");
    expect(ad.description).toContain("Ich verkaufe mein Cube Stereo 140 Mountainbike.");
    expect(ad.description).toContain("- Keine Flecken\n- *Hinweis:* Kleine Kratzer am Oberrohr");
    expect(ad.description).toContain("- **Gekauft:** 2022\n- **Neupreis:** 3.299 €\n- Rahmen L");
    expect(ad.description).not.toMatch(/Mehr Infos|per Mail|meinshop|max at/);
    expect(ad.imageAnalysis.defects).toEqual([{ text: "Kleine Kratzer am Oberrohr", photoIndex: null }]);
  });

  it("Cybex Sirona Z i-Size: a premium child seat is not a 20 € item; faded padding is a defect", () => {
    const ad = generateOffline(
      input({
        itemName: "Cybex Sirona Z i-Size Kindersitz",
        category: "sonstiges",
        description: "Gurtpolster leicht verblasst, unfallfrei, NR-Haushalt. Abholung in 50667 Köln",
      }),
      NOW,
    );
    // Rough estimate: child seat 120 € × 1,3 (premium brand) = 156 € → 160 €, range ±35 %.
    expect(ad).toMatchObject({ priceSuggestion: 16000, priceMin: 10000, priceMax: 22000, priceBasis: "estimate" });
    expect(ad.title).toBe("Cybex Sirona Z i-Size Kindersitz – unfallfrei");
    expect(ad.description).toContain("Ich verkaufe meinen Cybex Sirona Z i-Size Kindersitz.");
    expect(ad.description).toContain("- Unfallfrei\n- NR-Haushalt\n- *Hinweis:* Gurtpolster leicht verblasst");
    expect(ad.description).toContain("🚚 **Übergabe**\n- Abholung in 50667 Köln");
    expect(ad.imageAnalysis.defects).toEqual([{ text: "Gurtpolster leicht verblasst", photoIndex: null }]);
  });

  it("sofa: no made-up model line, negations are not defects, the pickup is kept", () => {
    const ad = generateOffline(
      input({
        itemName: "sofa 3-sitzer grau",
        category: "moebel",
        description: "keine Flecken, tierfreier Nichtraucherhaushalt, nur Abholung",
      }),
      NOW,
    );
    expect(ad.title).toBe("Sofa 3-sitzer Grau – nur Abholung");
    expect(ad.description).toContain("Ich verkaufe mein Sofa 3-sitzer Grau.");
    expect(ad.description).not.toContain("Modell:");
    // The household is a detail, not the condition (ADR 089).
    expect(ad.description).toMatch(/Zustand\*\*\n- Keine Flecken\n/);
    expect(ad.description).toMatch(/Details\*\*\n- Tierfreier Nichtraucherhaushalt\n/);
    expect(ad.description).toContain("- Nur Abholung");
    expect(ad.imageAnalysis.defects).toEqual([]);
  });

  it("'ohne Kratzer' and 'keine Flecken' are positive; 'funktioniert nicht' is a defect", () => {
    expect(classifyClause("Display ohne Kratzer")).toBe("positive");
    expect(classifyClause("Keine Flecken")).toBe("positive");
    expect(classifyClause("Frei von Macken")).toBe("positive");
    expect(classifyClause("Kratzerfrei")).toBe("positive");
    expect(classifyClause("Funktioniert nicht mehr")).toBe("defect");
    expect(classifyClause("Kratzer am Rand")).toBe("defect");
  });
});

describe("offline writer rules", () => {
  it("keeps a unit abbreviated after a number in its clause when the sentence goes on in lower case", () => {
    const clauses = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);
    expect(clauses("bezug gewaschen. ca. 2 J. alt. Abholung in Köln")).toContain("Ca. 2 J. alt");
    expect(clauses("Akku hält 5 Std. bei voller Helligkeit")).toContain("Akku hält 5 Std. bei voller Helligkeit");
    // A capitalised word after the dot starts a new sentence.
    expect(clauses("Gebraucht 2 J. Top Zustand")).toHaveLength(2);
  });

  it("cuts a list at 'und', never a sentence or a shared noun, and keeps a subordinate clause with its sentence", () => {
    const clauses = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);
    // A verb-final sentence: cut at "und", both halves would be stumps.
    expect(clauses("Letztes Jahr habe ich die Dichtung und das Sieb selbst getauscht")).toEqual([
      "Letztes Jahr habe ich die Dichtung und das Sieb selbst getauscht",
    ]);
    expect(clauses("Muss selbst abgebaut und abgeholt werden")).toEqual(["Muss selbst abgebaut und abgeholt werden"]);
    // Two modifiers share the noun after them.
    expect(clauses("Dabei: Siebträger mit 1er und 2er Sieb")).toEqual(["Dabei: Siebträger mit 1er und 2er Sieb"]);
    // "…, wenn …, ist …": one sentence.
    expect(clauses("Bitte keine Fragen ob noch da, wenn die Anzeige online ist, ist sie noch da")).toEqual([
      "Bitte keine Fragen ob noch da, wenn die Anzeige online ist, ist sie noch da",
    ]);
    // A list is still cut, however the seller writes nouns.
    expect(clauses("Display ohne Kratzer und Akku bei 89 %")).toEqual(["Display ohne Kratzer", "Akku bei 89 %"]);
    expect(clauses("display ohne kratzer und akku bei 89 %")).toEqual(["Display ohne Kratzer", "Akku bei 89 %"]);
  });

  it("writes what is left of '320 € + Versand' as words, and capitalises no word after 'vor Ort'", () => {
    const ad = generateOffline(
      input({ itemName: "Espressomaschine", description: "Kann gerne vor Ort ausprobiert werden. 320€ + Versand" }),
      NOW,
    );
    expect(ad.description).toContain("Kann gerne vor Ort ausprobiert werden");
    expect(ad.description).toContain("- Zzgl. Versand");
    expect(ad.description).not.toMatch(/^- \+/m);
  });

  it("names a defect once: the seller's 'Mängel:' label is not repeated after the ad's own", () => {
    const ad = generateOffline(input({ itemName: "Rennrad", description: "Mängel: am Oberrohr ein kleiner Kratzer. 500 €" }), NOW);
    expect(ad.description).toContain("Am Oberrohr ein kleiner Kratzer");
    expect(ad.description).not.toMatch(/Mängel:/);
  });

  it("gives a giveaway away: 'Ich verschenke', never 'Ich verkaufe'", () => {
    const ad = generateOffline(
      input({ itemName: "Kinderwagen", description: "Zu verschenken: alter Kinderwagen, fährt noch. Nur Abholung" }),
      NOW,
    );
    expect(ad.description).toContain("Ich verschenke meinen Kinderwagen.");
    expect(ad.description).not.toContain("verkaufe");
  });

  it("splits a note into clauses and never repeats a fact or the serial number", () => {
    const facts = readNote("Top Zustand; Top Zustand. inkl. Ladekabel und Hülle\nSeriennummer: F17DK2ABCD", NOW);
    expect(facts.clauses.map((clause) => clause.text)).toEqual(["Top Zustand", "Inkl. Ladekabel und Hülle"]);
    expect(facts.serialNumber).toBe("F17DK2ABCD");
    const ad = generateOffline(input({ description: "Seriennummer: F17DK2ABCD. Top Zustand" }), NOW);
    expect(ad.description.split("F17DK2ABCD")).toHaveLength(2);
  });

  it("strips emoji and markup from the item name and does not append a size twice", () => {
    expect(readItem("🔥 <b>Bosch</b> Akkuschrauber", "").name).toBe("Bosch Akkuschrauber");
    const ad = generateOffline(input({ itemName: "Winterjacke Größe L", category: "kleidung", description: "Gr. L, kaum getragen" }), NOW);
    // The seller's words, not a label they did not write (ADR 043).
    expect(ad.title).toBe("Winterjacke Größe L – kaum getragen");
  });

  it("uses all the room a platform gives and stops before the limit, never mid-word", () => {
    const note = "Akku 100 %, unfallfrei, mit OVP, wie neu";
    const long = generateOffline(
      input({ itemName: "Apple iPhone 15 Pro Max 1 TB Titan Natur", description: note, platform: "facebook" }),
      NOW,
    );
    const short = generateOffline(
      input({ itemName: "Apple iPhone 15 Pro Max 1 TB Titan Natur", description: note, platform: "willhaben" }),
      NOW,
    );
    expect(long.title).toBe("Apple iPhone 15 Pro Max 1 TB Titan Natur – wie neu, Akku 100 %, mit OVP, unfallfrei");
    expect(short.title.length).toBeLessThanOrEqual(50);
    expect(short.title).toBe("Apple iPhone 15 Pro Max 1 TB Titan Natur – wie neu");
  });

  it("writes 'Wir' for commercial sellers and the right article", () => {
    const ad = generateOffline(
      input({ itemName: "Kaffeevollautomat Jura E8", seller: { type: "commercial", companyName: "Kaffee Krause" } }),
      NOW,
    );
    expect(ad.description).toContain("Wir verkaufen einen Jura Kaffeevollautomaten E8.");
    expect(ad.description).toContain("Bei Fragen sind wir gern für Sie da.");
    expect(generateOffline(input({ itemName: "Bohrmaschine" }), NOW).description).toContain("Ich verkaufe meine Bohrmaschine.");
  });

  it("invents no condition and writes no filler where the note says nothing (ADR 043)", () => {
    const ad = generateOffline(input({ itemName: "Modellauto Porsche 911", description: "1:18 modell, stand immer in vitrine, 250" }), NOW);
    expect(ad.description).not.toMatch(/Gebrauchsspuren|gutem Zustand|wie auf den Fotos|nach Absprache|Zustand: Gut/);
    expect(ad.imageAnalysis.condition).toBeNull();
    expect(ad.priceSuggestion).toBe(25000);
  });

  it("does not paste custom prompts into the ad: instructions are for a language model", () => {
    const ad = generateOffline(
      input({
        prompts: { ...DEFAULT_PROMPTS, title: `${DEFAULT_PROMPTS.title} Schreibe alles in Großbuchstaben.` },
        itemName: "Damenfahrrad 28 Zoll",
      }),
      NOW,
    );
    expect(ad.title).toBe("Damenfahrrad 28 Zoll");
    expect(ad.description).not.toMatch(/Schreibe|Großbuchstaben/);
  });

  it("is deterministic", () => {
    const row = input({ description: "Neuwertig, Akku 91 %. Kleiner Kratzer am Rahmen." });
    expect(generateOffline(row, NOW)).toEqual(generateOffline(row, NOW));
  });
});

describe("offline price model", () => {
  const base = {
    itemName: "iPhone 12",
    category: "elektronik",
    brand: "Apple",
    condition: "Gut" as const,
    askingPrice: null,
    newPrice: 899,
    now: NOW,
  };

  it("decreases with age and never reaches the new price", () => {
    const byYear = [2026, 2025, 2024, 2022, 2020, 2015].map(
      (purchaseYear) => suggestPrice({ ...base, purchaseYear }).priceSuggestion / 100,
    );
    for (let index = 1; index < byYear.length; index++) expect(byYear[index]).toBeLessThanOrEqual(byYear[index - 1]);
    expect(byYear[0]).toBeLessThan(899);
    expect(suggestPrice({ ...base, purchaseYear: 2026, condition: "Neu" }).priceSuggestion / 100).toBeLessThan(899);
    expect(suggestPrice({ ...base, newPrice: 20, purchaseYear: 2026, condition: "Neu" }).priceSuggestion / 100).toBeLessThan(20);
  });

  it("keeps the seller's asking price, else the condition's share of a new price, else a labelled estimate", () => {
    expect(suggestPrice({ ...base, askingPrice: 75, purchaseYear: null })).toMatchObject({ priceSuggestion: 7500, basis: "asking" });
    expect(suggestPrice({ ...base, purchaseYear: null })).toMatchObject({ priceSuggestion: 40000, basis: "new_price" });
    const phone = suggestPrice({ ...base, newPrice: null, purchaseYear: null });
    const drill = suggestPrice({ ...base, itemName: "Bosch Akkuschrauber", brand: "Bosch", newPrice: null, purchaseYear: null });
    expect(phone.basis).toBe("estimate");
    expect(phone.priceSuggestion).not.toBe(drill.priceSuggestion);
  });

  it("rounds to prices sellers write", () => {
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

describe("the writer reads how sellers type (ADR 028)", () => {
  const write = (itemName: string, description: string, category = "sonstiges", platform: GenerationInput["platform"] = "kleinanzeigen") =>
    generateOffline(input({ itemName, category, description, platform }), NOW);

  it("never takes an abbreviation for a sentence end", () => {
    const lego = write(
      "LEGO Technic 42115",
      "komplett m. OVP u. Anleitung. Rechnung mit ausgew. MwSt. vorhanden. ca. 2 kg, ggf. mit Zubehör, evtl. Versand, Versand mögl.",
    );
    expect(lego.description).toContain("Komplett m. OVP u. Anleitung");
    expect(lego.description).toContain("Rechnung mit ausgew. MwSt. vorhanden");
    expect(lego.description).toContain("Versand möglich");
    for (const line of lego.description.split("\n")) expect(line, line).not.toMatch(/(?:^|\s)(?:m|u|ausgew|mögl|ggf|evtl|ca)$/);
    expect(readNote("NP 300 €. OVP. Versand möglich").clauses.map((clause) => clause.text)).toEqual(["NP 300 €", "OVP", "Versand möglich"]);
    expect(readNote("Gr. 42, NR-Haushalt, Serien-Nr. ABC12345").clauses.map((clause) => clause.text)).toContain("Gr. 42");
  });

  it("capitalises the nouns it knows, calms capitals, keeps brands and acronyms", () => {
    const ad = write("Glasvitrine", "glasvitrine mit beleuchtung, SUPER ZUSTAND, LED und USB, nur abholung 81373 münchen");
    expect(ad.description).toContain("- Mit Beleuchtung");
    expect(ad.description).toContain("Super Zustand");
    expect(ad.description).toContain("LED");
    expect(ad.description).toContain("Nur Abholung 81373 München");
    expect(ad.description).not.toMatch(/SUPER|ZUSTAND/);
  });

  it("builds titles from the facts buyers search, within each platform's limit", () => {
    expect(write("Waschmaschine Miele", "8 kg, 1400 U/min, läuft einwandfrei. Nur Abholung.", "garten").title).toBe(
      "Miele Waschmaschine 8 kg – nur Abholung",
    );
    expect(write("Fahrrad Cube", "Cube Aim 29 Zoll, RH 48 cm", "freizeit").title).toBe("Cube Aim Fahrrad 29 Zoll – RH 48 cm");
    expect(write("Kleiderschrank", "Kleiderschrank 200x60x220 cm, nur abholung", "moebel").title).toBe(
      "Kleiderschrank – 200x60x220 cm, nur Abholung",
    );
    // A small item the seller only hands over in person needs no "nur Abholung" in its title.
    expect(write("Stehlampe", "nur abholung", "moebel").title).toBe("Stehlampe");
    for (const platform of PLATFORM_VALUES) {
      const title = write(
        "Waschmaschine Miele WWD 320 WPS",
        "8 kg, 1400 U/min, läuft einwandfrei, wenig benutzt. Nur Abholung.",
        "garten",
        platform,
      ).title;
      expect(title.length, title).toBeLessThanOrEqual(PLATFORMS[platform].titleMax);
      expect(title, title).not.toMatch(/[\s,–-]$|\bGr\.$/);
    }
  });
});

describe("a chatty note written as a careful seller would (ADR 086)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);
  const clauses = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("leaves out greetings, sign-offs, thanks and 'bei Interesse melden', and a laugh at a clause's end", () => {
    const ad = write(
      "Sofa",
      "Moin! 3-Sitzer Sofa grau. Hallo zusammen, Keine Tauschangebote lol. Bei interesse einfach schreiben :) Danke fürs Lesen! lg",
    );
    for (const chatter of ["Moin", "Hallo", "lol", ":)", "Danke", "Bei interesse", "Lg"]) expect(ad.description).not.toContain(chatter);
    // A swap ruled out is the offer's: the copies' "🔁 Kein Tausch" line says it, not the text (ADR 089).
    expect(ad.description).not.toMatch(/Tausch/);
    expect(readNote("Sofa. Keine Tauschangebote bitte", NOW).clauses.at(-1)?.kind).toBe("price");
    expect(readNote("Sofa. Tausch gegen Sessel möglich", NOW).clauses.at(-1)?.kind).not.toBe("price");
    // "lg" signs off; it is no brand (LG is written in capitals).
    expect(ad.title).not.toContain("LG");
    expect(readItem("Sofa", "sofa braun, lg").brand).toBeNull();
    expect(readItem("Fernseher", "LG OLED 55 Zoll").brand).toBe("LG");
  });

  it("drops the seller's own 'verkaufe hier mein', keeping the item words the name does not have", () => {
    expect(clauses("Hallo, wir verkaufen Kinderbücher. Zustand gut")).toEqual(["Kinderbücher", "Zustand gut"]);
    const ad = write("Porsche Lego", "Verkaufe hier mein lego technic porsche 911 gt3 rs (42056). Alle Teile vollständig");
    expect(ad.description).not.toMatch(/verkaufe hier mein/i);
    // The note's first clause names the item more fully than the form's name: it is the name (ADR 093).
    expect(ad.description).toContain("📦 **LEGO Technic Porsche 911 GT3 RS (42056)**");
    // A line that only names the item again is left out.
    expect(write("Kinderbücher", "wir verkaufen Kinderbücher. Zustand gut").description).not.toContain("- Kinderbücher");
  });

  it("writes chat spellings out, brands, acronyms and model codes as their makers write them, and the noun after a count", () => {
    const ad = write(
      "Canon EOS 250D",
      "canon eos 250d mit 18-55 kit objektiv. dazu 64gb sd karte. anleitung und ovp dabei. versand mgl, paypal freunde. bei 2 kindern benutzt, 2 kleine kratzer, ca 210 breit",
    );
    // The first clause less the name the first sentence says ("Ich verkaufe hier: Canon EOS 250D."; ADR 091).
    expect(ad.description).toContain("- Mit 18-55 Kit-Objektiv");
    expect(ad.description).toContain("Dazu 64 GB SD-Karte");
    expect(ad.description).toContain("Anleitung und OVP dabei");
    expect(ad.description).toContain("Versand möglich");
    expect(ad.description).toContain("PayPal Freunde");
    expect(ad.description).toContain("Bei 2 Kindern benutzt");
    // An adjective after the count, and a measure, stay in lower case.
    expect(ad.description).toContain("2 kleine Kratzer");
    expect(ad.description).toContain("Ca. 210 breit");
    // Intel's "i5" and a unit after digits are no model codes.
    expect(clauses("laptop mit i5 und 16gb, 2x benutzt")).toEqual(["Laptop mit i5 und 16 GB", "2x benutzt"]);
  });

  it("keeps two objects of one preposition with the participle they share", () => {
    expect(clauses("immer mit hülle und panzerglas benutzt, daher keine kratzer")).toEqual([
      "Immer mit Hülle und Panzerglas benutzt, daher keine Kratzer",
    ]);
    expect(clauses("Display ohne Kratzer und Akku bei 89 %")).toEqual(["Display ohne Kratzer", "Akku bei 89 %"]);
  });

  it("keeps a per-piece price without the stump of its phrase, and leaves out talk about offers beside the price", () => {
    const books = write("Kinderbücher", "Kinderbücher, insgesamt 12 Stück, je 8€ oder alle zusammen 35€");
    // The price line says both ("35 € (einzeln je 8 €)"): the text does not say the piece's price again (ADR 094).
    expect(books.description).not.toContain("Einzeln je");
    expect(books.description).not.toMatch(/oder$/m);
    const jacket = write("Jacke", "Jacke Gr. L. 120€ oder nen angebot machen");
    expect(jacket.description).not.toMatch(/angebot|oder/i);
  });

  it("leaves the warranty and returns to the legal block, and 'Zustand gut' to the heading that says it", () => {
    const ad = write("iPad Air", "iPad Air 5 64gb wifi blau. Privatverkauf, keine garantie oder rücknahme. Zustand gut");
    expect(ad.description).not.toMatch(/privatverkauf|garantie|rücknahme/i);
    expect(ad.description).toContain("- 64 GB wifi, blau");
    expect(ad.description).toContain("in gutem Zustand.");
    expect(ad.description).not.toContain("- Zustand gut");
  });

  it("puts the first clause that names the item with its extras under the details, and 'sonst gut' with its clause under the condition", () => {
    const facts = readNote("PS5 Disc Edition mit 2 controllern und 3 spielen. OVP vorhanden. Lüfter leise, sonst gut", NOW);
    expect(facts.clauses.find((clause) => clause.text.startsWith("PS5"))?.kind).toBe("spec");
    expect(facts.clauses.find((clause) => clause.text === "OVP vorhanden")?.kind).toBe("contents");
    expect(facts.clauses.find((clause) => clause.text === "Lüfter leise, sonst gut")?.kind).toBe("positive");
    expect(readNote("2 Controller, OVP", NOW).clauses[0].kind).toBe("contents");
  });

  it("capitalises a place the gazetteer knows after 'Abholung' without 'in'", () => {
    // … and writes it after "in" (ADR 092).
    expect(clauses("Abholung bochum wattenscheid, kein Versand")).toContain("Abholung in Bochum-Wattenscheid");
    // An everyday word is no place: "abholung ohne termin".
    expect(clauses("abholung ohne termin")).toEqual(["Abholung ohne Termin"]);
  });

  it("titles keep the model's name the seller writes after the brand, not a memory card's size", () => {
    expect(write("Rennrad Canyon", "Canyon Endurace CF 7 Rahmengröße M, Bj 2021").title).toMatch(/^Canyon Endurace CF 7 Rennrad/);
    expect(write("North Face Jacke", "biete meine north face nuptse jacke herren gr. L schwarz").title).toMatch(
      /^The North Face Nuptse Jacke Herren/,
    );
    expect(write("Porsche Lego", "lego technic porsche 911 gt3 rs (42056)").title).toMatch(/^LEGO Technic Porsche 911 GT3/);
    // An adjective, a colour or the item's noun right after the brand is no model.
    expect(write("Heckenschere Bosch", "Bosch elektrische Heckenschere, grün").title).toMatch(/^Bosch Heckenschere/);
    expect(write("Canon EOS 250D", "canon eos 250d, dazu 64 GB sd karte").title).not.toContain("64 GB");
    expect(write("Kinderbücher", "Kinderbücher, zustand gut").title).toBe("Kinderbücher – Zustand gut");
  });

  it("puts how the item was used under its condition", () => {
    const facts = readNote("iPad Air. immer mit hülle und panzerglas benutzt. 2 saisons getragen", NOW);
    expect(facts.clauses.filter((clause) => clause.kind === "positive").map((clause) => clause.text)).toEqual([
      "Immer mit Hülle und Panzerglas benutzt",
      "2 Saisons getragen",
    ]);
  });
});

describe("the noun after a count, and codes in capitals, stop where the words are no noun or code (ADR 086)", () => {
  const clauses = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);
  it("leaves a year's next word, a small word or a verb after a count, and dimensions as written", () => {
    expect(clauses("gekauft im März 2021 beim Fachhändler")).toEqual(["Gekauft im März 2021 beim Fachhändler"]);
    expect(clauses("2 haben Eselsohren")).toEqual(["2 haben Eselsohren"]);
    expect(clauses("Esstisch massiv 180x90 cm")).toEqual(["Esstisch massiv 180 x 90 cm"]);
    expect(clauses("jacke herren gr. L schwarz, hose gr 38")).toEqual(["Jacke Herren Gr. L schwarz", "Hose Gr. 38"]);
  });
});

describe("plural items (ADR 086)", () => {
  it("reads a plural item noun as plural", () => {
    expect(readItem("Kinderbücher", "").gender).toBe("pl");
    expect(generateOffline(input({ itemName: "Kinderbücher", description: "12 Stück" }), NOW).description).toContain(
      "Ich verkaufe meine Kinderbücher.",
    );
  });
});

describe("the title says the condition of the whole item only (ADR 086)", () => {
  const title = (itemName: string, note: string) => generateOffline(input({ itemName, description: note }), NOW).title;
  it("leaves out condition words the seller says of a part", () => {
    expect(title("Siebträgermaschine", "Dampflanze funktioniert einwandfrei. Preis 380 € VB")).not.toContain("einwandfrei");
    expect(title("Laptop", "Akku top, Display hell")).not.toMatch(/–.*top/i);
  });
  it("keeps them where they are said of the item and say more than one word of verdict (ADR 095)", () => {
    expect(title("Playstation 5", "kaum benutzt")).toContain("kaum benutzt");
    expect(title("Waschmaschine", "Waschmaschine wie neu")).toContain("wie neu");
    // "– top", "– einwandfrei" after a title read as a stump: the verdict stays in the text.
    expect(title("Playstation 5", "funzt alles einwandfrei")).not.toContain("einwandfrei");
    expect(title("Sofa", "sonst top")).not.toContain("top");
  });
});

describe("a second walk's notes (ADR 086)", () => {
  const clauses = (note: string) => readNote(note, NOW).clauses;
  const texts = (note: string) => clauses(note).map((clause) => clause.text);
  it("capitalises the noun of a noun phrase past its adjectives, and leaves pronouns, verbs and 'ein paar'", () => {
    expect(texts("sattel hat einen kleinen riss am rand")).toEqual(["Sattel hat einen kleinen Riss am Rand"]);
    expect(texts("bei band 4 ist der schutzumschlag etwas eingerissen")).toEqual(["Bei band 4 ist der Schutzumschlag etwas eingerissen"]);
    expect(texts("die hat ein paar kratzer")).toEqual(["Die hat ein paar Kratzer"]);
    expect(texts("Am Oberrohr ein kleiner Kratzer")).toEqual(["Am Oberrohr ein kleiner Kratzer"]);
  });
  it("keeps a clause going on with 'siehe' or a verb and 'man', and drops what is left of 'will noch 220€ festpreis'", () => {
    expect(texts("display hat nen kratzer, sieht man nur wenn das licht drauf fällt")).toHaveLength(1);
    expect(texts("lack abgeplatzt (ca 1cm), siehe bild 2")).toHaveLength(1);
    expect(texts("hallo ihr lieben, da ich kaum noch backe trenne ich mich von meiner maschine")).toEqual([
      "Da ich kaum noch backe trenne ich mich von meiner Maschine",
    ]);
    const said = clauses("NP war 849, will noch 220€ festpreis. schönen abend noch").filter((clause) => clause.kind !== "price");
    expect(said.map((clause) => clause.text).join("|")).not.toMatch(/will noch|abend/i);
  });
  it("files usage, brand lists, bracketed defects and floors where they belong", () => {
    expect(clauses("Handy. war immer mit schutzhülle").at(-1)?.kind).toBe("positive");
    expect(texts("marken h&m, c&a, topomini")).toEqual(["Marken H&M, C&A, Topomini"]);
    expect(clauses("Babykleidung. marken topomini").at(-1)?.kind).not.toBe("positive");
    expect(clauses("Mixer. schneebesen und ne extra glasschüssel (die hat ne kleine macke am rand)").at(-1)?.kind).not.toBe("defect");
    expect(texts("köln ehrenfeld 3. og ohne aufzug")).toEqual(["Köln Ehrenfeld 3. OG ohne Aufzug"]);
  });
  it("names no model that is only a size", () => {
    expect(readItem("Cube MTB 29 Zoll", "").model).toBeNull();
  });
});

describe("a third look at the walk's notes (ADR 088)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);
  it("keeps a list of things with its lead, each thing of one word capitalised", () => {
    expect(texts("dabei sind flachrührer, knethaken, schneebesen und ne extra glasschüssel. motor läuft top, keine geräusche")).toEqual([
      "Dabei sind Flachrührer, Knethaken, Schneebesen und eine extra Glasschüssel",
      "Motor läuft top",
      "Keine Geräusche",
    ]);
    expect(texts("ca 25 teile: bodys, strampler, hosen, 2 jacken")).toEqual(["Ca. 25 Teile: Bodys, Strampler, Hosen, 2 Jacken"]);
    // Statements after a list word are no things of a list.
    expect(texts("inkl. ovp, top zustand, keine kratzer, versand möglich")).toHaveLength(4);
  });
  it("writes type codes typed in lower case as their makers do, and the title carries them", () => {
    expect(texts("bosch akkuschrauber gsr 18v-55 mit 2 akkus 2ah, 1x10 schaltung, 147x147cm")).toEqual([
      "Bosch Akkuschrauber GSR 18V-55 mit 2 Akkus 2Ah",
      "1x10 Schaltung",
      "147 x 147 cm",
    ]);
    const drill = generateOffline(
      input({ itemName: "Bosch Akkuschrauber", description: "bosch professional akkuschrauber gsr 18v-55 mit 2 akkus. 110 festpreis" }),
    );
    expect(drill.title).toContain("GSR 18V-55");
    const mixer = generateOffline(
      input({ itemName: "KitchenAid Küchenmaschine", description: "kitchenaid artisan 5ksm175 in rot. 280 VB" }),
    );
    expect(mixer.title).toContain("5KSM175");
  });
  it("spells the model in the text as the title does", () => {
    const bike = generateOffline(
      input({
        itemName: "Cube MTB 29 Zoll",
        category: "freizeit",
        description: "verkaufe mein cube aim race mountainbike 29 zoll. 390€ VB",
      }),
    );
    expect(bike.description).toContain("Cube Aim Race");
  });
  it("names no brand for a mix of brands", () => {
    expect(readItem("Babykleidung Paket", "marken h&m, c&a, topomini").brand).toBeNull();
    expect(readItem("Jacke", "jack wolfskin jacke, gr. M").brand).toBe("Jack Wolfskin");
  });
});

describe("a fourth walk's notes (ADR 088)", () => {
  const clauses = (note: string) => readNote(note, NOW).clauses;
  const texts = (note: string) => clauses(note).map((clause) => clause.text);
  it("ends a statement at a price type, 'mögl.' or a measure, whatever follows", () => {
    expect(texts("fürs paar 55€ vhb. versand dhl 5,49 oder abholen in freiburg")).toContain("Versand DHL 5,49 € oder Abholung in Freiburg");
    expect(texts("schnittlänge 45cm. ca 3 saisons benutzt")).toEqual(["Schnittlänge 45 cm", "Ca. 3 Saisons benutzt"]);
    expect(texts("akku hält noch ca 40 min. ohne ovp")).toEqual(["Akku hält noch ca. 40 min", "Ohne OVP"]);
  });
  it("leaves no stump of how the seller asks for the price, and keeps what follows it", () => {
    const said = (note: string) =>
      clauses(note)
        .filter((clause) => clause.kind !== "price")
        .map((clause) => clause.text);
    expect(said("taschen. fürs paar 55€ vhb")).toEqual(["Taschen"]);
    expect(said("piano. mein preis 690 euro VB. nur abholung")).toEqual(["Piano", "Nur Abholung"]);
    expect(said("konsole. Will 120 euro für alles zusammen einzeln verkaufe ich nicht")).toEqual(["Konsole", "Einzeln verkaufe ich nicht"]);
  });
  it("leaves out greetings and sign-offs with a name, and the seller's own 'biete … an' and 'hab hier'", () => {
    expect(texts("Hallöchen! Biete meine alte konsole vom dachboden an. Grüße Tom")).toEqual(["Alte Konsole vom Dachboden"]);
    expect(texts("Hallo liebe Musikfreunde, ich verkaufe mein digitalpiano")).toEqual(["Digitalpiano"]);
    expect(texts("hey, hab hier 2 packtaschen. 50 €. habe den akku getauscht").filter((text) => !/€/.test(text))).toEqual([
      "2 Packtaschen",
      "Habe den Akku getauscht",
    ]);
    expect(texts("stiefel, versand (4,99 hermes päckchen) vg lena")).toEqual(["Stiefel", "Versand (4,99 € Hermes Päckchen)"]);
    expect(texts("fernseher von LG")).toEqual(["Fernseher von LG"]);
    expect(texts("fernseher von lg oled, abholung in köln lg")).toEqual(["Fernseher von lg OLED", "Abholung in Köln"]);
  });
  it("keeps a numbered list whole, and files wear and features where they belong", () => {
    expect(texts("grundspiel + erweiterungen 1 wirtshäuser, 2 händler. alles vollständig")).toEqual([
      "Grundspiel + Erweiterungen 1 Wirtshäuser, 2 Händler",
      "Alles vollständig",
    ]);
    expect(classifyClause("Kleine Abriebstellen an der Schale unten")).toBe("defect");
    expect(classifyClause("Schwarz Glattleder, 8 Loch")).not.toBe("defect");
    expect(texts("kleine abriebstellen an der schale unten")).toEqual(["Kleine abriebstellen an der Schale unten"]);
  });
  it("writes a maker's series before a number in capitals, not a word that stands before numbers", () => {
    expect(texts("heckenschere hsa 56 mit akku ak 10 und ladegerät al 101").join(" | ")).toBe(
      // What follows "und" shares the "mit" before it (ADR 092): one clause.
      "Heckenschere HSA 56 mit Akku AK 10 und Ladegerät AL 101",
    );
    expect(texts("akku hält ca 40 minuten, gr 39, für 10 jahre")).toEqual(["Akku hält ca. 40 Minuten", "Gr. 39", "Für 10 Jahre"]);
    expect(texts("dafür möchte ich 50 haben, tüv bis feb 2027").join(" | ")).not.toMatch(/ICH|FEB/);
  });
  it("takes the item's brand, not an accessory's, and a four-digit model number into the title", () => {
    // The piano's maker, never the headphones' (ADR 094: Roland is in the lexicon now).
    expect(readItem("Digitalpiano Roland", "dabei ist ein ständer und nen kopfhörer von sony").brand).toBe("Roland");
    expect(readItem("Fernseher", "samsung qe55, mit fernbedienung").brand).toBe("Samsung");
    const shoes = generateOffline(
      input({ itemName: "Nike Laufschuhe", category: "kleidung", description: "nike pegasus 1460 herren größe 44. 50 €" }),
    );
    expect(shoes.title).toContain("Pegasus 1460");
    const console = generateOffline(
      input({
        itemName: "Sega Mega Drive 2",
        category: "elektronik",
        description: "Mit 2 original controllern (einer hat nen wackler an der start taste). 120 euro",
      }),
    );
    expect(console.title).not.toMatch(/Wackler/);
  });
});

describe("a fifth walk's notes (ADR 088)", () => {
  it("puts no 'mit OVP' into the title where the seller says the box is gone", () => {
    const lens = generateOffline(
      input({
        itemName: "Sigma 30mm Objektiv",
        category: "elektronik",
        description: "sigma 30mm f1.4, deckel dabei, ovp leider nicht mehr. 220 eur vb",
      }),
    );
    expect(lens.title).not.toMatch(/OVP/);
    const boxed = generateOffline(
      input({ itemName: "Sigma 30mm Objektiv", category: "elektronik", description: "sigma 30mm f1.4 mit ovp. 220 eur vb" }),
    );
    expect(boxed.title).toMatch(/OVP/);
  });
});

describe("a sixth walk's notes (ADR 089)", () => {
  const clauses = (note: string) => readNote(note, NOW).clauses;
  const texts = (note: string) => clauses(note).map((clause) => clause.text);
  const kindOf = (note: string, start: string) => clauses(note).find((clause) => clause.text.startsWith(start))?.kind;

  it("keeps a piece without its own subject, 'sonst …' and a short contrast with the clause before", () => {
    expect(texts("wassertank hat nen kleinen sprung am griff, ist aber dicht")).toEqual([
      "Wassertank hat einen kleinen Sprung am Griff, ist aber dicht",
    ]);
    expect(texts("teilweise vom flohmarkt ergänzt, also nicht alles original brio, die meisten aber schon.")).toHaveLength(1);
    expect(texts("versand nur wenn sie in ein paket passt, sonst abholung münster kreuzviertel")).toHaveLength(1);
  });

  it("cuts no 'und' before a participle both halves share, nor a labelled list", () => {
    expect(texts("af schnell und leise an der x-t30 getestet")).toEqual(["AF schnell und leise an der X-T30 getestet"]);
    expect(texts("kabel: hdmi, dp und usb dabei")).toEqual(["Kabel: HDMI, DP und USB dabei"]);
    // A label of its own starts a clause of its own; a place or a fact after its label leads no list.
    expect(texts("farbe: rot, größe: m")).toHaveLength(2);
    expect(texts("Kinderwagen, standort: berlin mitte, rechnung vorh., 450 VB")).toContain("Rechnung vorhanden");
  });

  it("files payment and a place standing alone with the handover, and leaves out a sign-off with a place", () => {
    expect(kindOf("Tasche. paypal freunde nur wenn ihr das risiko kennt, ansonsten überweisung", "PayPal")).toBe("handover");
    expect(kindOf("E-Scooter. nur abholung. leipzig plagwitz", "Leipzig")).toBe("handover");
    expect(texts("Tasche. lg aus 90402 nürnberg")).toEqual(["Tasche"]);
  });

  it("spells units, acronyms, the electric prefix, months and the commas a seller leaves out", () => {
    expect(texts("gardena rasenmäher 32/36v mit 2 akkus 4ah")[0]).toMatch(/32\/36V mit 2 Akkus 4Ah/);
    expect(texts("e scooter mit straßenzulassung (abe)")).toEqual(["E-Scooter mit Straßenzulassung (ABE)"]);
    expect(texts("versicherungskennzeichen läuft ende feb ab")).toEqual(["Versicherungskennzeichen läuft Ende Februar ab"]);
    expect(texts("optik klar keine kratzer kein pilz")).toEqual(["Optik klar, keine Kratzer, kein Pilz"]);
    expect(texts("hab auf vollformat gewechselt deshalb muss es weg")).toEqual(["Habe auf Vollformat gewechselt, deshalb muss es weg"]);
    expect(texts("mahlwerk bissl laut, dazu gibts noch 1 filter")).toEqual(["Mahlwerk etwas laut", "Dazu gibt es noch 1 Filter"]);
    expect(texts("mahlwerk laut aber macht super kaffee")).toEqual(["Mahlwerk laut, aber macht super Kaffee"]);
    expect(texts("am ärmel leicht fusselig sonst top")).toEqual(["Am Ärmel leicht fusselig, sonst top"]);
    // No comma where the conjunction belongs to the words before it, nor before the particle "aber".
    expect(texts("nur weil es so ist")).toEqual(["Nur weil es so ist"]);
    expect(texts("tank hat einen sprung, ist aber dicht")).toEqual(["Tank hat einen Sprung, ist aber dicht"]);
  });

  it("files a pixel fault as a defect, 'fehlerfrei' as good condition, and a series letter after a brand in capitals", () => {
    expect(kindOf("Monitor. 1 pixelfehler oben rechts", "1 Pixelfehler")).toBe("defect");
    expect(kindOf("Monitor. display pixelfehlerfrei", "Display")).toBe("positive");
    expect(texts("nikon z mit objektiv")).toEqual(["Nikon Z mit Objektiv"]);
  });

  it("writes no article or participle compound as a noun", () => {
    expect(texts("3 loks (eine batteriebetrieben)")).toEqual(["3 Loks (eine batteriebetrieben)"]);
    expect(texts("alles in einer großen plastikbox")).toEqual(["Alles in einer großen Plastikbox"]);
  });

  it("gives brand and model no line of their own where the details name them", () => {
    const coffee = generateOffline(
      input({ itemName: "Jura ENA 8", category: "elektronik", description: "Jura ENA 8 kaffeevollautomat in schwarz. 380€ VB" }),
      NOW,
    );
    expect(coffee.description).not.toMatch(/Marke:|Modell:/);
    // The first clause names the item more fully (ADR 093); what it adds beyond the name is its colour (ADR 091).
    expect(coffee.description).toContain("📦 **Jura ENA 8 Kaffeevollautomat**");
    expect(coffee.description).toContain("- Farbe: Schwarz");
  });
});

describe("a seventh walk's notes (ADR 089)", () => {
  const clauses = (note: string) => readNote(note, NOW).clauses;
  const texts = (note: string) => clauses(note).map((clause) => clause.text);
  const kindOf = (note: string, start: string) => clauses(note).find((clause) => clause.text.startsWith(start))?.kind;

  it("ends no sentence at an ordinal before what it counts ('11. gen', '1. hand')", () => {
    expect(texts("kindle paperwhite 11. gen 8gb ohne werbung")).toHaveLength(1);
    expect(texts("auto aus 1. hand, scheckheft")[0]).toBe("Auto aus 1. Hand");
  });

  it("leaves no stump of what a price is for, and cuts no 'und' before a dative that shares its preposition", () => {
    const said = (note: string) =>
      clauses(note)
        .filter((clause) => clause.kind !== "price")
        .map((clause) => clause.text);
    expect(said("Sessel. Preis: 55 € für Sessel und Hocker zusammen.")).toEqual(["Sessel"]);
    expect(said("Sessel. 320€ alle 4 zusammen")).toEqual(["Sessel"]);
    expect(texts("sessel mit gestell in birke und dem bezug hillared")).toHaveLength(1);
  });

  it("files the household under the details, a replaced part's old fault as history, 'nichts mehr' as a defect", () => {
    expect(kindOf("Stuhl. nichtraucher", "Nichtraucher")).toBe("spec");
    expect(kindOf("Sessel. Rauchfreier Haushalt, keine Haustiere", "Rauchfreier")).toBe("spec");
    expect(kindOf("Platte. netz is neu, alte war gerissen", "Netz")).toBe("history");
    expect(kindOf("Grill. deckelthermometer zeigt nix mehr an", "Deckelthermometer")).toBe("defect");
  });

  it("takes 'an' of 'biete … an' off before a clause, and writes chat words, ports and speed indices out", () => {
    expect(texts("biete unseren gasgrill an weil wir umziehen")).toEqual(["Gasgrill, weil wir umziehen"]);
    expect(texts("war immer in ner hülle, ladekabel usb c dabei kein netzteil")).toEqual([
      "War immer in einer Hülle",
      "Ladekabel USB-C dabei, kein Netzteil",
    ]);
    expect(texts("conti 205/55 r16 91h")[0]).toContain("R16 91H");
    expect(texts("oberfläche hat paar ausgeblichene stellen")).toEqual(["Oberfläche hat ein paar ausgeblichene Stellen"]);
    expect(texts("wiegt 90kg also bitte zu zweit kommen")).toEqual(["Wiegt 90 kg, also bitte zu zweit kommen"]);
  });

  it("sets a comma where a seller runs statements together, before the new subject", () => {
    expect(texts("akku hält noch ewig display hat keine kratzer war immer in ner hülle")).toEqual([
      "Akku hält noch ewig, Display hat keine Kratzer, war immer in einer Hülle",
    ]);
    expect(texts("oberfläche hat paar ausgeblichene stellen spielt sich aber einwandfrei")).toEqual([
      "Oberfläche hat ein paar ausgeblichene Stellen, spielt sich aber einwandfrei",
    ]);
    // A conjunction joins them already; a relative clause keeps its verb at the end.
    expect(texts("tisch hat kratzer und ist wackelig")).toEqual(["Tisch hat Kratzer und ist wackelig"]);
    expect(texts("das display das ich getauscht habe ist neu")).toEqual(["Das Display das ich getauscht habe ist neu"]);
  });

  it("takes no preposition for a noun, sets a comma after a bracket, keeps 'einzeln nicht' with its clause", () => {
    expect(texts("stand 5 jahre im garten unter ner abdeckhaube")).toEqual(["Stand 5 Jahre im Garten unter einer Abdeckhaube"]);
    expect(texts("gasgrill (3 brenner) weil wir umziehen")).toEqual(["Gasgrill (3 Brenner), weil wir umziehen"]);
    expect(texts("Reifen. alle 4 zusammen, einzeln nicht")).toEqual(["Reifen", "Alle 4 zusammen, einzeln nicht"]);
  });

  it("repeats no size in the title that the item's name has, and adds what follows it", () => {
    const tyres = generateOffline(
      input({
        itemName: "Winterreifen auf Alufelgen 205/55 R16",
        category: "auto",
        description: "4 winterreifen, conti wintercontact ts860 205/55 r16 91h, dot 2020. 320€",
      }),
      NOW,
    );
    expect(tyres.title.match(/205\/55/g)).toHaveLength(1);
    expect(tyres.title).toContain("91H");
  });

  it("ends a place at an adverb and writes a handover's bare amount in euros", () => {
    expect(texts("Zug. abholung in kassel-wilhelmshöhe ebenfalls möglich")).toContain("Abholung in Kassel-Wilhelmshöhe ebenfalls möglich");
    expect(texts("Kindle. zzgl. 4,50 versand dhl")).toContain("Zzgl. 4,50 € Versand DHL");
  });

  it("calls an item defective only where the whole is broken, not a part, and praises nothing in a title beside a defect", () => {
    const turntable = (note: string) =>
      generateOffline(input({ itemName: "Technics SL-1210 Plattenspieler", category: "elektronik", description: note }), NOW);
    expect(turntable("Läuft sauber. Die Tonarmlampe ist kaputt. 550€").title).not.toMatch(/defekt/);
    expect(turntable("Plattenspieler ist defekt, für Bastler. 50€").title).toMatch(/defekt/);
    const washer = generateOffline(
      input({ itemName: "Kärcher K5", category: "garten", description: "läuft einwandfrei, kurbel ist abgebrochen. 160 € VHB" }),
      NOW,
    );
    expect(washer.title).not.toMatch(/einwandfrei/);
  });

  it("reads no colour after 'in' as the place where the seller names one after 'Abholung'", () => {
    const pram = readSellerFacts("Kinderwagen in Schwarz mit Babywanne. 420 € VB. Abholung in Köln-Sülz, kein Versand.");
    expect(pram.city).toBe("Köln-Sülz");
    expect(readSellerFacts("Kinderwagen in Schwarz, 420 €, nur Abholung").city).toBeNull();
  });

  it("gives the model no line where the details name its type code", () => {
    const phones = generateOffline(
      input({
        itemName: "Sony WH-1000XM4 Kopfhörer",
        category: "elektronik",
        description: "ich verkaufe meine Sony WH-1000XM4 in Silber. 140 €",
      }),
      NOW,
    );
    expect(phones.description).not.toMatch(/Modell:/);
  });
});

describe("an eighth walk's notes (ADR 090)", () => {
  const clauses = (note: string) => readNote(note, NOW).clauses;
  const texts = (note: string) => clauses(note).map((clause) => clause.text);
  const kindOf = (note: string, start: string) => clauses(note).find((clause) => clause.text.startsWith(start))?.kind;

  it("writes no small word after a set number as a place, and a verb after 'beim' or 'zum' as a noun", () => {
    expect(texts("piratenschiff 70411 mit 5 figuren")[0]).toBe("Piratenschiff 70411 mit 5 Figuren");
    expect(texts("nur abholung in 33604 bielefeld, kann beim aufladen helfen")[0]).toMatch(/beim Aufladen helfen$/);
    expect(texts("nur paar mal zum joggen getragen")[0]).toBe("Nur ein paar Mal zum Joggen getragen");
    expect(texts("passt zum neuen Tisch")[0]).toBe("Passt zum neuen Tisch");
  });

  it("sets no comma inside a bracket, but one where a verdict or a participle ends a statement", () => {
    expect(texts("1 kanonenkugel fehlt sonst glaub ich alles komplett (anleitung ist noch da)")[0]).toBe(
      "1 Kanonenkugel fehlt, sonst glaube ich alles komplett (Anleitung ist noch da)",
    );
    expect(texts("läuft einwandfrei druck top")[0]).toBe("Läuft einwandfrei, Druck top");
    expect(texts("zweimal getragen dann doch zu eng")[0]).toBe("Zweimal getragen, dann doch zu eng");
    expect(texts("platte hat ne macke und nen wasserfleck vom glas sieht man kaum")[0]).toBe(
      "Platte hat eine Macke und einen Wasserfleck vom Glas, sieht man kaum",
    );
    expect(texts("der deckel hat kratzer und die sieht man kaum")[0]).toBe("Der Deckel hat Kratzer und die sieht man kaum");
  });

  it("writes a small word in capitals as it is read, and chat forms out", () => {
    expect(texts("träger sind NICHT dabei")[0]).toBe("Träger sind nicht dabei");
    expect(texts("NUR ABHOLUNG")[0]).toBe("Nur Abholung");
    expect(texts("Zelda TOTK dabei")[0]).toBe("Zelda TOTK dabei");
    expect(texts("kinder spielen nich mehr damit. die schubladen gehn alle. orginal karton hab ich noch")).toEqual([
      "Kinder spielen nicht mehr damit",
      "Die Schubladen gehen alle",
      "Originalkarton habe ich noch",
    ]);
  });

  it("keeps a defect with what qualifies it, and a list with its lead", () => {
    expect(texts("am monitor ist ein kratzer, die anzeige ist aber gut lesbar")).toHaveLength(1);
    expect(texts("deckel hat kratzer, dicht ist sie")).toHaveLength(1);
    expect(texts("kurbel ist abgebrochen, aufwickeln geht nur per hand")).toEqual(["Kurbel ist abgebrochen, Aufwickeln geht nur per Hand"]);
    expect(texts("piratenschiff mit 5 figuren, kanonen, schatzkiste usw. kinder spielen nicht mehr damit")).toEqual([
      "Piratenschiff mit 5 Figuren, Kanonen, Schatzkiste usw.",
      "Kinder spielen nicht mehr damit",
    ]);
    expect(texts("Kabel und Fernbedienung usw. sind dabei")).toHaveLength(1);
    expect(kindOf("Wagen. Dazu gibt es den Regenschutz, das Insektennetz und einen Becherhalter", "Dazu")).toBe("contents");
    expect(texts("dabei: 10m schlauch, vario lanze, flächenreiniger t 350")).toEqual([
      "Dabei: 10 m Schlauch, Vario Lanze, Flächenreiniger T 350",
    ]);
  });

  it("files why the seller sells as the item's past, the household said as a sentence as a detail", () => {
    expect(kindOf("Schiff. Kinder spielen nicht mehr damit", "Kinder")).toBe("history");
    expect(kindOf("Box. hab leider keinen platz mehr in der garage", "Habe")).toBe("history");
    expect(kindOf("Radio. Läuft nicht mehr", "Läuft")).toBe("defect");
    expect(kindOf("Deckel. passt nicht mehr richtig", "Passt")).toBe("defect");
    expect(kindOf("Wagen. Wir sind ein Nichtraucherhaushalt", "Wir")).toBe("spec");
  });

  it("keeps a relative clause, a colour, a lone participle and 'ohne Einfluss' with what they describe", () => {
    expect(texts("Auf der Platte ist ein Wasserrand, der sich abschleifen lässt")).toHaveLength(1);
    expect(texts("K2 Inlineskates Größe 39, weiß/mint")).toEqual(["K2 Inlineskates Größe 39, weiß/mint"]);
    expect(texts("Esstisch aus Wildeiche, geölt, 160 x 90 cm")[0]).toBe("Esstisch aus Wildeiche, geölt");
    expect(kindOf("Gitarre. Unten an der Zarge gibt es eine kleine Druckstelle im Lack, klanglich ohne Einfluss", "Unten")).toBe("defect");
    expect(texts("Gekauft 2021, seitdem zwanzigmal gespielt")).toHaveLength(1);
  });

  it("files a crack, a glued cable, a loose buckle and a water ring as defects, and 'ihr holt sie … ab' as the handover", () => {
    expect(kindOf("Topf. Der Messbecher hat einen kleinen Sprung am Rand", "Der")).toBe("defect");
    expect(kindOf("Säge. Kabel hat eine geklebte Stelle nahe am Griff", "Kabel")).toBe("defect");
    expect(kindOf("Skates. Beim rechten Schuh ist die Schnalle etwas locker", "Beim")).toBe("defect");
    expect(kindOf("Skates. Oder ihr holt sie in Rostock-Südstadt ab", "Oder")).toBe("handover");
    expect(kindOf("Gitarre. seitdem zwanzigmal gespielt, weil mir die Zeit zum Üben fehlt", "Seitdem")).toBe("history");
    expect(kindOf("Thermomix. läuft ohne Probleme", "Läuft")).toBe("positive");
  });

  it("leaves no stump of how the price is negotiable, and writes 'plus … Versand' as 'zzgl.'", () => {
    const said = (note: string) =>
      clauses(note)
        .filter((clause) => clause.kind !== "price")
        .map((clause) => clause.text);
    expect(said("Topf. Preisvorstellung 380 €, etwas verhandelbar")).toEqual(["Topf"]);
    expect(said("45 € plus 5,50 € Versand")).toEqual(["Zzgl. 5,50 € Versand"]);
    expect(texts("verschicken mach ich nicht is zu sperrig")[0]).toBe("Verschicken mache ich nicht, ist zu sperrig");
  });

  it("takes the item's colour, not that of a part named after it, and keeps 'mit … und weißer …' whole", () => {
    const dirndl = generateOffline(
      input({
        itemName: "Krüger Dirndl Gr. 36",
        category: "kleidung",
        description: "dirndl von krüger gr 36 dunkelgrün mit rosa schürze und weißer bluse. 90 €",
      }),
      NOW,
    );
    expect(dirndl.title).toContain("Dunkelgrün");
    expect(dirndl.title).not.toContain("Rosa");
    expect(texts("dirndl dunkelgrün mit rosa schürze und weißer bluse")).toHaveLength(1);
    expect(texts("neues sägeblatt drauf, das alte gibts dazu")[1]).toBe("Das alte gibt es dazu");
  });

  it("files a box that is gone with the contents, writes the household as one word, keeps a place with its pickup", () => {
    expect(kindOf("Objektiv. OVP leider nicht mehr", "OVP")).toBe("contents");
    expect(kindOf("Objektiv. Rechnung fehlt", "Rechnung")).toBe("contents");
    expect(kindOf("Objektiv. Blende fehlt", "Blende")).toBe("defect");
    expect(texts("aus tierfreiem nichtraucher haushalt")[0]).toBe("Aus tierfreiem Nichtraucherhaushalt");
    expect(texts("nur abholung, leipzig plagwitz.")).toEqual(["Nur Abholung, Leipzig-Plagwitz"]);
    expect(texts("Wachsjacke Gr. 40 (entspricht L), olivgrün, cord kragen")[0]).toBe("Wachsjacke Gr. 40 (entspricht L), olivgrün");
  });

  it("gives the model no line where the item's past names it", () => {
    const grill = generateOffline(
      input({
        itemName: "Weber Spirit E-310 Gasgrill",
        category: "garten",
        description: "verkaufe unseren weber spirit e-310 gasgrill (3 brenner, schwarz), weil wir umziehen. 150 €",
      }),
      NOW,
    );
    expect(grill.description).not.toMatch(/Modell:/);
  });

  it("takes the first sentence's article from the dictionary's gender of the name's head noun", () => {
    const intro = (itemName: string) => generateOffline(input({ itemName, description: "100 €" }), NOW).description.split("\n")[1];
    expect(intro("Yamaha FG800 Westerngitarre")).toBe("Ich verkaufe meine Yamaha FG800 Westerngitarre.");
    expect(intro("Technics SL-1210 MK2 Plattenspieler")).toBe("Ich verkaufe meinen Technics SL-1210 MK2 Plattenspieler.");
    expect(intro("Playmobil Piratenschiff 70411")).toBe("Ich verkaufe mein Playmobil Piratenschiff 70411.");
    expect(intro("Lenovo ThinkPad T480")).toBe("Zu verkaufen: Lenovo ThinkPad T480.");
  });

  it("keeps a floor, a measure and how a defect was mended with what they belong to", () => {
    expect(texts("nur abholung in saarbrücken-malstatt, erdgeschoss")).toHaveLength(1);
    expect(texts("Maße: 100 cm breit, 45 cm tief, 78 cm hoch")).toEqual(["Maße: 100 cm breit, 45 cm tief, 78 cm hoch"]);
    expect(texts("läuft einwandfrei nur der auffangbehälter hat nen sprung am rand, mit klebeband geflickt")).toEqual([
      "Läuft einwandfrei, nur der Auffangbehälter hat einen Sprung am Rand, mit Klebeband geflickt",
    ]);
    expect(texts("bei der hellen ist am knie eine dünne stelle noch kein loch")[0]).toBe(
      "Bei der hellen ist am Knie eine dünne Stelle, noch kein Loch",
    );
  });

  it("files why the seller sells and what is whole by what they say, and takes 'na ihr' and 'zu verkaufen' off", () => {
    expect(kindOf("Jeans. hab abgenommen passen nich mehr", "Habe")).toBe("history");
    expect(kindOf("Switch. zock kaum noch wegen arbeit", "Zocke")).toBe("history");
    expect(kindOf("Board. fahr jetzt nur noch ski", "Fahre")).toBe("history");
    expect(kindOf("Lego. Ist vollständig, hab es nach Anleitung kontrolliert", "Ist")).toBe("positive");
    expect(kindOf("Bohrer. Am Gehäuse Farbspritzer vom Renovieren", "Am")).toBe("defect");
    expect(kindOf("Kommode. Eine Schublade hat innen einen losen Boden", "Eine")).toBe("defect");
    expect(kindOf("Bohrer. dazu ein Satz Steinbohrer", "Dazu")).toBe("contents");
    expect(texts("na ihr, nintendo switch oled weiß mit dock")[0]).toBe("Nintendo Switch OLED weiß mit Dock");
    expect(texts("al-ko häcksler easy crush lh 2810 zu verkaufen")[0]).toMatch(/2810$/);
    expect(texts("schutzfolie seit tag 1 drauf")[0]).toBe("Schutzfolie seit Tag 1 drauf");
  });

  it("takes the article from the noun before 'mit' and not from the brand, and no colour of one piece of a lot", () => {
    const intro = (itemName: string) => generateOffline(input({ itemName, description: "100 €" }), NOW).description.split("\n")[1];
    expect(intro("Burton Custom 158 Snowboard mit Union Bindung")).toBe("Ich verkaufe mein Burton Custom 158 Snowboard mit Union Bindung.");
    expect(intro("Le Creuset Bräter oval 29 cm")).toBe("Ich verkaufe meinen Le Creuset Bräter oval 29 cm.");
    const jeans = generateOffline(
      input({
        itemName: "3 Levi's 501 Jeans W32 L32",
        category: "kleidung",
        description: "3 levis 501 im paket. 1x dunkelblau, 1x schwarz. 45 €",
      }),
      NOW,
    );
    expect(jeans.title).not.toMatch(/Dunkelblau|Schwarz/);
    // "Levis" in the details names the brand "Levi's": no line of its own.
    expect(jeans.description).not.toMatch(/Marke:/);
  });

  it("spells the model as the item's name does where the note types it in lower case", () => {
    const ad = generateOffline(
      input({
        itemName: "Einhell Vertikutierer GE-SA 1435",
        category: "garten",
        description: "einhell vertikutierer ge-sa 1435 elektro. 55 €",
      }),
      NOW,
    );
    expect(ad.title).toContain("GE-SA 1435");
  });

  it("takes a greeting and the seller's 'hab hier nen' off, the adjective in the nominative", () => {
    expect(texts("hi hab hier nen höhenverstellbaren schreibtisch mit motor")[0]).toBe("Höhenverstellbarer Schreibtisch mit Motor");
    expect(texts("verkaufe den elektrischen rasenmäher")[0]).toBe("Elektrischer Rasenmäher");
    expect(texts("Zum Verkauf steht meine Yamaha FG800 Westerngitarre in Natur")[0]).toBe("Yamaha FG800 Westerngitarre in Natur");
  });
});

describe("the eleventh walk's clauses (ADR 091)", () => {
  it("files a defect said to be absent as condition, never as a defect", () => {
    expect(classifyClause("Flecken gibt es keine")).toBe("positive");
    expect(classifyClause("Kratzer hat sie keine")).toBe("positive");
    expect(classifyClause("Flecken gibt es am Bezug")).toBe("defect");
  });

  it("files whether a handover or a try works as the handover", () => {
    expect(classifyClause("Versand für 7 € ist kein Problem")).toBe("handover");
    expect(classifyClause("Verschicken geht nicht")).toBe("handover");
    expect(classifyClause("Ausprobieren vorher ist kein Problem")).toBe("handover");
    // A part that does not work stays a defect.
    expect(classifyClause("Der Schalter geht nicht")).toBe("defect");
  });

  it("files reasons to sell as the item's past and missing boxes as contents", () => {
    expect(classifyClause("Da ich inzwischen eine Magnetleiste nutze, wird der Block nicht mehr gebraucht")).toBe("history");
    expect(classifyClause("Mein Knie macht nicht mehr mit, deshalb weg")).toBe("history");
    expect(classifyClause("Der Motor macht nicht mehr mit")).toBe("defect");
    expect(classifyClause("Die Originalkartons gibt es nicht mehr")).toBe("contents");
  });

  it("reads a key that catches and parts that got lost as defects", () => {
    expect(classifyClause("Eine Basstaste hakt manchmal ein bisschen")).toBe("defect");
    expect(classifyClause("Ein paar Kugeln sind verloren gegangen")).toBe("defect");
  });
});

describe("the eleventh walk's title (ADR 091)", () => {
  it("ends a model after its brand at an article or a lower-case 'plus'", () => {
    const ad = generateOffline(
      input({
        itemName: "GraviTrax Starterset mit Erweiterungen",
        category: "spielzeug",
        description: "GraviTrax Starterset XXL von Ravensburger plus die Erweiterungen Lift, Vulkan und Brücken. Zusammen 65 €.",
      }),
      NOW,
    );
    expect(ad.title).not.toMatch(/Plus|Die/);
    expect(ad.title).toMatch(/^Ravensburger GraviTrax Starterset/);
  });
});

describe("the article of a name with a count (ADR 091)", () => {
  const intro = (itemName: string) =>
    generateOffline(input({ itemName, category: "sonstiges", description: "Preis 20 €" }), NOW).description.split("\n")[1];

  it("takes the plural for a count at the start and the noun before a count of things inside", () => {
    expect(intro("2 Head Speed MP Tennisschläger mit Tasche")).toBe("Ich verkaufe meine 2 Head Speed MP Tennisschläger mit Tasche.");
    expect(intro("Polyrattan Balkonset 2 Sessel + Tisch")).toBe("Ich verkaufe mein Polyrattan Balkonset 2 Sessel + Tisch.");
    // A number before no noun is part of the name; "3 in 1" is a kind of thing, not a count.
    expect(intro("Hohner Bravo II 48 Bass Akkordeon")).toBe("Ich verkaufe mein Hohner Bravo II 48 Bass Akkordeon.");
    expect(intro("3 in 1 Kinderwagen")).toBe("Ich verkaufe meinen 3 in 1 Kinderwagen.");
  });
});

describe("the note's first clause less the item's name (ADR 091)", () => {
  it("says only what the clause adds to the name", () => {
    expect(beyondName("Esprit Wollmantel Damen Gr. 38 in camel", "Esprit Wollmantel Damen Gr. 38")).toBe("Farbe: Camel");
    expect(beyondName("Polyrattan Balkon Set in grau", "Polyrattan Balkonset 2 Sessel + Tisch")).toBe("Farbe: Grau");
    expect(beyondName("2 Head Speed MP Tennisschläger Griffstärke 3", "2 Head Speed MP Tennisschläger mit Tasche")).toBe("Griffstärke 3");
    expect(beyondName("Zwilling Messerblock aus der Serie Four Star", "Zwilling Messerblock Four Star 7-teilig")).toBeNull();
  });

  it("keeps a clause whole that does not start with the name, or goes on with an edition", () => {
    expect(beyondName("Ohrensessel mit passendem Hocker", "Ohrensessel Samt petrol mit Hocker")).toBe("Ohrensessel mit passendem Hocker");
    expect(beyondName("GraviTrax Starterset XXL von Ravensburger", "GraviTrax Starterset mit Erweiterungen")).toBe(
      "GraviTrax Starterset XXL von Ravensburger",
    );
    expect(beyondName("Balg ist dicht", "Hohner Bravo II Akkordeon")).toBe("Balg ist dicht");
  });
});

describe("the eleventh walk's spelling (ADR 091)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("writes a colour after 'in' as a noun, 'nem' out, and a comma before 'merkt man'", () => {
    expect(texts("jacke in schwarz mit kapuze")[0]).toBe("Jacke in Schwarz mit Kapuze");
    expect(texts("tasche in schwarzem leder")[0]).toBe("Tasche in schwarzem Leder");
    expect(texts("akku vor nem jahr getauscht")[0]).toBe("Akku vor einem Jahr getauscht");
    expect(texts("display hat nen haarriss unten rechts merkt man beim tippen nich")[0]).toBe(
      "Display hat einen Haarriss unten rechts, merkt man beim Tippen nicht",
    );
  });

  it("drops evening greetings and 'meldet euch einfach', and reads 'Echtzeitüberweisung' as payment", () => {
    expect(texts("n abend zusammen, fairphone 4 mit 256gb. meldet euch einfach")).toEqual(["Fairphone 4 mit 256 GB"]);
    expect(readNote("Preis 20 €. bar oder echtzeitüberweisung", NOW).clauses.find((clause) => /bar/i.test(clause.text))?.kind).toBe(
      "handover",
    );
  });
});

describe("the twelfth walk's clauses (ADR 091)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("files ruled-out shipping as the handover, missing nothing as condition, a reason as the past", () => {
    expect(classifyClause("Einen Versand bieten wir wegen der Bruchgefahr nicht an")).toBe("handover");
    expect(classifyClause("Es fehlen keine Seiten")).toBe("positive");
    expect(classifyClause("Mein Rücken will nicht mehr, deshalb weg")).toBe("history");
    expect(classifyClause("Zahlung nur bar")).toBe("handover");
  });

  it("reads notches, kinks, scribbles, stiff drawers, loose seams and wear as defects", () => {
    for (const clause of [
      "Finne hat eine kleine Kerbe",
      "Rücken teils mit Knicken",
      "Ein paar Kritzeleien mit Buntstift",
      "Eine Schublade geht schwer",
      "Im Sakko hat sich eine Naht am Innenfutter gelöst",
      "Auf der Decke sind leichte Abnutzungen vom Kinn",
    ])
      expect(classifyClause(clause), clause).toBe("defect");
  });

  it("keeps 'die Matratze nicht' with what it negates, drops 'Verkauft wird' and 'tschüss', ends a place at its verb", () => {
    expect(texts("Der Lattenrost ist inklusive, die Matratze nicht.")).toEqual(["Der Lattenrost ist inklusive, die Matratze nicht"]);
    expect(texts("Verkauft wird ein Bettgestell aus massiver Buche. tschüss")).toEqual(["Bettgestell aus massiver Buche"]);
    expect(texts("Preis 75 €. Bei Abholung in Gera-Untermhaus ziehe ich die 5 € ab.").at(-1)).toMatch(/Gera-Untermhaus ziehe ich/);
  });

  it("takes the article from the noun before the material", () => {
    const intro = generateOffline(input({ itemName: "Howa Kaufladen aus Holz mit Zubehör", description: "45 €" }), NOW).description.split(
      "\n",
    )[1];
    expect(intro).toBe("Ich verkaufe meinen Howa Kaufladen aus Holz mit Zubehör.");
  });
});

describe("a list after 'mit' (ADR 091)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("keeps things after 'mit' on one line where a short 'x und y' ends the list", () => {
    expect(texts("board aufblasbar mit paddel, pumpe, leash und rucksack. 190 vb")[0]).toBe(
      "Board aufblasbar mit Paddel, Pumpe, Leash und Rucksack",
    );
    // Without the list's end, the pieces stay statements of their own.
    expect(texts("Sessel mit Hocker, Bezug ist neu").slice(0, 2)).toEqual(["Sessel mit Hocker", "Bezug ist neu"]);
  });
});

describe("the handover in words an ad uses (ADR 091)", () => {
  const handover = (note: string) =>
    readNote(note, NOW)
      .clauses.filter((clause) => clause.kind === "handover")
      .map((clause) => clause.text);

  it("says that a way works as 'möglich', amounts in 'eur' in euros, and a place before 'abgeholt' as a name", () => {
    expect(handover("Preis 340 € VB. Versand versichert für 15 € geht auch.")).toEqual(["Versand versichert für 15 € möglich"]);
    expect(handover("Zusammen 65 €. Versand für 7 € ist kein Problem.")).toEqual(["Versand für 7 € möglich"]);
    expect(handover("190 vb, verschicken geht als paket für 12 eur")).toEqual(["Verschicken geht als Paket für 12 €"]);
    expect(handover("150 euro, kann auch in mannheim lindenhof abgeholt werden")).toEqual([
      "Kann auch in Mannheim-Lindenhof abgeholt werden",
    ]);
  });
});

describe("the thirteenth walk's condition and handover (ADR 091)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("states no defect or new grade the seller answered with 'nichts' or named as a new price", () => {
    expect(classifyClause("Kaputt ist nichts")).toBe("positive");
    const toy = generateOffline(input({ itemName: "Kugelbahn", description: "Normale Spielspuren. Kaputt ist nichts. 38 € VB" }), NOW);
    expect(toy.title).not.toMatch(/defekt/i);
    const shoes = generateOffline(
      input({ itemName: "Wanderschuhe Gr. 43", description: "neu kosten die um die 200. 75 euro festpreis" }),
      NOW,
    );
    expect(shoes.description).not.toMatch(/\bneu\.|Neu kosten/);
    expect(shoes.description).toContain("**Neupreis:** 200 €");
  });

  it("puts no OVP in the title that the seller says is gone, and files it as contents", () => {
    const watch = generateOffline(
      input({ itemName: "Garmin Forerunner 255", description: "ladekabel mit dabei ovp nich mehr. 130 € vb" }),
      NOW,
    );
    expect(watch.title).not.toMatch(/OVP/);
    expect(classifyClause("Ladekabel mit dabei OVP nicht mehr")).toBe("contents");
  });

  it("reads more defect words, keeps 'es … aber nichts' with its defect, and 'wir verkaufen ihn, weil …' whole", () => {
    expect(classifyClause("Das Volume-Poti knackst etwas beim Drehen")).toBe("defect");
    expect(classifyClause("An einem Turm ist die Farbe abgeblättert")).toBe("defect");
    expect(texts("An der Unterseite ist eine Naht aufgegangen, es rieselt aber nichts heraus.")).toEqual([
      "An der Unterseite ist eine Naht aufgegangen, es rieselt aber nichts heraus",
    ]);
    expect(texts("Wir verkaufen ihn, weil wir ein Sofa gekauft haben.")).toEqual(["Wir verkaufen ihn, weil wir ein Sofa gekauft haben"]);
    // The price phrase leaves no stump ("Der Preis liegt bei").
    expect(readNote("Der Preis liegt bei 70 € VB.", NOW).clauses.filter((clause) => clause.kind !== "price")).toEqual([]);
  });

  it("drops 'hallöle' and 'bis dann', writes 'verkauf ich' out, files 'gerne vorher antesten' with the handover", () => {
    expect(texts("hallöle, einzeln verkauf ich nich. bis dann")).toEqual(["Einzeln verkaufe ich nicht"]);
    expect(classifyClause("Gerne vorher antesten")).toBe("handover");
  });
});

describe("how often, said of the clause before (ADR 091)", () => {
  it("keeps 'insgesamt etwa fünfmal' with its clause and reads a bent buckle as a defect", () => {
    expect(readNote("wurde nur an Silvester benutzt, insgesamt etwa fünfmal.", NOW).clauses.map((clause) => clause.text)).toEqual([
      "Wurde nur an Silvester benutzt, insgesamt etwa fünfmal",
    ]);
    expect(classifyClause("Eine Schnalle vorne ist verbogen, geht aber noch zu")).toBe("defect");
  });
});

describe("the fourteenth walk's clauses (ADR 091)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("keeps a relative clause with 'nur' and a floor with 'es steht im' with their clause", () => {
    expect(texts("Oben sind zwei feine Kratzer, die nur im Gegenlicht zu sehen sind.")).toEqual([
      "Oben sind zwei feine Kratzer, die nur im Gegenlicht zu sehen sind",
    ]);
    expect(texts("Preis 180 €. Das Sideboard muss in Wolfsburg abgeholt werden, es steht im Erdgeschoss.").at(-1)).toBe(
      "Das Sideboard muss in Wolfsburg abgeholt werden, es steht im Erdgeschoss",
    );
  });

  it("drops 'na' and 'Zu verkaufen ist', reads crumbling, darkening, loosening and mended parts as defects", () => {
    expect(texts("na, nikon d3500 spiegelreflex")).toEqual(["Nikon D3500 Spiegelreflex"]);
    expect(texts("Zu verkaufen ist ein Sideboard aus Kernbuche.")).toEqual(["Sideboard aus Kernbuche"]);
    for (const clause of [
      "Am Kork seitlich kleine Abbröckler",
      "Das Leder an der Spitze ist etwas dunkler geworden",
      "Gummi am Griff löst sich etwas an der Ecke",
      "Das Kabel hat eine Stelle die mit Isolierband geflickt ist",
    ])
      expect(classifyClause(clause), clause).toBe("defect");
  });

  it("takes the colour a clothing name gives ('taupe'), not one of another pair in the note", () => {
    const clogs = generateOffline(
      input({
        itemName: "Birkenstock Boston Clogs Gr. 41 taupe",
        description: "Clogs aus Veloursleder in Taupe. Hab mir die gleichen in Schwarz geholt. 55 € inkl. Versand",
      }),
      NOW,
    );
    expect(clogs.title).toContain("Taupe");
    expect(clogs.title).not.toContain("Schwarz");
  });
});

describe("the fifteenth walk's condition (ADR 091)", () => {
  it("reads 'kaum Abnutzung' and 'nichts wackelt' as condition, an injury and quitting as the reason to sell", () => {
    expect(classifyClause("Die Bundstäbchen zeigen kaum Abnutzung")).toBe("positive");
    expect(classifyClause("Nichts wackelt")).toBe("positive");
    expect(classifyClause("Habe mir die Schulter kaputt gemacht")).toBe("history");
    expect(classifyClause("Unsere neue Küche ist weiß und da passt das Rot nicht mehr")).toBe("history");
  });

  it("writes a statement after ', und' without its 'und'", () => {
    expect(
      readNote("Der Lack ist abgerieben, und der Wahlschalter knackt gelegentlich.", NOW).clauses.map((clause) => clause.text),
    ).toEqual(["Der Lack ist abgerieben", "Der Wahlschalter knackt gelegentlich"]);
  });
});

describe("clauses that lean on the one before stay with it (ADR 092)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);
  const kinds = (note: string) => readNote(note, NOW).clauses.map((clause) => [clause.kind, clause.text]);

  it("keeps a list's end of two things after 'Dazu gibt es' in the list", () => {
    expect(texts("Dazu gibt es eine gefütterte Hülle, einen Riemen und ein Netzteil mit 2 m Kabel.")).toEqual([
      "Dazu gibt es eine gefütterte Hülle, einen Riemen und ein Netzteil mit 2 m Kabel",
    ]);
  });

  it("never cuts what the seller sells at its 'und', and keeps a verb of the pair with it", () => {
    expect(texts("Moin, verkaufe Milchaufschäumer und Kaffeemühle von Severin in Weiß, passen zusammen.")).toEqual([
      "Milchaufschäumer und Kaffeemühle von Severin in Weiß, passen zusammen",
    ]);
  });

  it("joins what points back ('das andere', 'diese', 'der Rest') and an alternative way of handing over", () => {
    expect(kinds("Ein Glas hat einen Sprung. Das andere ist in Ordnung.")).toEqual([
      ["defect", "Ein Glas hat einen Sprung, das andere ist in Ordnung"],
    ]);
    expect(texts("Die Uhr läuft mit Knopfzellen, diese sind nicht dabei.")).toEqual([
      "Die Uhr läuft mit Knopfzellen, diese sind nicht dabei",
    ]);
    expect(texts("Versand zahle ich, oder gern Abholung in Lingen.")).toEqual(["Versand zahle ich, oder gern Abholung in Lingen"]);
    expect(texts("Versand als Paket für 7 €. Oder Abholung in Lingen.")).toEqual(["Versand als Paket für 7 €, oder Abholung in Lingen"]);
    // Only an alternative way of handing over: "Oder …" after a detail starts its own clause.
    expect(texts("Rahmen aus Eiche. Oder als Set mit Stuhl.")).toHaveLength(2);
  });

  it("keeps one more thing ('OVP auch'), where traces are and 'funktioniert aber' with the clause before", () => {
    expect(texts("netzteil und tasche dabei, anleitung auch.")).toEqual(["Netzteil und Tasche dabei, Anleitung auch"]);
    expect(kinds("lief in der werkstatt daher kratzer, staub und lack am gehäuse, läuft aber einwandfrei.")).toEqual([
      ["defect", "Lief in der Werkstatt, daher Kratzer, Staub und Lack am Gehäuse, läuft aber einwandfrei"],
    ]);
    // A statement of its own after a comma stands alone, and no trace joins a clause that says there is none.
    expect(texts("Mit Akku und Koffer, funktioniert einwandfrei.")).toEqual(["Mit Akku und Koffer", "Funktioniert einwandfrei"]);
    expect(texts("Keine Flecken, kleine Kratzer am Oberrohr.")).toEqual(["Keine Flecken", "Kleine Kratzer am Oberrohr"]);
  });

  it("keeps 'hab … und hör auf' one clause, the reason to sell", () => {
    expect(kinds("hab mir die hand verletzt und hör auf.")).toEqual([["history", "Habe mir die Hand verletzt und hör auf"]]);
  });

  it("drops 'heyho' and writes sizes, PayPal's purchase protection and separable participles as sellers mean them", () => {
    expect(texts("heyho, jacke gr s/m, kapuze umgeklappt. bezahlung paypal waren u. dienstleistungen")).toEqual([
      "Jacke Gr. S/M",
      "Kapuze umgeklappt",
      "Bezahlung PayPal Waren und Dienstleistungen",
    ]);
    expect(readItem("Regenjacke Gr. s/m", "").name).toBe("Regenjacke Gr. s/m");
  });
});

describe("the item's first clause less its name, never a fragment (ADR 092)", () => {
  it("keeps the clause whole where the rest starts with 'in', 'aus' or an article and is no colour", () => {
    expect(beyondName("Lidl Regentonne 300 liter grün in Steinoptik", "Lidl Regentonne 300 l grün")).toBe(
      "Lidl Regentonne 300 liter grün in Steinoptik",
    );
    expect(beyondName("Tefal Toaster aus der Avanti Serie", "Tefal Toaster")).toBe("Tefal Toaster aus der Avanti Serie");
  });

  it("names colours written together, in a bracket and glued to a unit", () => {
    expect(beyondName("Yamaha Keyboard PSR in Cherry (Rot)", "Yamaha Keyboard PSR")).toBe("Farbe: Cherry (Rot)");
    expect(beyondName("Edelrid Seil 10,2mm 50m rot/gelb", "Edelrid Seil 10,2 mm 50 m")).toBe("Farbe: Rot/Gelb");
    expect(beyondName("Stehlampe Arco in schwarz/weiß", "Stehlampe Arco")).toBe("Farbe: Schwarz/Weiß");
  });

  it("writes the article of a compound with a hyphen from its last part", () => {
    expect(readItem("Makita Akku-Bohrhammer", "").gender).toBe("m");
  });
});

describe("the twenty-sixth walk's phrasings (ADR 092)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);
  const kinds = (note: string) => readNote(note, NOW).clauses.map((clause) => [clause.kind, clause.text]);

  it("drops 'Hallo ihr', keeps 'Zum Lieferumfang gehören …' one list and a clause 'was …' with its sentence", () => {
    expect(texts("Hallo ihr, biete einen Toaster von Rommelsbacher.")).toEqual(["Toaster von Rommelsbacher"]);
    expect(
      kinds("Reiskocher von Tefal. Zum Lieferumfang gehören der Deckel, ein zweiter Einsatz für Reis sowie der Messbecher.")[1],
    ).toEqual(["contents", "Zum Lieferumfang gehören der Deckel, ein zweiter Einsatz für Reis sowie der Messbecher"]);
    expect(kinds("Am Griff fehlt die Schraubkappe, was beim Kochen nicht stört.")).toEqual([
      ["defect", "Am Griff fehlt die Schraubkappe, was beim Kochen nicht stört"],
    ]);
  });

  it("takes 'für beides' with the price and says 'einzeln nicht' as the lot sold together", () => {
    const facts = readNote("18 € für beides, einzeln nicht.", NOW);
    expect(facts.askingPrice).toBe(18);
    expect(facts.clauses.filter((clause) => clause.kind !== "price").map((clause) => clause.text)).toEqual(["Nur zusammen abzugeben"]);
  });

  it("never cuts two values or what shares a 'mit' at 'und', and keeps measures together", () => {
    // A scale is no price ("1:32" is no 1 €).
    expect(readNote("Siku Bagger im Maßstab 1:32.", NOW).askingPrice).toBeNull();
    expect(texts("passt auf 225/45 r17 und 225/50 r17.")).toEqual(["Passt auf 225/45 R17 und 225/50 R17"]);
    expect(texts("Siku Bagger mit Schaufel und Greifarm im Maßstab 1:32.")).toEqual([
      "Siku Bagger mit Schaufel und Greifarm im Maßstab 1:32",
    ]);
    expect(texts("Maße: ca. 80 cm breit, 40 cm tief und 75 cm hoch.")).toEqual(["Maße: ca. 80 cm breit, 40 cm tief und 75 cm hoch"]);
  });

  it("reads worn-down insides as a defect and sets the commas a careful seller sets", () => {
    expect(classifyClause("Sohle innen etwas abgelaufen")).toBe("defect");
    expect(texts("deckel hat einen sprung am rand hält trotzdem dicht.")).toEqual(["Deckel hat einen Sprung am Rand, hält trotzdem dicht"]);
    expect(texts("zweimal aufgebaut nie benutzt.")).toEqual(["Zweimal aufgebaut, nie benutzt"]);
    expect(texts("roller ist verkauft der neue hat andere bremsen.")).toEqual(["Roller ist verkauft, der neue hat andere Bremsen"]);
    expect(texts("kratzer oben rechts nur bei gegenlicht zu sehen.")).toEqual(["Kratzer oben rechts, nur bei Gegenlicht zu sehen"]);
    expect(texts("3 monate alt rechnung ist da also noch garantie.")).toEqual(["3 Monate alt, Rechnung ist da, also noch Garantie"]);
    expect(texts("hülle dabei aber kein ladekabel.")).toEqual(["Hülle dabei, aber kein Ladekabel"]);
    expect(texts("wollte lieber was leichteres.")).toEqual(["Wollte lieber etwas Leichteres"]);
    // No comma after a verb or a relative pronoun.
    expect(texts("Wir haben ihn geerbt, haben aber keinen Platz.")).toEqual(["Wir haben ihn geerbt, haben aber keinen Platz"]);
    expect(texts("Zwei Kratzer, die nur im Gegenlicht zu sehen sind.")).toEqual(["Zwei Kratzer, die nur im Gegenlicht zu sehen sind"]);
  });

  it("says a cost on top and a way to pay that works as an ad does", () => {
    expect(texts("Preis 20 €, dazu kommen 3,90 € Versand.")).toContain("Zzgl. 3,90 € Versand");
    expect(texts("paypal freunde geht.")).toEqual(["PayPal Freunde möglich"]);
  });

  it("reads a plural that is also a verb made a noun as the plural ('Schneeketten', not 'das Ketten')", () => {
    expect(readItem("Rud Schneeketten 4 Stück", "").gender).toBe("pl");
    expect(readItem("Sofakissen", "").gender).toBe("n");
  });
});

describe("the earlier walks' phrasings read again (ADR 092)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("keeps an alternative, an 'auch für …' and a year's clause with what they add to", () => {
    expect(texts("Versand als Päckchen 5 €. Alternativ Abholung in Peine.")).toEqual([
      "Versand als Päckchen für 5 €, alternativ Abholung in Peine",
    ]);
    expect(texts("Passt in jede Spülmaschine, auch für Gastro.")).toEqual(["Passt in jede Spülmaschine, auch für Gastro"]);
  });

  it("sets the commas between two statements typed without one", () => {
    expect(texts("keine dellen kein rost.")).toEqual(["Keine Dellen, kein Rost"]);
    expect(texts("sohle ist eingelaufen also bequem.")).toEqual(["Sohle ist eingelaufen, also bequem"]);
    expect(texts("Mai 2022 gekauft Quittung vorhanden.")).toEqual(["Mai 2022 gekauft, Quittung vorhanden"]);
    expect(texts("Lack hat 2 Macken sieht man nur aus der Nähe.")).toEqual(["Lack hat 2 Macken, sieht man nur aus der Nähe"]);
    expect(texts("Netzteil mit dabei Karton nicht mehr.")).toEqual(["Netzteil mit dabei, Karton nicht mehr"]);
    expect(texts("Wer aus der Gegend kommt kann ihn auch abholen.")).toEqual(["Wer aus der Gegend kommt, kann ihn auch abholen"]);
  });

  it("writes 'St.' places, 'LTE', 'UK' and a bare amount before 'als' as sellers mean them", () => {
    expect(texts("abholen in trier st. matthias")).toEqual(["Abholen in Trier St. Matthias"]);
    expect(texts("tablet mit lte, gr. uk 8")[0]).toContain("LTE");
    expect(texts("Damen Größe 38 (uk 5)")).toEqual(["Damen Größe 38 (UK 5)"]);
  });

  it("reads the gender of a name with a count inside it and of a compound cut before 'und'", () => {
    expect(readItem("Zeltwerk 2 Seasons Kuppelzelt 3 Personen", "").gender).toBe("n");
    expect(readItem("Einhell Kapp- und Gehrungssäge", "").gender).toBe("f");
  });

  it("says the purchase year once: where a clause of the item's past names it, no line of its own", () => {
    const ad = generateOffline(
      input({ itemName: "Bosch Stichsäge", description: "Gekauft 2019 für den Umbau, danach kaum benutzt. 40 € VB" }),
      NOW,
    );
    expect(ad.description).toContain("Gekauft 2019 für den Umbau, danach kaum benutzt");
    expect(ad.description).not.toContain("**Gekauft:**");
  });
});

describe("the twenty-seventh walk's phrasings (ADR 092)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);
  const kinds = (note: string) => readNote(note, NOW).clauses.map((clause) => [clause.kind, clause.text]);

  it("keeps a relative clause, a contrast with 'trotzdem' and 'nicht von …' with the clause before", () => {
    expect(texts("Das Regal hat eine Leiste, die einen neuen Clip braucht.")).toEqual([
      "Das Regal hat eine Leiste, die einen neuen Clip braucht",
    ]);
    expect(texts("Der Tisch stammt von meiner Oma, die ins Heim gezogen ist.")).toEqual([
      "Der Tisch stammt von meiner Oma, die ins Heim gezogen ist",
    ]);
    // A main clause after the comma stands alone.
    expect(texts("Der Bezug ist neu, das Kabel fehlt.")).toHaveLength(2);
    expect(kinds("Die Beschichtung ist am Rand abgenutzt, der Kuchen löst sich trotzdem.")).toEqual([
      ["defect", "Die Beschichtung ist am Rand abgenutzt, der Kuchen löst sich trotzdem"],
    ]);
    expect(texts("Echt, nicht von Temu 😉 Rechnung habe ich noch.")).toEqual(["Echt, nicht von Temu", "Rechnung habe ich noch"]);
  });

  it("reads play, scrapes and noises as defects, never a word that only starts like one", () => {
    for (const clause of ["Das Pedal hat etwas Spiel", "Vorne ein paar Schrammen", "Lüfter surrt etwas", "Aufkleber abgeknibbelt"])
      expect(classifyClause(clause), clause).toBe("defect");
    expect(classifyClause("Mit Schleifteller 125 mm")).not.toBe("defect");
  });

  it("writes the seller's verbs, names and commas as a careful seller does", () => {
    expect(texts("ich spiele inzwischen gitarre. jetzt haben wir kunstrasen.")).toEqual([
      "Ich spiele inzwischen Gitarre",
      "Jetzt haben wir Kunstrasen",
    ]);
    expect(texts("aufbau zeig ich gern")).toEqual(["Aufbau zeige ich gern"]);
    expect(texts("zieh zu meinem freund")).toEqual(["Ziehe zu meinem Freund"]);
    expect(texts("läuft mit zwift über bluetooth und ant+")).toEqual(["Läuft mit Zwift über Bluetooth und ANT+"]);
    expect(texts("seit ich joggen gehe liegt er nur rum")).toEqual(["Seit ich joggen gehe, liegt er nur rum"]);
    expect(texts("bitte nur melden wenn ihr ihn holt")).toEqual(["Bitte nur melden, wenn ihr ihn holt"]);
    expect(texts("ein haken, damit man es aufhängen kann")).toHaveLength(1);
    expect(texts("An der Seite ist eine etwa 3 cm lange Delle.")).toEqual(["An der Seite ist eine etwa 3 cm lange Delle"]);
    expect(texts("Tischkreissäge, 4-teilig mit Anschlag.")).toEqual(["Tischkreissäge, 4-teilig mit Anschlag"]);
  });

  it("takes the seller's 'geb … ab' as the intro, keeps 'ohne … und ohne …' whole, writes a place after 'Abholung in'", () => {
    expect(texts("geb meinen rasenmäher ab mit fangkorb")).toEqual(["Rasenmäher mit Fangkorb"]);
    expect(texts("Wir geben die Wiege unserer Tochter ab.")).toEqual(["Wir geben die Wiege unserer Tochter ab"]);
    expect(texts("ohne akku und ohne ladegerät")).toEqual(["Ohne Akku und ohne Ladegerät"]);
    expect(texts("Versand 5 € oder Abholung Gelsenkirchen Buer")).toEqual(["Versand 5 € oder Abholung in Gelsenkirchen Buer"]);
    expect(texts("Preis 80 € für beide, einzeln 45.")).toContain("Einzeln 45 €");
    expect(texts("Netzteil ist dabei, Karton nicht mehr.")).toEqual(["Netzteil ist dabei, Karton nicht mehr"]);
  });

  it("reads 'Bad Kreuznach-Planig' whole, 'schicken is nicht drin' as no shipping, and the head noun past materials and counts", () => {
    const facts = readSellerFacts("Abholung in Bad Kreuznach-Planig oder Versand für 5 €.");
    expect(facts.city).toBe("Bad Kreuznach-Planig");
    expect(facts.words.place).toBe("Abholung in Bad Kreuznach-Planig");
    expect(readSellerFacts("20 €, abholung in meppen, schicken is bei dem gewicht nicht drin").shipping).toBe("excluded");
    expect(readItem("Gartentonne 200 l Granit mit Deckel", "").gender).toBe("f");
    expect(readItem("2x JBL Flip 5 Lautsprecher", "").gender).toBe("pl");
    expect(readItem("Makita Akku-Säge 18V ohne Akku", "").gender).toBe("f");
    expect(readItem("Gewa Geige 4/4 mit Etui", "").gender).toBe("f");
  });
});

describe("the eleventh walk read again (ADR 092)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("keeps a list after '7-teilig:' and after 'plus die …' on one line, and what is left with its defect", () => {
    expect(texts("6-teilig: Topf 20 cm, Topf 16 cm, Pfanne, Deckel und der Ständer")).toEqual([
      "6-teilig: Topf 20 cm, Topf 16 cm, Pfanne, Deckel und der Ständer",
    ]);
    expect(texts("Brio Bahn plus die Sets Hafen, Flughafen und Bauernhof.")).toEqual([
      "BRIO Bahn plus die Sets Hafen, Flughafen und Bauernhof",
    ]);
    expect(texts("Ein paar Murmeln sind verloren gegangen, es sind noch ca. 30 da.")).toEqual([
      "Ein paar Murmeln sind verloren gegangen, es sind noch ca. 30 da",
    ]);
  });

  it("sets commas after one absence before another, before 'hält aber noch' and after a bracket", () => {
    expect(texts("keine katze kein hund")).toEqual(["Keine Katze, kein Hund"]);
    expect(texts("Der Gurt ist alt hält aber noch.")).toEqual(["Der Gurt ist alt, hält aber noch"]);
    expect(texts("Akku getauscht (ging ganz leicht) hält jetzt wieder lange.")).toEqual([
      "Akku getauscht (ging ganz leicht), hält jetzt wieder lange",
    ]);
    expect(texts("hakt ein bisschen")).toEqual(["Hakt ein bisschen"]);
  });

  it("reads a phone's name as neuter", () => {
    expect(readItem("Fairphone 5 128 GB", "").gender).toBe("n");
  });
});

describe("the tenth walk read again (ADR 092)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("keeps a cost, a provenance and measures without units with the clause before", () => {
    expect(texts("Versand ist möglich. Kostet dann 8 € extra.")).toEqual(["Versand ist möglich, kostet dann 8 € extra"]);
    expect(texts("Kommode aus Kiefer, von meiner Oma.")).toEqual(["Kommode aus Kiefer, von meiner Oma"]);
    expect(texts("Maße ca. 80 breit, 40 tief, 120 hoch.")).toEqual(["Maße ca. 80 breit, 40 tief, 120 hoch"]);
  });

  it("writes the seller's verbs and commas ('aber spiele nicht mehr', 'nur, wenn', 'soweit ich sehe,')", () => {
    expect(texts("hab nen kurs gemacht aber spiel nich mehr")).toEqual(["Habe einen Kurs gemacht, aber spiele nicht mehr"]);
    expect(texts("brauch den platz")).toEqual(["Brauche den Platz"]);
    expect(texts("Soweit ich sehe vollständig.")).toEqual(["Soweit ich sehe, vollständig"]);
    expect(texts("Käuferschutz nur wenn ihr zahlt.")).toEqual(["Käuferschutz nur, wenn ihr zahlt"]);
    // "geht" is no participle: "…, geht aber noch zu" keeps its words.
    expect(texts("Die Schnalle ist verbogen, geht aber noch zu.")).toEqual(["Die Schnalle ist verbogen, geht aber noch zu"]);
  });

  it("says 'einzeln nich' as the lot sold together and a pickup price after 'geht auch dann' in euros", () => {
    expect(texts("zusammen 40€ festpreis, einzeln nich.")).toContain("Nur zusammen abzugeben");
    expect(texts("will 45 inkl versand, abholen in lahr geht auch dann 40")).toContain("Abholen in Lahr möglich, dann 40 €");
  });
});

describe("the ninth walk read again (ADR 092)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("keeps a colour, the old part and commas with the clause they belong to", () => {
    expect(texts("Schüssel aus Steingut, in der Farbe Salbei.")).toEqual(["Schüssel aus Steingut, in der Farbe Salbei"]);
    expect(texts("Der Griff wurde getauscht, der alte liegt bei.")).toEqual(["Der Griff wurde getauscht, der alte liegt bei"]);
    expect(texts("Trommelmäher also schön leise.")).toEqual(["Trommelmäher, also schön leise"]);
    expect(texts("Habe zugenommen passen nicht mehr.")).toEqual(["Habe zugenommen, passen nicht mehr"]);
  });
});

describe("the twenty-eighth walk's phrasings (ADR 092)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);
  const kinds = (note: string) => readNote(note, NOW).clauses.map((clause) => [clause.kind, clause.text]);

  it("drops sign-offs and greetings with a name or an address ('tschö kai', 'nabend', 'Hallo in die Runde')", () => {
    expect(texts("nabend, regal aus holz. tschö kai")).toEqual(["Regal aus Holz"]);
    expect(texts("Hallo in die Runde! Regal aus Kiefer.")).toEqual(["Regal aus Kiefer"]);
  });

  it("files what is no defect as none: no cracks, a reason to sell, how it was used", () => {
    expect(classifyClause("Die Gläser haben keine Sprünge")).toBe("positive");
    expect(kinds("Wir haben jetzt einen Balkon, brauchen ihn also nicht mehr.")[0][0]).toBe("history");
    expect(classifyClause("Er passt nicht mehr zu unserem neuen Bett")).toBe("history");
    expect(kinds("Drei Winter getragen, meistens beim Radfahren.")).toEqual([
      ["positive", "Drei Winter getragen, meistens beim Radfahren"],
    ]);
  });

  it("keeps a list after 'mit 2 … (…)' on one line and writes chat, commas and capitals as a careful seller", () => {
    expect(texts("brio bahn abzugeben mit 2 loks (rot und grün), nen tunnel und 3 weichen")).toEqual([
      "BRIO Bahn mit 2 Loks (rot und grün), einen Tunnel und 3 Weichen",
    ]);
    expect(texts("kabel ist dabei einen adapter gibt es nicht")).toEqual(["Kabel ist dabei, einen Adapter gibt es nicht"]);
    expect(texts("tank wird mit wasser gefüllt is grad leer")).toEqual(["Tank wird mit Wasser gefüllt, ist gerade leer"]);
    expect(texts("spiel nur noch am pc deshalb weg")).toEqual(["Spiele nur noch am PC, deshalb weg"]);
    expect(texts("wir nutzen ihn kaum noch deshalb geht er weg")).toEqual(["Wir nutzen ihn kaum noch, deshalb geht er weg"]);
    expect(texts("Karton habe ich keinen mehr")).toEqual(["Karton habe ich keinen mehr"]);
    expect(texts("kopfhörer und aux eingang")).toEqual(["Kopfhörer und AUX Eingang"]);
    // A participle before "ist" in a relative clause keeps its words.
    expect(texts("Eine Stelle, wo der Lack abgeplatzt ist.")).toEqual(["Eine Stelle, wo der Lack abgeplatzt ist"]);
  });

  it("names the title's colour only where the item has it: two colours joined by '/' together, two things' colours never", () => {
    const title = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW).title;
    expect(title("Carrera Rennbahn", "Rennbahn mit 2 Autos (rot und blau). 30 €")).not.toMatch(/Rot|Blau/);
    expect(title("Kletterseil 60 m", "Seil in blau/grün. 30 €")).toContain("Blau/Grün");
    expect(title("Spindelmäher 38 cm mit Fangkorb", "Spindelmäher mit Grasfangkorb. 30 €")).toBe("Spindelmäher 38 cm mit Fangkorb");
    expect(readItem("Couchtisch Akazie massiv", "").gender).toBe("m");
  });
});

describe("the twenty-ninth walk's phrasings (ADR 092)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("reads 'versand geht … leider nich' as no shipping (a wrong fact on every surface before)", () => {
    expect(readSellerFacts("45 euro abholung in worms, versand geht bei dem gewicht leider nich. lg").shipping).toBe("excluded");
    expect(readSellerFacts("abholung nich möglich, versand 5 €").pickup).toBe("excluded");
  });

  it("takes 'für alle zusammen' with the price, keeps a reason and 'OVP auch' with their clause, sets the seller's doubt apart", () => {
    expect(texts("70 € für alle zusammen einzeln verkauf ich nicht.")).toContain("Einzeln verkaufe ich nicht");
    expect(texts("Hatte ihn für den Umbau, brauch ihn nicht mehr.")).toEqual(["Hatte ihn für den Umbau, brauche ihn nicht mehr"]);
    expect(texts("kabel sind dabei ovp auch")).toEqual(["Kabel sind dabei, OVP auch"]);
    expect(texts("ein paar schrauben fehlen glaub ich hab nich nachgezählt")).toEqual([
      "Ein paar Schrauben fehlen, glaube ich, habe nicht nachgezählt",
    ]);
    expect(texts("die naht ist eingerissen hält aber")).toEqual(["Die Naht ist eingerissen, hält aber"]);
  });

  it("reads a number inside a name as a model, not a count ('Atlas 150 Nudelmaschine')", () => {
    expect(readItem("Marcato Atlas 150 Nudelmaschine", "").gender).toBe("f");
  });
});

describe("the thirtieth walk's phrasings (ADR 093)", () => {
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);

  it("reads 'nur abh' as pickup only, with its place (the handover was lost on every surface before)", () => {
    expect(readSellerFacts("stehlampe 15€\nnur abh in husum")).toMatchObject({ shipping: "excluded", pickup: "offered", city: "Husum" });
    expect(readSellerFacts("abh. in bad segeberg oder versand 6 €")).toMatchObject({ shipping: "offered", pickup: "offered" });
    expect(texts("stehlampe, nur abh in husum")).toEqual(["Stehlampe", "Nur Abholung in Husum"]);
  });

  it("keeps the things before 'und … dabei' together and writes a diminutive as a noun", () => {
    expect(texts("alle förmchen und deckel dabei")).toEqual(["Alle Förmchen und Deckel dabei"]);
    expect(texts("deckel und förmchen sind dabei")).toEqual(["Deckel und Förmchen sind dabei"]);
    expect(readItem("Kästchen aus Holz", "").gender).toBe("n");
  });

  it("writes a lone 'u' as 'und', persons after a number, and a comma before a way of handing over ruled out", () => {
    expect(texts("mit deckel u sieb")).toEqual(["Mit Deckel und Sieb"]);
    expect(texts("nähe u-bahn")[0]).not.toMatch(/und/);
    expect(texts("zelt für 4 pers")).toEqual(["Zelt für 4 Personen"]);
    expect(readSellerFacts("zelt für 4 pers").price).toBeNull();
    expect(texts("nur versand (versichert 6€) keine abholung")).toEqual(["Nur Versand (versichert 6 €), keine Abholung"]);
  });

  it("names a count of pieces as several, and 'teils OVP' is no box in the title", () => {
    expect(readItem("Märklin Personenwagen 4 Stück", "").gender).toBe("pl");
    expect(readItem("Makita Bandschleifer 9404", "").gender).toBe("m");
    expect(write("Playmobil Figuren 12 Stück", "teils ovp, 20 €").title).not.toMatch(/OVP/);
  });

  it("says what the first clause adds to the name: a size and colour, or a colour after 'von <brand>'", () => {
    expect(beyondName("Puky Laufrad 10 Zoll rot", "Puky Laufrad")).toBe("10 Zoll, Rot");
    expect(beyondName("Herren Regenjacke von Vaude Gr. L blau", "Vaude Herren Regenjacke Gr. L")).toBe("Farbe: Blau");
  });
});

describe("a name typed in lower case, and what the thirtieth walk's notes said beside it (ADR 093)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);

  it("writes the item's name as a careful seller does: nouns, short codes, a model's word and the maker the note names", () => {
    expect(nameAsWritten("märklin personenwagen h0")).toBe("Märklin Personenwagen H0");
    expect(nameAsWritten("kindle paperwhite 11")).toBe("Kindle Paperwhite 11");
    expect(nameAsWritten("kommode buche massiv")).toBe("Kommode Buche massiv");
    expect(nameAsWritten("lampe aus den 60ern")).toBe("Lampe aus den 60ern");
    expect(nameAsWritten("bräter oval 29 cm")).toBe("Bräter oval 29 cm");
    expect(nameAsWritten("fondue set", "fondue set von tchibo, 6 gabeln")).toBe("Fondue Set");
    expect(nameAsWritten("waffeleisen rommelsbacher", "waffeleisen von rommelsbacher")).toBe("Waffeleisen Rommelsbacher");
    const ad = write("bosch stichsäge", "bosch stichsäge pst 700 e, läuft gut. 35 €");
    expect(ad.title).toMatch(/^Bosch .*Stichsäge/);
    expect(ad.title).toContain("PST 700");
    expect(ad.description).toContain("Ich verkaufe meine Bosch Stichsäge PST 700 E.");
  });

  it("opens without an article where the name's gender is unknown", () => {
    expect(write("Kindle Paperwhite 11", "30 €").description).toContain("\nZu verkaufen: Kindle Paperwhite 11.");
    expect(write("Kindle Paperwhite 11", "zu verschenken").description).toContain("\nZu verschenken: Kindle Paperwhite 11.");
  });

  it("files the seller's town alone as where the item is, not as a handover, and reads it with a doubt", () => {
    const note = "stehlampe messing, funktioniert. 40 €\nregensburg";
    expect(readSellerFacts(note)).toMatchObject({
      city: "Regensburg",
      pickup: null,
      shipping: null,
      doubts: expect.arrayContaining(["place"]),
    });
    const text = write("Stehlampe", note).description;
    expect(text).toContain("📍 **Standort**\n- Regensburg");
    expect(text).not.toContain("Übergabe");
    // Where the seller only ships, a town alone says nothing of pickup and is not read as the place.
    expect(readSellerFacts("stehlampe 40 €, versand 6 €\nregensburg").city).toBeNull();
  });

  it("puts a garment's size without 'Gr.' and the note's count of the item into the name and title", () => {
    expect(write("jack wolfskin softshelljacke damen", "softshelljacke damen xxl grau, 35 €").title).toContain("Gr. XXL");
    expect(write("Jeans", "jeans blau m, 10 €").title).not.toContain("Gr.");
    const lot = write("märklin personenwagen", "4 märklin personenwagen, 40 € zusammen");
    expect(lot.title).toMatch(/^4 Märklin Personenwagen/);
    expect(lot.description).toContain("Ich verkaufe meine 4 Märklin Personenwagen.");
    expect(write("Stuhl", "2 kissen dabei, 10 €").title).not.toMatch(/^2/);
  });

  it("reads a blunt blade as a defect and sets units apart from their numbers", () => {
    expect(write("Heckenschere", "klingen etwas stumpf, 20 €").description).toContain("*Hinweis:* Klingen etwas stumpf");
    expect(readNote("tisch 140x80cm, 12kg", NOW).clauses.map((clause) => clause.text)).toEqual(["Tisch 140 x 80 cm", "12 kg"]);
  });
});

describe("the thirty-first walk: the name the note gives, and lines under their heading (ADR 093)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("takes the note's fuller name of the item, up to what comes with it, a size, a colour or an adjective", () => {
    expect(fullerName("dartscheibe", "Winmau Blade 6 Dartscheibe mit Pfeilen")).toBe("Winmau Blade 6 Dartscheibe");
    expect(fullerName("kinderwagen", "alter Kinderwagen, fährt noch")).toBe("Kinderwagen");
    expect(fullerName("regal", "Regal weiß 80 cm breit")).toBe("Regal");
    expect(fullerName("hochbett kiefer", "Unser Hochbett Kiefer 90x200 mit Rutsche")).toBe("Hochbett Kiefer");
    expect(fullerName("Weber Q 1200", "weber q 1200 gasgrill")).toBe("weber q 1200 gasgrill");
    // No more than the name the seller wrote with care, nor a bracket cut open.
    expect(fullerName("Gardena Akku-Heckenschere", "gardena akku heckenschere")).toBe("Gardena Akku-Heckenschere");
    expect(fullerName("switch", "Switch Lite + 2 Spiele (Mario, Zelda)")).toBe("Switch Lite + 2 Spiele");
    const ad = write("dartscheibe", "winmau blade 6 dartscheibe mit pfeilen, 30 €");
    expect(ad.title).toMatch(/^Winmau Blade 6 Dartscheibe/);
    expect(ad.description).toContain("- Mit Pfeilen");
  });

  it("writes a product line after its brand and a model's code in capitals, a 'von' maker with its capital", () => {
    expect(nameAsWritten("bosch serie 4 spülmaschine")).toBe("Bosch Serie 4 Spülmaschine");
    expect(nameAsWritten("einhell te-cd 18")).toBe("Einhell TE-CD 18");
    expect(nameAsWritten("bosch pst 700 e")).toBe("Bosch PST 700 E");
    expect(nameAsWritten("spiel für 2 bis 4")).toBe("Spiel für 2 bis 4");
  });

  it("says who a garment is for before its noun in the first sentence", () => {
    expect(write("Jack Wolfskin Fleecejacke Herren", "30 €").description).toContain("Ich verkaufe meine Jack Wolfskin Herren-Fleecejacke.");
  });

  it("files a flickering lamp and worn wheels as defects, '1a' as good condition", () => {
    const kinds = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.kind);
    expect(kinds("lampe flackert manchmal")).toEqual(["defect"]);
    expect(kinds("reifen ziemlich abgefahren")).toEqual(["defect"]);
    expect(kinds("motor läuft 1a")).toEqual(["positive"]);
  });

  it("writes euros after 'je', a comma after how it was used, and measures with what comes with them", () => {
    expect(texts("zusammen 20, einzeln je 8")).toContain("Einzeln je 8 €");
    expect(texts("einzeln je 8,- €")).toEqual(["Einzeln je 8,- €"]);
    expect(texts("zweimal getragen absatz noch gut")).toEqual(["Zweimal getragen, Absatz noch gut"]);
    expect(texts("2 paar socken")).toEqual(["2 Paar Socken"]);
    expect(beyondName("Unser Hochbett Kiefer 90x200 mit Rutsche", "Hochbett Kiefer")).toBe("90x200, mit Rutsche");
  });
});

describe("the thirty-second walk (ADR 093)", () => {
  const kinds = (note: string) => readNote(note, NOW).clauses.map((clause) => [clause.kind, clause.text]);

  it("reads an insured parcel's cost after the shipping clause (the cost was lost on every surface)", () => {
    expect(readSellerFacts("40 festpreis\nnur versand, versichert 4,99 dazu")).toMatchObject({
      price: 40,
      shippingCost: 4.99,
      shipping: "offered",
    });
    expect(readSellerFacts("40 €, versand möglich, als päckchen 3,99")).toMatchObject({ shippingCost: 3.99 });
  });

  it("files what is not there as good condition, and what is sealed or new", () => {
    expect(kinds("zweimal gewaschen keine knötchen")).toEqual([["positive", "Zweimal gewaschen, keine Knötchen"]]);
    expect(kinds("noch eingeschweißt, nie geöffnet")).toEqual([
      ["positive", "Noch eingeschweißt"],
      ["positive", "Nie geöffnet"],
    ]);
    expect(kinds("die dichtung ist neu")).toEqual([["positive", "Die Dichtung ist neu"]]);
  });

  it("names the maker after 'von' first, a count's brand with its capital, and writes the seller's words as a careful seller", () => {
    const ad = generateOffline(input({ itemName: "rudergerät", description: "rudergerät von hammerfit\n80 €" }), NOW);
    expect(ad.title).toBe("Hammerfit Rudergerät");
    expect(fullerName("rucksack", "rucksack von meiner tochter")).toBe("rucksack");
    expect(nameAsWritten("4 playmobil figuren")).toBe("4 Playmobil Figuren");
    expect(readNote("die sohle löst sich, akku 8 std, zerlegt passt er ins auto", NOW).clauses.map((clause) => clause.text)).toEqual([
      "Die Sohle löst sich",
      "Akku 8 Std.",
      "Zerlegt passt er ins Auto",
    ]);
  });
});

describe("the thirty-third walk (ADR 093)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);

  it("reads 'versand … inkl' at a clause's end as shipping included (it was lost on every surface)", () => {
    expect(readSellerFacts("90 festpreis\nnur versand hermes versichert inkl")).toMatchObject({ shippingCost: 0, shipping: "offered" });
    expect(readSellerFacts("versand dhl inkl. versicherung 6 €").shippingCost).not.toBe(0);
  });

  it("writes a maker's name the lexicon lacks with its capital, and a note's maker of two words first", () => {
    expect(nameAsWritten("regenjacke damen only")).toBe("Regenjacke Damen Only");
    expect(nameAsWritten("pferdehof + viel zubehör")).toBe("Pferdehof + viel Zubehör");
    expect(fullerName("puzzles", "3 Puzzle von ravensburger spiele je 500 Teile")).toBe("3 Ravensburger Spiele Puzzle");
  });

  it("takes the article from the noun before a group's label, and measures by 'x' with their unit", () => {
    expect(readItem("Kindersitz Gruppe 2/3", "").gender).toBe("m");
    expect(write("hanteln", "kurzhanteln 2x5kg von domyos, 15 €").description).toContain("- 2 x 5 kg");
  });

  it("puts one measure of the note's first clause into the title, not one of height or a list", () => {
    expect(write("topf", "wmf kochtopf 24cm, induktion geeignet, 20 €").title).toContain("24 cm");
    expect(write("regal", "regal weiß, 80 cm hoch, 10 €").title).not.toContain("80 cm");
  });

  it("files 'vollständig' as condition", () => {
    expect(readNote("alle teile vollständig", NOW).clauses.map((clause) => clause.kind)).toEqual(["positive"]);
  });
});

describe("the thirty-fourth walk (ADR 093)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);
  const kinds = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.kind);

  it("reads 'möchte noch 55 dafür' as the price and a town after 'in' alone as the place, both asked", () => {
    expect(readSellerFacts("möchte noch 40 dafür\nin bamberg")).toMatchObject({ price: 40, city: "Bamberg" });
    expect(readSellerFacts("möchte noch 40 dafür\nin bamberg").doubts).toEqual(expect.arrayContaining(["price", "place"]));
  });

  it("stops the note's name at a verb or an article, and a possessive is taken off whole", () => {
    expect(fullerName("puppenhaus", "Unser Playmobil Puppenhaus sucht ein neues Zuhause")).toBe("Playmobil Puppenhaus");
    expect(write("strickjacke", "gerry weber strickjacke gr 38, 15 €").title).toMatch(/^Gerry Weber Strickjacke/);
    expect(write("jacke braun", "15 €").title).not.toMatch(/^Braun/);
  });

  it("gives a size in brackets after what comes with the item to that thing, and the board its measure", () => {
    expect(write("snowboard", "hallo\nnitro snowboard 158cm mit bindung (gr L)\n80 €").title).toBe("Nitro Snowboard – 158 cm");
  });

  it("files a hanging release and paint that is off as defects, 'noch gut' and 'super' as condition after them", () => {
    expect(kinds("auslöser hängt manchmal")).toEqual(["defect"]);
    expect(kinds("lack an den kanten teilweise ab")).toEqual(["defect"]);
    expect(kinds("messer noch gut")).toEqual(["positive"]);
    const text = write("Fräse", "ein paar kratzer. läuft aber super. 40 €").description;
    expect(text).toContain("- *Hinweis:* Ein paar Kratzer\n- Läuft aber super");
  });

  it("keeps a count of what one thing holds out of the title, and 'dazu' in the copy", () => {
    expect(write("Polaroid", "polaroid now kamera mit tasche und 2 filmen (16 bilder), 60 €").title).not.toContain("16 Bilder");
    expect(kleinanzeigenText("Dinos", "10 €, nur versand 4,99 dazu")).toContain("4,99 € dazu");
  });
});

describe("the thirty-fifth walk (ADR 093)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);
  const kinds = (note: string) => readNote(note, NOW).clauses.map((clause) => [clause.kind, clause.text]);

  it("files dripping, creaking, wobbling and an open seam as defects, and 'läuft' alone as condition", () => {
    expect(kinds("wasserkocher tropft unten")).toEqual([["defect", "Wasserkocher tropft unten"]]);
    expect(kinds("das linke rad eiert")).toEqual([["defect", "Das linke Rad eiert"]]);
    expect(kinds("die naht am ärmel ist offen")[0][0]).toBe("defect");
    expect(kinds("läuft")).toEqual([["positive", "Läuft"]]);
  });

  it("sets no comma between a subject and 'hält aber noch', and one after a defect", () => {
    expect(kinds("dichtung hält aber noch")).toEqual([["spec", "Dichtung hält aber noch"]]);
    expect(kinds("griff ist angebrochen hält aber noch")[0][1]).toBe("Griff ist angebrochen, hält aber noch");
  });

  it("names no colour of a list of things' colours, and a size range whole", () => {
    expect(write("2 blusen", "2 blusen damen gr 38, weiß, rosa. 10 €").title).not.toMatch(/Weiß|Rosa/);
    expect(write("skihelm", "skihelm gr 52-56 schwarz, 20 €").title).toContain("Gr. 52-56");
  });

  it("says what the item is made of with 'aus' in the first sentence, and tells the Vinted seller where nothing was said", () => {
    expect(write("Sideboard Kiefer", "40 €").description).toContain("Ich verkaufe mein Sideboard aus Kiefer.");
    const offer = { shipping: null, pickup: null, shippingCost: null, shippingCarrier: null, place: null, swap: null };
    expect(platformVariant("vinted", { title: "T", description: "📦 **T**", offer }).notice).toMatch(
      /^Zur Übergabe sagt deine Anzeige nichts/,
    );
  });
});

describe("the thirty-sixth walk (ADR 093)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);

  it("never takes 'ich weiss' for a colour, nor one colour of several shirts for the title", () => {
    expect(write("lego set", "lego set, vollständig soweit ich weiss, 30 €").title).not.toMatch(/Weiß/);
    expect(write("2 pullover", "2 pullover gr m, grau gestreift schwarz und weinrot, 20 €").title).not.toMatch(/Grau|Schwarz|Weinrot/);
    expect(write("stiefel", "stiefel damen gr 39 cognac braun, 30 €").title).toContain("Cognac");
  });

  it("writes the 'ß' the keyboard lacked, files a porous hose as a defect, takes the maker before a size", () => {
    expect(readNote("heissluft geht. farbe weiss", NOW).clauses.map((clause) => clause.text)).toEqual(["Heißluft geht", "Farbe weiß"]);
    expect(readNote("dichtung etwas porös", NOW).clauses[0].kind).toBe("defect");
    expect(write("standmixer", "standmixer von moulinex 1,5l, 25 €").title).toMatch(/^Moulinex Standmixer/);
  });
});

describe("the thirty-seventh walk (ADR 093)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);

  it("never reads 'wie neu' on the line before the price as a new price (an invented 'Neupreis' on every surface)", () => {
    expect(readSellerFacts("zweimal getragen wie neu\n30€ plus versand 4")).toMatchObject({ price: 30, newPrice: null, shippingCost: 4 });
    expect(write("Weste", "zweimal getragen wie neu\n30€ plus versand 4").description).not.toContain("Neupreis");
    expect(readSellerFacts("akkuschrauber, neu 120€, jetzt 60€")).toMatchObject({ price: 60, newPrice: 120 });
  });

  it("keeps the district the seller named after the town, and writes the floor and the per-piece rest cleanly", () => {
    expect(readSellerFacts("zu verschenken\nmuss abgeholt werden, landshut achdorf")).toMatchObject({ city: "Landshut-Achdorf" });
    const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);
    expect(texts("abholung, 2.stock ohne aufzug").join(" ")).toContain("2. Stock");
    expect(texts("je 10€ beide zusammen 15")).not.toContain("Einzeln je 10€ beide");
    expect(write("trampolin", "trampolin 250cm, 40 €").description).toContain("Ich verkaufe mein Trampolin.");
  });
});

describe("the thirty-seventh walk's words (ADR 094)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("writes a noun a verb shares with its capital where it starts a statement or follows a possessive", () => {
    expect(texts("ca 300 km gelaufen sohle noch gut")).toEqual(["Ca. 300 km gelaufen, Sohle noch gut"]);
    expect(texts("am linken schuh ist meine sohle etwas lose").join(" ")).toContain("meine Sohle");
    expect(texts("deckel ok aber klappe hat einen sprung").join(" ")).toContain("aber Klappe hat");
  });

  it("takes an English noun in the name for no adjective, and 'rest alles ok' as what holds after a defect", () => {
    const ad = write("denon receiver", "denon avr-x1600h receiver 7.2\nhdmi 3 eingang geht nicht mehr, rest alles ok\n180€");
    expect(ad.title).toContain("Receiver");
    expect(ad.description).not.toMatch(/receiver/);
    expect(ad.description).toContain("geht nicht mehr, Rest alles ok");
    expect(ad.description).not.toMatch(/Details\*\*\n- Rest/);
  });
});

describe("the thirty-eighth walk (ADR 094)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("reads 'je 8€ beide zus 14' as the lot's price beside the piece's (8 € was the price on every surface)", () => {
    expect(readSellerFacts("je 8€ beide zus 14\nversand 4,50 mgl")).toMatchObject({ price: 14, perPiece: 8, shippingCost: 4.5 });
    const ad = write("jumpsuits", "2 jumpsuits von mango damen gr 36\neiner schwarz einer mit blumen\nje 8€ beide zus 14");
    expect(ad.description).not.toMatch(/Einzeln je|zus/i);
    expect(ad.title).toBe("2 Mango Jumpsuits Damen – Gr. 36");
    expect(texts("einer schwarz einer mit blumen")).toEqual(["Einer schwarz, einer mit Blumen"]);
  });

  it("ends a place at its line (a sign-off had become part of it) and keeps the district on the line after the pickup", () => {
    expect(readSellerFacts("45€, abholung in travemünde\nmfg").city).toBe("Travemünde");
    expect(readSellerFacts("nur abholung\ncottbus sandow")).toMatchObject({ city: "Cottbus-Sandow", pickup: "offered" });
    const ad = write("sitzsack", "sitzsack xxl grau zu verschenken\nnur abholung\ncottbus sandow");
    expect(ad.description).toContain("- Standort: Cottbus-Sandow");
    expect(ad.title).toBe("Sitzsack Grau – XXL");
  });

  it("keeps 'gegen Aufpreis' in the copy's handover line (it read only 'Versand möglich')", () => {
    expect(kleinanzeigenText("Maus", "Maus, VB 35 versand gegen aufpreis mgl")).toContain("🚚 Übergabe: Versand gegen Aufpreis möglich");
    expect(kleinanzeigenText("Maus", "Maus, VB 35 versand 4,50")).toContain("🚚 Übergabe: Versand 4,50 €");
  });

  it("takes the gender from the seller's possessive, a code without vowels in capitals, and a compound typed for the note's words", () => {
    expect(write("sodastream", "verkaufe unseren sodastream crystal, co2 zylinder ist fast leer").description).toMatch(
      /Ich verkaufe meinen SodaStream Crystal\.[\s\S]*CO2-Zylinder/,
    );
    const mouse = write("mx master 3", "logitech mx master 3 kabellose maus graphit");
    expect(mouse.title).toMatch(/^Logitech MX Master 3 Maus Graphit/);
    expect(mouse.description).toContain("Ich verkaufe meine Logitech MX Master 3 Maus.");
    expect(write("fahrradsitz kind", "römer jockey comfort kindersitz fürs fahrrad\n20 €").description).toContain(
      "Ich verkaufe meinen Römer Jockey Comfort Kindersitz fürs Fahrrad.",
    );
  });

  it("files weathered wood as a defect and writes a bare 'bisschen' as 'etwas'", () => {
    const ad = write("hängematte", "hängematte mit holzgestell lärche\nholz bisschen vergraut");
    expect(ad.description).toContain("*Hinweis:* Holz etwas vergraut");
    expect(ad.description).toContain("- Mit Holzgestell Lärche");
  });
});

describe("the thirty-ninth and fortieth walks (ADR 094)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);
  const kinds = (note: string) => readNote(note, NOW).clauses.map((clause) => `${clause.kind}:${clause.text}`);

  it("reads what the parcels cost after 'nur versand' as the shipping cost (it was asked as the price)", () => {
    expect(readSellerFacts("150 euro\nnur versand, 2 pakete kostet 16€")).toMatchObject({
      price: 150,
      shippingCost: 16,
      pickup: "excluded",
    });
    expect(kinds("nur versand, 2 pakete kostet 16€")).toContain("handover:2 Pakete kosten 16 €");
  });

  it("files a weak battery, a missing part and what was hardly played as condition", () => {
    expect(readNote("akku schwächelt", NOW).clauses[0].kind).toBe("defect");
    expect(readNote("akku hält nur noch ca 2 std", NOW).clauses[0].kind).toBe("defect");
    expect(readNote("nur noch 1 wischpad dabei das andere is weg", NOW).clauses[0].kind).toBe("defect");
    expect(readNote("kaum gespielt", NOW).clauses[0].kind).toBe("positive");
    expect(kinds("läuft einwandfrei, sägeblatt is aber stumpf und schiebestock fehlt")).toContain("defect:Sägeblatt ist stumpf");
    // A quality, then a defect of the item: two statements, the quality no defect.
    expect(kinds("von geburt an nutzbar, hat paar pillinge an den trägern sonst gut")[0]).toBe("spec:Von Geburt an nutzbar");
  });

  it("names the model the note gives after the maker the seller typed with a kind ('laptop hp', 'teufel boxen')", () => {
    expect(write("laptop hp", "hallo, biete hp elitebook 840 g5 an\n260€").title).toMatch(/^HP Elitebook 840 G5 Laptop/);
    expect(write("teufel boxen", "teufel ultima 40 standlautsprecher paar, schwarz\n150 euro").description).toContain(
      "Ich verkaufe mein Teufel Ultima 40 Standlautsprecher Paar.",
    );
    expect(write("asics laufschuhe", "asics gel nimbus 24 herren gr 45\n20 €").description).toContain(
      "Ich verkaufe meine Asics Gel Nimbus 24 Herren-Laufschuhe.",
    );
    // A name the seller wrote with care stays.
    expect(write("Wellensteyn Jacke", "wellensteyn parka herren gr l\n50 €").description).toContain(
      "Ich verkaufe meine Wellensteyn Jacke.",
    );
  });

  it("names the thing the typed name comes with, the maker before a comma, and the list after a colon", () => {
    expect(write("spielbogen", "fisher price krabbeldecke mit spielbogen\n18€").description).toContain(
      "Ich verkaufe meine Fisher Price Krabbeldecke mit Spielbogen.",
    );
    const bats = write("tischtennisschläger", "3 tischtennisschläger von donic, gebraucht\nje 5 € alle für 12");
    expect(bats.title).toBe("3 Donic Tischtennisschläger");
    expect(bats.description).not.toContain("- 3 Tischtennisschläger von");
    const books = write("tiptoi bücher", "4 tiptoi bücher: bauernhof, dinosaurier, feuerwehr\nje 6€ alle zusammen 20");
    expect(books.title).toBe("4 Tiptoi Bücher");
    expect(books.description).toContain("- Bauernhof, Dinosaurier, Feuerwehr");
    expect(write("Revell Bausätze", "3 revell bausätze flugzeuge 1:72, 20 €").title).toContain("1:72");
  });

  it("takes the article from the noun, not from a model's count, a verb made a noun or a colour", () => {
    expect(write("fahrradanhänger croozer", "croozer kid for 2 fahrradanhänger, 220€").description).toContain(
      "Ich verkaufe meinen Croozer",
    );
    expect(write("rc auto", "carson rc auto 1:10 monstertruck, 50 €").description).toContain("Ich verkaufe meinen Carson");
    expect(readItem("Teufel Boxen", "").gender).toBe("pl");
  });

  it("writes 'E-Bass', '3-teilig', 'Kit-Objektiv', a size and a colour set apart, and a place before 'abgeholt' as a name", () => {
    expect(write("e bass ibanez", "verkaufe meinen ibanez gsr200 e-bass schwarz, 140 €").title).toContain("E-Bass");
    expect(write("wohnwand", "wohnwand eiche rustikal 3 teilig zu verschenken").title).toMatch(/^Wohnwand Eiche rustikal 3-teilig/);
    expect(texts("sony alpha 6000 mit kit objektiv 16-50mm").join(" ")).toContain("Kit-Objektiv 16-50 mm");
    expect(write("sony alpha 6000", "sony alpha 6000\n2 akkus und ladegerät dabei\n380 vb").title).toBe(
      "Sony Alpha 6000 mit 2 Akkus und Ladegerät",
    );
    expect(write("wintermantel damen", "hallhuber wintermantel damen gr L dunkelblau wollanteil\n30 €").description).toContain(
      "- Gr. L, dunkelblau, Wollanteil",
    );
    expect(texts("kann in pankow abgeholt werden")).toEqual(["Kann in Pankow abgeholt werden"]);
  });
});

describe("the forty-first and forty-second walks (ADR 094)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("reads '35€ versand 5,49' as the price and its shipping cost (35 € was the shipping cost and the ad had no price)", () => {
    expect(readSellerFacts("35€ versand 5,49 mgl")).toMatchObject({ price: 35, shippingCost: 5.49 });
    // A bare number before what shipping costs is the price, asked.
    expect(readSellerFacts("80 versand 6")).toMatchObject({ price: 80, shippingCost: 6, doubts: ["price"] });
    expect(readSellerFacts("für nen zwanni, versand is mit drin")).toMatchObject({ price: 20, shippingCost: 0 });
  });

  it("names the maker the note gives for a kind typed alone, with the count that leads it", () => {
    expect(write("fahrradtaschen", "ortlieb back roller classic 2 stück rot\n70 €").title).toMatch(
      /^2 Ortlieb Back Roller Classic Fahrradtaschen/,
    );
    // What holds of the rest follows the defect it answers.
    expect(write("kaffeebecher", "6 kaffeebecher von kahla weiß\neiner hat ne macke am henkel\nrest top").description).toMatch(
      /Ich verkaufe meine 6 Kahla Kaffeebecher\.[\s\S]*Hinweis:\* Einer hat eine Macke am Henkel\n- Rest top/,
    );
    expect(write("salomon damen schuhe 39", "salomon trailrunning schuhe damen gr 39 türkis\n35 €").title).toMatch(/Gr\. 39/);
    expect(write("cajon", "verkaufe meine meinl cajon mit snare teppich\n90 €").title).toMatch(/^Meinl Cajon/);
    expect(write("langlaufski", "fischer langlaufski 186cm mit nnn bindung\n45 euro").description).toContain("NNN-Bindung");
  });

  it("keeps a line of things together, and writes 'Originalkoffer', 'Nm', 'Pi 4', 'oder' and a wood as a careful seller", () => {
    expect(texts("3 akkus, ladehub, tasche, ersatzpropeller")).toEqual(["3 Akkus, Ladehub, Tasche, Ersatzpropeller"]);
    expect(texts("waschmaschine, 7 kg, läuft super").length).toBeGreaterThan(1);
    expect(texts("im orig koffer, 40-200nm")).toEqual(["Im Originalkoffer", "40-200 Nm"]);
    expect(write("raspberry pi", "raspberry pi 4 4gb mit gehäuse\n45 €").title).toMatch(/^Raspberry Pi 4/);
    expect(texts("abholung in erlangen od versand 6,49")[0]).toContain("Erlangen oder Versand");
    expect(texts("beistellbett original buche natur mit matratze")[0]).toContain("original Buche natur");
    expect(texts("kalibrierung ist aber schon älter")).toEqual(["Kalibrierung ist schon älter"]);
    expect(texts("schlauch an einer stelle geflickt, obst aus filz").join(" ")).toMatch(/einer Stelle.*aus Filz/);
  });

  it("keeps the tyre's size out of the model and a measure out of the maker's name", () => {
    expect(write("sommerreifen", "4 sommerreifen michelin primacy 4 205/55 r16\nvb 150").title).not.toMatch(/Primacy 4 205 /);
    expect(write("standmixer", "standmixer von moulinex 1,5l, 25 €").title).toMatch(/^Moulinex Standmixer/);
  });
});

describe("the forty-third and forty-fourth walks (ADR 094)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);
  const kinds = (note: string) => readNote(note, NOW).clauses.map((clause) => `${clause.kind}:${clause.text}`);

  it("never leaves the handover heading empty where shipping is ruled out by its reason", () => {
    const ad = write("dachträger", "atera signo dachträger\n45 euro\nversand zu sperrig also nur abholung in rüsselsheim");
    expect(ad.description).toContain("🚚 **Übergabe**\n- Versand zu sperrig, also nur Abholung in Rüsselsheim");
  });

  it("keeps the district after a place without 'in', until a word that goes on with the handover", () => {
    expect(readSellerFacts("für nen zwanni, abholung aachen burtscheid oder versand +5€")).toMatchObject({
      city: "Aachen-Burtscheid",
      shippingCost: 5,
    });
    expect(readSellerFacts("abholung in kassel-wilhelmshöhe ebenfalls möglich").city).toBe("Kassel-Wilhelmshöhe");
  });

  it("says until when with the handover, and splits how it works from a part's defect", () => {
    expect(kinds("zu verschenken muss nur abgeholt werden\nbis ende des monats")).toContain(
      "handover:Muss nur abgeholt werden, bis Ende des Monats",
    );
    expect(kinds("funktioniert einwandfrei gehäuse hat paar kratzer")).toEqual([
      "positive:Funktioniert einwandfrei",
      "defect:Gehäuse hat ein paar Kratzer",
    ]);
    expect(kinds("ecke links bissl abgestoßen")[0]).toBe("defect:Ecke links etwas abgestoßen");
    expect(kinds("bespannung bei einem etwas locker")[0]).toMatch(/^defect:/);
    expect(kinds("versand würde 8,90 kosten")).toEqual(["handover:Versand würde 8,90 € kosten"]);
  });

  it("keeps a size range whole and what the name's noun is described by out of the name", () => {
    expect(write("nordic walking stöcke", "leki nordic walking stöcke verstellbar 100-130cm\n45 €").title).toMatch(/– 100-130 cm$/);
    expect(write("pflanzkübel", "5 pflanzkübel terracotta verschiedene größen\nzu verschenken").title).not.toContain("Größen");
  });

  it("names the maker no lexicon knows that the note's first words give, and 'E-Gitarre'", () => {
    expect(write("monitor 24 zoll", "iiyama prolite 24 zoll monitor full hd\n20 €").title).toMatch(/^Iiyama Prolite Monitor/);
    expect(write("e gitarre", "e gitarre mit verstärker\n150 €").title).toMatch(/^E-Gitarre/);
    // An adjective first is no maker.
    expect(write("couch", "schönes graues sofa\n50 €").title).toBe("Couch");
  });
});

describe("the forty-fifth and forty-sixth walks (ADR 094)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);
  const kinds = (note: string) => readNote(note, NOW).clauses.map((clause) => `${clause.kind}:${clause.text}`);

  it("reads a maker's short name as the maker ('v&b', 'doc martens')", () => {
    expect(write("suppenteller v&b", "6 suppenteller\nje 5 € alle für 25").title).toBe("6 Villeroy & Boch Suppenteller");
    expect(write("doc martens", "dr martens 1460 damen gr 39\n70 vb").title).toMatch(/^Dr\. Martens/);
  });

  it("files taking it apart and the van it needs with the handover, and writes '2-Sitzer', 'Std.' and a bare amount in euros", () => {
    expect(kinds("nur abholung stendal, bitte selbst abbauen")).toContain("handover:Bitte selbst abbauen");
    expect(kinds("transporter nötig")).toEqual(["handover:Transporter nötig"]);
    expect(write("strandkorb", "strandkorb 2 sitzer ostsee modell\nfestpreis 120").description).toContain(
      "Ich verkaufe meinen Strandkorb 2-Sitzer Ostsee Modell.",
    );
    expect(kinds("akku hält ca 2std")[0]).toContain("2 Std.");
    expect(kinds("versand mgl für 6,99 gut verpackt")[0]).toContain("6,99 € gut verpackt");
  });

  it("writes the nouns after 'alle' and before 'geht' with their capital, and files 'etwas laut' as a defect", () => {
    expect(kinds("alle tasten gehen")[0]).toContain("Alle Tasten gehen");
    expect(kinds("mit 2 tonnen, klappe geht noch").join(" ")).toContain("Klappe geht noch");
    expect(kinds("ist etwas laut, aber läuft")[0]).toMatch(/^defect:/);
  });
});

describe("the forty-sixth walk's lines (ADR 094)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("sets measures apart, writes an amount before a carrier in euros, and lists what comes with it without an article", () => {
    expect(texts("ca 120 breit 140 hoch")).toEqual(["Ca. 120 breit, 140 hoch"]);
    expect(texts("versand mgl +5,49 dhl")[0]).toContain("+5,49 € DHL");
    expect(write("ctek ladegerät", "ctek mxs 5.0 batterieladegerät\nmit den kabeln u ösen\n40€").title).toContain("mit Kabeln und Ösen");
  });
});

describe("the forty-seventh and forty-eighth walks (ADR 094)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);

  it("reads 'stück 3€ alle zs 20€' as the lot's price beside the piece's (3 € was the price of all 8 on every surface)", () => {
    expect(readSellerFacts("8 tupperdosen versch größen\nstück 3€ alle zs 20€")).toMatchObject({ price: 20, perPiece: 3 });
  });

  it("takes no unit after a number for the head noun, and files what only goes backwards as a defect", () => {
    expect(write("jugendfahrrad 26 zoll", "hercules jugendrad 26 zoll\n80 €").description).toContain("Ich verkaufe mein");
    expect(readNote("eine geht nur noch rückwärts", NOW).clauses[0].kind).toBe("defect");
  });
});

describe("the forty-ninth and fiftieth walks (ADR 095)", () => {
  const write = (itemName: string, description: string) => generateOffline(input({ itemName, description }), NOW);
  const kinds = (note: string) => readNote(note, NOW).clauses.map((clause) => `${clause.kind}:${clause.text}`);
  const texts = (note: string) => readNote(note, NOW).clauses.map((clause) => clause.text);

  it("writes a type code with a long second part in capitals, and no word after a code", () => {
    expect(write("drucker brother", "brother laserdrucker hl-l2350dw mit wlan\n10 €").title).toContain("HL-L2350DW");
    expect(texts("ps4-controller mit kabel")[0]).not.toContain("CONTROLLER");
  });

  it("files a place after 'Standort' or its postal code under the handover, never under the details", () => {
    const jack = write("wagenheber", "rangierwagenheber 2 tonnen\nhebt einwandfrei\n45€\nstandort bad dürkheim").description;
    expect(jack).toContain("📍 **Standort**\n- Bad Dürkheim");
    expect(jack).not.toContain("- Standort Bad Dürkheim");
    const bed = write("etagenbett", "etagenbett zu verschenken\nmuss selbst abgebaut u abgeholt werden\n56564 neuwied").description;
    expect(bed).toContain("🚚 **Übergabe**\n- Muss selbst abgebaut und abgeholt werden\n- Standort: 56564 Neuwied");
  });

  it("files what is (not) included with the contents, working parts and 'fast leer' with the condition", () => {
    // Not as the note's first line: that names the item.
    expect(kinds("oberfräse\nfräser sind nicht dabei")[1]).toBe("contents:Fräser sind nicht dabei");
    expect(kinds("synthesizer\nmikro is auch dabei")[1]).toMatch(/^contents:/);
    expect(kinds("tennisschläger\n3 bälle gibt es dazu")[1]).toMatch(/^contents:/);
    expect(kinds("licht geht")).toEqual(["positive:Licht geht"]);
    expect(kinds("trommel ok")[0]).toMatch(/^positive:/);
    expect(kinds("reifen neu")[0]).toMatch(/^positive:/);
    expect(kinds("toner fast leer")[0]).toMatch(/^defect:/);
    expect(kinds("griffband sollte man neu machen")[0]).toMatch(/^defect:/);
  });

  it("reads no lot lead from the line above an amount ('funktioniert alles' above '120 vb' left '120 VB' as a detail)", () => {
    const note = "gopro hero 8 black mit 2 akkus\ndisplay hat nen kratzer, funktioniert alles\n120 vb";
    expect(readSellerFacts(note).words.price).toBe("120 vb");
    expect(write("gopro hero 8", note).description).not.toContain("120");
  });

  it("reads no place from a participle, no maker from the pickup town, and 'etw.' and 'gg' as words", () => {
    const wardrobe = "kleiderschrank weiß\nrückwand unten etw. feucht geworden\nzu verschenken\nkrefeld uerdingen";
    expect(readSellerFacts(wardrobe).city).toBe("Krefeld-Uerdingen");
    expect(kinds(wardrobe)).toContain("defect:Rückwand unten etwas feucht geworden");
    const drums = write("e drum", "millenium mps 450 e-drum set\nfestpreis 180\nnur abholung in fulda, kein versand");
    expect(drums.title).toBe("Millenium MPS 450 E-Drum Set");
    expect(drums.description).not.toContain("Marke");
    expect(kinds("nas\nabholung in offenbach oder versand gg aufpreis")[1]).toContain("Versand gegen Aufpreis");
  });

  it("keeps a reason's verb, a model's 'Plus', 'jedes Mal' and the verb a defect leaves out", () => {
    expect(kinds("nas\nläuft tadellos, nur wegen umstieg auf größeres abzugeben")).toContain(
      "spec:Nur wegen Umstieg auf größeres abzugeben",
    );
    expect(
      write("starthilfe powerbank", "noco boost plus gb40 starthilfe powerbank\n2x benutzt, hat jedes mal sofort gestartet\n45 euro"),
    ).toMatchObject({
      title: expect.stringContaining("Boost Plus GB40") as string,
      description: expect.stringContaining("jedes Mal") as string,
    });
    expect(kinds("babywippe\nvibration geht, musik leider nicht mehr")[1]).toBe("defect:Vibration geht, Musik leider nicht mehr");
  });

  it("ends the note's name of the item at what it is made of, 'komplett' or 'verschiedene', and sets the rest apart", () => {
    const bench = write("gartenbank", "gartenbank holz 3 sitzer ca 150cm\nvb 60");
    expect(bench.description).toContain("Ich verkaufe meine Gartenbank.");
    expect(bench.description).toContain("- Holz, 3-Sitzer, ca. 150 cm");
    expect(write("skateboard", "skateboard komplett 8 zoll deck\n20 €").description).toContain("- Komplett, 8 Zoll");
    const vases = write("vasen", "ca 12 glasvasen versch größen zu verschenken").description;
    expect(vases).toContain("Ich verschenke meine ca. 12 Glasvasen.");
    expect(vases).toContain("- Verschiedene Größen");
    expect(write("isolierkanne", "emsa isolierkanne 1 liter edelstahl\n8€").description).toContain("- 1 Liter, Edelstahl");
    // A label before its number is no head noun: "meinen Tennisschläger", not "meine … Griffstärke".
    const racket = write("tennisschläger head", "head tennisschläger griffstärke 3 mit hülle\n3 bälle gibts dazu\nvb 25");
    expect(racket.description).toContain("Ich verkaufe meinen Head Tennisschläger");
    expect(racket.title).toContain("mit 3 Bällen");
  });

  it("files 'funktionieren alle' with the condition and says what the name's bracket says without the name again", () => {
    const blasters = write("nerf blaster", "3 nerf blaster (2x elite 2.0, 1x mega) mit ca 40 darts\nfunktionieren alle\n20 €").description;
    expect(blasters).toContain("✨ **Zustand**\n- Funktionieren alle");
    expect(blasters).not.toContain("- 3 Nerf Blaster");
  });

  it("reads 'vers mgl', a place near a town and a place after the price; no colour from weathered wood", () => {
    expect(readSellerFacts("duplo steine\nvb 30\nvers mgl")).toMatchObject({ price: 30, shipping: "offered" });
    expect(readSellerFacts("schaukelpferd zu verschenken\nbornheim bei bonn").city).toBe("Bornheim");
    expect(write("schaukelpferd", "schaukelpferd aus holz zu verschenken\nbornheim bei bonn").description).toContain(
      "📍 **Standort**\n- Bornheim bei Bonn",
    );
    expect(readSellerFacts("sandkasten holz\n45€ pinneberg")).toMatchObject({ price: 45, city: "Pinneberg" });
    expect(readAttributes("sandkasten", "sandkasten holz mit deckel\nholz teilweise grau aber stabil\n45€").colour).toBeNull();
  });

  it("takes the seller's possessive and a kind named first for the article, writes 'Akku-' compounds and 'heil'", () => {
    expect(write("french press bodum", "verkaufe meine bodum chambord french press 1l\nglas heil\n15€").description).toContain(
      "Ich verkaufe meine Bodum Chambord French Press",
    );
    expect(kinds("french press\nglas heil")).toContain("positive:Glas heil");
    expect(write("fahrradcomputer", "fahrradcomputer sigma rox 4.0 mit halterung\n20 €").description).toContain(
      "Ich verkaufe meinen Fahrradcomputer Sigma Rox 4.0.",
    );
    expect(write("rasentrimmer", "einhell akku rasentrimmer, OHNE akku und ladegerät!!\nvb 25").title).toBe(
      "Einhell Akku-Rasentrimmer ohne Akku und Ladegerät",
    );
  });

  it("keeps the things after 'mit' together and the adjective before the name out of the details", () => {
    const duplo = write("duplo", "große kiste duplo steine ca 5 kg\nmit tieren, 2 fahrzeugen und bauplatte\nvb 30").description;
    expect(duplo).toContain("- Mit Tieren, 2 Fahrzeugen und Bauplatte");
    expect(duplo).toContain("🔧 **Details**\n- Ca. 5 kg");
  });

  it("ends the name at its layout, declines an adjective that leads it, and reads 'hab … abzugeben' as the things", () => {
    const keyboard = write("tastatur", "mechanische tastatur cherry mx board 3.0 deutsches layout\n25€").description;
    expect(keyboard).toContain("Ich verkaufe meine mechanische Tastatur Cherry MX-Board 3.0.");
    expect(keyboard).toContain("- Deutsches Layout");
    const clamps = write("schraubzwingen", "hi, hab 3 schraubzwingen von bessey abzugeben 30cm spannweite\nje 5 € alle für 12");
    expect(clamps.title).toBe("3 Bessey Schraubzwingen – 30 cm");
    expect(clamps.description).toContain("- 30 cm Spannweite");
    // A reason keeps its words: "deshalb abzugeben" is the seller's sentence.
    expect(kinds("fritzbox 7590\nhabe jetzt glasfaser deshalb abzugeben")[1]).toBe("spec:Habe jetzt Glasfaser deshalb abzugeben");
    expect(kinds("gläser\nabholung oder versand +6,99 gut verpackt")[1]).toBe("handover:Abholung oder Versand für 6,99 € gut verpackt");
    expect(kinds("tablett\nfunktioniert am mac u windows")[1]).toContain("Mac und Windows");
  });

  it("keeps a district before the pickup, files a wanted look and the seller's doubt apart, and a chip as a defect", () => {
    expect(readSellerFacts("schlittschuhe\nvb 25 in berlin köpenick abzuholen").city).toBe("Berlin-Köpenick");
    expect(kinds("feuerschale\nist halt rostig (soll so)")[1]).toBe("spec:Ist halt rostig (soll so)");
    expect(kinds("kaffeemaschine\nglaskanne hat unten kleinen chip (kein sprung)")[1]).toMatch(/^defect:/);
    expect(kinds("landhaus\nvollständig weiß ich nicht")[1]).toBe("defect:Ob vollständig, weiß ich nicht");
    expect(kinds("träger\nlinkes rücklicht geht nicht mehr, glaub kabel")[1]).toBe(
      "defect:Linkes Rücklicht geht nicht mehr, vermutlich Kabel",
    );
    expect(kinds("piano\nnur abh wiesbaden, 2 leute mitbringen is schwer")).toContain("handover:2 Leute mitbringen, da schwer");
    expect(kinds("koffer\nein paar kratzer vom benutzen")[1]).toContain("vom Benutzen");
  });

  it("takes no gender from a maker's name that only looks like a compound, and keeps a size's bracket with it", () => {
    expect(write("french press", "bodum chambord french press 1l\n15€").description).not.toContain("meinen Bodum");
    expect(write("timberland boots", "timberland 6 inch boots herren gr 44 gelb\n70").description).not.toContain("mein Timberland");
    expect(readItem("Gartenbank Holz", "").gender).toBe("f");
    expect(write("barbour jacke", "barbour steppjacke damen gr 38 (uk 12) dunkelblau\nvb 60").description).toContain(
      "- Gr. 38 (UK 12), dunkelblau",
    );
    // "in berlin köpenick abzuholen": the pickup word is no district of the place.
    expect(write("schlittschuhe", "schlittschuhe kinder\nvb 25 in berlin köpenick abzuholen").description).toContain(
      "- In Berlin-Köpenick abzuholen",
    );
  });

  it("reads 'frankfurt/oder' as Frankfurt (Oder), a count after 'je' as no price, and a typed noun in the note's compound", () => {
    expect(readSellerFacts("sup board\nabholung in frankfurt/oder oder versand auf kosten käufer").city).toBe("Frankfurt (Oder)");
    expect(kinds("sup\nabholung in frankfurt/oder oder versand auf kosten käufer")).toContain(
      "handover:Abholung in Frankfurt (Oder) oder Versand auf Kosten des Käufers",
    );
    const locks =
      "hab 2 abus bügelschlösser übrig mit je 2 schlüsseln\nje 15€ beide zusammen 25\nversand als päckchen 4,50 oder abholen in ettlingen";
    expect(readSellerFacts(locks)).toMatchObject({ price: 25, perPiece: 15, unplaced: [] });
    const ad = write("abus schloss", locks);
    expect(ad.title).toBe("2 Abus Bügelschlösser");
    expect(ad.description).toContain("- Versand als Päckchen für 4,50 € oder Abholung in Ettlingen");
  });

  it("files paint that is off as a defect, 'GTX 1660 Super' as a detail, and keeps the things after 'mit 2 …' together", () => {
    expect(kinds("dreirad\nlack an ein paar stellen ab")[1]).toMatch(/^defect:/);
    expect(kinds("pc\ngtx 1660 super, läuft einwandfrei")[1]).toBe("spec:GTX 1660 Super");
    expect(kinds("plotter\nmit 2 schneidematten, ersatzmesser und paar rollen flexfolie")[1]).toBe(
      "contents:Mit 2 Schneidematten, Ersatzmesser und ein paar Rollen Flexfolie",
    );
    expect(kinds("geomag\nob vollständig weiß ich nicht")[1]).toBe("defect:Ob vollständig, weiß ich nicht");
    expect(write("tado starter kit", "tado smart thermostat starter kit v3+\nfestpreis 120").description).toContain(
      "Ich verkaufe mein Tado",
    );
  });

  it("writes a noun a verb shares after 'ein paar', an adjective's ending or a noun and 'und'", () => {
    expect(kinds("dreirad\nlack an ein paar stellen ab")[1]).toBe("defect:Lack an ein paar Stellen ab");
    expect(kinds("trompete\nkleine delle am schallbecher")[1]).toBe("defect:Kleine Delle am Schallbecher");
    expect(kinds("geomag\nstäbe und kugeln in ner box")[1]).toBe("spec:Stäbe und Kugeln in einer Box");
    expect(kinds("regal\nhält und passt").join(" ")).toContain("Hält und passt");
  });

  it("reads '35 + 5 versand' as the price and its shipping (the price was lost on every surface), and two colours side by side", () => {
    expect(readSellerFacts("pioneer autoradio\n35 + 5 versand")).toMatchObject({ price: 35, shippingCost: 5, unplaced: [] });
    expect(write("trachtenjacke damen", "trachtenjacke damen gr 38 grau grün aus walk\n60 vb").title).toBe(
      "Trachtenjacke Damen Grau-Grün – Gr. 38",
    );
    expect(kinds("schuhe\nsohle kaum abgelaufen")[1]).toBe("positive:Sohle kaum abgelaufen");
    expect(kinds("hollandrad\nlicht geht vorne nicht")[1]).toMatch(/^defect:/);
    expect(kinds("kapla\npaar sind angemalt (kinder..) sonst gut")[1]).toMatch(/^defect:/);
  });

  it("writes a chat 'n' as its article, a verb after a number small, 'CDs', 'elektrische', and leaves the legal block's words out", () => {
    expect(kinds("schleifer\nstaubbeutel hat n kleinen riss")[1]).toBe("defect:Staubbeutel hat einen kleinen Riss");
    expect(kinds("dartscheibe\nein segment bei der 20 klemmt manchmal")[1]).toBe("defect:Ein Segment bei der 20 klemmt manchmal");
    expect(kinds("wii spiele\ncds ohne kratzer")[1]).toBe("positive:CDs ohne Kratzer");
    expect(kinds("stream deck\nkaum benutzt\nkeine rücknahme da privatverkauf")).toHaveLength(2);
    expect(write("dartscheibe", "elektr dartscheibe mit 6 pfeilen\n20€").description).toContain(
      "Ich verkaufe meine elektrische Dartscheibe",
    );
    expect(write("bandschleifer", "verkaufe meinen bandschleifer von black+decker\n45€").title).toBe("Black+Decker Bandschleifer");
  });

  it("reads a place after 'abgeholt werden' and writes the titles a list of games names with their capitals", () => {
    const chipper = "atika häcksler\nzu verschenken, muss nur abgeholt werden bremerhaven lehe";
    expect(readSellerFacts(chipper).city).toBe("Bremerhaven-Lehe");
    expect(write("häcksler", chipper).description).toContain("- Muss nur abgeholt werden in Bremerhaven-Lehe");
    expect(texts("4 wii spiele: wii sports resort, just dance 4, rayman origins")[0]).toContain(
      "Wii Sports Resort, Just Dance 4, Rayman Origins",
    );
  });

  it("reads the place a delivery radius names and its radius, and a maker's name ending in a short noun as no kind", () => {
    const chest = "bauerntruhe\n45€\nabholung oder ich bring sie im umkreis 20km von friedberg gegen spritgeld";
    expect(readSellerFacts(chest).city).toBe("Friedberg");
    expect(readDelivery(chest)).toBe(20);
    expect(write("standbohrmaschine", "holzmann standbohrmaschine sb4116\n120 festpreis").description).toContain(
      "Ich verkaufe meine Holzmann Standbohrmaschine SB4116.",
    );
  });

  it("reads 'st ingbert' without its dot, a reason that the item no longer fits as no defect, a wobble and lost air as defects", () => {
    expect(readSellerFacts("headset\nabholung st ingbert oder versand gg aufpreis").city).toBe("St. Ingbert");
    expect(kinds("kofferraumwanne\npasst nicht mehr für neues auto")[1]).toBe("history:Passt nicht mehr für neues Auto");
    expect(kinds("laufradsatz\nvorderrad hat leichten seitenschlag")[1]).toMatch(/^defect:/);
    expect(kinds("schubkarre\nreifen verliert langsam luft")[1]).toMatch(/^defect:/);
  });

  it("writes letters without a vowel that start the note's name in capitals ('TC Electronic', 'DT Swiss')", () => {
    expect(write("ditto looper", "verkaufe meinen tc electronic ditto looper\n50€").title).toContain("TC Electronic Ditto Looper");
    expect(write("laufradsatz 28", "dt swiss laufradsatz 28 zoll\n200€").title).toContain("DT Swiss Laufradsatz");
  });

  it("reads 'nirgends abgeplatzt' as good, and names no one measure where the first line gives two things' measures", () => {
    expect(kinds("cocotte\nemaille ist nirgends abgeplatzt")[1]).toBe("positive:Emaille ist nirgends abgeplatzt");
    expect(write("wasserwaagen", "2 stabila wasserwaagen 80cm und 40cm\nje 10€").title).not.toContain("– 80 cm");
  });

  it("reads the new defect words' negations as good, and no defect in a promise, an age, a handover or a chip reader", () => {
    const kind = (line: string) => kinds(`laufradsatz\n${line}`)[1]?.split(":")[0];
    expect(kind("kein seitenschlag")).not.toBe("defect");
    expect(kind("reifen verliert keine luft")).not.toBe("defect");
    expect(kind("kein schimmel")).not.toBe("defect");
    expect(kind("riecht nicht muffig")).not.toBe("defect");
    expect(kind("nicht ganz 2 jahre alt")).not.toBe("defect");
    expect(kind("aufkleber mache ich noch ab")).not.toBe("defect");
    expect(kind("abholung geht am wochenende nicht")).toBe("handover");
    expect(kind("katzenklappe erkennt einen chip")).not.toBe("defect");
    expect(kind("barzahlung gewünscht")).toBe("handover");
    expect(kinds("rücklicht\nrücklicht geht nicht mehr, glaub ich")[1]).toContain("glaube ich");
  });

  it("keeps a dictionary noun's gender against a seller's slip, a product's maker beside an accessory that is no original, and a district", () => {
    expect(write("schreibtisch", "verkaufe mein schreibtisch, 120 x 60\n40€").description).toContain("Ich verkaufe meinen Schreibtisch");
    expect(readItem("iPhone 13", "iphone 13, akku nicht original").brand).toBe("Apple");
    expect(readSellerFacts("tisch\nnur abholung\nberlin gesundbrunnen").city).toBe("Berlin-Gesundbrunnen");
    expect(write("tasche", "rucksack\n1 tasche gibt es dazu\n20€").title).not.toContain("1 Taschen");
  });

  it("names the FRITZ!Box and leaves a one-word verdict out of the title", () => {
    expect(write("fritzbox 7590", "fritz box 7590 von avm, funktioniert einwandfrei\n60€ inkl versand").title).toBe("AVM FRITZ!Box 7590");
  });

  it("names no maker for a copy of its product line", () => {
    expect(readItem("Kinderhochstuhl", "kinderhochstuhl tripp trapp nachbau, wackelig").brand).toBeNull();
    expect(readItem("Kinderhochstuhl", "kinderhochstuhl tripp trapp, wackelig").brand).toBe("Stokke");
  });
});
