import { describe, expect, it } from "vitest";
import { adTextOf } from "~/lib/ad-text";
import { legalNotes } from "~/lib/legal-notes";
import { platformRuleErrors, platformVariant, platformVariants, splitLegal } from "~/lib/platform-variants";
import { PLATFORM_VALUES, PLATFORMS } from "~/lib/platforms";

/** Unicode mathematical letters and digits: never in a copy (ADR 029). */
const MATH_LETTERS = /[\u{1D400}-\u{1D7FF}]/u;

const imprint = {
  companyName: "Möbel Meier e.K.",
  address: "Hauptstr. 1",
  postalCode: "50667",
  city: "Köln",
  phone: "0221 123456",
  email: "info@moebel-meier.de",
};

// A generated ad as Facebook stores it: links and the e-mail address are allowed there.
const body = [
  "📦 **Sofa Ektorp** in *Blau*",
  "- Breite 2 m",
  "- Keine Haustiere",
  "Mehr Fotos: https://example.com/sofa oder www.sofa-shop.de",
  "Fragen an anna@example.de",
].join("\n");
const ad = {
  title: "IKEA Ektorp 3er-Sofa in Blau mit waschbaren Bezügen, sehr guter Zustand, Abholung in Köln-Ehrenfeld",
  description: `${body}\n\n${legalNotes("commercial", imprint)}`,
};

describe("platform variants", () => {
  it("compile a variant for each of the five platforms, each within its limits", () => {
    const variants = platformVariants(ad);
    expect(variants.map((variant) => variant.platform)).toEqual(["kleinanzeigen", "ebay", "vinted", "willhaben", "facebook"]);
    for (const variant of variants) {
      const rules = PLATFORMS[variant.platform];
      expect(variant.label).toBe(rules.label);
      expect(variant.title.length).toBeLessThanOrEqual(rules.titleMax);
      expect(variant.titleLength).toBe(variant.title.length);
      expect(variant.description.length).toBeLessThanOrEqual(rules.descriptionMax);
      expect(variant.descriptionLength).toBe(variant.description.length);
      expect(variant.text).toBe(`${variant.title}\n\n${variant.description}`);
      expect(ad.title.startsWith(variant.title)).toBe(true);
    }
  });

  it("put the chosen platform first", () => {
    expect(platformVariants(ad, "vinted").map((variant) => variant.platform)).toEqual([
      "vinted",
      "kleinanzeigen",
      "ebay",
      "willhaben",
      "facebook",
    ]);
  });

  it("Kleinanzeigen: 65-character title, plain headings and bullets, no links, no @, legal notes without e-mail", () => {
    const variant = platformVariant("kleinanzeigen", ad);
    expect(variant.title).toBe("IKEA Ektorp 3er-Sofa in Blau mit waschbaren Bezügen, sehr guter");
    expect(variant.description).toContain("📦 Sofa Ektorp in Blau");
    expect(variant.description).not.toMatch(MATH_LETTERS);
    expect(variant.description).toContain("• Breite 2 m\n• Keine Haustiere");
    expect(variant.description).not.toMatch(/\*|https?:|www\.|example\.com|sofa-shop\.de|@|<\w/);
    expect(variant.description).toContain("⚖️ Rechtliche Hinweise");
    expect(variant.description).toContain("Gewerblicher Verkauf durch: Möbel Meier e.K., Hauptstr. 1, 50667 Köln. Telefon: 0221 123456.");
    expect(variant.description).toContain("Widerrufsrecht");
    expect(variant.description).not.toMatch(/E-Mail|\.\./);
  });

  it("eBay: 80-character title and simple HTML, no links, no e-mail address, legal notes kept", () => {
    const variant = platformVariant("ebay", ad);
    expect(variant.title).toBe("IKEA Ektorp 3er-Sofa in Blau mit waschbaren Bezügen, sehr guter Zustand");
    expect(variant.description).toContain("<p>📦 <b>Sofa Ektorp</b> in <i>Blau</i></p>");
    expect(variant.description).toContain("<ul>\n<li>Breite 2 m</li>\n<li>Keine Haustiere</li>\n</ul>");
    expect(variant.description).toContain("<p>⚖️ <b>Rechtliche Hinweise</b></p>");
    expect(variant.description).toContain("Telefon: 0221 123456.</p>");
    expect(variant.description).not.toMatch(/\*\*|https?:|www\.|example\.com|@|E-Mail/);
  });

  it("Vinted: 60-character title, 2000-character description, plain text, no links", () => {
    const long = `${Array.from({ length: 120 }, (_, i) => `- **Teil ${i}**: passt zu allen Ektorp-Modellen`).join("\n")}\n\n${legalNotes("private")}`;
    const variant = platformVariant("vinted", { title: ad.title, description: long });
    expect(variant.title.length).toBeLessThanOrEqual(60);
    expect(variant.description.length).toBeLessThanOrEqual(2000);
    expect(variant.description).toContain("• Teil 0: passt");
    // Whole lines of the ad's text go; the legal notes stay complete.
    expect(variant.description.endsWith(legalNotes("private").replace("**Rechtliche Hinweise**", "Rechtliche Hinweise"))).toBe(true);
    expect(variant.description).not.toContain(`Teil 119`);
    expect(platformVariant("vinted", ad).description).not.toMatch(/https?:|www\.|example\.com/);
  });

  it("willhaben: 50-character title, plain text, no links and no @", () => {
    const variant = platformVariant("willhaben", ad);
    expect(variant.title).toBe("IKEA Ektorp 3er-Sofa in Blau mit waschbaren");
    expect(variant.description).toContain("📦 Sofa Ektorp in Blau");
    expect(variant.description).not.toMatch(/\*|https?:|www\.|@|<\w/);
    expect(variant.description).toContain("Widerrufsrecht");
  });

  it("Facebook Marketplace: 100-character title, plain text, links and the imprint's e-mail kept", () => {
    const variant = platformVariant("facebook", ad);
    expect(variant.title).toBe("IKEA Ektorp 3er-Sofa in Blau mit waschbaren Bezügen, sehr guter Zustand, Abholung in Köln-Ehrenfeld");
    expect(variant.description).toContain("https://example.com/sofa");
    expect(variant.description).toContain("E-Mail: info@moebel-meier.de.");
    expect(variant.description).toContain("• Breite 2 m");
    expect(variant.description).not.toContain("**");
  });

  it("keep every variant inside the rules it is checked against", () => {
    for (const platform of PLATFORM_VALUES) {
      const variant = platformVariant(platform, ad);
      // The rule check reads markup; a compiled variant has none left that could grow.
      expect(platformRuleErrors(platform, { title: variant.title, description: variant.description })).toEqual({});
    }
  });

  it("split the legal block from the ad's own text", () => {
    expect(splitLegal(`Text\n\n${legalNotes("private")}`)).toEqual({ body: "Text", legal: legalNotes("private") });
    expect(splitLegal("Nur Text")).toEqual({ body: "Nur Text", legal: "" });
  });
});

describe("edit rules", () => {
  it("refuse an over-long title with the platform's limit, in German", () => {
    const title = "x".repeat(94);
    expect(platformRuleErrors("kleinanzeigen", { title, description: "Gut" })).toEqual({
      optimizedTitle: "Der Titel ist für Kleinanzeigen zu lang: 94 von höchstens 65 Zeichen.",
    });
    expect(platformRuleErrors("facebook", { title, description: "Gut" })).toEqual({});
  });

  it("flag links and @ where the platform forbids them", () => {
    const errors = platformRuleErrors("kleinanzeigen", { title: "Sofa @ Köln", description: "Fotos: www.sofa.de" });
    expect(errors.optimizedTitle).toBe("E-Mail-Adressen und „@“ sind bei Kleinanzeigen nicht erlaubt. Bitte entferne sie aus dem Titel.");
    expect(errors.optimizedDescription).toBe(
      "Links und Webadressen sind bei Kleinanzeigen nicht erlaubt. Bitte entferne sie aus der Beschreibung.",
    );
    expect(platformRuleErrors("ebay", { title: "Sofa @ Köln", description: "Gut" })).toEqual({});
    expect(platformRuleErrors("facebook", { title: "Sofa", description: "https://example.com anna@example.de" })).toEqual({});
  });

  it("count the description as the platform's field takes it (plain text: markers do not count; eBay: the HTML)", () => {
    const description = `**${"a".repeat(2010)}**`;
    expect(platformRuleErrors("vinted", { title: "t", description }).optimizedDescription).toBe(
      "Die Beschreibung ist für Vinted zu lang: 2010 von höchstens 2000 Zeichen.",
    );
    expect(platformRuleErrors("vinted", { title: "t", description: `**${"a".repeat(1990)}**` }).optimizedDescription).toBeUndefined();
  });
});

describe("paste-ready copies (ADR 029)", () => {
  const markup = [
    "📦 **Kleiderschrank PAX** 𝗪𝗛-𝟭𝟬𝟬𝟬𝗫𝗠𝟰",
    "Ich verkaufe meinen Kleiderschrank.",
    "",
    "🔧 **Details**",
    "- **Maße:** 200 x 60 x 236 cm",
    "- Fragen gern per WhatsApp an 0171 2345678",
    "",
    "🚚 **Abholung & Versand**",
    "- Nur Abholung in 81373 München",
    "- Versand über Vinted möglich",
  ].join("\n");
  const wardrobe = {
    title: "Kleiderschrank PAX 𝗪𝗛-𝟭𝟬𝟬𝟬𝗫𝗠𝟰 – 200x60x236 cm, nur Abholung",
    description: `${markup}\n\n${legalNotes("private")}`,
    priceLabel: "80 € VB",
  };

  it("has no Unicode mathematical letter in any title or text, model numbers in plain letters", () => {
    for (const variant of platformVariants(wardrobe)) {
      for (const text of [variant.title, variant.description, variant.plainText, variant.html ?? "", variant.text])
        expect(text, variant.platform).not.toMatch(MATH_LETTERS);
      expect(variant.title).toContain("WH-1000XM4");
    }
  });

  it("gives eBay HTML with a plain-text fallback, the others plain text only", () => {
    const ebay = platformVariant("ebay", wardrobe);
    expect(ebay.html).toContain("<b>Maße:</b>");
    expect(ebay.plainText).toContain("• Maße: 200 x 60 x 236 cm");
    expect(ebay.plainText).not.toMatch(/<\/?[a-z]+>|\*\*/);
    const kleinanzeigen = platformVariant("kleinanzeigen", wardrobe);
    expect(kleinanzeigen.html).toBeNull();
    expect(kleinanzeigen.plainText).toBe(kleinanzeigen.description);
  });

  it("writes handover and contact lines per platform: Vinted ships through Vinted, the others never mention it", () => {
    // A pickup-only item: no shipping line anywhere, Vinted's copy included; the notice says why.
    const vinted = platformVariant("vinted", wardrobe);
    expect(vinted.description).not.toMatch(/versand/i);
    expect(vinted.description).not.toMatch(/0171|WhatsApp|81373|Nur Abholung in/);
    expect(vinted.notice).toMatch(/^Nur Abholung/);
    for (const platform of ["kleinanzeigen", "ebay", "willhaben", "facebook"] as const) {
      const variant = platformVariant(platform, wardrobe);
      expect(variant.description, platform).not.toMatch(/vinted/i);
      expect(variant.description, platform).toMatch(/Nur Abholung in 81373 München/);
      expect(variant.notice).toBeNull();
    }
    const shirt = platformVariant("vinted", { ...wardrobe, description: "📦 **Shirt**\n- Gr. M" });
    expect(shirt.notice).toBeNull();
    expect(shirt.description).toContain("Versand über Vinted");
    // The seller's "inkl. Versand" cannot stand on Vinted: the notice says so, the other copies keep it (ADR 093).
    const offer = { shipping: "offered", pickup: null, shippingCost: 0, shippingCarrier: null, place: null, swap: null } as const;
    const included = { title: "Shirt", description: "📦 **Shirt**\n- Gr. M", shipping: "offered", priceLabel: "12 €", offer };
    expect(platformVariant("vinted", included).notice).toBe(
      "Nicht in dieser Fassung: „Versand inklusive“. Auf Vinted bezahlen Käufer den Versand beim Kauf in der App, eine Abholung gibt es dort nicht – prüfe, ob dein Preis hier gleich bleiben soll.",
    );
    // The seller's own shipping cost and a pickup offered are said too, never dropped silently.
    const both = { ...included, offer: { ...offer, pickup: "offered", shippingCost: 499 } } as const;
    expect(platformVariant("vinted", both).notice).toBe(
      "Nicht in dieser Fassung: deine Versandkosten (4,99 €) und die Abholung. Auf Vinted bezahlen Käufer den Versand beim Kauf in der App, eine Abholung gibt es dort nicht.",
    );
    expect(platformVariant("vinted", included).description).not.toContain("inklusive");
    expect(platformVariant("kleinanzeigen", included).description).toContain("Versand inklusive");
    expect(platformVariant("kleinanzeigen", included).notice).toBeNull();
    // Two handover headings (the seller's and the offer's) still make one shipping line.
    const twice = platformVariant("vinted", {
      ...wardrobe,
      description: "📦 **Shirt**\n- Gr. M\n\n🚚 **Übergabe**\n- Versand mgl, Abholung auch\n\n🚚 Übergabe: Versand",
    });
    expect(twice.description.split("Versand über Vinted")).toHaveLength(2);
    // "📍 Standort" keeps its place on Vinted; the shipping has a heading of its own (ADR 095: the place was replaced by it).
    const placed = platformVariant("vinted", { ...wardrobe, description: "📦 **Wagenheber**\n- Gr. M\n\n📍 **Standort**\n- Bad Dürkheim" });
    expect(placed.description).toContain("📍 Standort\n• Bad Dürkheim");
    expect(placed.description).toContain("🚚 Versand\n• Versand über Vinted");
  });

  it("shortens only the copy whose platform is too short, on whole lines, and says so on that copy", () => {
    const lines = Array.from({ length: 40 }, (_, index) => `- Detail ${index + 1}: die Schublade läuft leicht und schließt sauber`);
    const ad = { title: "Vitrine Eiche", description: `📦 **Vitrine**\n${lines.join("\n")}`, priceLabel: "85 € VB" };
    const vinted = platformVariant("vinted", ad);
    expect(vinted.descriptionLength).toBeLessThanOrEqual(2000);
    expect(vinted.description).toContain("Preis: 85 € VB");
    // Whole lines only: every line it keeps is a line of the ad.
    const kept = vinted.description.split("\n").filter((line) => line.includes("Detail"));
    expect(kept.length).toBeGreaterThan(10);
    for (const line of kept) expect(lines).toContain(line.replace(/^• /, "- "));
    expect(vinted.notice).toMatch(/^Für Vinted gekürzt: Mehr als 2\.000 Zeichen passen hier nicht, deshalb fehlen die letzten \d+ Zeilen/);
    for (const platform of ["kleinanzeigen", "ebay", "willhaben", "facebook"] as const) {
      const variant = platformVariant(platform, ad);
      expect(variant.notice, platform).toBeNull();
      expect(variant.plainText, platform).toContain("Detail 40: die Schublade läuft leicht und schließt sauber");
    }
    // One overlong line gives way word by word, never mid-word.
    const words = Array.from({ length: 400 }, (_, index) => `wort${index}`).join(" ");
    const oneLine = platformVariant("vinted", { title: "Vitrine", description: words });
    expect(oneLine.notice).toMatch(/deshalb fehlt das Ende deines Anzeigentexts/);
    expect(words.startsWith(oneLine.description.trim())).toBe(true);
    expect(words.split(" ")).toContain(oneLine.description.trim().split(" ").at(-1));
  });

  it("carries the seller's price exactly in every variant", () => {
    for (const variant of platformVariants(wardrobe)) expect(variant.plainText, variant.platform).toContain("Preis: 80 € VB");
  });
});

describe("the handover in a copy (ADR 086)", () => {
  const handoverAd = {
    title: "Sofa Grau",
    description: [
      "📦 **Sofa**",
      "Ich verkaufe mein Sofa.",
      "",
      "🚚 **Übergabe**",
      "- Nur Abholung in Kiel",
      "- Kein Versand",
      "- Abholung ab 18 Uhr",
      "",
      "Bei Fragen einfach melden.",
    ].join("\n"),
    offer: { shipping: "excluded", pickup: "offered", shippingCost: null, shippingCarrier: null, place: "Kiel", swap: null },
  } as const;

  it("says once what the offer line states, and keeps the seller's lines that say more", () => {
    for (const platform of ["kleinanzeigen", "ebay", "willhaben", "facebook"] as const) {
      const text = platformVariant(platform, handoverAd).plainText;
      expect(text, platform).toContain("Übergabe: Kein Versand · Abholung in Kiel");
      expect(text, platform).not.toContain("Nur Abholung in Kiel");
      expect(text.match(/Kein Versand/g), platform).toHaveLength(1);
      // "ab 18 Uhr" is no part of the record: the seller's line goes under the offer's handover line,
      // and the copy has one handover heading.
      expect(text, platform).toMatch(/Übergabe: Kein Versand · Abholung in Kiel\n[-•] Abholung ab 18 Uhr/);
      expect(text.match(/Übergabe/g), platform).toHaveLength(1);
    }
  });

  it("drops a handover heading whose every line the offer line states", () => {
    const ad = { ...handoverAd, description: handoverAd.description.replace("- Abholung ab 18 Uhr\n", "") };
    const text = platformVariant("kleinanzeigen", ad).plainText;
    expect(text).not.toMatch(/^🚚 Übergabe$/m);
    expect(text).toContain("Übergabe: Kein Versand · Abholung in Kiel");
  });

  it("says the handover in the seller's words where they state every fact of the offer line (ADR 089)", () => {
    const ad = {
      ...handoverAd,
      description: handoverAd.description.replace(
        "- Nur Abholung in Kiel\n- Kein Versand\n- Abholung ab 18 Uhr",
        "- Versand als versichertes Paket für 6€ oder abholen in Kiel Gaarden",
      ),
      offer: { shipping: "offered", pickup: "offered", shippingCost: 600, shippingCarrier: null, place: "Kiel", swap: null },
    } as const;
    for (const platform of ["kleinanzeigen", "ebay", "willhaben", "facebook"] as const) {
      const text = platformVariant(platform, ad).plainText;
      expect(text, platform).toContain("Übergabe: Versand als versichertes Paket für 6 € oder abholen in Kiel Gaarden");
      expect(text.match(/Übergabe|Versand/g), platform).toHaveLength(2);
    }
    // A bare amount of the seller's is written in euros ("oder 30 bei Abholung").
    const pickupPrice = {
      ...ad,
      description: ad.description.replace(/- Versand als .*/, "- Inkl. Versand mit Hermes oder 30 bei Abholung in Kiel"),
      offer: { ...ad.offer, shippingCost: 0, shippingCarrier: "Hermes" },
    } as const;
    expect(platformVariant("kleinanzeigen", pickupPrice).plainText).toContain(
      "Übergabe: Inkl. Versand mit Hermes oder 30 € bei Abholung in Kiel",
    );
    // A cost the seller's words do not state (corrected in the editor): the offer line stays, the seller's line under it.
    const corrected = { ...ad, offer: { ...ad.offer, shippingCost: 750 } } as const;
    expect(platformVariant("kleinanzeigen", corrected).plainText).toMatch(
      // … its amounts in euros as every handover line (ADR 092).
      /Übergabe: Versand 7,50 € · Abholung in Kiel\n[-•] Versand als versichertes Paket für 6 € oder abholen in Kiel Gaarden/,
    );
  });

  it("puts the seller's words in the place of the part they state, and payment under the line (ADR 089)", () => {
    const ad = {
      ...handoverAd,
      description: handoverAd.description.replace(
        "- Nur Abholung in Kiel\n- Kein Versand\n- Abholung ab 18 Uhr",
        "- PayPal Freunde oder Überweisung\n- Keine Abholung möglich, bin gerade viel unterwegs",
      ),
      offer: { shipping: "offered", pickup: "excluded", shippingCost: 0, shippingCarrier: null, place: null, swap: null },
    } as const;
    const text = platformVariant("kleinanzeigen", ad).plainText;
    expect(text).toMatch(
      /Übergabe: Versand inklusive · Keine Abholung möglich, bin gerade viel unterwegs\n[-•] PayPal Freunde oder Überweisung/,
    );
    expect(text.match(/Abholung/g)).toHaveLength(1);
  });

  it("reads shipping included in the seller's words ('Versand übernehme ich') as the offer line's (ADR 092)", () => {
    const ad = {
      ...handoverAd,
      description: handoverAd.description.replace(
        "- Nur Abholung in Kiel\n- Kein Versand\n- Abholung ab 18 Uhr",
        "- Das Porto zahle ich, oder gern auch Abholung in Kiel",
      ),
      offer: { shipping: "offered", pickup: "offered", shippingCost: 0, shippingCarrier: null, place: "Kiel", swap: null },
    } as const;
    const text = platformVariant("kleinanzeigen", ad).plainText;
    expect(text).toContain("Übergabe: Das Porto zahle ich, oder gern auch Abholung in Kiel");
    expect(text).not.toContain("Versand inklusive");
  });

  it("keeps the seller's handover lines where no offer line states the handover", () => {
    const text = platformVariant("kleinanzeigen", { ...handoverAd, offer: null }).plainText;
    expect(text).toContain("Nur Abholung in Kiel");
  });
});

describe("a per-piece price beside the lot's (ADR 088)", () => {
  const record = {
    itemName: "Babykleidung Paket",
    optimizedTitle: "Babykleidung Paket Gr. 62/68",
    optimizedDescription: "📦 **Babykleidung Paket**\nIch verkaufe hier: Babykleidung Paket.",
    askingPrice: 3500,
    priceType: null,
    priceSuggestion: null,
    priceMin: null,
    priceMax: null,
    priceBasis: "asking",
    shipping: "offered",
    pickup: "offered",
    shippingCost: 500,
    shippingCarrier: "DHL",
    swap: null,
    deliveryKm: null,
    postalCode: null,
    city: "Nürnberg",
  } as const;

  it("stands in the price line of every copy, and only where the seller gave one", () => {
    const withPiece = platformVariant("kleinanzeigen", adTextOf({ ...record, perPiecePrice: 200 })).plainText;
    expect(withPiece).toContain("Preis: 35 € (einzeln je 2 €)");
    expect(platformVariant("kleinanzeigen", adTextOf({ ...record, perPiecePrice: null })).plainText).toMatch(/Preis: 35 €\n/);
  });
});

describe("pickup in the seller's words (ADR 092)", () => {
  it("reads 'ihr holt sie … ab' as the offer line's pickup, so pickup is said once", () => {
    const ad = {
      title: "Jacke",
      description: [
        "📦 **Jacke**",
        "Ich verkaufe meine Jacke.",
        "",
        "🚚 **Übergabe**",
        "- Zzgl. 4 € Versand, oder ihr holt sie in Lemgo ab",
        "",
      ].join("\n"),
      offer: { shipping: "offered", pickup: "offered", shippingCost: 400, shippingCarrier: null, place: "Lemgo", swap: null },
    } as const;
    const text = platformVariant("kleinanzeigen", ad).plainText;
    expect(text).toContain("Übergabe: Zzgl. 4 € Versand, oder ihr holt sie in Lemgo ab");
    expect(text.match(/Lemgo/g)).toHaveLength(1);
  });
});

describe("a bare amount before 'als' (ADR 092)", () => {
  it("writes it in euros", () => {
    const ad = {
      title: "Axt",
      description: ["📦 **Axt**", "", "🚚 **Übergabe**", "- Versand geht für 7,50 als Paket oder abholen in Celle", ""].join("\n"),
      offer: { shipping: "offered", pickup: "offered", shippingCost: 750, shippingCarrier: null, place: "Celle", swap: null },
    } as const;
    expect(platformVariant("kleinanzeigen", ad).plainText).toContain("Versand geht für 7,50 € als Paket oder abholen in Celle");
  });
});

describe("a price per piece in the handover lines (ADR 092)", () => {
  it("writes 'einzeln 18 + Porto' in euros", () => {
    const ad = {
      title: "Jeans",
      description: ["📦 **Jeans**", "", "🚚 **Übergabe**", "- Inkl. Versand", "- Einzeln 18 + Porto", ""].join("\n"),
      offer: { shipping: "offered", pickup: null, shippingCost: 0, shippingCarrier: null, place: null, swap: null },
    } as const;
    expect(platformVariant("kleinanzeigen", ad).plainText).toContain("Einzeln 18 € + Porto");
  });
});

describe("Vinted's shipping section where the ad says nothing of the handover (ADR 094)", () => {
  it("stands before the closing line, like the ad's other sections", () => {
    const ad = {
      title: "Teleskop",
      description: [
        "📦 **Teleskop**",
        "Ich verkaufe mein Teleskop.",
        "",
        "🔧 **Details**",
        "- Mit Stativ",
        "",
        "Bei Fragen einfach melden.",
      ].join("\n"),
      offer: { shipping: null, pickup: null, shippingCost: null, shippingCarrier: null, place: null, swap: null },
    } as const;
    const text = platformVariant("vinted", ad).plainText;
    expect(text.indexOf("🚚 Versand")).toBeGreaterThan(text.indexOf("Mit Stativ"));
    expect(text.indexOf("🚚 Versand")).toBeLessThan(text.indexOf("Bei Fragen einfach melden."));
  });
});

describe("Vinted's title without 'nur Abholung' (ADR 094)", () => {
  it("drops the pickup highlight Vinted cannot carry, and keeps it elsewhere", () => {
    const ad = {
      title: "Wohnwand Eiche rustikal 3-teilig – nur Abholung",
      description: "📦 **Wohnwand**\n\n🚚 **Übergabe**\n- Nur Abholung",
      offer: { shipping: "excluded", pickup: "offered", shippingCost: null, shippingCarrier: null, place: null, swap: null },
    } as const;
    expect(platformVariant("vinted", ad).title).toBe("Wohnwand Eiche rustikal 3-teilig");
    expect(platformVariant("vinted", { ...ad, title: "Sofa – top, nur Abholung" }).title).toBe("Sofa – top");
    expect(platformVariant("kleinanzeigen", ad).title).toBe("Wohnwand Eiche rustikal 3-teilig – nur Abholung");
  });
});

describe("a giveaway on Vinted (ADR 094)", () => {
  it("is said beside the copy: Vinted lists nothing without a price", () => {
    const ad = {
      title: "Holzschlitten",
      description: "📦 **Holzschlitten**\n\n🚚 **Übergabe**\n- Nur Abholung",
      priceLabel: "Zu verschenken",
      offer: { shipping: "excluded", pickup: "offered", shippingCost: null, shippingCarrier: null, place: "Jena", swap: null },
    } as const;
    expect(platformVariant("vinted", ad).notice).toContain("Zu verschenken: Auf Vinted hat jeder Artikel einen Preis");
    expect(platformVariant("kleinanzeigen", ad).notice).toBeNull();
  });
});
