// Notes typed the way real sellers type them (price anywhere, VB / Festpreis / zu verschenken,
// abbreviations, lower case, capitals): the seller's price and type survive exactly — in the
// parsed form fields, the offline writer's price and the label on card and public page — and the
// ad text keeps no fragment of a price or a cut abbreviation (ADR 028).
import { describe, expect, it } from "vitest";
import { generateOffline } from "~/.server/generator/ai/offline/adapter";
import type { GenerationInput } from "~/.server/ai/types";
import { formatSellerPrice, type Availability, type PriceType } from "~/lib/offer-facts";
import { readSellerFacts } from "~/lib/seller-price";
import { DEFAULT_PROMPTS } from "~/lib/prompts";

const NOW = new Date("2026-11-24T12:00:00Z");

export type NoteRow = {
  itemName: string;
  category: string;
  note: string;
  price: number | null;
  type: PriceType | null;
  shipping?: Availability | null;
  pickup?: Availability | null;
  postalCode?: string | null;
  city?: string | null;
  newPrice?: number;
};

export const TABLE: NoteRow[] = [
  {
    itemName: "Vitrine Glas",
    category: "moebel",
    note: "glasvitrine mit beleuchtung, 4 böden, maße 180x40x35 cm. nur abholung 81373 münchen. 250 VB",
    price: 250,
    type: "vb",
    shipping: "excluded",
    pickup: "offered",
    postalCode: "81373",
    city: "München",
  },
  { itemName: "Modellauto Porsche 911", category: "spielzeug", note: "1:18 modell, stand immer in vitrine, 250", price: 250, type: null },
  {
    itemName: "Kinderwagen",
    category: "sonstiges",
    note: "Kinderwagen mit Babywanne u. Sportsitz, 70€ Festpreis",
    price: 70,
    type: "festpreis",
  },
  {
    itemName: "Schreibtisch",
    category: "moebel",
    note: "alter schreibtisch, zu verschenken, muss bis samstag weg",
    price: 0,
    type: "verschenken",
  },
  {
    itemName: "Nintendo Switch",
    category: "elektronik",
    note: "VB 150 inkl. 2 Controller u. Spiel, versand mögl.",
    price: 150,
    type: "vb",
    shipping: "offered",
    pickup: null,
  },
  {
    itemName: "Kaffeevollautomat De'Longhi",
    category: "elektronik",
    note: "NP 329 €, 2 jahre alt, entkalkt, 180 € VB",
    price: 180,
    type: "vb",
    newPrice: 329,
  },
  {
    itemName: "Akkuschrauber Bosch GSR 18V-60 C",
    category: "garten",
    note: "Set mit 2x 4 Ah Akkus u. Ladegerät im Koffer. Preis 120 € Festpreis. Versand gegen Aufpreis mögl.",
    price: 120,
    type: "festpreis",
    shipping: "offered",
    pickup: null,
  },
  { itemName: "Winterjacke Jack Wolfskin", category: "kleidung", note: "gr. M, kaum getragen, 45 euro vb", price: 45, type: "vb" },
  {
    itemName: "iPhone 12 128 GB",
    category: "elektronik",
    note: "Akku 86 %, Display ohne Kratzer. 320,- VHB. Abholung in Köln oder Versand",
    price: 320,
    type: "vb",
    shipping: "offered",
    pickup: "offered",
  },
  {
    itemName: "Sofa 3-Sitzer",
    category: "moebel",
    note: "3-sitzer couch grau, nichtraucher haushalt, selbstabholung 10115 berlin, FESTPREIS 150€",
    price: 150,
    type: "festpreis",
    shipping: "excluded",
    pickup: "offered",
    postalCode: "10115",
    city: "Berlin",
  },
  {
    itemName: "Fahrrad Cube",
    category: "freizeit",
    note: "Cube Aim 29 Zoll, RH 48 cm, neu 799 € gekauft 2022, jetzt 450 € VB",
    price: 450,
    type: "vb",
    newPrice: 799,
  },
  {
    itemName: "Babyschale Maxi-Cosi",
    category: "sonstiges",
    note: "unfallfrei, mit neugeboreneneinsatz. preis: 60€",
    price: 60,
    type: null,
  },
  {
    itemName: "Waschmaschine Miele",
    category: "garten",
    note: "8 kg, 1400 U/min, läuft einwandfrei. Nur Abholung. 200 €",
    price: 200,
    type: null,
    shipping: "excluded",
    pickup: "offered",
  },
  {
    itemName: "LEGO Technic 42115",
    category: "spielzeug",
    note: "komplett m. OVP u. Anleitung, NP 379 €. Festpreis 250 €",
    price: 250,
    type: "festpreis",
    newPrice: 379,
  },
  {
    itemName: "Kleiderschrank",
    category: "moebel",
    note: "Kleiderschrank 200x60x220 cm, muss selbst abgebaut werden, nur abholung, 80 VB",
    price: 80,
    type: "vb",
    shipping: "excluded",
    pickup: "offered",
  },
  {
    itemName: "Stehlampe",
    category: "moebel",
    note: "Stehlampe, funktioniert, gegen Abholung gratis",
    price: 0,
    type: "verschenken",
    shipping: null,
    pickup: "offered",
  },
  {
    itemName: "Kindersitz Cybex",
    category: "sonstiges",
    note: "cybex solution, ca. 5 jahre alt, keine unfälle. 40€",
    price: 40,
    type: null,
  },
  {
    itemName: "Laptop Lenovo ThinkPad",
    category: "elektronik",
    note: "i5, 16 GB RAM, 512 GB SSD, Rechnung mit ausgew. MwSt. vorhanden. 390 € Festpreis",
    price: 390,
    type: "festpreis",
  },
  { itemName: "Puppenhaus", category: "spielzeug", note: "Puppenhaus aus Holz mit Möbeln. VB 35", price: 35, type: "vb" },
  {
    itemName: "Rasenmäher Einhell",
    category: "garten",
    note: "benzin rasenmäher, springt sofort an, 46 cm schnittbreite. 90€ vb. abholung 50667 köln",
    price: 90,
    type: "vb",
    shipping: null,
    pickup: "offered",
    postalCode: "50667",
    city: "Köln",
  },
  {
    itemName: "Sneaker Nike Air Max",
    category: "kleidung",
    note: "Gr. 42, 1x getragen, OVP vorhanden. Preis ist fest: 65 €",
    price: 65,
    type: "festpreis",
  },
  {
    itemName: "Bücherregal",
    category: "moebel",
    note: "BILLY regal weiß 80x202 cm. Preis 15 €. Preis ist fest",
    price: 15,
    type: "festpreis",
  },
  {
    itemName: "Thermomix TM6",
    category: "elektronik",
    note: "Thermomix TM6 mit Garantie bis 2027, NP 1.499 €. 1.050 € VB",
    price: 1050,
    type: "vb",
    newPrice: 1499,
  },
  {
    itemName: "Playmobil Piratenschiff",
    category: "spielzeug",
    note: "vollständig, evtl. fehlen kleinteile, 25€ vb, versand 5,49 € mögl.",
    price: 25,
    type: "vb",
    shipping: "offered",
    pickup: null,
  },
  {
    itemName: "Kinderbett",
    category: "moebel",
    note: "kinderbett 70x140 mit matratze. nur an selbstabholer. zu verschenken",
    price: 0,
    type: "verschenken",
    shipping: "excluded",
    pickup: "offered",
  },
  {
    itemName: "Kamera Canon EOS 250D",
    category: "elektronik",
    note: "Canon EOS 250D mit 18-55 mm Objektiv, ca. 4000 Auslösungen, 380 € VB, Versand oder Abholung in 80331 München",
    price: 380,
    type: "vb",
    shipping: "offered",
    pickup: "offered",
    postalCode: "80331",
    city: "München",
  },
  {
    itemName: "Gartenstühle",
    category: "garten",
    note: "4 gartenstühle teak, 2 jahre alt, zusammen 120 euro festpreis",
    price: 120,
    type: "festpreis",
  },
  { itemName: "Skihelm", category: "freizeit", note: "skihelm gr. S/M, ggf. mit Brille, 20€", price: 20, type: null },
  {
    itemName: "E-Gitarre Squier",
    category: "freizeit",
    note: "Squier Strat, neue Saiten, ggf. mit Verstärker gegen Aufpreis. Festpreis 180",
    price: 180,
    type: "festpreis",
  },
  {
    itemName: "Wickelkommode",
    category: "moebel",
    note: "Wickelkommode hemnes weiß, kleine macke an der seite (s. foto). 60 € VB. Abholung 20095 Hamburg",
    price: 60,
    type: "vb",
    shipping: null,
    pickup: "offered",
    postalCode: "20095",
    city: "Hamburg",
  },
];

function input(row: NoteRow): GenerationInput {
  return {
    itemName: row.itemName,
    category: row.category,
    categoryLabel: row.category,
    description: row.note,
    platform: "kleinanzeigen",
    photos: [],
    prompts: DEFAULT_PROMPTS,
    seller: { type: "private", companyName: null },
  };
}

/** A line of the ad that ends in an abbreviation without its dot ("Komplett m", "OVP u", "ausgew"). */
const CUT_ABBREVIATION = /(?:^|\s)(?:[mu]|[Ii]nkl|[Cc]a|[Gg]gf|[Ee]vtl|[Gg]r|[Mm]ögl|[Aa]usgew|[Bb]zw|[Vv]orh|s)$/;

export function checkRow(row: NoteRow) {
  const facts = readSellerFacts(row.note);
  expect({ price: facts.price, type: facts.priceType }, row.note).toEqual({ price: row.price, type: row.type });
  if (row.shipping !== undefined) expect(facts.shipping, row.note).toBe(row.shipping);
  if (row.pickup !== undefined) expect(facts.pickup, row.note).toBe(row.pickup);
  if (row.postalCode !== undefined) expect(facts.postalCode, row.note).toBe(row.postalCode);
  if (row.city !== undefined) expect(facts.city, row.note).toBe(row.city);
  if (row.newPrice !== undefined) expect(facts.newPrice, row.note).toBe(row.newPrice);

  const output = generateOffline(input(row), NOW);
  if (row.price !== null) {
    expect(output.priceSuggestion, row.note).toBe(Math.round(row.price * 100));
    expect(output.priceBasis, row.note).toBe("asking");
    const label = formatSellerPrice(Math.round(row.price * 100), row.type);
    if (row.type === "verschenken") expect(label).toBe("Zu verschenken");
    else expect(label, row.note).toContain(new Intl.NumberFormat("de-DE").format(row.price));
  }
  // No fragment of the price phrase and no line cut at an abbreviation.
  for (const phrase of facts.phrases) expect(output.description, row.note).not.toContain(phrase);
  for (const line of output.description.split("\n")) {
    const text = line.replace(/^[-\s*]+|[*\s]+$/g, "");
    expect(text, `${row.note} → "${line}"`).not.toMatch(CUT_ABBREVIATION);
    if (row.price) expect(text, `${row.note} → "${line}"`).not.toMatch(new RegExp(`^${row.price}(?:\\s?€)?$`));
  }
}

describe("notes typed like real sellers: price and type survive exactly", () => {
  for (const row of TABLE) it(row.note, () => checkRow(row));
});

/**
 * Held out: written after the parser and the writer were done, never tuned on (a quarter of the
 * table written this way). Results at the time of writing are in ADR 028.
 */
export const HELD_OUT: NoteRow[] = [
  {
    itemName: "Fernseher Samsung",
    category: "elektronik",
    note: "Verkaufe meinen alten Fernseher Samsung 55 Zoll, Fernbedienung dabei. Preis 180€ VB. Nur Abholung in 44135 Dortmund",
    price: 180,
    type: "vb",
    shipping: "excluded",
    pickup: "offered",
    postalCode: "44135",
    city: "Dortmund",
  },
  {
    itemName: "Kinderfahrrad PUKY",
    category: "freizeit",
    note: "kinderfahrrad puky 16 zoll, rot, gebrauchsspuren, 45 eur",
    price: 45,
    type: null,
  },
  {
    itemName: "Weber Grill",
    category: "garten",
    note: "Weber Grill, 2 Jahre alt, NP 499€, abzugeben für 220 € VB",
    price: 220,
    type: "vb",
    newPrice: 499,
  },
  {
    itemName: "Babykleidung Paket",
    category: "kleidung",
    note: "babykleidung paket gr. 62/68, ca. 30 teile, alles zusammen 25 euro, versand + 5 €",
    price: 25,
    type: null,
  },
  {
    itemName: "Eckcouch",
    category: "moebel",
    note: "ZU VERSCHENKEN!!! Eckcouch, muss raus, abholung in 60311 frankfurt am main",
    price: 0,
    type: "verschenken",
    shipping: null,
    pickup: "offered",
    postalCode: "60311",
    city: "Frankfurt am Main",
  },
  {
    itemName: "iPad Air 4 64GB",
    category: "elektronik",
    note: "iPad Air 4 64GB, hülle + panzerglas, akku 91%, 290 Festpreis, kein Versand",
    price: 290,
    type: "festpreis",
    shipping: "excluded",
    pickup: null,
  },
  {
    itemName: "Dachbox Thule Motion XT L",
    category: "freizeit",
    note: "Dachbox Thule Motion XT L, 1x benutzt, neupreis 699 €. 450€ VB. Abholung oder Versand mögl.",
    price: 450,
    type: "vb",
    shipping: "offered",
    pickup: "offered",
    newPrice: 699,
  },
  {
    itemName: "Gaming Stuhl",
    category: "moebel",
    note: "Gaming Stuhl, leichte Abnutzung an den Armlehnen. 40 € oder bestes Angebot",
    price: 40,
    type: "vb",
  },
  {
    itemName: "Winterreifen",
    category: "sonstiges",
    note: "Winterreifen 205/55 R16 auf Stahlfelge, 4 Stück, 6mm Profil. Preis: 160,- € fest",
    price: 160,
    type: "festpreis",
  },
  {
    itemName: "Kommode Eiche",
    category: "moebel",
    note: "Schöne Kommode aus Eiche massiv, 3 Schubladen, B 120 cm. Für 95 Euro abzuholen in Leipzig",
    price: 95,
    type: null,
    shipping: null,
    pickup: "offered",
    city: "Leipzig",
  },
];

describe("held-out notes (written after the code, never tuned on)", () => {
  for (const row of HELD_OUT) it(row.note, () => checkRow(row));
});

describe("amounts beside shipping words are what shipping costs, never the price (ADR 041)", () => {
  it.each([
    ["Versand möglich gegen Aufpreis 6,99, 35€", { price: 35, shippingCost: 6.99, carrier: null, shipping: "offered" }],
    ["Holzregal, guter Zustand. Versand ca. 7 € mit DHL. 280€", { price: 280, shippingCost: 7, carrier: "DHL", shipping: "offered" }],
    ["Jacke Gr. M, 25 € VB, Versand 5,49 € (DHL)", { price: 25, shippingCost: 5.49, carrier: "DHL", shipping: "offered" }],
    ["Kinderwagen 120 € zzgl. Versand", { price: 120, shippingCost: null, carrier: null, shipping: "offered" }],
    ["Buch, 8 € inkl. Versand", { price: 8, shippingCost: 0, carrier: null, shipping: "offered" }],
    ["Ups, fast vergessen: nur Abholung. 40 €", { price: 40, shippingCost: null, carrier: null, shipping: "excluded" }],
    ["Spiele-Paket für 30 €, Versand per Hermes 4,50", { price: 30, shippingCost: 4.5, carrier: "Hermes", shipping: "offered" }],
    // A town that is also an everyday word is no place in lower case.
    ["Sessel 40 €, nur abholung in weil ich umziehe", { price: 40, shippingCost: null, carrier: null, shipping: "excluded" }],
    // "nicht" about the price, not about shipping.
    ["Buch 8 €, Versand nicht inklusive", { price: 8, shippingCost: null, carrier: null, shipping: "offered" }],
    // A postal code after a shipping word is no shipping cost.
    ["vitrine, versand über vinted oder abholung 81373 münchen. 250 VB", { price: 250, shippingCost: null, carrier: null, shipping: null }],
  ] as const)("%s", (note, expected) => {
    const facts = readSellerFacts(note);
    expect({ price: facts.price, shippingCost: facts.shippingCost, carrier: facts.carrier, shipping: facts.shipping }).toEqual(expected);
  });

  it("takes the interjection 'Ups' for no parcel service and no shipping", () => {
    expect(readSellerFacts("Ups, kleiner Kratzer am Rand. 40 €")).toMatchObject({ price: 40, carrier: null, shipping: null });
    expect(readSellerFacts("Kommode 40 €. Versand mit UPS")).toMatchObject({ price: 40, carrier: "UPS", shipping: "offered" });
  });

  it("reads whether a swap is welcome", () => {
    expect(readSellerFacts("Switch 150 €, Tausch gegen PS5 möglich").swap).toBe(true);
    expect(readSellerFacts("Switch 150 €, keine Tauschangebote").swap).toBe(false);
    expect(readSellerFacts("Switch 150 €").swap).toBeNull();
  });
});

describe("places from the gazetteer (ADR 065)", () => {
  it("reads a lower-case town after 'abholung in', but not a town that is also an everyday word", () => {
    expect(readSellerFacts("nur abholung in hamburg-altona").city).toBe("Hamburg-Altona");
    expect(readSellerFacts("Sessel 40 €, nur abholung in weil ich umziehe").city).toBeNull();
    // A set number is no postal code, and the word after it no place.
    expect(readSellerFacts("Märklin 29000 Startset, komplett, 90 €")).toMatchObject({ postalCode: null, city: null });
  });
});
