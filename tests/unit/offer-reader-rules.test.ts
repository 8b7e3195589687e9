// Three general rules of the note reader that a blind held-out check found missing (ADR 064,
// amendment 2026-11-28). The notes here are written for the rules, not copied from the check: each
// rule is a form of the language, never a word one note needed.
import { describe, expect, it } from "vitest";
import { sellerOffer } from "~/.server/app-worker/ads/create";
import { adTextFieldsSchema } from "~/lib/ad-input";
import { readSellerFacts } from "~/lib/seller-price";

const offerOf = (note: string, fields: Record<string, unknown> = {}) =>
  sellerOffer(adTextFieldsSchema.parse({ itemName: "Artikel", category: "sonstiges", description: note, ...fields }));

describe("an amount after a price cue is the price, whatever shipping word follows it", () => {
  it.each([
    ["Lederjacke Größe L, VB 120 versand inklusive", { price: 120, priceType: "vb", shippingCost: 0, shipping: "offered" }],
    ["Funko Pop Sammlung Preis: 85 Versand kostenlos", { price: 85, priceType: null, shippingCost: 0, shipping: "offered" }],
    ["Gitarrenverstärker Festpreis 240 versand mit dhl 7", { price: 240, priceType: "festpreis", shippingCost: 7, shipping: "offered" }],
    ["Tischlampe aus Messing fest 45 versand 4,99", { price: 45, priceType: "festpreis", shippingCost: 4.99, shipping: "offered" }],
    ["Kinderfahrrad, versand möglich preis 70", { price: 70, priceType: null, shippingCost: null, shipping: "offered" }],
    // The type word after an amount is that amount's, not a cue for the next one.
    ["Puppenhaus 35 VB 5,49 € Versand", { price: 35, priceType: "vb", shippingCost: 5.49, shipping: "offered" }],
    // A grade glued to a name ("CGC 9") is no amount, so the Festpreis is the next number's.
    ["Comic CGC 9 Festpreis 180 versand", { price: 180, priceType: "festpreis", shippingCost: null, shipping: "offered" }],
  ] as const)("%s", (note, expected) => {
    const facts = readSellerFacts(note);
    expect({ price: facts.price, priceType: facts.priceType, shippingCost: facts.shippingCost, shipping: facts.shipping }).toEqual(
      expected,
    );
    expect(facts.doubts).toEqual([]);
  });
});

describe("shipping said to be included names no shipping cost, before or after the amount", () => {
  it.each([
    ["Trikot signiert, 60 € Versand unversichert inkl.", 60],
    ["Schallplatten-Paket 40 Euro porto inklusive", 40],
    ["Konsole inkl. Versand 210 €", 210],
    ["Armbanduhr, inklusive versichertem Versand: 95 €", 95],
  ] as const)("%s", (note, price) => {
    expect(readSellerFacts(note)).toMatchObject({ price, shippingCost: 0, shipping: "offered" });
  });
});

describe("a shipping cost without the form of one, in a note with no price, is asked", () => {
  it.each([
    ["Couchtisch Eiche massiv, versand möglich 180", 180],
    ["Bilderrahmen mit Passepartout 90 € versand versichert", 90],
    ["Werkbank, Versand 120", 120],
  ] as const)("%s: the shipping cost is unsure and the amount asked as the price", (note, amount) => {
    const facts = readSellerFacts(note);
    expect(facts.price).toBeNull();
    expect(facts.doubts).toContain("shippingCost");
    expect(facts.unplaced.map((entry) => entry.value)).toContain(amount);
  });

  it.each(["Versand 4,99 €", "Nur Versand, per Hermes 5,49 €", "Porto: 2,60 €"])(
    "%s: written as a shipping cost, it stays a plain reading",
    (note) => {
      const facts = readSellerFacts(note);
      expect(facts.doubts).not.toContain("shippingCost");
      expect(facts.unplaced).toEqual([]);
    },
  );

  it("reaches the card: the stored reading flags the shipping cost and asks the amount", () => {
    const offer = offerOf("Couchtisch Eiche massiv, versand möglich 180");
    expect(offer.askingPrice).toBeNull();
    expect(offer.offerReading?.unconfirmed).toContainEqual({ fact: "shippingCost", words: "180", doubt: true });
    expect(offer.offerReading?.unplaced).toContainEqual({ value: 180, words: "180" });
  });
});

describe("a bare number after a per-piece or bundle lead is an amount in that role", () => {
  it.each([
    ["Zwei Gartenstühle, je 30 €, zusammen 50", { price: 50, perPiece: 30 }],
    ["Kissen aus Leinen je 8 zusammen 20, abholung möglich", { price: 20, perPiece: 8 }],
    ["Teller Villeroy & Boch je 4 €, gesamt 25", { price: 25, perPiece: 4 }],
    ["Drei Regale je 15, komplett 40 nur abholung", { price: 40, perPiece: 15 }],
  ] as const)("%s", (note, expected) => {
    const facts = readSellerFacts(note);
    expect({ price: facts.price, perPiece: facts.perPiece }).toEqual(expected);
    expect(facts.unplaced).toEqual([]);
  });

  it("does not take a count after 'alle' alone for a price", () => {
    expect(readSellerFacts("Sommerreifen, alle 4 gleichmäßig abgefahren, 120 €")).toMatchObject({ price: 120, unplaced: [] });
  });

  it("asks an amount after a lead that it cannot place, beside the price it read", () => {
    const facts = readSellerFacts("Stehlampe 40 €, zusammen 70 mit dem passenden Schirm");
    expect(facts.price).toBe(40);
    expect(facts.unplaced).toContainEqual({ value: 70, words: "70" });
  });

  it("asks a bare amount after a price word that lost to a bundle price", () => {
    const facts = readSellerFacts("Regallautsprecher Preis 60, beide zusammen 100 €");
    expect(facts.price).toBe(100);
    expect(facts.unplaced).toContainEqual({ value: 60, words: "60" });
  });
});

describe("'pro' and a noun after an amount of money is a per-piece price", () => {
  it.each([
    ["Esszimmerstühle Buche, 20 Euro pro Stuhl", 20],
    ["Taschenbücher Krimis, 2 € pro Buch", 2],
    ["Fliesen Restposten 12 € pro Karton", 12],
  ] as const)("%s", (note, perPiece) => {
    expect(readSellerFacts(note)).toMatchObject({ price: perPiece, perPiece });
  });

  it("reads 'je' with the piece named after it as a per-piece price (ADR 088)", () => {
    expect(readSellerFacts("je buch 6€ oder alle 7 zusammen für 35€")).toMatchObject({ price: 35, perPiece: 6, unplaced: [] });
    expect(readSellerFacts("Stühle je nach Zustand, zusammen 40 €")).toMatchObject({ price: 40, perPiece: null });
  });

  it("keeps the bundle price as the price beside it", () => {
    expect(readSellerFacts("Schallplatten 3 € pro Platte, alle zusammen 40 €")).toMatchObject({ price: 40, perPiece: 3 });
  });

  it("is no per-piece price after a model name without a currency", () => {
    expect(readSellerFacts("iPhone 13 Pro Max 256 GB, 480 € VB")).toMatchObject({ price: 480, priceType: "vb", perPiece: null });
  });
});

describe("a known town in lower case right after a place lead, without 'in' (ADR 065 gazetteer)", () => {
  it.each([
    ["Kleiderschrank weiß, 60 €, abholung dortmund", "Dortmund"],
    ["Rasenmäher benzin, abholen gelsenkirchen, 90 VB", "Gelsenkirchen"],
    ["Hochbett kiefer, selbstabholung münster", "Münster"],
    ["Aquarium 120 l, standort: koeln", "Köln"],
    ["Sofa, abholung bochum-linden, 150 €", "Bochum-Linden"],
    ["Fahrradanhänger, nur abholung frankfurt am main", "Frankfurt am Main"],
  ] as const)("%s", (note, city) => {
    const facts = readSellerFacts(note);
    expect(facts.city).toBe(city);
    expect(facts.doubts).not.toContain("place");
  });

  it.each([
    // Ordinary words after the lead, and towns that are also everyday words, are no place.
    "Kommode, abholung jederzeit nach absprache",
    "Bett 80 €, abholung ohne termin geht nicht",
    "Spiegel, nur abholung weil zu sperrig",
    "Vase, abholen sofort möglich",
    // A bare "in" is a preposition here, not a lead.
    "Pullover in rot, kaum getragen",
  ])("%s: no place", (note) => {
    expect(readSellerFacts(note).city).toBeNull();
  });

  it("reads the same place as the capitalised form", () => {
    expect(readSellerFacts("Abholung Dortmund").city).toBe(readSellerFacts("abholung dortmund").city);
  });
});

describe("a postal code after the place's name", () => {
  it.each([
    ["Abholung in Freiburg (79098) oder Versand", "79098", "Freiburg"],
    ["Nur Abholung in Bochum, 44866", "44866", "Bochum"],
  ] as const)("%s", (note, postalCode, city) => {
    const facts = readSellerFacts(note);
    expect([facts.postalCode, facts.city]).toEqual([postalCode, city]);
    expect(facts.doubts).not.toContain("place");
  });

  it("asks a code that belongs to another place, never drops it", () => {
    const facts = readSellerFacts("Abholung in Berlin (80331)");
    expect([facts.postalCode, facts.city]).toEqual(["80331", "Berlin"]);
    expect(facts.doubts).toContain("place");
  });
});

describe("pickup the seller makes a must excludes shipping", () => {
  it.each(["Schrank, muss selbst abgebaut und abgeholt werden", "Muss abgeholt werden, Raum Hannover"])("%s", (note) => {
    const facts = readSellerFacts(note);
    expect([facts.shipping, facts.pickup]).toEqual(["excluded", "offered"]);
  });
});

describe("shipping costs said in other words", () => {
  it("an amount in brackets right after a shipping word is the shipping cost, not a giveaway's price", () => {
    const facts = readSellerFacts(
      "Zu verschenken: Nähmaschine. Kann gegen Versandkosten (6,99€ Hermes) auch verschickt werden, sonst abholen",
    );
    expect([facts.price, facts.priceType, facts.shippingCost]).toEqual([0, "verschenken", 6.99]);
  });

  it("shipping free of charge with words between is included; 'nicht kostenlos' is no exclusion", () => {
    expect(readSellerFacts("Preis: 279 €. Versand innerhalb Deutschlands kostenfrei mit DHL.").shippingCost).toBe(0);
    const notFree = readSellerFacts("50 €, Versand ist nicht kostenlos");
    expect([notFree.shippingCost, notFree.shipping]).toEqual([null, "offered"]);
  });
});

describe("a must-pickup stays within its sentence", () => {
  it("does not reach across a full stop", () => {
    expect(readSellerFacts("Der Preis muss passen. Abgeholt werden kann ab Montag, Versand möglich").shipping).toBe("offered");
  });
});

describe("an offer invited with an article between (ADR 086)", () => {
  it.each(["Jacke 120€ oder nen Angebot machen", "Jacke 120 € oder ein Angebot", "Jacke 120€ oder 'n Gebot schicken"])(
    "%s is VB",
    (note) => {
      const facts = readSellerFacts(note);
      expect({ price: facts.price, priceType: facts.priceType }).toEqual({ price: 120, priceType: "vb" });
    },
  );
});

describe("a delivery radius the note alone states is asked like every other fact (ADR 086)", () => {
  it("lists it with the seller's words until a field gives it", () => {
    const offer = offerOf("Sofa, 250 € VB, Lieferung im Umkreis 20 km");
    expect(offer.deliveryKm).toBe(20);
    expect(offer.offerReading?.unconfirmed).toContainEqual({ fact: "delivery", words: "Lieferung im Umkreis 20 km", doubt: false });
    expect(offerOf("Sofa, 250 € VB, Lieferung im Umkreis 20 km", { deliveryKm: "20" }).offerReading?.unconfirmed).not.toContainEqual(
      expect.objectContaining({ fact: "delivery" }),
    );
  });
});

describe("a known place standing alone as a clause, without a cue, is asked, with its district (ADR 088, 093)", () => {
  it.each([
    ["altes ecksofa grau. nur selbstabholung aus dem 3. stock. bochum langendreer. wer zuerst kommt", "Bochum-Langendreer"],
    ["regal, nur abholung. 60€. köln ehrenfeld 3. og ohne aufzug", "Köln-Ehrenfeld"],
  ] as const)("%s", (note, city) => {
    const facts = readSellerFacts(note);
    expect(facts.city).toBe(city);
    expect(facts.doubts).toContain("place");
  });

  it("reads no place from the item's own first clause, a town that is an everyday word, or a note without pickup", () => {
    expect(readSellerFacts("Hamburg Trikot, kaum getragen, 20€ abholung oder versand").city).toBeNull();
    expect(readSellerFacts("sofa, 50€, abholung. essen").city).toBeNull();
    expect(readSellerFacts("tisch, 20€, nur versand. leipzig").city).toBeNull();
  });
});

describe("a fourth walk's notes (ADR 088)", () => {
  it("reads a swap the seller rules out after 'oder'", () => {
    expect(readSellerFacts("ratenzahlung oder tausch nicht mgl.").swap).toBe(false);
    expect(readSellerFacts("500 € oder tausch gegen ein e-bike").swap).toBe(true);
  });
  it("reads '85,-' as money, the price before '+ versand', and a shoe size as no price", () => {
    expect(readSellerFacts("Doc Martens größe 39 (uk 6). np 199. 85,- + versand (4,99 hermes päckchen)")).toMatchObject({
      price: 85,
      shippingCost: 4.99,
      newPrice: 199,
      unplaced: [],
    });
  });
  it("reads a new price with 'zusammen' between the cue and the amount", () => {
    expect(readSellerFacts("NP zusammen ca 1050€, mein preis 690 euro VB")).toMatchObject({
      price: 690,
      priceType: "vb",
      newPrice: 1050,
      unplaced: [],
    });
  });
});

describe("a fifth walk's notes (ADR 088)", () => {
  it("takes a price for pickup after 'oder' for no shipping cost", () => {
    expect(readSellerFacts("35€ inkl versand mit hermes oder 30 bei abholung in 44135 dortmund")).toMatchObject({
      price: 35,
      shipping: "offered",
      shippingCost: 0,
    });
  });
  it("reads a shipping cost in brackets a few words after the shipping word", () => {
    expect(readSellerFacts("preis 230, letzter preis. versand mgl. (versichert 9,90) oder abholung in hamburg")).toMatchObject({
      price: 230,
      shippingCost: 9.9,
      unplaced: [],
    });
    expect(readSellerFacts("preis 160 € abholung in bremen, versand gerne gegen aufpreis (ca 15€ dpd sperrgut)")).toMatchObject({
      price: 160,
      shippingCost: 15,
      unplaced: [],
    });
  });
});

describe("the eighth walk's handover phrasings (ADR 090)", () => {
  it("reads 'verschicken mach ich nicht' as no shipping", () => {
    expect(readSellerFacts("55 euro fix, abholen in 76185 karlsruhe mühlburg, verschicken mach ich nicht is zu sperrig")).toMatchObject({
      shipping: "excluded",
      pickup: "offered",
    });
    expect(readSellerFacts("50 €, versand biete ich leider nicht an")).toMatchObject({ shipping: "excluded" });
  });

  it("reads 'ihr holt sie … ab' as pickup, and a town whose name begins like 'Rost' as no defect", () => {
    expect(readSellerFacts("45 € plus 5,50 € Versand, oder ihr holt sie in Rostock-Südstadt ab.")).toMatchObject({
      shipping: "offered",
      shippingCost: 5.5,
      pickup: "offered",
      city: "Rostock-Südstadt",
    });
  });

  it("reads an amount right after 'mit Versand' as its cost, 'mit Versand' alone as included", () => {
    expect(readSellerFacts("alles zusammen 120€ gern mit versand 6€ oder abholung in erfurt")).toMatchObject({
      price: 120,
      shippingCost: 6,
      unplaced: [],
    });
    expect(readSellerFacts("50 € mit Versand")).toMatchObject({ price: 50, shippingCost: 0 });
    expect(readSellerFacts("Preis mit Versand 50 €")).toMatchObject({ price: 50, shippingCost: 0 });
  });

  it("reads 'St.' before a name as part of the place", () => {
    expect(readSellerFacts("Preis für alles 450 Euro. Abholung in Lübeck-St. Jürgen, der Tisch ist zerlegt.")).toMatchObject({
      city: "Lübeck-St. Jürgen",
    });
  });
});

describe("the ninth walk's places (ADR 090)", () => {
  it("reads a place after 'ihr holt ab in' and a town named with its river in brackets", () => {
    expect(readSellerFacts("verschicke für 19€ mit hermes oder ihr holt ab in ulm söflingen")).toMatchObject({
      pickup: "offered",
      city: "Ulm-Söflingen",
    });
    expect(readSellerFacts("versand versichert gegen 6,99 oder abholung halle (saale) paulusviertel")).toMatchObject({
      city: "Halle (Saale)",
    });
  });
});

describe("the tenth walk's wrong facts (ADR 091)", () => {
  it("reads no place after a bare 'aus' that names a material, one after a handover word", () => {
    const facts = readSellerFacts("Kommode aus Nussbaum, 3 Schubladen. 150 € VB, abzuholen in Würzburg-Sanderau.");
    expect(facts).toMatchObject({ city: "Würzburg-Sanderau" });
    expect(readSellerFacts("Regal aus Ahorn, 40 € VB, nur Abholung").city).toBeNull();
    expect(readSellerFacts("Versand aus Köln für 5 €, Preis 20").city).toBe("Köln");
  });

  it("reads a bare amount that shipping is included in as the price, and asks the pickup price beside it", () => {
    expect(readSellerFacts("will 45 inkl versand, abholen in freiburg geht auch dann 40. gruß")).toMatchObject({
      price: 45,
      shippingCost: 0,
      doubts: ["price"],
      unplaced: [{ value: 40, words: "40" }],
    });
    expect(readSellerFacts("Festpreis 45 inkl. Versand, bei Abholung 40")).toMatchObject({
      price: 45,
      priceType: "festpreis",
      unplaced: [{ value: 40, words: "40" }],
    });
  });

  it("reads a cost in a clause that goes on about shipping", () => {
    expect(readSellerFacts("Preis 85 €, VB. Versand ist möglich, kostet dann 12 € extra, oder Abholung in Bremen.")).toMatchObject({
      price: 85,
      shippingCost: 12,
      unplaced: [],
    });
    // Without shipping before it, the clause is the price.
    expect(readSellerFacts("Gut erhalten, kostet 30 €")).toMatchObject({ price: 30, shippingCost: null });
  });
});

describe("the eleventh walk's wrong facts (ADR 091)", () => {
  it("reads an amount for the lot after it, with the type after the lot", () => {
    expect(readSellerFacts("70 fürs paar vb, versand 6,50 oder abholen in rostock")).toMatchObject({
      price: 70,
      priceType: "vb",
      shippingCost: 6.5,
    });
    expect(readSellerFacts("Tisch und 4 Stühle, 120 für alle zusammen")).toMatchObject({ price: 120 });
    // A count of pairs is no price.
    expect(readSellerFacts("2 Paar Skischuhe, nur Versand, Preis per Nachricht").price).toBeNull();
  });

  it("reads an amount added to the price with a shipping noun after it as the shipping cost", () => {
    expect(readSellerFacts("40 euro + 5 versand oder in bonn beuel abholen")).toMatchObject({
      price: 40,
      shippingCost: 5,
      pickup: "offered",
      city: "Bonn-Beuel",
    });
  });

  it("reads a place before the pickup verb, asked where the gazetteer does not know it", () => {
    expect(readSellerFacts("Preis 20, in Kleinmachnow abholen")).toMatchObject({ city: "Kleinmachnow", doubts: [] });
    expect(readSellerFacts("Preis 20, in Klein Quassel abholen")).toMatchObject({ city: "Klein Quassel", doubts: ["place"] });
    expect(readSellerFacts("kann in der nähe abgeholt werden").city).toBeNull();
  });
});

describe("the twelfth walk's shipping (ADR 091)", () => {
  it("reads 'einen Versand bieten wir … nicht an' as no shipping", () => {
    expect(
      readSellerFacts("Preis: 180 €. Abholung in Speyer-Nord. Einen Versand bieten wir wegen der Bruchgefahr nicht an."),
    ).toMatchObject({
      shipping: "excluded",
      pickup: "offered",
    });
  });
});

describe("the thirteenth walk's offer (ADR 091)", () => {
  it("reads 'Verhandlung möglich' as VB, 'das Porto übernehme ich' as included, 'tausch nee' as no swap", () => {
    expect(readSellerFacts("Preis 90 Euro, Verhandlung möglich. Nur Abholung.")).toMatchObject({ price: 90, priceType: "vb" });
    expect(readSellerFacts("38 € VB, das Porto übernehme ich.")).toMatchObject({ price: 38, shippingCost: 0, shipping: "offered" });
    expect(readSellerFacts("75 euro festpreis + 6 versand, tausch nee. neu kosten die um die 200.")).toMatchObject({
      price: 75,
      shippingCost: 6,
      swap: false,
      newPrice: 200,
    });
  });
});

describe("the fourteenth walk's offer (ADR 091)", () => {
  it("reads 'drunter geht nix' as a Festpreis and 'muss in <Ort-Teil> abgeholt werden' as no shipping", () => {
    expect(readSellerFacts("45€ drunter geht nix. abholung passau oder ich schick ihn für 6,49 per dhl")).toMatchObject({
      price: 45,
      priceType: "festpreis",
      shippingCost: 6.49,
    });
    expect(readSellerFacts("Festpreis 180 €. Das Sideboard muss in Wolfsburg-Fallersleben abgeholt werden.")).toMatchObject({
      shipping: "excluded",
      pickup: "offered",
      city: "Wolfsburg-Fallersleben",
    });
  });
});

describe("the fifteenth walk's offer (ADR 091)", () => {
  it("reads 'macht mir gern ein Angebot' as VB", () => {
    expect(readSellerFacts("180 eur, macht mir gern ein angebot. abholung in offenbach")).toMatchObject({ price: 180, priceType: "vb" });
  });
});
