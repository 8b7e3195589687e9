// What a category allows beyond conditions and aspects (ADR 073), end to end inside workerd against
// the local fake eBay: Best Offer only where the category has it (else a fixed price, the VB said in
// the text and told to the seller in the draft); a dealer's GPSR manufacturer and EU responsible
// person where the category requires them (private sellers untouched); trading cards' condition
// descriptors. First the fake, which answers the Metadata API's policies and refuses as eBay
// documents; then the app through its own endpoints.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  call,
  errorOf,
  fakeApi,
  fakeApplicationToken,
  fakeSellerWithTerms,
  fakeState,
  finishedAd,
  json,
  publishAtFake,
  rawItem,
  rawOffer,
  sellerToken,
  setUpSeller,
} from "./ebay-seller";

const FAKE = env.FAKE_EBAY_URL;

type Draft = {
  categoryId: string;
  aspects: Array<{ name: string; value: string; required: boolean; mode: string; values: string[] }>;
  conditions: Array<{
    value: string;
    label: string;
    descriptors: Array<{ id: string; name: string; values: Array<{ id: string; name: string }> }>;
  }>;
  condition: string | null;
  priceCents: number;
  offerNotes: string[];
};

async function businessAccount(token: string) {
  const response = await fetch(`${FAKE}/__control/business-account?token=${encodeURIComponent(token)}`, { method: "POST" });
  expect(response.status).toBe(200);
}

async function draftOf(auth: Record<string, string>, adId: string, categoryId?: string): Promise<Draft> {
  const response = await call(`/api/ads/${adId}/ebay-draft${categoryId ? `?categoryId=${categoryId}` : ""}`, { headers: auth });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<Draft>();
}

function publish(auth: Record<string, string>, adId: string, draft: Draft, extra: Record<string, unknown> = {}) {
  const aspects = Object.fromEntries(draft.aspects.map((aspect) => [aspect.name, aspect.value || (aspect.required ? "Markenlos" : "")]));
  return call(
    `/api/ads/${adId}/ebay-publish`,
    json(auth, "POST", { categoryId: draft.categoryId, condition: draft.condition, priceCents: draft.priceCents, aspects, ...extra }),
  );
}

const atEbay = async (adId: string) => {
  const state = await fakeState();
  return {
    offer: state.offers.find((entry) => entry.sku === `ap-${adId}`) as (typeof state.offers)[number] & { regulatory?: unknown },
    item: state.items.find((entry) => entry.sku === `ap-${adId}`) as (typeof state.items)[number] & {
      product: { description: string };
      conditionDescriptors?: unknown;
    },
  };
};

const GPSR = {
  manufacturer: {
    companyName: "Shenzhen Toys Co., Ltd.",
    street: "Bao'an Road 12",
    postalCode: "518000",
    city: "Shenzhen",
    country: "CN",
    email: "service@sz-toys.example",
  },
  responsiblePerson: {
    companyName: "Spielwaren Import Meyer GmbH",
    street: "Hafenstraße 3",
    postalCode: "20095",
    city: "Hamburg",
    country: "DE",
    email: "gpsr@meyer-import.example",
  },
};

describe("the fake eBay answers the Metadata API's category policies and refuses as eBay documents", () => {
  it("names each category's Best Offer features and refuses Best Offer where the category has none (25024)", async () => {
    const { access_token, terms } = await fakeSellerWithTerms();
    const policies = await fakeApi(
      await fakeApplicationToken(),
      "GET",
      "/sell/metadata/v1/marketplace/EBAY_DE/get_negotiated_price_policies?filter=categoryIds%3A%7B173634%7C20667%7D",
    );
    expect(policies.status).toBe(200);
    expect(policies.body.negotiatedPricePolicies).toEqual([
      {
        categoryId: "173634",
        categoryTreeId: "77",
        bestOfferAutoAcceptEnabled: false,
        bestOfferAutoDeclineEnabled: false,
        bestOfferCounterEnabled: false,
      },
      {
        categoryId: "20667",
        categoryTreeId: "77",
        bestOfferAutoAcceptEnabled: true,
        bestOfferAutoDeclineEnabled: true,
        bestOfferCounterEnabled: true,
      },
    ]);
    const ticket = rawItem({ condition: "NEW", product: { ...rawItem().product, title: "Konzertkarte", aspects: {} } });
    const refused = await publishAtFake(
      access_token,
      "bo-1",
      ticket,
      rawOffer("bo-1", {
        ...terms,
        categoryId: "173634",
        listingDuration: "GTC",
        listingPolicies: { ...terms.listingPolicies, bestOfferTerms: { bestOfferEnabled: true } },
      }),
    );
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      errorId: 25024,
      parameters: [{ name: "additionalInfo", value: "listingPolicies.bestOfferTerms.bestOfferEnabled" }],
    });
    const fixed = await publishAtFake(
      access_token,
      "bo-2",
      ticket,
      rawOffer("bo-2", { ...terms, categoryId: "173634", listingDuration: "GTC" }),
    );
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
  });

  it("names the categories that require the manufacturer (GPSR) and holds a business seller to it (25111, 25115)", async () => {
    const { access_token, terms } = await fakeSellerWithTerms();
    const policies = await fakeApi(
      await fakeApplicationToken(),
      "GET",
      "/sell/metadata/v1/marketplace/EBAY_DE/get_regulatory_policies?filter=categoryIds%3A%7B19006%7D",
    );
    expect(policies.body.regulatoryPolicies).toEqual([
      {
        categoryId: "19006",
        categoryTreeId: "77",
        supportedAttributes: [
          { name: "MANUFACTURER_CONTACT", usage: "REQUIRED" },
          { name: "PRODUCT_SAFETY", usage: "RECOMMENDED" },
        ],
      },
    ]);
    const lego = rawItem({
      condition: "USED_EXCELLENT",
      product: { ...rawItem().product, title: "LEGO City", aspects: { Marke: ["LEGO"] } },
    });
    const offer = (sku: string, extra: Record<string, unknown> = {}) =>
      rawOffer(sku, { ...terms, categoryId: "19006", listingDuration: "GTC", ...extra });
    // A private seller is not held to GPSR.
    expect((await publishAtFake(access_token, "gpsr-1", lego, offer("gpsr-1"))).status).toBe(200);
    await businessAccount(access_token);
    const missing = await publishAtFake(access_token, "gpsr-2", lego, offer("gpsr-2"));
    expect(errorOf(missing)).toMatchObject({ errorId: 25111 });
    const manufacturer = {
      companyName: "Shenzhen Toys",
      addressLine1: "Bao'an Road 12",
      postalCode: "518000",
      city: "Shenzhen",
      country: "CN",
      email: "service@sz-toys.example",
    };
    const outsideEu = await publishAtFake(access_token, "gpsr-3", lego, offer("gpsr-3", { regulatory: { manufacturer } }));
    expect(errorOf(outsideEu)).toMatchObject({ errorId: 25115 });
    const withPerson = await publishAtFake(
      access_token,
      "gpsr-4",
      lego,
      offer("gpsr-4", {
        regulatory: { manufacturer, responsiblePersons: [{ ...manufacturer, country: "DE", types: ["EU_RESPONSIBLE_PERSON"] }] },
      }),
    );
    expect(withPerson.status, JSON.stringify(withPerson.body)).toBe(200);
  });

  it("lists trading cards' condition descriptors and refuses a card without the one its condition requires (25021)", async () => {
    const { access_token, terms } = await fakeSellerWithTerms();
    const policy = await fakeApi(
      await fakeApplicationToken(),
      "GET",
      "/sell/metadata/v1/marketplace/EBAY_DE/get_item_condition_policies?filter=categoryIds%3A%7B183454%7D",
    );
    const ungraded = policy.body.itemConditionPolicies[0].itemConditions.find(
      (entry: { conditionId: string }) => entry.conditionId === "4000",
    );
    expect(ungraded.conditionDescriptors[0]).toMatchObject({
      conditionDescriptorId: "40001",
      conditionDescriptorConstraint: { usage: "REQUIRED", mode: "SELECTION_ONLY" },
    });
    const card = (extra: Record<string, unknown> = {}) =>
      rawItem({
        condition: "USED_VERY_GOOD",
        product: { ...rawItem().product, title: "Glurak", aspects: { Spiel: ["Pokémon TCG"] } },
        ...extra,
      });
    const offer = (sku: string) => rawOffer(sku, { ...terms, categoryId: "183454", listingDuration: "GTC" });
    const refused = await publishAtFake(access_token, "card-1", card(), offer("card-1"));
    expect(errorOf(refused)).toMatchObject({
      errorId: 25021,
      parameters: [{ name: "additionalInfo", value: "conditionDescriptors 40001" }],
    });
    const listed = await publishAtFake(
      access_token,
      "card-2",
      card({ conditionDescriptors: [{ name: "40001", values: ["400012"] }] }),
      offer("card-2"),
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  });
});

describe("the listing the app sends follows the category's policies", () => {
  it("lists a VB ad at a fixed price where the category has no Best Offer, says VB in the text and tells the seller first", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id, {
      itemName: "Konzertkarten",
      optimizedTitle: "2 Konzertkarten Coldplay Berlin",
      optimizedDescription: "Zwei Stehplätze, Innenraum.",
      askingPrice: 15000,
      priceType: "vb",
      priceFloor: 12000,
      imageAnalysis: { brand: null, model: null, serialNumber: null, condition: "Neu", defects: [] },
    });
    const draft = await draftOf(seller.auth, ad.id);
    expect(draft.categoryId).toBe("173634");
    expect(draft.offerNotes[0].replace(/\s/g, " ")).toBe(
      "VB: In dieser eBay-Kategorie gibt es keine Preisvorschläge. Dein Artikel erscheint zum Festpreis von 150 €; die Beschreibung sagt Käufern „Preis VB“ und dass sie dir Vorschläge per Nachricht senden können.",
    );
    expect(draft.offerNotes.join(" ")).not.toContain("Mindestpreis");
    const published = await publish(seller.auth, ad.id, draft);
    expect(published.status, await published.clone().text()).toBe(200);
    const { offer, item } = await atEbay(ad.id);
    expect(offer.listingPolicies.bestOfferTerms).toBeUndefined();
    expect(offer.pricingSummary.price.value).toBe("150.00");
    expect(item.product.description).toContain("Preis VB: Preisvorschläge gern über „Verkäufer kontaktieren“.");
  });

  it("asks a dealer for the manufacturer where the category requires it, names what is missing, then sends it", async () => {
    const dealer = await setUpSeller({ businessType: "commercial", companyName: "Spielwaren Meyer", postalCode: "20095", city: "Hamburg" });
    await businessAccount(await sellerToken(dealer.user.id));
    const ad = await finishedAd(dealer.user.id, {
      itemName: "LEGO City Feuerwehr",
      optimizedTitle: "LEGO City Feuerwehrstation 60320",
      optimizedDescription: "Vollständig, mit Anleitung.",
      imageAnalysis: { brand: "LEGO", model: "60320", serialNumber: null, condition: "Sehr gut", defects: [] },
    });
    const draft = await draftOf(dealer.auth, ad.id);
    expect(draft.categoryId).toBe("19006");
    expect(draft.offerNotes.join(" ")).toContain("eBay verlangt in dieser Kategorie den Hersteller (Firmenname, Anschrift, E-Mail)");
    const refused = await publish(dealer.auth, ad.id, draft);
    expect(refused.status).toBe(400);
    expect((await refused.json<{ message: string }>()).message).toBe(
      "eBay verlangt in dieser Kategorie Angaben zur Produktsicherheit (GPSR): „Hersteller“ (Firmenname, Anschrift, E-Mail) fehlt. Trage sie im Profil unter „Produktsicherheit (GPSR)“ ein und veröffentliche erneut.",
    );
    expect((await atEbay(ad.id)).offer).toBeUndefined();

    // The profile's form: validated in German, a manufacturer outside the EU needs a responsible person in it.
    const noPerson = await call("/api/profile/product-safety", json(dealer.auth, "PUT", { manufacturer: GPSR.manufacturer }));
    expect(noPerson.status).toBe(400);
    expect(await noPerson.json()).toMatchObject({
      fieldErrors: {
        responsiblePerson: "Sitzt der Hersteller außerhalb der EU, verlangt eBay eine verantwortliche Person in der EU. Trage sie ein.",
      },
    });
    const badMail = await call(
      "/api/profile/product-safety",
      json(dealer.auth, "PUT", { ...GPSR, manufacturer: { ...GPSR.manufacturer, email: "keine-mail" } }),
    );
    expect(badMail.status).toBe(400);
    expect(JSON.stringify(await badMail.json())).toContain("Gib eine gültige E-Mail-Adresse des Herstellers an.");
    const saved = await call("/api/profile/product-safety", json(dealer.auth, "PUT", GPSR));
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await (await call("/api/profile/product-safety", { headers: dealer.auth })).json()).toEqual({ productSafety: GPSR });

    expect((await draftOf(dealer.auth, ad.id)).offerNotes.join(" ")).toContain("wir senden „Shenzhen Toys Co., Ltd.“ aus deinem Profil");
    const published = await publish(dealer.auth, ad.id, draft);
    expect(published.status, await published.clone().text()).toBe(200);
    const party = (contact: typeof GPSR.manufacturer) => ({
      companyName: contact.companyName,
      addressLine1: contact.street,
      postalCode: contact.postalCode,
      city: contact.city,
      country: contact.country,
      email: contact.email,
    });
    expect((await atEbay(ad.id)).offer.regulatory).toEqual({
      manufacturer: party(GPSR.manufacturer),
      responsiblePersons: [{ ...party(GPSR.responsiblePerson), types: ["EU_RESPONSIBLE_PERSON"] }],
    });
  });

  it("sends nothing of GPSR for a private seller, nor asks for it", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id, {
      itemName: "LEGO Ninjago",
      optimizedTitle: "LEGO Ninjago Tempel",
      optimizedDescription: "Vollständig.",
      imageAnalysis: { brand: "LEGO", model: null, serialNumber: null, condition: "Sehr gut", defects: [] },
    });
    const draft = await draftOf(seller.auth, ad.id);
    expect(draft.categoryId).toBe("19006");
    expect(draft.offerNotes.join(" ")).not.toContain("GPSR");
    expect((await publish(seller.auth, ad.id, draft)).status).toBe(200);
    expect((await atEbay(ad.id)).offer.regulatory).toBeUndefined();
  });

  it("asks for a trading card's condition descriptor, refuses without it in German, and sends it", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id, {
      itemName: "Pokémon Karte",
      optimizedTitle: "Glurak Sammelkarte Basis-Set",
      optimizedDescription: "Ungegradet, aus der Sammlung.",
      imageAnalysis: { brand: null, model: null, serialNumber: null, condition: "Sehr gut", defects: [] },
    });
    const draft = await draftOf(seller.auth, ad.id);
    expect(draft.categoryId).toBe("183454");
    expect(draft.conditions.map((entry) => [entry.value, entry.label, entry.descriptors.map((descriptor) => descriptor.name)])).toEqual([
      ["LIKE_NEW", "Gradiert", ["Professioneller Gutachter", "Note"]],
      ["USED_VERY_GOOD", "Nicht gradiert", ["Kartenzustand"]],
    ]);
    const ungraded = { ...draft, condition: "USED_VERY_GOOD" };
    const refused = await publish(seller.auth, ad.id, ungraded);
    expect(refused.status).toBe(400);
    expect((await refused.json<{ message: string }>()).message).toBe(
      "eBay verlangt beim Zustand „Nicht gradiert“ die Angabe „Kartenzustand“. Wähle sie aus der Liste.",
    );
    const published = await publish(seller.auth, ad.id, ungraded, { conditionDescriptors: { "40001": "400012" } });
    expect(published.status, await published.clone().text()).toBe(200);
    expect((await atEbay(ad.id)).item.conditionDescriptors).toEqual([{ name: "40001", values: ["400012"] }]);
  });
});
