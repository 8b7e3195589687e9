// The landing page promises only what the running AI mode does (ADR 035): the offline writer
// reads no photos, so no serial number, brand, model or defect "erkannt", no photo analysis in the
// plans; a model mode keeps them.
import { describe, expect, it } from "vitest";
import { landingPromises, planFeatures } from "~/lib/landing-promises";
import { PLANS, OFFERED_PLANS, UPGRADE_PLANS } from "~/lib/plans";

const PHOTO_CLAIMS = /Seriennummer|erkannt|Herstellerinfo|Bildanalyse|Mängelerkennung|siehe Foto/;

describe("landing promises per AI mode", () => {
  it("offline: nothing read from a photo is promised, and the example's facts all come from its note", () => {
    const offline = landingPromises(true);
    const everything = [offline.hero, ...offline.benefits.flatMap((benefit) => [benefit.title, benefit.text]), offline.demo.after].join(
      "\n",
    );
    expect(everything).not.toMatch(PHOTO_CLAIMS);
    for (const plan of [...OFFERED_PLANS, ...UPGRADE_PLANS]) expect(planFeatures(plan, true).join("\n"), plan.id).not.toMatch(PHOTO_CLAIMS);
    // The example's price and place are the note's, as the offline writer keeps them.
    expect(offline.demo.before).toMatch(/80 VB/);
    expect(offline.demo.after).toContain("80 € VB");
    expect(offline.demo.before).toMatch(/köln/);
    expect(offline.demo.after).toContain("Köln");
  });

  it("with a model: photo recognition is promised, and the plans keep their features", () => {
    const model = landingPromises(false);
    expect(model.benefits.map((benefit) => benefit.title)).toContain("Seriennummer erkannt");
    expect(model.demo.after).toMatch(/Seriennummer erkannt/);
    expect(planFeatures(PLANS.pro_pack, false)).toEqual(PLANS.pro_pack.features);
  });

  it("offline plans say how the price is made instead of a price recommendation", () => {
    expect(planFeatures(PLANS.pro_pack, true)).toContain("Preis aus deinen Angaben oder dem Neupreis");
    expect(planFeatures(PLANS.pro_pack, true)).not.toContain("Preisempfehlung");
    expect(planFeatures(PLANS.pro_pack, true)).toContain("10 KI-Anzeigen");
  });
});
