// A new eBay seller set up from zero (ADR 045), inside workerd against the local fake eBay: a new
// fake seller has what a new eBay account has — nothing; the fake refuses the set-up calls as eBay
// documents; "eBay einrichten" creates the location and the policies once, on the seller's
// confirmation; and a pickup-only ad is listed at its own place with the pickup policy.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings, marketplaceConnections } from "~/.server/db/schema";
import { OPT_IN_PENDING, PLACE_MISSING } from "~/.server/app-worker/ebay/setup";
import { db } from "./helpers";
import { call, connectedSeller, fakeApi, fakeTokens, finishedAd, json, ownEbaySetup, sellerToken, setUp, setUpSeller } from "./ebay-seller";

const FAKE = env.FAKE_EBAY_URL;
const SPM = "SELLING_POLICY_MANAGEMENT";
const CATEGORY = [{ name: "ALL_EXCLUDING_MOTORS_VEHICLES" }];

type Account = {
  seller: string;
  programs: string[];
  fulfillmentPolicies: Array<Record<string, unknown> & { fulfillmentPolicyId: string; name: string; localPickup?: boolean }>;
  paymentPolicies: Array<Record<string, unknown>>;
  returnPolicies: Array<Record<string, unknown>>;
  locations: Array<{ merchantLocationKey: string; location: { address: Record<string, string> } }>;
};
type FakeState = {
  offers: Array<{ sku: string; seller: string; merchantLocationKey: string; listingPolicies: Record<string, unknown> }>;
  accounts: Account[];
  requests: Array<{ method: string; path: string; seller: string | null }>;
};

const fakeState = async () => (await fetch(`${FAKE}/__state`)).json<FakeState>();

/** The fake's account of the seller behind an access token. */
async function accountOf(token: string): Promise<Account> {
  const response = await fetch(`${FAKE}/__control/account?token=${encodeURIComponent(token)}`);
  expect(response.status).toBe(200);
  return response.json<Account>();
}

/** Creating calls the setup sends (opt-in, policies, locations), in the fake's request log. */
const CREATING =
  /^\/sell\/(account\/v1\/(program\/opt_in|fulfillment_policy\/|payment_policy|return_policy)|inventory\/v1\/location\/[^/]+)$/;

describe("the fake eBay: a new seller has nothing, and the set-up calls are as strict as eBay's", () => {
  it("starts a new seller with no location, no policy and no business-policy programme", async () => {
    const { access_token } = await fakeTokens();
    expect((await fakeApi(access_token, "GET", "/sell/account/v1/program/get_opted_in_programs")).body).toEqual({ programs: [] });
    for (const kind of ["fulfillment_policy", "payment_policy", "return_policy"]) {
      const list = await fakeApi(access_token, "GET", `/sell/account/v1/${kind}?marketplace_id=EBAY_DE`);
      expect(list.body.total, kind).toBe(0);
    }
    expect((await fakeApi(access_token, "GET", "/sell/inventory/v1/location")).body.locations).toEqual([]);
  });

  it("creates policies only after the opt-in, with the documented required fields and unique names", async () => {
    const { access_token } = await fakeTokens();
    const pickup = { name: "Nur Abholung", marketplaceId: "EBAY_DE", categoryTypes: CATEGORY, localPickup: true };
    const refused = await fakeApi(access_token, "POST", "/sell/account/v1/fulfillment_policy/", pickup);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ errorId: 20403, domain: "API_ACCOUNT" });

    expect((await fakeApi(access_token, "POST", "/sell/account/v1/program/opt_in", { programType: SPM })).status).toBe(200);
    const again = await fakeApi(access_token, "POST", "/sell/account/v1/program/opt_in", { programType: SPM });
    expect([again.status, again.body.errors[0].errorId]).toEqual([409, 25803]);

    const { categoryTypes: _, ...noCategory } = pickup;
    expect((await fakeApi(access_token, "POST", "/sell/account/v1/fulfillment_policy/", noCategory)).body.errors[0].errorId).toBe(20401);
    const longName = { ...pickup, name: "x".repeat(65) };
    expect((await fakeApi(access_token, "POST", "/sell/account/v1/fulfillment_policy/", longName)).body.errors[0].errorId).toBe(20403);
    const created = await fakeApi(access_token, "POST", "/sell/account/v1/fulfillment_policy/", pickup);
    expect(created.status).toBe(201);
    const duplicate = await fakeApi(access_token, "POST", "/sell/account/v1/fulfillment_policy/", pickup);
    expect(duplicate.body.errors[0]).toMatchObject({
      errorId: 20400,
      parameters: [{ name: "DuplicateProfileId", value: created.body.fulfillmentPolicyId }],
    });

    // Shipping needs a handling time and a known EBAY_DE service with its cost.
    const dhl = {
      name: "DHL",
      marketplaceId: "EBAY_DE",
      categoryTypes: CATEGORY,
      shippingOptions: [
        {
          optionType: "DOMESTIC",
          costType: "FLAT_RATE",
          shippingServices: [{ sortOrder: 1, shippingServiceCode: "DE_DHLPaket", shippingCost: { value: "5.49", currency: "EUR" } }],
        },
      ],
    };
    expect((await fakeApi(access_token, "POST", "/sell/account/v1/fulfillment_policy/", dhl)).body.errors[0].errorId).toBe(20401);
    const unknownService = structuredClone({ ...dhl, handlingTime: { unit: "DAY", value: 2 } });
    unknownService.shippingOptions[0].shippingServices[0].shippingServiceCode = "USPSPriority";
    expect((await fakeApi(access_token, "POST", "/sell/account/v1/fulfillment_policy/", unknownService)).body.errors[0].errorId).toBe(
      20403,
    );

    // Returns: nothing else for motor vehicles; accepted returns need a period and who pays.
    const returns = { name: "Rückgabe", marketplaceId: "EBAY_DE", categoryTypes: CATEGORY, returnsAccepted: true };
    expect((await fakeApi(access_token, "POST", "/sell/account/v1/return_policy", returns)).body.errors[0].errorId).toBe(20401);
    const motors = { ...returns, returnsAccepted: false, categoryTypes: [{ name: "MOTORS_VEHICLES" }] };
    expect((await fakeApi(access_token, "POST", "/sell/account/v1/return_policy", motors)).body.errors[0].errorId).toBe(20403);
    const sevenDays = { ...returns, returnPeriod: { unit: "DAY", value: 7 }, returnShippingCostPayer: "BUYER" };
    expect((await fakeApi(access_token, "POST", "/sell/account/v1/return_policy", sevenDays)).body.errors[0].errorId).toBe(20406);
  });

  it("creates an inventory location once, from a documented key and an address with its postal code", async () => {
    const { access_token } = await fakeTokens();
    const place = { location: { address: { postalCode: "80331", country: "DE" } } };
    const tooLong = await fakeApi(access_token, "POST", `/sell/inventory/v1/location/${"k".repeat(37)}`, place);
    expect(tooLong.body.errors[0].errorId).toBe(25800);
    const noAddress = await fakeApi(access_token, "POST", "/sell/inventory/v1/location/lager", {});
    expect(noAddress.body.errors[0].errorId).toBe(25801);
    const noPostalCode = await fakeApi(access_token, "POST", "/sell/inventory/v1/location/lager", {
      location: { address: { city: "München", country: "DE" } },
    });
    expect(noPostalCode.body.errors[0]).toMatchObject({ errorId: 25801, parameters: [{ name: "fieldName", value: "postalCode" }] });
    expect((await fakeApi(access_token, "POST", "/sell/inventory/v1/location/lager", place)).status).toBe(204);
    const twice = await fakeApi(access_token, "POST", "/sell/inventory/v1/location/lager", place);
    expect([twice.status, twice.body.errors[0].errorId]).toEqual([409, 25803]);
    expect((await fakeApi(access_token, "GET", "/sell/inventory/v1/location")).body.locations).toHaveLength(1);
  });

  it("refuses a publish without policies (25017), with another seller's policy (25007–25009) and at an unknown location (25012)", async () => {
    const seller = await setUpSeller();
    const token = await sellerToken(seller.user.id);
    // updateOffer's body names no sku, marketplace or format; createOffer's does.
    const terms = {
      availableQuantity: 1,
      categoryId: "20667",
      listingDuration: "GTC",
      pricingSummary: { price: { value: "50.00", currency: "EUR" } },
    };
    const item = {
      availability: { shipToLocationAvailability: { quantity: 1 } },
      condition: "USED_EXCELLENT",
      product: {
        title: "Kaffee",
        description: "gut",
        aspects: { Marke: ["DeLonghi"] },
        imageUrls: ["https://i.ebayimg.com/images/g/a/s-l1600.jpg"],
      },
    };
    expect((await fakeApi(token, "PUT", "/sell/inventory/v1/inventory_item/setup-sku-1", item)).status).toBe(204);
    const offer = { sku: "setup-sku-1", marketplaceId: "EBAY_DE", format: "FIXED_PRICE", ...terms };
    const { offerId } = (await fakeApi(token, "POST", "/sell/inventory/v1/offer", offer)).body;
    const publish = async (changes: Record<string, unknown>) => {
      expect((await fakeApi(token, "PUT", `/sell/inventory/v1/offer/${offerId}`, { ...terms, ...changes })).status).toBe(204);
      return (await fakeApi(token, "POST", `/sell/inventory/v1/offer/${offerId}/publish`)).body.errors[0];
    };
    const { settings } = seller.setup;
    const own = {
      fulfillmentPolicyId: settings.fulfillmentPolicyId,
      paymentPolicyId: settings.paymentPolicyId,
      returnPolicyId: settings.returnPolicyId,
    };
    expect(await publish({})).toMatchObject({ errorId: 25017, message: expect.stringContaining("fulfillmentPolicyId is missing") });
    expect(await publish({ listingPolicies: { ...own, returnPolicyId: undefined } })).toMatchObject({ errorId: 25017 });
    expect(await publish({ listingPolicies: { ...own, paymentPolicyId: "no-such-policy" } })).toMatchObject({ errorId: 25008 });
    expect(await publish({ listingPolicies: own })).toMatchObject({
      errorId: 25017,
      message: expect.stringContaining("merchantLocationKey"),
    });
    expect(await publish({ listingPolicies: own, merchantLocationKey: "ap-plz-99999" })).toMatchObject({ errorId: 25012 });
    const live = await fakeApi(token, "PUT", `/sell/inventory/v1/offer/${offerId}`, {
      ...terms,
      listingPolicies: own,
      merchantLocationKey: settings.merchantLocationKey,
    });
    expect(live.status).toBe(204);
    expect((await fakeApi(token, "POST", `/sell/inventory/v1/offer/${offerId}/publish`)).status).toBe(200);
  });
});

describe("eBay einrichten: a new seller set up from zero", () => {
  it("shows what will be created, creates it on confirmation, and a second click creates nothing", async () => {
    const seller = await connectedSeller({ postalCode: "80331", city: "München" });
    const plan = await (await call("/api/ebay/setup", { headers: seller.auth })).json();
    expect(plan).toEqual({
      optIn: true,
      location: { postalCode: "80331", city: "München" },
      placeMissing: false,
      pickup: true,
      shipping: true,
      payment: true,
      returns: true,
      seller: "private",
    });

    const first = await setUp(seller.auth, { service: "Hermes Paket", shippingCostCents: 699 });
    expect(first.message).toBe("eBay ist eingerichtet");
    expect(first.created).toEqual([
      "Geschäftsrichtlinien in deinem eBay-Konto einschalten (einmalig, kostenlos).",
      "Artikelstandort „80331 München“ aus deinem Profil – Anzeigen mit eigenem Ort erscheinen an ihrem Ort.",
      "Versandrichtlinie „AnzeigenPilot: Nur Abholung“ – für Anzeigen, die nur abgeholt werden.",
      "Versandrichtlinie „AnzeigenPilot: Hermes Paket 6,99 €“ – für Anzeigen mit Versand; nennt eine Anzeige eigene Versandkosten, gelten ihre.",
      "Zahlungsrichtlinie „AnzeigenPilot: Zahlung über eBay“ – Käufer bezahlen über eBay.",
      "Rücknahmerichtlinie „AnzeigenPilot: Keine Rücknahme“ – als Privatverkäufer musst du keine Rücknahme anbieten.",
    ]);

    const token = await sellerToken(seller.user.id);
    const account = await accountOf(token);
    expect(account.programs).toEqual([SPM]);
    expect(account.locations).toEqual([
      expect.objectContaining({
        merchantLocationKey: "ap-plz-80331",
        locationTypes: ["WAREHOUSE"],
        location: { address: { postalCode: "80331", city: "München", country: "DE" } },
      }),
    ]);
    const [pickup, shipping] = account.fulfillmentPolicies;
    expect(pickup).toMatchObject({
      name: "AnzeigenPilot: Nur Abholung",
      localPickup: true,
      marketplaceId: "EBAY_DE",
      categoryTypes: CATEGORY,
    });
    expect(pickup.shippingOptions).toBeUndefined();
    expect(shipping).toMatchObject({
      name: "AnzeigenPilot: Hermes Paket 6,99 €",
      handlingTime: { unit: "DAY", value: 2 },
      shippingOptions: [
        {
          optionType: "DOMESTIC",
          costType: "FLAT_RATE",
          shippingServices: [{ sortOrder: 1, shippingServiceCode: "DE_HermesPaket", shippingCost: { value: "6.99", currency: "EUR" } }],
        },
      ],
    });
    expect(account.paymentPolicies).toEqual([
      expect.objectContaining({ name: "AnzeigenPilot: Zahlung über eBay", marketplaceId: "EBAY_DE" }),
    ]);
    expect(account.returnPolicies).toEqual([expect.objectContaining({ name: "AnzeigenPilot: Keine Rücknahme", returnsAccepted: false })]);
    // The settings know the shipping and the pickup policy.
    expect(first.settings).toEqual({
      fulfillmentPolicyId: shipping.fulfillmentPolicyId,
      pickupPolicyId: pickup.fulfillmentPolicyId,
      paymentPolicyId: account.paymentPolicies[0].paymentPolicyId,
      returnPolicyId: account.returnPolicies[0].returnPolicyId,
      merchantLocationKey: "ap-plz-80331",
    });
    const status = await (await call("/api/ebay", { headers: seller.auth })).json<{ settings: unknown }>();
    expect(status.settings).toEqual(first.settings);

    // Nothing is missing now; a second click creates nothing and keeps the settings.
    const before = (await fakeState()).requests.length;
    const second = await setUp(seller.auth, { service: "DHL Paket", shippingCostCents: 549 });
    expect(second).toEqual({ message: "eBay war schon eingerichtet – nichts wurde neu angelegt", created: [], settings: first.settings });
    const after = (await fakeState()).requests.slice(before);
    // The fake is shared by every test file: this seller's requests.
    expect(
      after.filter((request) => request.seller === account.seller && request.method === "POST" && CREATING.test(request.path)),
    ).toEqual([]);
    expect(await accountOf(token)).toEqual(account);
  });

  it("gives a dealer the statutory 14 days (or 30) of returns, the buyer paying the return postage", async () => {
    const dealer = await setUpSeller(
      { businessType: "commercial", companyName: "Büro Meyer GmbH", postalCode: "20095", city: "Hamburg" },
      { returnDays: 30 },
    );
    expect(dealer.setup.created.at(-1)).toBe(
      "Rücknahmerichtlinie „AnzeigenPilot: 30 Tage Rückgabe“ – Rückgabe innerhalb von 30 Tagen, Käufer trägt die Rücksendekosten (Widerrufsrecht, § 355 BGB).",
    );
    const account = await accountOf(await sellerToken(dealer.user.id));
    expect(account.returnPolicies).toEqual([
      expect.objectContaining({ returnsAccepted: true, returnPeriod: { unit: "DAY", value: 30 }, returnShippingCostPayer: "BUYER" }),
    ]);
    const refused = await call("/api/ebay/setup", json(dealer.auth, "POST", { returnDays: 7 }));
    expect(refused.status).toBe(400);
    expect((await refused.json<{ message: string }>()).message).toContain("14 oder 30 Tage");
  });

  it("keeps the choice of a seller with their own policies, and adds only the missing pickup policy", async () => {
    const seller = await connectedSeller({ postalCode: "01067", city: "Dresden" });
    const token = await sellerToken(seller.user.id);
    // The seller's own account, set up at eBay: opted in, a location, a policy of each kind.
    const { listingPolicies, merchantLocationKey } = await ownEbaySetup(token, { key: "laden-dresden", postalCode: "01067" });
    const own = { ...listingPolicies, merchantLocationKey };
    expect((await call("/api/ebay/settings", json(seller.auth, "PUT", own))).status).toBe(200);

    const plan = await (await call("/api/ebay/setup", { headers: seller.auth })).json();
    expect(plan).toEqual({
      optIn: false,
      location: null,
      placeMissing: false,
      pickup: true,
      shipping: false,
      payment: false,
      returns: false,
      seller: "private",
    });
    const done = await setUp(seller.auth);
    expect(done.created).toEqual(["Versandrichtlinie „AnzeigenPilot: Nur Abholung“ – für Anzeigen, die nur abgeholt werden."]);
    const account = await accountOf(token);
    const pickup = account.fulfillmentPolicies.find((policy) => policy.localPickup)!;
    expect(done.settings).toEqual({ ...own, pickupPolicyId: pickup.fulfillmentPolicyId });
    expect(account.locations.map((location) => location.merchantLocationKey)).toEqual(["laden-dresden"]);
  });

  it("creates each thing once when the seller clicks twice at the same time", async () => {
    const seller = await connectedSeller({ postalCode: "50667", city: "Köln" });
    const answers = await Promise.all([
      call("/api/ebay/setup", json(seller.auth, "POST", {})),
      call("/api/ebay/setup", json(seller.auth, "POST", {})),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const account = await accountOf(await sellerToken(seller.user.id));
    expect(account.locations).toHaveLength(1);
    expect(account.fulfillmentPolicies.map((policy) => policy.name).sort()).toEqual([
      "AnzeigenPilot: DHL Paket 5,49 €",
      "AnzeigenPilot: Nur Abholung",
    ]);
    expect(account.paymentPolicies).toHaveLength(1);
    expect(account.returnPolicies).toHaveLength(1);
  });

  it("asks for the profile's PLZ first and then creates nothing, not even the opt-in", async () => {
    const seller = await connectedSeller({ postalCode: null, city: null });
    const plan = await (await call("/api/ebay/setup", { headers: seller.auth })).json<{ placeMissing: boolean; location: unknown }>();
    expect(plan).toMatchObject({ placeMissing: true, location: null });
    const refused = await call("/api/ebay/setup", json(seller.auth, "POST", {}));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: PLACE_MISSING, code: "conflict" });
    expect(
      (await fakeApi(await sellerToken(seller.user.id), "GET", "/sell/account/v1/program/get_opted_in_programs")).body.programs,
    ).toEqual([]);
  });

  it("says so while eBay is still letting the seller in, and finishes on a later click", async () => {
    const seller = await connectedSeller({ postalCode: "04109", city: "Leipzig" });
    const token = await sellerToken(seller.user.id);
    await fetch(`${FAKE}/__control/opt-in-delay?token=${encodeURIComponent(token)}&on=true`, { method: "POST" });
    const pending = await call("/api/ebay/setup", json(seller.auth, "POST", {}));
    expect(pending.status).toBe(409);
    expect(await pending.json()).toEqual({ message: OPT_IN_PENDING, code: "conflict" });
    const status = await (await call("/api/ebay", { headers: seller.auth })).json<{ settings: unknown }>();
    expect(status.settings).toBeNull();

    await fetch(`${FAKE}/__control/opt-in-delay?token=${encodeURIComponent(token)}&on=false`, { method: "POST" });
    const done = await setUp(seller.auth);
    // The location made on the first click stays the only one; the rest is created now.
    expect(done.created.map((line) => line.split(" ")[0])).toEqual([
      "Versandrichtlinie",
      "Versandrichtlinie",
      "Zahlungsrichtlinie",
      "Rücknahmerichtlinie",
    ]);
    const account = await accountOf(token);
    expect(account.locations.map((location) => location.merchantLocationKey)).toEqual(["ap-plz-04109"]);
    expect(done.settings.merchantLocationKey).toBe("ap-plz-04109");
  });
});

describe("publishing with the seller's own set-up", () => {
  it("explains in German when eBay refuses a policy that is gone, and keeps the listing as failed", async () => {
    // Settings left from policies that no longer exist at eBay (deleted there, or never set up).
    const seller = await connectedSeller({ postalCode: "10115", city: "Berlin" });
    const gone = { fulfillmentPolicyId: "gone-1", paymentPolicyId: "gone-2", returnPolicyId: "gone-3", merchantLocationKey: "gone-4" };
    await db().update(marketplaceConnections).set({ settings: gone }).where(eq(marketplaceConnections.userId, seller.user.id));
    const ad = await finishedAd(seller.user.id);
    const response = await call(
      `/api/ads/${ad.id}/ebay-publish`,
      json(seller.auth, "POST", { categoryId: "20667", condition: "USED_EXCELLENT", priceCents: 12000, aspects: { Marke: "DeLonghi" } }),
    );
    expect(response.status).toBe(422);
    expect((await response.json<{ message: string }>()).message).toContain("Versandrichtlinie");
    const [listing] = await db().select().from(listings).where(eq(listings.adId, ad.id));
    expect(listing.status).toBe("failed");
  });

  it("lists a pickup-only VB pram in München at München with the pickup policy, from a seller in Berlin", async () => {
    const seller = await setUpSeller({ postalCode: "10115", city: "Berlin" });
    const pram = await finishedAd(seller.user.id, {
      optimizedTitle: "Kinderwagen Bugaboo Fox",
      shipping: "excluded",
      pickup: "offered",
      priceType: "vb",
      askingPrice: 45000,
      postalCode: "81373",
      city: "München",
    });
    const draftOf = async (adId: string) =>
      (await call(`/api/ads/${adId}/ebay-draft`, { headers: seller.auth })).json<{
        categoryId: string;
        condition: string | null;
        conditions: Array<{ value: string }>;
        priceCents: number;
        aspects: Array<{ name: string; required: boolean; values: string[]; value: string }>;
        offerNotes: string[];
      }>();
    expect((await draftOf(pram.id)).offerNotes).toContain("Artikelstandort: 81373 München, wie in deiner Anzeige.");
    // Published as the draft proposes it, required aspects filled.
    const publish = async (adId: string) => {
      const draft = await draftOf(adId);
      const aspects = Object.fromEntries(
        draft.aspects.filter((aspect) => aspect.required).map((aspect) => [aspect.name, aspect.value || aspect.values[0] || "Bugaboo"]),
      );
      const condition = draft.condition ?? draft.conditions[0].value;
      return call(
        `/api/ads/${adId}/ebay-publish`,
        json(seller.auth, "POST", { categoryId: draft.categoryId, condition, priceCents: draft.priceCents, aspects }),
      );
    };
    const published = await publish(pram.id);
    expect(published.status, await published.clone().text()).toBe(200);

    const token = await sellerToken(seller.user.id);
    const state = await fakeState();
    const offer = state.offers.find((entry) => entry.sku === `ap-${pram.id}`)!;
    expect(offer.merchantLocationKey).toBe("ap-plz-81373");
    expect(offer.listingPolicies).toMatchObject({
      fulfillmentPolicyId: seller.setup.settings.pickupPolicyId,
      bestOfferTerms: { bestOfferEnabled: true },
    });
    expect((await accountOf(token)).locations.map((location) => [location.merchantLocationKey, location.location.address])).toEqual([
      ["ap-plz-10115", { postalCode: "10115", city: "Berlin", country: "DE" }],
      ["ap-plz-81373", { postalCode: "81373", city: "München", country: "DE" }],
    ]);

    // A second ad at the same place uses that location; one without a place stands at the profile's.
    const chair = await finishedAd(seller.user.id, { shipping: "excluded", pickup: "offered", postalCode: "81373", city: "München" });
    const lamp = await finishedAd(seller.user.id, { shipping: "offered", pickup: "excluded", shippingCost: 499 });
    expect((await publish(chair.id)).status).toBe(200);
    expect((await publish(lamp.id)).status).toBe(200);
    const later = await fakeState();
    expect(later.offers.find((entry) => entry.sku === `ap-${chair.id}`)!.merchantLocationKey).toBe("ap-plz-81373");
    const shipped = later.offers.find((entry) => entry.sku === `ap-${lamp.id}`)!;
    expect(shipped.merchantLocationKey).toBe("ap-plz-10115");
    expect(shipped.listingPolicies).toMatchObject({
      fulfillmentPolicyId: seller.setup.settings.fulfillmentPolicyId,
      shippingCostOverrides: [
        {
          priority: 1,
          shippingServiceType: "DOMESTIC",
          shippingCost: { value: "4.99", currency: "EUR" },
          additionalShippingCost: { value: "4.99", currency: "EUR" },
        },
      ],
    });
    expect((await accountOf(token)).locations).toHaveLength(2);
  });
});
