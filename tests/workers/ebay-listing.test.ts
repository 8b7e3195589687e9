// The listing eBay gets (ADR 046), end to end inside workerd against the local fake eBay: first the
// fake refuses, with eBay's documented error ids, what eBay's documentation forbids for a listing's
// content; then the app, through its own endpoints, drafts and publishes what eBay takes — GTC,
// the category's conditions and aspects, a real choice of category, pictures through the Media
// API, Best Offer with the seller's minimum as auto-decline, the parcel where shipping is
// calculated — and refuses in German, before anything is sent, what would not fit.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads, listings } from "~/.server/db/schema";
import { TINY_JPEG } from "../fixtures/images";
import { modelKeyFor } from "~/.server/storage/photo-keys";
import {
  addFulfillmentPolicy,
  call,
  connectedSeller,
  errorOf,
  fakeApi,
  fakeApplicationToken,
  fakeSellerWithTerms,
  fakeState,
  fakeTokens,
  json,
  publishAtFake,
  sellerToken,
  setUpSeller,
} from "./ebay-seller";
import { db, ebayEnv, insertAd } from "./helpers";

const FAKE = env.FAKE_EBAY_URL;
/** Policy ids and a location of no seller: enough for createOffer, refused at publish (ADR 045). */
const POLICIES = { fulfillmentPolicyId: "no-such-1", paymentPolicyId: "no-such-2", returnPolicyId: "no-such-3" };

type Draft = {
  categories: Array<{ categoryId: string; categoryName: string; path: string }>;
  categoryId: string;
  aspects: Array<{ name: string; required: boolean; mode: string; values: string[]; value: string; maxLength: number }>;
  conditions: Array<{ value: string; label: string }>;
  condition: string | null;
  priceCents: number | null;
  offerNotes: string[];
  needsPackage: boolean;
};

// --- the fake, called directly --------------------------------------------------------------

const item = (overrides: Record<string, unknown> = {}, product: Record<string, unknown> = {}) => ({
  availability: { shipToLocationAvailability: { quantity: 1 } },
  condition: "USED_EXCELLENT",
  product: {
    title: "Winterjacke Jack Wolfskin",
    description: "<p>Warm</p>",
    aspects: { Marke: ["Jack Wolfskin"], Größe: ["M"], Abteilung: ["Herren"] },
    imageUrls: ["https://i.ebayimg.com/images/g/a/s-l1600.jpg"],
    ...product,
  },
  ...overrides,
});
const offer = (sku: string, overrides: Record<string, unknown> = {}) => ({
  sku,
  marketplaceId: "EBAY_DE",
  format: "FIXED_PRICE",
  availableQuantity: 1,
  categoryId: "57988",
  listingDuration: "GTC",
  listingPolicies: POLICIES,
  merchantLocationKey: "no-such-location",
  pricingSummary: { price: { value: "35.00", currency: "EUR" } },
  ...overrides,
});

describe("the fake eBay refuses a listing's content as eBay documents it", () => {
  it("takes https picture URLs only (25015)", async () => {
    const { access_token } = await fakeTokens();
    const http = await fakeApi(
      access_token,
      "PUT",
      "/sell/inventory/v1/inventory_item/pic-1",
      item({}, { imageUrls: ["http://localhost:8787/images/a.jpg"] }),
    );
    expect(http.status).toBe(400);
    expect(errorOf(http)).toMatchObject({
      errorId: 25015,
      parameters: [{ name: "additionalInfo", value: "http://localhost:8787/images/a.jpg" }],
    });
  });

  it("holds aspect values to 50 characters (25016)", async () => {
    const { access_token } = await fakeTokens();
    const long = await fakeApi(
      access_token,
      "PUT",
      "/sell/inventory/v1/inventory_item/asp-1",
      item({}, { aspects: { Marke: ["x".repeat(51)] } }),
    );
    expect(errorOf(long).errorId).toBe(25016);
    expect(
      (await fakeApi(access_token, "PUT", "/sell/inventory/v1/inventory_item/asp-1", item({}, { aspects: { Marke: ["x".repeat(50)] } })))
        .status,
    ).toBe(204);
  });

  it("publishes a fixed-price offer only with listingDuration GTC (25709 for another, 25017 when missing)", async () => {
    const { access_token, terms } = await fakeSellerWithTerms();
    const days = await publishAtFake(access_token, "gtc-1", item(), offer("gtc-1", { ...terms, listingDuration: "DAYS_7" }));
    expect(errorOf(days)).toMatchObject({ errorId: 25709, parameters: [{ name: "fieldName", value: "listingDuration" }] });
    const { listingDuration: _omitted, ...without } = offer("gtc-2", terms);
    const missing = await publishAtFake(access_token, "gtc-2", item(), without);
    expect(errorOf(missing)).toMatchObject({ errorId: 25017, parameters: [{ name: "additionalInfo", value: "listingDuration" }] });
    expect((await publishAtFake(access_token, "gtc-3", item(), offer("gtc-3", terms))).status).toBe(200);
  });

  it("answers each category's condition policy and refuses a condition it does not allow (25021)", async () => {
    const { access_token, terms } = await fakeSellerWithTerms();
    const policy = await fakeApi(
      access_token,
      "GET",
      "/sell/metadata/v1/marketplace/EBAY_DE/get_item_condition_policies?filter=categoryIds%3A%7B57988%7D",
    );
    const ids = policy.body.itemConditionPolicies[0].itemConditions.map((entry: { conditionId: string }) => entry.conditionId);
    expect(ids).toEqual(["1000", "1500", "1750", "2990", "3000", "3010"]);
    // USED_GOOD (5000) is no condition of clothing.
    const refused = await publishAtFake(access_token, "cond-1", item({ condition: "USED_GOOD" }), offer("cond-1", terms));
    expect(errorOf(refused)).toMatchObject({ errorId: 25021, parameters: [{ name: "additionalInfo", value: "condition USED_GOOD" }] });
    const unknown = await fakeApi(
      access_token,
      "GET",
      "/sell/metadata/v1/marketplace/EBAY_DE/get_item_condition_policies?filter=categoryIds%3A%7B1%7D",
    );
    expect(unknown.body).toMatchObject({ itemConditionPolicies: [], warnings: [{ errorId: 46003 }] });
  });

  it("refuses a missing required aspect (25029) and a value outside a SELECTION_ONLY list (25032) with eBay's {field}", async () => {
    const { access_token, terms } = await fakeSellerWithTerms();
    // The Taxonomy API takes the app's token, not the seller's (ADR 072).
    const aspects = await fakeApi(
      await fakeApplicationToken(),
      "GET",
      "/commerce/taxonomy/v1/category_tree/77/get_item_aspects_for_category?category_id=57988",
    );
    expect(aspects.body.aspects).toContainEqual(
      expect.objectContaining({
        localizedAspectName: "Größe",
        aspectConstraint: expect.objectContaining({
          aspectMode: "SELECTION_ONLY",
          aspectRequired: true,
          itemToAspectCardinality: "SINGLE",
        }),
        aspectValues: expect.arrayContaining([{ localizedValue: "M" }]),
      }),
    );
    const missing = await publishAtFake(
      access_token,
      "asp-2",
      item({}, { aspects: { Größe: ["M"], Abteilung: ["Herren"] } }),
      offer("asp-2", terms),
    );
    expect(errorOf(missing)).toMatchObject({ errorId: 25029, parameters: [{ name: "field", value: "Marke" }] });
    const outside = await publishAtFake(
      access_token,
      "asp-3",
      item({}, { aspects: { Marke: ["Jack Wolfskin"], Größe: ["Medium"], Abteilung: ["Herren"] } }),
      offer("asp-3", terms),
    );
    expect(errorOf(outside)).toMatchObject({ errorId: 25032, parameters: [{ name: "field", value: "Größe" }] });
  });

  it("refuses Best Offer limits not below the price (25709)", async () => {
    const { access_token } = await fakeTokens();
    expect((await fakeApi(access_token, "PUT", "/sell/inventory/v1/inventory_item/bo-1", item())).status).toBe(204);
    const terms = (bestOfferTerms: unknown) => offer("bo-1", { listingPolicies: { ...POLICIES, bestOfferTerms } });
    const atPrice = await fakeApi(
      access_token,
      "POST",
      "/sell/inventory/v1/offer",
      terms({ bestOfferEnabled: true, autoDeclinePrice: { value: "35.00", currency: "EUR" } }),
    );
    expect(errorOf(atPrice).errorId).toBe(25709);
    const withoutBestOffer = await fakeApi(
      access_token,
      "POST",
      "/sell/inventory/v1/offer",
      terms({ bestOfferEnabled: false, autoDeclinePrice: { value: "20.00", currency: "EUR" } }),
    );
    expect(errorOf(withoutBestOffer).errorId).toBe(25709);
    const fine = await fakeApi(
      access_token,
      "POST",
      "/sell/inventory/v1/offer",
      terms({ bestOfferEnabled: true, autoDeclinePrice: { value: "29.99", currency: "EUR" } }),
    );
    expect(fine.status).toBe(201);
  });

  it("needs weight and size of the parcel where the fulfillment policy calculates shipping (25020)", async () => {
    const seller = await setUpSeller();
    const calculated = await addFulfillmentPolicy(seller.user.id, {
      name: "DHL nach Gewicht",
      localPickup: false,
      shippingOptions: [
        { optionType: "DOMESTIC", costType: "CALCULATED", shippingServices: [{ sortOrderId: 1, shippingServiceCode: "DE_DHLPaket" }] },
      ],
    });
    const token = await sellerToken(seller.user.id);
    const { settings } = seller.setup;
    const policies = {
      listingPolicies: {
        fulfillmentPolicyId: calculated,
        paymentPolicyId: settings.paymentPolicyId,
        returnPolicyId: settings.returnPolicyId,
      },
      merchantLocationKey: settings.merchantLocationKey,
    };
    const refused = await publishAtFake(token, "pkg-1", item(), offer("pkg-1", policies));
    expect(errorOf(refused)).toMatchObject({ errorId: 25020, parameters: [{ name: "additionalInfo", value: "packageWeightAndSize" }] });
    const parcel = { weight: { value: 1.2, unit: "KILOGRAM" }, dimensions: { length: 40, width: 30, height: 10, unit: "CENTIMETER" } };
    expect((await publishAtFake(token, "pkg-2", item({ packageWeightAndSize: parcel }), offer("pkg-2", policies))).status).toBe(200);
  });

  it("uploads pictures as multipart files and refuses other files and http URLs (Media API)", async () => {
    const { access_token } = await fakeTokens();
    const upload = async (bytes: Uint8Array, type: string) => {
      const form = new FormData();
      form.append("image", new Blob([bytes], { type }), "foto");
      return fetch(`${FAKE}/commerce/media/v1_beta/image/create_image_from_file`, {
        method: "POST",
        headers: { Authorization: `Bearer ${access_token}` },
        body: form,
      });
    };
    const created = await upload(TINY_JPEG, "image/jpeg");
    expect(created.status).toBe(201);
    const location = created.headers.get("Location")!;
    expect(location).toMatch(/^https:\/\/apim\.ebay\.com\/commerce\/media\/v1_beta\/image\/.+/);
    const image = await fakeApi(access_token, "GET", new URL(location).pathname);
    expect(image.body.imageUrl).toMatch(/^https:\/\/i\.ebayimg\.com\//);
    expect((await upload(new TextEncoder().encode("not a picture at all"), "image/jpeg")).status).toBe(400);
    const http = await fakeApi(access_token, "POST", "/commerce/media/v1_beta/image/create_image_from_url", {
      imageUrl: "http://localhost/a.jpg",
    });
    expect(http.status).toBe(400);
  });
});

// --- the app, through its endpoints -----------------------------------------------------------

async function photoAd(userId: string, title: string, overrides: Partial<typeof ads.$inferInsert> = {}) {
  const key = `ads/${crypto.randomUUID()}/photo.jpg`;
  await env.PHOTOS.put(key, TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
  await env.PHOTOS.put(modelKeyFor(key), TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
  return insertAd(userId, {
    status: "completed",
    itemName: title,
    optimizedTitle: title,
    optimizedDescription: "**Zustand:** gut\n- gepflegt",
    imageUrls: [key],
    imageAnalysis: { brand: null, model: null, serialNumber: null, condition: "Gut", defects: [] },
    askingPrice: 3500,
    ...overrides,
  });
}

async function draftOf(auth: Record<string, string>, adId: string, query = "") {
  const response = await call(`/api/ads/${adId}/ebay-draft${query}`, { headers: auth });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<Draft>();
}

const publish = (auth: Record<string, string>, adId: string, body: Record<string, unknown>) =>
  call(`/api/ads/${adId}/ebay-publish`, json(auth, "POST", body));

/** The draft's values as the form sends them. */
function fromDraft(draft: Draft) {
  return {
    categoryId: draft.categoryId,
    condition: draft.condition,
    priceCents: draft.priceCents,
    aspects: Object.fromEntries(draft.aspects.map((aspect) => [aspect.name, aspect.value])),
  };
}

/** A seller connected to eBay and set up from zero there (ADR 045). */
const readySeller = () => setUpSeller();

describe("the listing the app sends to eBay", () => {
  it("suggests fitting categories for common German ad items and picks the best", async () => {
    const seller = await readySeller();
    const cases: Array<[string, string]> = [
      ["Bugaboo Fox Kinderwagen", "Kinderwagen"],
      ["Ecksofa Stoff grau", "Sofas & Couches"],
      ["Fahrrad 28 Zoll", "Fahrräder"],
      ["Samsung Galaxy S21 Smartphone", "Handys & Smartphones"],
      ["Winterjacke Herren", "Herrenjacken & -mäntel"],
      ["DeLonghi Kaffeevollautomat", "Kaffeevollautomaten"],
      ["Bosch Werkzeugkoffer", "Werkzeugsets & -koffer"],
      ["Spielzeug aus Holz", "Sonstiges Spielzeug"],
    ];
    for (const [title, best] of cases) {
      const ad = await photoAd(seller.user.id, title);
      const draft = await draftOf(seller.auth, ad.id);
      expect(draft.categories[0].categoryName, title).toBe(best);
      expect(draft.categoryId, title).toBe(draft.categories[0].categoryId);
      expect(draft.categories.map((category) => category.categoryName)).not.toContain("Sonstige");
      expect(draft.categories[0].path, title).not.toBe("");
    }
  });

  it("lets the seller choose another suggestion or ask with other words", async () => {
    const seller = await readySeller();
    const ad = await photoAd(seller.user.id, "Fahrrad 28 Zoll");
    const draft = await draftOf(seller.auth, ad.id);
    expect(draft.categories.map((category) => category.categoryName)).toEqual(["Fahrräder", "Fahrradteile", "Fahrradzubehör"]);
    const parts = await draftOf(seller.auth, ad.id, `?categoryId=${draft.categories[1].categoryId}`);
    expect(parts.categoryId).toBe(draft.categories[1].categoryId);
    expect(parts.aspects.map((aspect) => aspect.name)).not.toContain("Rahmenhöhe");
    const other = await draftOf(seller.auth, ad.id, `?q=${encodeURIComponent("Babyschale")}`);
    expect(other.categories[0]).toMatchObject({ categoryName: "Autokindersitze & Babyschalen", path: "Baby › Autositze" });
  });

  it("offers only the category's conditions, moves the ad's to the nearest, and refuses another in German", async () => {
    const seller = await readySeller();
    const ad = await photoAd(seller.user.id, "Winterjacke Herren Jack Wolfskin Gr. M");
    const draft = await draftOf(seller.auth, ad.id);
    expect(draft.categoryId).toBe("57988");
    expect(draft.conditions.map((entry) => entry.value)).toEqual([
      "NEW",
      "NEW_OTHER",
      "NEW_WITH_DEFECTS",
      "PRE_OWNED_EXCELLENT",
      "USED_EXCELLENT",
      "PRE_OWNED_FAIR",
    ]);
    // "Gut" is USED_GOOD, which clothing does not know: the nearest used one, in eBay's words.
    expect(draft.condition).toBe("USED_EXCELLENT");
    expect(draft.conditions.find((entry) => entry.value === "USED_EXCELLENT")?.label).toBe("Gebraucht – Gut");

    const refused = await publish(seller.auth, ad.id, { ...fromDraft(draft), condition: "USED_GOOD" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      message: "„Gebraucht – gut“ gibt es in dieser eBay-Kategorie nicht. Wähle einen Zustand aus der Liste.",
      code: "invalid_input",
    });
    expect(await db().select().from(listings).where(eq(listings.adId, ad.id))).toEqual([]);
    expect((await fakeState()).items.some((entry) => entry.sku === `ap-${ad.id}`)).toBe(false);

    // The brand is not known from the ad: the seller types it.
    const input = { ...fromDraft(draft), aspects: { ...fromDraft(draft).aspects, Marke: "Jack Wolfskin" } };
    expect((await publish(seller.auth, ad.id, input)).status).toBe(200);
    expect((await fakeState()).items.find((entry) => entry.sku === `ap-${ad.id}`)?.condition).toBe("USED_EXCELLENT");
  });

  it("keeps the aspects' modes and lists, prefills from the ad and refuses a value eBay would not take", async () => {
    const seller = await readySeller();
    const ad = await photoAd(seller.user.id, "Winterjacke Herren Gr. M", {
      imageAnalysis: { brand: "Jack Wolfskin", model: null, serialNumber: null, condition: "Sehr gut", defects: [] },
    });
    const draft = await draftOf(seller.auth, ad.id);
    const byName = Object.fromEntries(draft.aspects.map((aspect) => [aspect.name, aspect]));
    expect(byName.Marke).toMatchObject({ required: true, mode: "FREE_TEXT", value: "Jack Wolfskin", maxLength: 50 });
    expect(byName.Größe).toMatchObject({ required: true, mode: "SELECTION_ONLY", value: "M" });
    expect(byName.Größe.values).toEqual(["XS", "S", "M", "L", "XL", "XXL", "3XL"]);
    // A list of one value is that value.
    expect(byName.Abteilung).toMatchObject({ mode: "SELECTION_ONLY", value: "Herren" });

    const outside = await publish(seller.auth, ad.id, { ...fromDraft(draft), aspects: { ...fromDraft(draft).aspects, Größe: "Medium" } });
    expect(outside.status).toBe(400);
    expect(await outside.json()).toEqual({
      message: "„Medium“ passt nicht zu „Größe“. Wähle einen Wert aus eBays Liste.",
      code: "invalid_input",
    });
    const long = await publish(seller.auth, ad.id, {
      ...fromDraft(draft),
      aspects: { ...fromDraft(draft).aspects, Marke: "x".repeat(51) },
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ message: "Höchstens 50 Zeichen je Merkmal." });

    expect((await publish(seller.auth, ad.id, fromDraft(draft))).status).toBe(200);
    const atEbay = (await fakeState()).items.find((entry) => entry.sku === `ap-${ad.id}`)!;
    expect(atEbay.product.aspects).toMatchObject({ Marke: ["Jack Wolfskin"], Größe: ["M"], Abteilung: ["Herren"] });
  });

  it("lets the seller search eBay's category tree by name where the sandbox's suggestions are boilerplate (ADR 072)", async () => {
    // The fake answering as eBay's sandbox does: suggestions whatever the words.
    const sandbox = { ...ebayEnv, EBAY_API_URL: `${FAKE}/sandbox`, EBAY_AUTH_URL: `${FAKE}/sandbox` } as Env;
    const seller = await connectedSeller({}, sandbox);
    const ad = await photoAd(seller.user.id, "Bugaboo Fox Kinderwagen");
    const draftIn = async (query = "") => {
      const response = await call(`/api/ads/${ad.id}/ebay-draft${query}`, { headers: seller.auth }, sandbox);
      expect(response.status, await response.clone().text()).toBe(200);
      return response.json<Draft>();
    };
    expect((await draftIn()).categories.map((category) => category.categoryName)).toEqual([
      "Lorem ipsum 1",
      "Lorem ipsum 2",
      "Lorem ipsum 3",
    ]);
    const searched = await draftIn(`?q=${encodeURIComponent("kinderwagen")}`);
    expect(searched.categories.slice(0, 2)).toEqual([
      { categoryId: "66700", categoryName: "Kinderwagen", path: "Baby › Kinderwagen & Buggys" },
      { categoryId: "100223", categoryName: "Kinderwagenzubehör", path: "Baby › Kinderwagen & Buggys" },
    ]);
    expect(searched.categoryId).toBe("66700");
    expect(searched.aspects.map((aspect) => aspect.name)).toContain("Produktart");
    // A word of the place in the tree finds the categories below it.
    const below = await draftIn(`?q=${encodeURIComponent("Autositze")}`);
    expect(below.categories[0]).toMatchObject({ categoryName: "Autokindersitze & Babyschalen", path: "Baby › Autositze" });
  });

  it("takes the record's searched facts: the note's „Damen“ and „Gr. M“ choose a women's category and reach eBay's aspects (ADR 072)", async () => {
    const seller = await readySeller();
    // The title leaves both out; the seller's note says them.
    const ad = await photoAd(seller.user.id, "Winterjacke Zara", {
      itemName: "Winterjacke",
      originalDescription: "Damen Winterjacke von Zara, Gr. M, kaum getragen.",
    });
    const draft = await draftOf(seller.auth, ad.id);
    expect(draft.categories[0].categoryName).toBe("Damenjacken & -mäntel");
    expect(draft.categoryId).toBe("63862");
    const byName = Object.fromEntries(draft.aspects.map((aspect) => [aspect.name, aspect.value]));
    expect(byName).toMatchObject({ Abteilung: "Damen", Größe: "M", Marke: "Zara" });

    expect((await publish(seller.auth, ad.id, fromDraft(draft))).status).toBe(200);
    const state = await fakeState();
    expect(state.items.find((entry) => entry.sku === `ap-${ad.id}`)?.product.aspects).toMatchObject({
      Abteilung: ["Damen"],
      Größe: ["M"],
      Marke: ["Zara"],
    });
    expect(state.offers.find((entry) => entry.sku === `ap-${ad.id}`)?.categoryId).toBe("63862");
  });

  it("lists every fixed-price offer as GTC with the photos uploaded to eBay", async () => {
    const seller = await readySeller();
    const ad = await photoAd(seller.user.id, "DeLonghi Kaffeevollautomat", {
      imageAnalysis: { brand: "DeLonghi", model: null, serialNumber: null, condition: "Sehr gut", defects: [] },
    });
    const second = `ads/${ad.id}/second.png`;
    await env.PHOTOS.put(second, TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
    await env.PHOTOS.put(modelKeyFor(second), TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
    await db()
      .update(ads)
      .set({ imageUrls: [...ad.imageUrls, second] })
      .where(eq(ads.id, ad.id));
    const draft = await draftOf(seller.auth, ad.id);
    expect((await publish(seller.auth, ad.id, fromDraft(draft))).status).toBe(200);
    const state = await fakeState();
    expect(state.offers.find((entry) => entry.sku === `ap-${ad.id}`)?.listingDuration).toBe("GTC");
    const urls = state.items.find((entry) => entry.sku === `ap-${ad.id}`)!.product.imageUrls;
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(url).toMatch(/^https:\/\//);
      expect(state.images.find((image) => image.imageUrl === url)).toMatchObject({ source: "file", size: TINY_JPEG.byteLength });
    }
  });

  it("says in German when the ad has no photo eBay can get, and sends nothing", async () => {
    const seller = await readySeller();
    const ad = await photoAd(seller.user.id, "DeLonghi Kaffeevollautomat", { imageUrls: [`ads/${crypto.randomUUID()}/gone.jpg`] });
    const draft = await draftOf(seller.auth, ad.id);
    const response = await publish(seller.auth, ad.id, { ...fromDraft(draft), aspects: { Marke: "DeLonghi" } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: "Für eBay braucht die Anzeige mindestens ein Foto. Füge eines hinzu und veröffentliche dann erneut.",
      code: "not_publishable",
    });
    expect((await fakeState()).items.some((entry) => entry.sku === `ap-${ad.id}`)).toBe(false);
  });

  it("takes VB as Best Offer and lets eBay decline below the seller's minimum, which the draft never names", async () => {
    const seller = await readySeller();
    const ad = await photoAd(seller.user.id, "DeLonghi Kaffeevollautomat", {
      askingPrice: 12000,
      priceType: "vb",
      priceFloor: 9500,
      imageAnalysis: { brand: "DeLonghi", model: null, serialNumber: null, condition: "Sehr gut", defects: [] },
    });
    const response = await call(`/api/ads/${ad.id}/ebay-draft`, { headers: seller.auth });
    const text = await response.clone().text();
    expect(text).not.toMatch(/95,00|9500|94,99|94\.99|\b95 €/);
    const draft = await response.json<Draft>();
    expect(draft.offerNotes).toContain(
      "Vorschläge unter deinem Mindestpreis aus dem Verkaufshelfer lehnt eBay für dich ab – Käufer sehen ihn nicht.",
    );
    expect((await publish(seller.auth, ad.id, fromDraft(draft))).status).toBe(200);
    const atEbay = (await fakeState()).offers.find((entry) => entry.sku === `ap-${ad.id}`)!;
    expect(atEbay.listingPolicies.bestOfferTerms).toEqual({
      bestOfferEnabled: true,
      autoDeclinePrice: { value: "94.99", currency: "EUR" },
    });
  });

  it("asks for the parcel where the seller's shipping policy calculates the cost, and sends it", async () => {
    const seller = await setUpSeller();
    const calculated = await addFulfillmentPolicy(seller.user.id, {
      name: "DHL nach Gewicht",
      localPickup: false,
      shippingOptions: [
        { optionType: "DOMESTIC", costType: "CALCULATED", shippingServices: [{ sortOrderId: 1, shippingServiceCode: "DE_DHLPaket" }] },
      ],
    });
    const chosen = { ...seller.setup.settings, fulfillmentPolicyId: calculated };
    expect((await call("/api/ebay/settings", json(seller.auth, "PUT", chosen))).status).toBe(200);
    const ad = await photoAd(seller.user.id, "Ecksofa Stoff grau", { shipping: "offered", pickup: "excluded" });
    const draft = await draftOf(seller.auth, ad.id);
    expect(draft.needsPackage).toBe(true);
    const input = { ...fromDraft(draft), aspects: { ...fromDraft(draft).aspects, Material: "Stoff" } };

    const without = await publish(seller.auth, ad.id, input);
    expect(without.status).toBe(400);
    expect(await without.json()).toEqual({
      message:
        "Deine eBay-Versandrichtlinie berechnet die Versandkosten nach Gewicht und Größe. Gib Gewicht und Maße des Pakets an und veröffentliche erneut.",
      code: "invalid_input",
    });
    expect((await fakeState()).items.some((entry) => entry.sku === `ap-${ad.id}`)).toBe(false);

    const parcel = { weightGrams: 45000, lengthCm: 220, widthCm: 95, heightCm: 80 };
    expect((await publish(seller.auth, ad.id, { ...input, package: parcel })).status).toBe(200);
    expect((await fakeState()).items.find((entry) => entry.sku === `ap-${ad.id}`)?.packageWeightAndSize).toEqual({
      dimensions: { length: 220, width: 95, height: 80, unit: "CENTIMETER" },
      weight: { value: 45, unit: "KILOGRAM" },
    });
  });
});
