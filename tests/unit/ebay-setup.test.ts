// "eBay einrichten" (ADR 045): what the form shows is what will be created, the policy names fit
// eBay's limit, the input is refused in German, and eBay's refusals of a publish without policies
// or location are explained in German with what to do.
import { describe, expect, it } from "vitest";
import { explainEbayError } from "~/.server/ebay/errors";
import { ebaySetupInputSchema, policyNames, SETUP_SERVICES, setupNeeded, setupSteps, type EbaySetupPlan } from "~/lib/ebay-setup";

const nothing: EbaySetupPlan = {
  optIn: false,
  location: null,
  placeMissing: false,
  pickup: false,
  shipping: false,
  payment: false,
  returns: false,
  seller: "private",
};

describe("eBay einrichten", () => {
  it("lists exactly what is missing, and nothing when nothing is", () => {
    const input = ebaySetupInputSchema.parse({});
    expect(input).toEqual({ service: "DHL Paket", shippingCostCents: 549, returnDays: 14 });
    expect(setupNeeded(nothing)).toBe(false);
    expect(setupSteps(nothing, input)).toEqual([]);
    const onlyPickup = { ...nothing, pickup: true };
    expect(setupNeeded(onlyPickup)).toBe(true);
    expect(setupSteps(onlyPickup, input)).toEqual([
      "Versandrichtlinie „AnzeigenPilot: Nur Abholung“ – für Anzeigen, die nur abgeholt werden.",
    ]);
    const shipping = setupSteps({ ...nothing, shipping: true }, { ...input, service: "DHL Päckchen", shippingCostCents: 0 });
    expect(shipping).toEqual([
      "Versandrichtlinie „AnzeigenPilot: DHL Päckchen kostenlos“ – für Anzeigen mit Versand; nennt eine Anzeige eigene Versandkosten, gelten ihre.",
    ]);
  });

  it("gives a private seller no returns and a dealer the period chosen", () => {
    const input = ebaySetupInputSchema.parse({ returnDays: 30 });
    expect(setupSteps({ ...nothing, returns: true }, input)[0]).toContain("„AnzeigenPilot: Keine Rücknahme“");
    expect(setupSteps({ ...nothing, returns: true, seller: "commercial" }, input)[0]).toContain(
      "„AnzeigenPilot: 30 Tage Rückgabe“ – Rückgabe innerhalb von 30 Tagen",
    );
  });

  it("names every policy within eBay's 64 characters", () => {
    for (const service of SETUP_SERVICES)
      for (const seller of ["private", "commercial"] as const) {
        const names = policyNames(ebaySetupInputSchema.parse({ service: service.label, shippingCostCents: 9999 }), seller);
        for (const name of Object.values(names)) expect(name.length, name).toBeLessThanOrEqual(64);
      }
  });

  it("refuses an unknown service, a negative cost and another return period, in German", () => {
    const refused = ebaySetupInputSchema.safeParse({ service: "Brieftaube", shippingCostCents: -1, returnDays: 7 });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((issue) => issue.message)).toEqual([
      "Wähle einen Versanddienst aus der Liste.",
      "Die Versandkosten können nicht negativ sein.",
      "Wähle 14 oder 30 Tage Rückgabe.",
    ]);
  });

  it("explains a publish without policies or location in German", () => {
    expect(explainEbayError({ errorId: 25017, message: "listingPolicies.paymentPolicyId is missing. …" })).toBe(
      "Für eBay fehlt eine Versand-, Zahlungs- oder Rücknahmerichtlinie. Richte eBay im Profil unter „eBay“ ein und veröffentliche erneut.",
    );
    const location =
      "eBay kennt den Artikelstandort nicht. Richte eBay im Profil unter „eBay“ ein (Standort aus deiner PLZ) und veröffentliche erneut.";
    expect(explainEbayError({ errorId: 25017, message: "merchantLocationKey is missing." })).toBe(location);
    expect(explainEbayError({ errorId: 25012, message: "Invalid inventory location." })).toBe(location);
    expect(explainEbayError({ errorId: 25017, message: "categoryId is missing." })).toBe(
      "Bei eBay fehlt eine Pflichtangabe (eBay: categoryId is missing.). Ergänze sie und veröffentliche erneut.",
    );
  });
});
