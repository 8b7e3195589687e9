// The fact guard (ADR 043) on the examples from the field: the offline writer's ads for
// them, and a model's text that claims what the seller never said.
import { describe, expect, it } from "vitest";
import { guardFacts, type GuardRecord } from "~/.server/generator/ai/fact-guard";
import { writeAndGuard } from "../fixtures/seller-claims";

const NOTHING: GuardRecord = { priceCents: null, priceType: null, shipping: null, pickup: null, swap: null, shippingCents: null };

describe("the offline writer's ads for the examples from the field", () => {
  it("pram: 'kaum benutzt' stays the seller's words, '3. OG' stays whole, the place is capitalised", () => {
    const { guarded } = writeAndGuard(
      "Bugaboo Kinderwagen Fox",
      "Bugaboo fox kinderwagen, gestell + wanne + sportsitz, kaum benutzt, nur abholung in münchen schwabing, 3. OG ohne Aufzug, 450 VB",
    );
    expect(guarded.title).toBe("Bugaboo Fox Kinderwagen – kaum benutzt");
    expect(guarded.description).toContain("✨ **Zustand**\n- Kaum benutzt");
    expect(guarded.description).toContain("- Nur Abholung in München-Schwabing, 3. OG ohne Aufzug");
    expect(guarded.description).toContain("- Nur Abholung in München-Schwabing");
    expect(`${guarded.title}\n${guarded.description}`).not.toMatch(/neuwertig|Zustand:|gutem Zustand/i);
    expect(guarded.changes).toEqual([]);
  });

  it("console: the bracketed list stays on one line with its capitals; the exclusion is kept", () => {
    const { guarded } = writeAndGuard(
      "Switch OLED",
      "Switch OLED mit 2 Spielen (Zelda TOTK, Mario Kart 8), kein Ladekabel, Versand möglich gegen Aufpreis 6,99, 180€",
    );
    // The first clause less the item's name, which the first sentence says (ADR 091).
    expect(guarded.description).toContain("- Mit 2 Spielen (Zelda TOTK, Mario Kart 8)");
    expect(guarded.description).toContain("- Kein Ladekabel");
    expect(guarded.description).toContain("- Versand möglich gegen Aufpreis 6,99");
    expect(guarded.changes).toEqual([]);
  });

  it("office chair: no condition, 'ergonomisch' is no defect, VAT is said of the price, 'mögl.' written out", () => {
    const { guarded } = writeAndGuard("Bürostuhl", "Bürostuhl ergonomisch, 389 € inkl. MwSt, Abholung oder Versand per Spedition mögl.");
    expect(guarded.description).not.toMatch(/Zustand|Hinweis|gutem/);
    expect(guarded.description).toContain("🔧 **Details**\n- Bürostuhl ergonomisch\n- Preis inkl. MwSt");
    expect(guarded.description).not.toContain("Lieferumfang");
    expect(guarded.description).toContain("- Abholung oder Versand per Spedition möglich");
    expect(guarded.changes).toEqual([]);
  });

  it("an age is no purchase year, a construction year no purchase, and no visit is offered", () => {
    const aged = writeAndGuard("Weber Grill", "Weber Grill, 2 Jahre alt, NP 499€, 220 € VB").guarded;
    expect(aged.description).not.toMatch(/Gekauft|Besichtigung/);
    expect(aged.description).toContain("2 Jahre alt");
    const built = writeAndGuard("Rasenmäher", "Rasenmäher, Baujahr 2019, nur Abholung").guarded;
    expect(built.description).not.toContain("Gekauft");
    expect(built.description).toContain("Baujahr 2019");
    expect(built.notes).toEqual([]);
  });

  it("a label the seller wrote themselves stays, in the heading and the first sentence", () => {
    const coffee = writeAndGuard(
      "Kaffeevollautomat DeLonghi Magnifica S",
      "Sehr gut erhalten, entkalkt. Inkl. Milchbehälter und Anleitung. NP 399 €. Abholung in Köln.",
    ).guarded;
    expect(coffee.description).toContain("in sehr gutem Zustand.");
    expect(coffee.description).toContain("✨ **Zustand: Sehr gut**");
    expect(coffee.changes).toEqual([]);
    for (const note of ["Neu mit Etikett, Gr. 42, 80 €", "neu, nie getragen, 50 VB"]) {
      expect(writeAndGuard("Sneaker", note).guarded.changes, note).toEqual([]);
    }
  });

  it("'ohne OVP' puts no 'mit OVP' into the title", () => {
    const { guarded } = writeAndGuard("Kaffeevollautomat De'Longhi", "Kaffeevollautomat, ohne OVP, 120 € VB");
    expect(guarded.title).not.toMatch(/OVP/);
    expect(guarded.description).toContain("Ohne OVP");
  });
});

describe("the guard on a model's text", () => {
  const note = "Bürostuhl ergonomisch, 389 € inkl. MwSt, Abholung oder Versand per Spedition mögl., kein Tausch";
  const model = {
    title: "Ergonomischer Bürostuhl – neuwertig, mit OVP",
    description: [
      "Ich verkaufe meinen ergonomischen Bürostuhl in sehr gutem Zustand. Er wurde 2021 gekauft und ist voll funktionsfähig.",
      "",
      "✨ **Zustand: Sehr gut**",
      "- Leichte Gebrauchsspuren an der Armlehne",
      "- Nichtraucherhaushalt",
      "",
      "📋 **Lieferumfang**",
      "- Originalrechnung vorhanden",
      "- Anleitung",
      "",
      "🚚 **Abholung & Versand**",
      "- Abholung oder Versand per Spedition mögl",
      "- Besichtigung vor dem Kauf gerne möglich",
      "- Zahlung per PayPal möglich",
      "- Tausch gegen Schreibtisch möglich",
      "- Preis: 389 € VB",
      "",
      "Bei Fragen einfach melden.",
    ].join("\n"),
    notes: ["Besichtigung vor dem Kauf ist gerne möglich."],
  };
  const record: GuardRecord = { ...NOTHING, priceCents: 38900, shipping: "offered", pickup: "offered", swap: false };

  it("removes what nobody stated, keeps what the photos show for the seller to confirm, leaves the swap to the offer's line", () => {
    const guarded = guardFacts(model, {
      itemName: "Bürostuhl",
      note,
      record,
      photos: { condition: "Sehr gut", defects: [{ text: "Leichte Gebrauchsspuren an der Armlehne" }] },
    });
    expect(guarded.title).toBe("Ergonomischer Bürostuhl");
    expect(guarded.description).toBe(
      [
        "Ich verkaufe meinen ergonomischen Bürostuhl in sehr gutem Zustand.",
        "",
        "✨ **Zustand: Sehr gut**",
        "- Leichte Gebrauchsspuren an der Armlehne",
        "",
        "🚚 **Abholung & Versand**",
        "- Abholung oder Versand per Spedition möglich",
        "",
        // "kein Tausch" is the offer's: the copies' "🔁 Kein Tausch" line says it (ADR 089).
        "Bei Fragen einfach melden.",
      ].join("\n"),
    );
    expect(guarded.notes).toEqual([]);
    expect(guarded.toConfirm).toEqual([
      "Ich verkaufe meinen ergonomischen Bürostuhl in sehr gutem Zustand.",
      "Zustand: Sehr gut",
      "Leichte Gebrauchsspuren an der Armlehne",
    ]);
    expect(guarded.changes.filter((change) => change.kind === "removed").map((change) => ("claim" in change ? change.claim : ""))).toEqual([
      "funktioniert",
      "nichtraucher",
      "Rechnung",
      "Anleitung",
      "Besichtigung",
      "Zahlung",
      "Tausch",
      "VB",
      "Besichtigung",
      "neuwertig",
      "OVP",
    ]);
  });

  it("without the photos a grade nobody stated goes: the label from the heading, the phrase from the sentence", () => {
    const guarded = guardFacts(model, { itemName: "Bürostuhl", note, record, photos: null });
    expect(guarded.description).toContain("Ich verkaufe meinen ergonomischen Bürostuhl.");
    expect(guarded.description).not.toMatch(/Sehr gut|Gebrauchsspuren|Zustand/);
    expect(guarded.toConfirm).toEqual([]);
  });

  it("joins a list split inside its brackets, writes cut abbreviations out, drops a year and an amount nobody stated", () => {
    const guarded = guardFacts(
      {
        title: "Switch OLED",
        description:
          "- Switch OLED mit 2 Spielen (Zelda TOTK\n- Mario Kart 8)\n- Gekauft: 2024\n- Neupreis: 349 €\n- Versand mögl\n- Kein Ladekabel",
        notes: [],
      },
      {
        itemName: "Switch OLED",
        note: "Switch OLED mit 2 Spielen (Zelda TOTK, Mario Kart 8), kein Ladekabel, Versand mögl., 180€",
        record: { ...NOTHING, priceCents: 18000, shipping: "offered", pickup: "excluded" },
        photos: null,
      },
    );
    expect(guarded.description).toBe("- Switch OLED mit 2 Spielen (Zelda TOTK, Mario Kart 8)\n- Versand möglich\n- Kein Ladekabel");
  });

  it("keeps offers to the record: no shipping for pickup only, no VB for a fixed price, no swap unless offered", () => {
    const guarded = guardFacts(
      {
        title: "Kleiderschrank – nur Abholung",
        description: "- Versand gegen Aufpreis möglich\n- Preis VB\n- Tausch möglich\n- Nur Abholung",
        notes: [],
      },
      {
        itemName: "Kleiderschrank",
        note: "Kleiderschrank, nur Abholung, Festpreis 80 €",
        record: { ...NOTHING, shipping: "excluded", pickup: "offered", priceType: "festpreis", priceCents: 8000 },
        photos: null,
      },
    );
    expect(guarded.description).toBe("- Nur Abholung");
    expect(guarded.title).toBe("Kleiderschrank – nur Abholung");
  });

  it("adds a missing exclusion and a missing fact in the seller's words", () => {
    const guarded = guardFacts(
      { title: "Switch OLED", description: "Ich verkaufe meine Switch OLED.\n\nBei Fragen einfach melden.", notes: [] },
      { itemName: "Switch OLED", note: "Switch OLED, ohne OVP, 3. Controller defekt", record: NOTHING, photos: null },
    );
    expect(guarded.description).toBe(
      "Ich verkaufe meine Switch OLED.\n\n📌 **Weitere Angaben**\n- Ohne OVP\n- 3. Controller defekt\n\nBei Fragen einfach melden.",
    );
  });
});

describe("the guard reads the note as the writer writes it (ADR 086)", () => {
  it("keeps a condition said in chat words, and does not add a new price the text states with a thousands dot", () => {
    const ps5 = writeAndGuard("Playstation 5", "PS5 Disc Edition. funzt alles einwandfrei. 400€ VB, nur Abholung in Köln");
    expect(ps5.guarded.changes).toEqual([]);
    expect(ps5.guarded.description).toContain("- Funktioniert alles einwandfrei");
    const bike = writeAndGuard("Rennrad Canyon", "Canyon Endurace CF 7 Rahmengröße M. NP 2199€ !! Nur Abholung in Hamburg. 1350€ VB.");
    expect(bike.guarded.changes).toEqual([]);
    expect(bike.guarded.description).toContain("**Neupreis:** 2.199 €");
    // A size letter before a full stop ends the sentence: "M." is no "m." (mit).
    expect(bike.guarded.description).toContain("- Canyon Endurace CF 7 Rahmengröße M\n");
  });
});

describe("what is left of a price clause (ADR 088)", () => {
  it("adds no stump of the seller's price phrase ('will noch') as a missing fact", () => {
    const note = "Handy ohne Simlock. NP war 849, will noch 220€ festpreis. Versand möglich";
    const guarded = guardFacts(
      {
        title: "Handy",
        description: "Ich verkaufe mein Handy.\n\n🔧 **Details**\n- Ohne Simlock\n- Neupreis: 849 €\n\n🚚 **Übergabe**\n- Versand möglich",
        notes: [],
      },
      { itemName: "Handy", note, record: { ...NOTHING, priceCents: 22000, shipping: "offered" }, photos: null },
    );
    expect(guarded.description).not.toMatch(/will noch|Weitere Angaben/i);
  });
});

describe("what the text already says (ADR 088)", () => {
  it("finds a name with a version and a new price said with 'zusammen' in the text", () => {
    const note = "Packtaschen. Halterung QL2.1 passt an jeden Gepäckträger. NP zusammen ca 1050€. 690 € VB";
    const guarded = guardFacts(
      {
        title: "Packtaschen",
        description:
          "Ich verkaufe meine Packtaschen.\n\n🔧 **Details**\n- Neupreis: 1.050 €\n- Halterung QL2.1 passt an jeden Gepäckträger",
        notes: [],
      },
      { itemName: "Packtaschen", note, record: { ...NOTHING, priceCents: 69000, priceType: "vb" }, photos: null },
    );
    expect(guarded.description).not.toMatch(/Weitere Angaben/);
  });
});

describe("a stated amount with a thousands dot (ADR 091)", () => {
  it("is found in the text as written, so its clause is not said twice under 'Weitere Angaben'", () => {
    const { guarded } = writeAndGuard(
      "Tefal Raclette-Grill",
      "Das Gerät hat 1.300 Watt und wurde nur an Silvester benutzt, insgesamt etwa fünfmal. Preis: 30 €, Festpreis.",
    );
    expect(guarded.description).toContain("1.300 Watt");
    expect(guarded.description).not.toContain("Weitere Angaben");
  });
});

describe("a handover clause the writer words as the ad does (ADR 092)", () => {
  it("finds '… geht natürlich auch' in the text's '… möglich', so it is not said again under 'Weitere Angaben'", () => {
    const { guarded } = writeAndGuard(
      "Cajon",
      "Cajon aus Birke. 60 € VB. Versand für 8 € möglich, Abholung in Esslingen-Mettingen geht natürlich auch.",
    );
    expect(guarded.description).toContain("Abholung in Esslingen-Mettingen möglich");
    expect(guarded.description).not.toContain("Weitere Angaben");
    expect(guarded.description).not.toContain("Eßlingen");
    // "… ist kein Problem", said "… möglich", with the negation it carries.
    const accordion = writeAndGuard("Akkordeon", "Akkordeon in Rot. 300 € VB. Abholung in Zwickau, ausprobieren vorher ist kein Problem.");
    expect(accordion.guarded.description).toContain("Ausprobieren vorher möglich");
    expect(accordion.guarded.description).not.toContain("Weitere Angaben");
  });
});

describe("a section the guard empties (ADR 094)", () => {
  it("goes with its heading, also right before the closing line", () => {
    const model = {
      title: "Dachträger",
      description: ["Ich verkaufe meinen Dachträger.", "", "🚚 **Übergabe**", "- Versand möglich", "", "Bei Fragen einfach melden."].join(
        "\n",
      ),
      notes: [],
    };
    // Shipping nobody stated: the line goes, and nothing takes its place.
    const record: GuardRecord = { ...NOTHING, priceCents: 4500 };
    const guarded = guardFacts(model, { itemName: "Dachträger", note: "45 euro", record, photos: null });
    expect(guarded.description).not.toContain("🚚 **Übergabe**");
    expect(guarded.description).toMatch(/Bei Fragen einfach melden\.$/);
  });
});
