// The listing carries the seller's shipping from the offer record (ADR 075): the parcel service on a
// policy that offers exactly it, the amount as a complete override; "Käufer zahlt Versand" without
// an amount asked before publishing; a dealer's own delivery stated by the text and the listing;
// and the fake eBay refusing what eBay documents as wrong for these calls.
import { describe, expect, it } from "vitest";
import { call, fakeApi, fakeState, finishedAd, json, sellerToken, setUpSeller } from "./ebay-seller";
import { sellerOffer } from "~/.server/app-worker/ads/create";
import { adTextFieldsSchema } from "~/lib/ad-input";
import { eq } from "drizzle-orm";
import { ads } from "~/.server/db/schema";
import { db } from "./helpers";

async function storedAd(id: string) {
  const [row] = await db().select().from(ads).where(eq(ads.id, id));
  return row;
}

type Policy = {
  fulfillmentPolicyId: string;
  name: string;
  localPickup?: boolean;
  shippingOptions?: Array<{ optionType: string; costType: string; shippingServices: Array<{ shippingServiceCode: string }> }>;
};
type Draft = {
  categoryId: string;
  condition: string;
  priceCents: number;
  offerNotes: string[];
  needsShippingCost: boolean;
  aspects: Array<{ name: string; value: string; required: boolean; mode: string; values: string[] }>;
};

async function draftOf(auth: Record<string, string>, adId: string): Promise<Draft> {
  const response = await call(`/api/ads/${adId}/ebay-draft`, { headers: auth });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<Draft>();
}

async function publish(auth: Record<string, string>, adId: string, extra: Record<string, unknown> = {}) {
  const draft = await draftOf(auth, adId);
  const aspects = Object.fromEntries(
    draft.aspects.map((aspect) => [aspect.name, aspect.value || (aspect.mode === "SELECTION_ONLY" ? aspect.values[0] : "Markenlos")]),
  );
  return call(
    `/api/ads/${adId}/ebay-publish`,
    json(auth, "POST", { categoryId: draft.categoryId, condition: draft.condition, priceCents: draft.priceCents, aspects, ...extra }),
  );
}

async function policiesOf(userId: string): Promise<Policy[]> {
  const answer = await fakeApi(await sellerToken(userId), "GET", "/sell/account/v1/fulfillment_policy?marketplace_id=EBAY_DE");
  return answer.body.fulfillmentPolicies;
}

const services = (policy: Policy) =>
  (policy.shippingOptions ?? []).flatMap((option) => option.shippingServices.map((s) => s.shippingServiceCode));
const eur = (value: string) => ({ value, currency: "EUR" });

describe("the seller's parcel service and amount on eBay", () => {
  it("lists an item sent with Hermes for 7,50 € with Hermes at 7,50 €, not on the DHL policy at 5,49 €", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id, { shipping: "offered", shippingCost: 750, shippingCarrier: "Hermes" });
    expect((await draftOf(seller.auth, ad.id)).offerNotes.join(" ")).toContain("Versand 7,50 € mit Hermes Paket");
    const published = await publish(seller.auth, ad.id);
    expect(published.status, await published.clone().text()).toBe(200);

    const offer = (await fakeState()).offers.find((entry) => entry.sku === `ap-${ad.id}`)!;
    const policy = (await policiesOf(seller.user.id)).find(
      (entry) => entry.fulfillmentPolicyId === offer.listingPolicies.fulfillmentPolicyId,
    )!;
    expect(services(policy)).toEqual(["DE_HermesPaket"]);
    expect(offer.listingPolicies.fulfillmentPolicyId).not.toBe(seller.setup.settings.fulfillmentPolicyId);
    expect(offer.listingPolicies.shippingCostOverrides).toEqual([
      { priority: 1, shippingServiceType: "DOMESTIC", shippingCost: eur("7.50"), additionalShippingCost: eur("7.50") },
    ]);

    // A second Hermes ad at another amount goes on the same policy, with its own amount.
    const second = await finishedAd(seller.user.id, { shipping: "offered", shippingCost: 499, shippingCarrier: "Hermes" });
    expect((await publish(seller.auth, second.id)).status).toBe(200);
    const again = (await fakeState()).offers.find((entry) => entry.sku === `ap-${second.id}`)!;
    expect(again.listingPolicies.fulfillmentPolicyId).toBe(offer.listingPolicies.fulfillmentPolicyId);
    expect(again.listingPolicies.shippingCostOverrides).toEqual([
      { priority: 1, shippingServiceType: "DOMESTIC", shippingCost: eur("4.99"), additionalShippingCost: eur("4.99") },
    ]);
    expect((await policiesOf(seller.user.id)).filter((entry) => services(entry).includes("DE_HermesPaket"))).toHaveLength(1);
  });

  it("uses the seller's own DHL policy for DHL, with the amount overridden", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id, { shipping: "offered", shippingCost: 399, shippingCarrier: "DHL" });
    expect((await publish(seller.auth, ad.id)).status).toBe(200);
    const offer = (await fakeState()).offers.find((entry) => entry.sku === `ap-${ad.id}`)!;
    expect(offer.listingPolicies.fulfillmentPolicyId).toBe(seller.setup.settings.fulfillmentPolicyId);
    expect(offer.listingPolicies.shippingCostOverrides).toEqual([
      { priority: 1, shippingServiceType: "DOMESTIC", shippingCost: eur("3.99"), additionalShippingCost: eur("3.99") },
    ]);
  });
});

describe("„Käufer zahlt Versand“ without an amount", () => {
  it("asks for the amount before publishing, sends nothing without it, and states the given amount everywhere", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id, { shipping: "offered", shippingCost: null, shippingCarrier: "Hermes" });
    const draft = await draftOf(seller.auth, ad.id);
    expect(draft.needsShippingCost).toBe(true);
    expect(draft.offerNotes.join(" ")).toContain("Versandkosten fehlen");

    const refused = await publish(seller.auth, ad.id);
    expect(refused.status).toBe(400);
    expect((await refused.json<{ message: string }>()).message).toContain("Gib die Versandkosten an");
    expect((await fakeState()).offers.some((entry) => entry.sku === `ap-${ad.id}`)).toBe(false);
    expect((await fakeState()).items.some((entry) => entry.sku === `ap-${ad.id}`)).toBe(false);

    const published = await publish(seller.auth, ad.id, { shippingCostCents: 590 });
    expect(published.status, await published.clone().text()).toBe(200);
    expect(await storedAd(ad.id)).toMatchObject({ shippingCost: 590 });
    const state = await fakeState();
    const offer = state.offers.find((entry) => entry.sku === `ap-${ad.id}`)!;
    expect(offer.listingPolicies.shippingCostOverrides).toEqual([
      { priority: 1, shippingServiceType: "DOMESTIC", shippingCost: eur("5.90"), additionalShippingCost: eur("5.90") },
    ]);
    const item = state.items.find((entry) => entry.sku === `ap-${ad.id}`) as unknown as { product: { description: string } };
    expect(item.product.description).toContain("Versand 5,90");
  });
});

describe("a dealer's own delivery", () => {
  it("reads „Lieferung im Umkreis 20 km“ from the note, states it in every copy and lists the item for handover in person", async () => {
    const seller = await setUpSeller({ businessType: "commercial", companyName: "Möbel Meyer GmbH" });
    const fields = adTextFieldsSchema.parse({
      itemName: "Sofa",
      category: "moebel",
      description: "Sofa, 250 € VB, Lieferung im Umkreis 20 km",
    });
    expect(sellerOffer(fields)).toMatchObject({ deliveryKm: 20, shipping: null, askingPrice: 25000 });

    const ad = await finishedAd(seller.user.id, { deliveryKm: 20, shipping: null, pickup: null });
    const own = await (
      await call("/api/ads", { headers: seller.auth })
    ).json<Array<{ id: string; variants: Array<{ platform: string; text: string }> }>>();
    const variants = own.find((entry) => entry.id === ad.id)!.variants;
    expect(variants.length).toBeGreaterThan(0);
    // Every copy but Vinted's, which ships only through Vinted's labels and carries no handover (ADR 041).
    for (const variant of variants.filter((entry) => entry.platform !== "vinted"))
      expect(variant.text).toContain("Lieferung im Umkreis von 20 km");
    expect((await draftOf(seller.auth, ad.id)).offerNotes.join(" ")).toContain("Lieferung im Umkreis von 20 km");

    expect((await publish(seller.auth, ad.id)).status).toBe(200);
    const state = await fakeState();
    const offer = state.offers.find((entry) => entry.sku === `ap-${ad.id}`)!;
    // No DHL policy at 5,49 € for a dealer who delivers himself: handover in person, the text names the delivery.
    expect(offer.listingPolicies.fulfillmentPolicyId).toBe(seller.setup.settings.pickupPolicyId);
    const item = state.items.find((entry) => entry.sku === `ap-${ad.id}`) as unknown as { product: { description: string } };
    expect(item.product.description).toContain("Lieferung im Umkreis von 20 km");
  });
});

describe("the fake eBay holds these calls to eBay's documented rules", () => {
  const base = {
    marketplaceId: "EBAY_DE",
    categoryTypes: [{ name: "ALL_EXCLUDING_MOTORS_VEHICLES" }],
    handlingTime: { unit: "DAY", value: 2 },
  };
  const policy = (name: string, service: Record<string, unknown>, costType = "FLAT_RATE") => ({
    ...base,
    name,
    shippingOptions: [{ optionType: "DOMESTIC", costType, shippingServices: [{ sortOrder: 1, shippingCost: eur("5.00"), ...service }] }],
  });

  it("refuses a service EBAY_DE does not know, a carrier that is not the service's and a cost type it does not support", async () => {
    const seller = await setUpSeller();
    const token = await sellerToken(seller.user.id);
    const path = "/sell/account/v1/fulfillment_policy/";
    const unknown = await fakeApi(token, "POST", path, policy("a", { shippingServiceCode: "DE_HermesExpress" }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].parameters).toEqual([{ name: "fieldName", value: "shippingServiceCode" }]);
    const carrier = await fakeApi(token, "POST", path, policy("b", { shippingServiceCode: "DE_HermesPaket", shippingCarrierCode: "DHL" }));
    expect(carrier.body.errors[0].parameters).toEqual([{ name: "fieldName", value: "shippingCarrierCode" }]);
    const calculated = await fakeApi(token, "POST", path, policy("c", { shippingServiceCode: "DE_HermesPaket" }, "CALCULATED"));
    expect(calculated.body.errors[0].parameters).toEqual([{ name: "fieldName", value: "costType" }]);
    expect((await fakeApi(token, "POST", path, policy("d", { shippingServiceCode: "DE_DPDClassic" }))).status).toBe(201);
  });

  it("refuses a surcharge, an additional cost above the cost, and an updateOffer that drops a cost field the offer holds", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id, { shipping: "offered", shippingCost: 650, shippingCarrier: "DHL" });
    const token = await sellerToken(seller.user.id);
    expect((await publish(seller.auth, ad.id)).status).toBe(200);
    const offer = (await fakeState()).offers.find((entry) => entry.sku === `ap-${ad.id}`)!;
    const {
      offerId,
      sku: _sku,
      marketplaceId: _m,
      format: _f,
      seller: _seller,
      status: _s,
      listing: _l,
      ...details
    } = offer as unknown as Record<string, unknown> & {
      offerId: string;
      listingPolicies: Record<string, unknown>;
    };
    const update = (override: Record<string, unknown>) =>
      fakeApi(token, "PUT", `/sell/inventory/v1/offer/${offerId}`, {
        ...details,
        listingPolicies: {
          ...details.listingPolicies,
          shippingCostOverrides: [{ priority: 1, shippingServiceType: "DOMESTIC", ...override }],
        },
      });
    const surcharge = await update({ shippingCost: eur("6.50"), additionalShippingCost: eur("6.50"), surcharge: eur("1.00") });
    expect(surcharge.status).toBe(400);
    const above = await update({ shippingCost: eur("6.50"), additionalShippingCost: eur("7.00") });
    expect(above.status).toBe(400);
    const dropped = await update({ shippingCost: eur("6.50") });
    expect(dropped.status).toBe(400);
    expect(dropped.body.errors[0].parameters).toEqual([
      { name: "field", value: "listingPolicies.shippingCostOverrides.additionalShippingCost" },
    ]);
    expect((await update({ shippingCost: eur("6.00"), additionalShippingCost: eur("6.00") })).status).toBe(204);
  });
});
