import { describe, expect, it } from "vitest";
import { isSafeExtraNote, legalNotes } from "~/lib/legal-notes";
import { applyPlatformRules, cutOnWord, formatDescription, fromFormattedText, PLATFORMS, toFormattedText } from "~/lib/platforms";

describe("platform rules", () => {
  it("cut Kleinanzeigen titles to 65 and eBay titles to 80 characters on a word boundary", () => {
    const title = "Bosch Professional Akkuschrauber GSR 18V-60 C mit zwei Akkus, Ladegerät und L-Boxx Koffer";
    const kleinanzeigen = applyPlatformRules("kleinanzeigen", { title, description: "x" }).title;
    const ebay = applyPlatformRules("ebay", { title, description: "x" }).title;
    expect(kleinanzeigen.length).toBeLessThanOrEqual(65);
    expect(ebay.length).toBeLessThanOrEqual(80);
    expect(title.startsWith(kleinanzeigen)).toBe(true);
    expect(kleinanzeigen).not.toMatch(/[\s,]$/);
    // The cut falls between words, never inside one.
    expect([" ", ","]).toContain(title.charAt(kleinanzeigen.length));
  });

  it("remove links, e-mail addresses and @ on Kleinanzeigen", () => {
    const { description, title } = applyPlatformRules("kleinanzeigen", {
      title: "Sofa @ Köln",
      description: "Mehr Fotos auf https://example.com/sofa oder www.sofa-shop.de\nSchreib an anna@example.de",
    });
    expect(description).not.toMatch(/https?:|www\.|example\.com|sofa-shop\.de|@/);
    expect(title).not.toContain("@");
  });

  it("keep links where the platform allows them", () => {
    const { description } = applyPlatformRules("facebook", { title: "Sofa", description: "Details: https://example.com/sofa" });
    expect(description).toContain("https://example.com/sofa");
  });

  it("limit descriptions by whole lines and leave room for appended text", () => {
    const long = Array.from({ length: 200 }, (_, i) => `- Zeile ${i} mit etwas Text, damit es lang wird`).join("\n");
    const { description } = applyPlatformRules("kleinanzeigen", { title: "t", description: long }, 500);
    expect(description.length).toBeLessThanOrEqual(PLATFORMS.kleinanzeigen.descriptionMax - 500);
    expect(description.split("\n").every((line) => /^- Zeile \d+ mit etwas Text, damit es lang wird$/.test(line))).toBe(true);
  });

  it("keep emojis intact", () => {
    const { description } = applyPlatformRules("kleinanzeigen", { title: "t", description: "📦 **Artikel**\n✨ Zustand" });
    expect(description).toBe("📦 **Artikel**\n✨ Zustand");
  });

  it("cut on words for social previews too", () => {
    expect(cutOnWord("Ein sehr schönes Sofa in Blau", 20)).toBe("Ein sehr schönes");
    expect(cutOnWord("kurz", 20)).toBe("kurz");
  });
});

describe("platform-ready text", () => {
  const ad = { title: "Sofa", description: "📦 **Sofa** in *Blau*\n- Breite 2 m\n- Keine Haustiere" };

  it("turns markup into plain words and bullets for plain-text platforms: no Unicode bold", () => {
    const text = formatDescription("kleinanzeigen", ad.description);
    expect(text).toContain("📦 Sofa in Blau");
    expect(text).not.toMatch(/[\u{1D400}-\u{1D7FF}]/u);
    expect(text).not.toContain("**");
    expect(text).toContain("• Breite 2 m");
  });

  it("gives eBay simple HTML", () => {
    const text = formatDescription("ebay", ad.description);
    expect(text).toContain("<b>Sofa</b>");
    expect(text).toContain("<i>Blau</i>");
    expect(text).toContain("<ul>\n<li>Breite 2 m</li>\n<li>Keine Haustiere</li>\n</ul>");
  });
});

describe("legal notes", () => {
  it("give private sellers a warranty exclusion with the mandatory carve-out", () => {
    const text = legalNotes("private");
    expect(text).toContain("Ausschluss jeglicher Sachmängelhaftung");
    expect(text).toContain("Verletzungen von Leben, Körper und Gesundheit");
    expect(text).toContain("grob fahrlässig oder vorsätzlich");
  });

  it("never give commercial sellers a warranty exclusion; they get imprint and withdrawal notice", () => {
    const text = legalNotes("commercial", { companyName: "Möbel Meier e.K." });
    expect(text).not.toMatch(/Ausschluss|keine Garantie|keine Rücknahme/i);
    expect(text).toContain("Gewerblicher Verkauf durch: Möbel Meier e.K.");
    expect(text).toContain("Widerrufsrecht");
  });

  it("give commercial ads the full imprint from the profile, without doubled punctuation", () => {
    const imprint = {
      companyName: "Möbel Meier e.K.",
      address: "Hauptstr. 1,",
      postalCode: "50667",
      city: "Köln",
      phone: "0221 123456.",
      email: "info@moebel-meier.de",
    };
    expect(legalNotes("commercial", imprint)).toContain(
      "Gewerblicher Verkauf durch: Möbel Meier e.K., Hauptstr. 1, 50667 Köln. Telefon: 0221 123456. E-Mail: info@moebel-meier.de.",
    );
    // Where the platform forbids "@" the e-mail address is left out whole.
    const withoutEmail = legalNotes("commercial", imprint, { email: false });
    expect(withoutEmail).toContain("Gewerblicher Verkauf durch: Möbel Meier e.K., Hauptstr. 1, 50667 Köln. Telefon: 0221 123456.");
    expect(withoutEmail).not.toMatch(/E-Mail|@|\.\.|,\s*\./);
    expect(legalNotes("commercial", { companyName: null })).toContain(
      "Gewerblicher Verkauf durch: Gewerblicher Verkäufer (Angaben im Profil ergänzen).",
    );
  });

  it("drop model-written notes that talk about warranty or liability", () => {
    expect(isSafeExtraNote("Abholung in Berlin-Mitte", "private")).toBe(true);
    expect(isSafeExtraNote("Keine Gewährleistung", "private")).toBe(false);
    expect(isSafeExtraNote("Keine Rücknahme", "commercial")).toBe(false);
  });
});

describe("the editor's formatted text", () => {
  it("shows bold, italic and bullets without markup and turns them back into the same markup", () => {
    const markup = [
      "📦 **PUKY Kinderfahrrad 20 Zoll**",
      "Ich verkaufe mein *fast neues* Rad.",
      "",
      "🔧 **Details**",
      "- **Größe:** 20 Zoll",
      "- **Übergabe** in Köln, 2 Helme",
      "",
      "⚖️ **Rechtliche Hinweise**",
    ].join("\n");
    const shown = toFormattedText(markup);
    expect(shown).not.toContain("*");
    expect(shown).toContain("• ");
    expect(shown.split("\n")[0]).toBe("📦 PUKY Kinderfahrrad 20 Zoll");
    // Lines the seller left alone get their markup back; an edited line keeps what was typed.
    expect(fromFormattedText(shown, markup)).toBe(markup);
    expect(fromFormattedText(shown.replace("2 Helme", "3 Helme"), markup).split("\n")).toContain("- Übergabe in Köln, 3 Helme");
  });

  it("keeps what the seller typed as markup, and plain text plain", () => {
    expect(fromFormattedText("**neu** und - kein Aufzählungspunkt")).toBe("**neu** und - kein Aufzählungspunkt");
    expect(fromFormattedText("Öl, Maße: 2 m")).toBe("Öl, Maße: 2 m");
    // Unicode bold pasted from elsewhere becomes plain letters.
    expect(fromFormattedText("𝗭𝘂𝘀𝘁𝗮𝗻𝗱: gut\n• Kratzer")).toBe("Zustand: gut\n- Kratzer");
  });
});
