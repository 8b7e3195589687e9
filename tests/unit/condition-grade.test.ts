// A condition grade is the seller's fact: stated only where the seller wrote it in grade words or
// picked it (app/lib/condition-grade.ts); a grade read from other words is no surface's to state.
import { describe, expect, it } from "vitest";
import { conditionWords, gradeStatedBySeller, paymentMethods, paymentWords, statedCondition } from "~/lib/condition-grade";

describe("a grade the seller stated", () => {
  it.each([
    ["Sehr gut", "Stabmixer, sehr gut erhalten, 15 €"],
    ["Gut", "Sofa, gut erhalten"],
    ["Neuwertig", "Jacke, wie neu, nur anprobiert"],
    ["Neuwertig", "Neuwertiger Toaster"],
    ["Neu", "Lego 42115, OVP ungeöffnet"],
    ["Neu", "Neu und OVP, 30 €"],
    ["Defekt – für Bastler", "Handy defekt, für Bastler"],
    ["Akzeptabel", "Tisch mit deutlichen Gebrauchsspuren"],
  ])("%s for „%s“", (grade, note) => {
    expect(gradeStatedBySeller(grade, note)).toBe(grade);
  });

  it.each([
    ["Sehr gut", "Stabmixer, funktioniert tadellos, 15 €"],
    ["Neuwertig", "Waffeleisen, zweimal benutzt"],
    ["Neuwertig", "Babyschale, kaum benutzt"],
    ["Sehr gut", "Gitarre, gepflegt, Top"],
    ["Sehr gut", "Nähmaschine, neuwertig, Kratzer am Gehäuse"],
    ["Neu", "Fahrrad, Neupreis 900 €, Akku neu"],
    ["Neu", "neu gekauft 2021, läuft"],
    ["Neuwertig", "nicht mehr wie neu"],
    ["Defekt – für Bastler", "Akku lädt nicht mehr"],
    ["Defekt – für Bastler", "keine Defekte"],
    ["Gut", "Monitor, 50 € VB"],
  ])("none for %s from „%s“", (grade, note) => {
    expect(gradeStatedBySeller(grade, note)).toBeNull();
  });

  it("states a grade the seller picked, whatever the note says", () => {
    const ad = { itemName: "Kaffeemaschine", originalDescription: "läuft", description: "läuft" };
    expect(statedCondition({ ...ad, imageAnalysis: { condition: "Gut", conditionPicked: true } })).toBe("Gut");
    expect(statedCondition({ ...ad, imageAnalysis: { condition: "Gut" } })).toBeNull();
    expect(statedCondition({ ...ad, imageAnalysis: null })).toBeNull();
  });
});

describe("the seller's own words", () => {
  it("takes the condition clauses of the note as typed, not the offer's", () => {
    expect(conditionWords("Stabmixer Bosch, funktioniert tadellos, zweimal benutzt, 15 €, Abholung in Köln")).toEqual([
      "funktioniert tadellos",
      "zweimal benutzt",
    ]);
    expect(conditionWords("Sofa 3-Sitzer, zu verschenken, nur Abholung")).toEqual([]);
    // The box is contents, not condition; "Zustand gut" is quoted as "gut" after "Zum Zustand:" (ADR 086).
    expect(conditionWords("LEGO 42056, anleitung u. ovp sind dabei, Zustand gut")).toEqual(["gut"]);
    // A decimal comma stays in its number: "2,5 Jahre" is no "5 Jahre".
    expect(conditionWords("handy ist jetzt ca 2,5 jahre alt und lief immer einwandfrei")).toEqual([
      "handy ist jetzt ca 2,5 jahre alt und lief immer einwandfrei",
    ]);
  });

  it("names the payment methods the seller named, none they refused", () => {
    expect(paymentMethods("Bezahlung bar oder per Überweisung")).toEqual(["Überweisung", "bar"]);
    expect(paymentMethods("Versand nur mit PayPal Waren und Dienstleistungen")).toEqual(["PayPal"]);
    expect(paymentMethods("kein PayPal, verfügbar ab Montag")).toEqual([]);
    // Refused after the method: PayPal is then not a stated way to pay.
    expect(paymentMethods("Preis 240€ inkl. Versand. Paypal Freunde nein.")).toEqual([]);
    expect(paymentMethods("Bar bei Abholung, PayPal geht leider nicht")).toEqual(["bar"]);
  });
});

describe("the seller's condition words with what goes on from them (ADR 090)", () => {
  it("quotes 'aber …' with the clause before it", () => {
    expect(conditionWords("Hab es als Wiedereinsteiger gekauft, aber seit Corona kaum noch gespielt.")).toEqual([
      "Hab es als Wiedereinsteiger gekauft, aber seit Corona kaum noch gespielt",
    ]);
  });
});

describe("payment words (ADR 091)", () => {
  it("reads no cash payment from 'abschließbar' and keeps 'u.' inside a payment clause", () => {
    expect(paymentMethods("Deckel ist abschließbar, aber der Schlüssel ist weg. 35 euro, nur abholung")).toEqual([]);
    expect(paymentWords("bezahlung paypal waren u. dienstleistungen. lg")).toEqual(["bezahlung paypal waren u. dienstleistungen"]);
  });
});
