// The checks of `npm run eval` (bench/eval/checks.mjs): each fails on a bad ad and passes on a
// good one; the item set is valid API input; the mirrored platform limits match the product's.
import { describe, expect, it } from "vitest";
import { adTextFieldsSchema } from "~/lib/ad-input";
import { LEGAL_HEADING as PRODUCT_LEGAL_HEADING, legalNotes } from "~/lib/legal-notes";
import { containsLink, PLATFORMS } from "~/lib/platforms";
import {
  checkFactsKept,
  checkGerman,
  checkNoFragments,
  checkNothingInvented,
  checkPlatformRules,
  checkPriceKept,
  LEGAL_HEADING,
  PLATFORM_LIMITS,
  resultTable,
  scoreAd,
} from "../../bench/eval/checks.mjs";
import { ITEMS } from "../../bench/eval/items.mjs";
import { photoPng } from "../../bench/eval/photos.mjs";

const item = {
  itemName: "Bosch Akkuschrauber",
  platform: "kleinanzeigen",
  note: "bosch GSR 18V-60 C akkuschrauber, 2 akkus u. ladegerät inkl. L-Boxx. kaum benutzt. nur abholung 81373 münchen. 120 VB",
  facts: ["Bosch", "GSR 18V-60 C", ["Gr. 38", "Größe 38"]],
  price: 12000,
};
const itemWithSize = { ...item, note: `${item.note} Gr. 38` };

const legal = legalNotes("private");
const goodDescription = [
  "📦 **Bosch Akkuschrauber GSR 18V-60 C**",
  "Ich verkaufe meinen Bosch Akkuschrauber GSR 18V-60 C, er wurde kaum benutzt.",
  "",
  "📋 **Lieferumfang**",
  "- 2 Akkus und Ladegerät inkl. L-Boxx (Größe 38)",
  "",
  "🚚 **Abholung & Versand**",
  "- Nur Abholung in 81373 München",
  "",
  legal,
].join("\n");
const good = {
  optimizedTitle: "Bosch Akkuschrauber GSR 18V-60 C mit 2 Akkus",
  optimizedDescription: goodDescription,
  priceSuggestion: 12000,
  platform: "kleinanzeigen",
};

describe("eval checks", () => {
  it("pass every check on a good ad", () => {
    const results = scoreAd(good, itemWithSize);
    expect(Object.values(results).map((result) => result.status)).toEqual(["pass", "pass", "pass", "pass", "pass", "pass"]);
  });

  it("platform rules: fail on a title over the limit, a link or an @ where forbidden", () => {
    expect(checkPlatformRules(good).status).toBe("pass");
    expect(checkPlatformRules({ ...good, optimizedTitle: "x".repeat(66) })).toEqual({ status: "fail", detail: "title 66 > 65 characters" });
    expect(checkPlatformRules({ ...good, platform: "ebay", optimizedTitle: "x".repeat(80) }).status).toBe("pass");
    expect(checkPlatformRules({ ...good, optimizedDescription: "y".repeat(4001) }).detail).toBe("description 4001 > 4000 characters");
    expect(checkPlatformRules({ ...good, optimizedDescription: "Mehr auf www.bosch.de" }).detail).toBe("link: www.bosch.de");
    expect(checkPlatformRules({ ...good, optimizedDescription: "Fragen an max@example.de" }).status).toBe("fail");
    expect(
      checkPlatformRules({ ...good, platform: "facebook", optimizedDescription: "Mehr auf www.bosch.de, Fragen an max@example.de" }).status,
    ).toBe("pass");
    expect(checkPlatformRules({ ...good, optimizedTitle: "" }).detail).toBe("no title");
  });

  it("facts kept: fail when a model number or size of the note is missing; any listed spelling counts", () => {
    expect(checkFactsKept(good, item).status).toBe("pass");
    const shortened = { ...good, optimizedTitle: "Bosch Akkuschrauber", optimizedDescription: "Ich verkaufe meinen Akkuschrauber. Gr. 38" };
    expect(checkFactsKept(shortened, item)).toEqual({ status: "fail", detail: "missing: GSR 18V-60 C" });
    // Case and spaces do not matter ("gsr 18v-60c" keeps "GSR 18V-60 C").
    expect(checkFactsKept({ ...shortened, optimizedTitle: "bosch gsr 18v-60c" }, item).status).toBe("pass");
  });

  it("price kept: fail when the suggestion differs from the stated price; n/a without one; 0 for a gift", () => {
    expect(checkPriceKept(good, item).status).toBe("pass");
    expect(checkPriceKept({ ...good, priceSuggestion: 5000 }, item)).toEqual({
      status: "fail",
      detail: "suggested 50 €, the note says 120 €",
    });
    expect(checkPriceKept({ ...good, priceSuggestion: 5000 }, { ...item, price: null }).status).toBe("n/a");
    expect(checkPriceKept({ ...good, priceSuggestion: 2000 }, { ...item, price: 0 }).status).toBe("fail");
    expect(checkPriceKept({ ...good, priceSuggestion: 0 }, { ...item, price: 0 }).status).toBe("pass");
  });

  it("nothing invented: fail on a condition claim or a title number the note does not support", () => {
    expect(checkNothingInvented(good, item).status).toBe("pass");
    const worn = { ...good, optimizedDescription: "Gebraucht, mit normalen Gebrauchsspuren.\n\n" + legal };
    expect(checkNothingInvented(worn, item)).toEqual({
      status: "fail",
      detail: 'not in the note: "Gebraucht, mit normalen Gebrauchsspuren." (signs of wear)',
    });
    expect(checkNothingInvented(worn, { ...item, note: `${item.note} leichte Kratzer am Griff` }).status).toBe("pass");
    expect(checkNothingInvented({ ...good, optimizedDescription: "Nichtraucherhaushalt, voll funktionsfähig." }, item).detail).toBe(
      'not in the note: "Nichtraucherhaushalt, voll funktionsfähig." (works), "Nichtraucherhaushalt, voll funktionsfähig." (non-smoker)',
    );
    // "ohne OVP" in the note does not support "mit OVP" in the title.
    const box = { ...good, optimizedTitle: "LEGO Technic 42115 – mit OVP" };
    expect(checkNothingInvented(box, { ...item, note: "LEGO Technic 42115, ohne OVP" }).status).toBe("fail");
    expect(checkNothingInvented(box, { ...item, note: "LEGO Technic 42115, OVP u. Anleitung dabei" }).status).toBe("pass");
    expect(checkNothingInvented({ ...good, optimizedTitle: "Bosch GSR 18V-60 C – 2024, 3 Akkus" }, item)).toEqual({
      status: "fail",
      detail: "not in the note: title number 2024, title number 3",
    });
    // The product's legal block ("Keine Garantie") is not the model's claim.
    expect(checkNothingInvented({ ...good, optimizedDescription: `Rest-Garantie bis 2027\n\n${legal}` }, item).status).toBe("fail");
    expect(checkNothingInvented({ ...good, optimizedDescription: legal }, item).status).toBe("pass");
  });

  it("German: fail on an English ad, or on English words the seller did not type", () => {
    expect(checkGerman(good, item).status).toBe("pass");
    const english = {
      ...good,
      optimizedTitle: "Bosch GSR 18V-60 C cordless drill",
      optimizedDescription:
        "I am selling my drill in very good condition. It works perfectly.\n\nPickup in Munich or shipping.\n\n" + legal,
    };
    const result = checkGerman(english, item);
    expect(result.status).toBe("fail");
    expect(result.detail).toMatch(/^German function words \d %/);
    const mixed = { ...good, optimizedTitle: `${good.optimizedTitle}, Shipping möglich` };
    expect(checkGerman(mixed, item)).toEqual({ status: "fail", detail: "English: shipping" });
    expect(checkGerman(mixed, { ...item, note: `${item.note} shipping ok` }).status).toBe("pass");
  });

  it("no fragments: fail on a word cut at an abbreviation dot", () => {
    expect(checkNoFragments(good).status).toBe("pass");
    expect(checkNoFragments({ ...good, optimizedDescription: "- 2 Akkus u\n- Ladegerät inkl. L-Boxx" })).toEqual({
      status: "fail",
      detail: '"Akkus u"',
    });
    expect(checkNoFragments({ ...good, optimizedDescription: "- Komplett m\n- Zubehör" }).detail).toBe('"Komplett m"');
    expect(checkNoFragments({ ...good, optimizedDescription: "- Ca. 2 J\n- Versand ca\n- Macke (s" }).detail).toBe(
      '"2 J", "Versand ca", "(s"',
    );
    // Metres, sizes and "u." with its dot are words, not cuts.
    expect(
      checkNoFragments({
        ...good,
        optimizedDescription: "- Kabel 2 m lang, Größe M\n- Akkus u. Ladegerät, u.a. L-Boxx, geht's\n- Neupreis (NP) 329 €, ca. 3 Jahre",
      }).status,
    ).toBe("pass");
  });

  it("write a table with one row per item, ✓/✗/– and the total", () => {
    const rows = [
      { id: "good", results: scoreAd(good, itemWithSize) },
      { id: "cheap", results: scoreAd({ ...good, priceSuggestion: 100 }, { ...itemWithSize, price: null }) },
      { id: "wrong", results: scoreAd({ ...good, priceSuggestion: 100 }, itemWithSize) },
    ];
    const table = resultTable(rows).split("\n");
    expect(table[0]).toBe("| item | platform rules | facts kept | price kept | nothing invented | German | no fragments | score |");
    expect(table[2]).toBe("| good | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | 6/6 |");
    expect(table[3]).toBe("| cheap | ✓ | ✓ | – | ✓ | ✓ | ✓ | 5/5 |");
    expect(table[4]).toBe("| wrong | ✓ | ✓ | ✗ | ✓ | ✓ | ✓ | 5/6 |");
    expect(table[5]).toBe("| **total** | 3/3 | 3/3 | 1/2 | 3/3 | 3/3 | 3/3 | **16/17 (94 %)** |");
  });
});

describe("eval set-up", () => {
  it("mirror the product's platform limits, link rule and legal heading", () => {
    for (const [platform, rules] of Object.entries(PLATFORMS)) {
      const { titleMax, descriptionMax, allowLinks, allowAt } = rules;
      expect(PLATFORM_LIMITS[platform as keyof typeof PLATFORM_LIMITS]).toEqual({ titleMax, descriptionMax, allowLinks, allowAt });
    }
    expect(Object.keys(PLATFORM_LIMITS)).toEqual(Object.keys(PLATFORMS));
    expect(LEGAL_HEADING).toBe(PRODUCT_LEGAL_HEADING);
    for (const text of [
      "www.delonghi.de",
      "https://x.io/a",
      "shop.example.com/x",
      "kivik.sofa@gmx.at",
      "ECAM 22.110.B",
      "u.a. Grüffelo",
      "9,2 kg",
    ]) {
      const ad = { ...good, optimizedTitle: "Titel", optimizedDescription: text.replace("@", " at ") };
      expect(checkPlatformRules(ad).status === "fail", text).toBe(containsLink(text.replace("@", " at ")));
    }
  });

  it("hold about 15 items that are valid API input, each fact and price taken from its own note", () => {
    expect(ITEMS.length).toBeGreaterThanOrEqual(15);
    expect(new Set(ITEMS.map((entry) => entry.id)).size).toBe(ITEMS.length);
    for (const entry of ITEMS) {
      expect(
        adTextFieldsSchema.safeParse({
          itemName: entry.itemName,
          category: entry.category,
          platform: entry.platform,
          description: entry.note,
        }).success,
        entry.id,
      ).toBe(true);
      const input = `${entry.itemName} ${entry.note}`.toLowerCase().replace(/\s+/g, "");
      for (const fact of entry.facts) {
        const spellings = Array.isArray(fact) ? fact : [fact];
        expect(
          spellings.some((spelling) => input.includes(spelling.toLowerCase().replace(/\s+/g, ""))),
          `${entry.id}: ${spellings[0]}`,
        ).toBe(true);
      }
      if (entry.price) expect(entry.note, entry.id).toContain(String(entry.price / 100));
      if (entry.price === 0) expect(entry.note).toMatch(/zu verschenken/i);
      expect(entry.photos).toBeGreaterThanOrEqual(1);
    }
  });

  it("make valid PNG photos", () => {
    const bytes = photoPng(3, 40, 30);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.readUInt32BE(16)).toBe(40);
    expect(bytes.readUInt32BE(20)).toBe(30);
  });
});
