// Every eBay request the product sends, checked against eBay's OpenAPI documents in contracts/ebay/
// (ADR 044). The walk drives the product through its own endpoints; the local fake eBay matches each
// request to its documented operation and records what the document does not allow
// (fakes/ebay-contract.mjs); the test asserts that nothing was found and which operations were used.
// The fake refuses what the documents forbid with eBay's common error ids (2004, 2002).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ebayHousekeeping } from "~/.server/generator/listings/ebay-sweep";
import { getGeneratorConfig } from "~/.server/generator/env";
import { applyDuePriceCuts } from "~/.server/listings/price-cut";
import { STUCK_AFTER_MS } from "~/.server/generator/listings/stuck";
import { TINY_JPEG } from "../fixtures/images";
import { modelKeyFor } from "~/.server/storage/photo-keys";
import { db, ebayEnv, insertAd } from "./helpers";
import {
  call,
  cutEbayAfter,
  fakeApplicationToken,
  fakeTokens,
  json,
  rawItem as item,
  rawOffer as offer,
  SCOPES,
  setUpSeller,
} from "./ebay-seller";

const FAKE = env.FAKE_EBAY_URL;
const DAY = 24 * 60 * 60 * 1000;

type Violation = { in: string; name: string; message: string };
type Recorded = {
  method: string;
  path: string;
  seller: string | null;
  grant: "authorization_code" | "client_credentials" | null;
  operationId: string | null;
  violations: Violation[];
};
type EbayError = {
  errorId: number;
  domain: string;
  message: string;
  longMessage?: string;
  parameters: Array<{ name: string; value: string }>;
};

async function fakeState() {
  return (await fetch(`${FAKE}/__state`)).json<{ offers: Array<{ sku: string; seller: string }>; requests: Recorded[] }>();
}

/**
 * The product's eBay flow, step by step through the app's endpoints and the cron's price cut; a
 * step the product adds (a call it makes) goes here. Answers the SKU of the listing it made.
 */
async function productWalk(): Promise<string> {
  // A new eBay account, set up from zero by "eBay einrichten" (ADR 045).
  const seller = await setUpSeller();
  const photo = `ads/${crypto.randomUUID()}/photo.jpg`;
  await env.PHOTOS.put(photo, TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
  // eBay gets the display copy, never the photo itself (ADR 070).
  await env.PHOTOS.put(modelKeyFor(photo), TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
  const ad = await insertAd(seller.user.id, {
    status: "completed",
    optimizedTitle: "DeLonghi Kaffeevollautomat Magnifica S",
    optimizedDescription: "**Zustand:** gut erhalten\n- entkalkt",
    imageUrls: [photo],
    imageAnalysis: { brand: "DeLonghi", model: "Magnifica S", serialNumber: null, condition: "Sehr gut", defects: [] },
    askingPrice: 12000,
    priceFloor: 9500,
  });

  const draftResponse = await call(`/api/ads/${ad.id}/ebay-draft`, { headers: seller.auth });
  expect(draftResponse.status).toBe(200);
  const draft = await draftResponse.json<{
    categoryId: string;
    condition: string;
    priceCents: number;
    aspects: Array<{ name: string; value: string }>;
  }>();

  const publish = (aspects: Record<string, string>) =>
    call(
      `/api/ads/${ad.id}/ebay-publish`,
      json(seller.auth, "POST", { categoryId: draft.categoryId, condition: draft.condition, priceCents: draft.priceCents, aspects }),
    );
  const aspects = Object.fromEntries(draft.aspects.map((aspect) => [aspect.name, aspect.value]));
  const config = getGeneratorConfig({ ...ebayEnv, PUBLIC_BASE_URL: "http://localhost:8787" });
  // The first click's answer is lost after createOffer; the cron's sweep settles the row (getOffers)
  // and the retry reuses the offer eBay made (updateOffer), ADR 047.
  await cutEbayAfter(seller.user.id, "createOffer");
  expect((await publish(aspects)).status).toBe(502);
  await ebayHousekeeping(env.DB, config, Date.now() + STUCK_AFTER_MS + 60_000);
  expect((await publish(aspects)).status).toBe(200);

  const plan = await call(
    `/api/ads/${ad.id}/price-cut-plan`,
    json(seller.auth, "PUT", { stepCents: 1500, intervalDays: 3, floorCents: 9000 }),
  );
  expect(plan.status).toBe(200);
  // The cron's own function, three days on (a controlled clock, never a sleep).
  await applyDuePriceCuts(db(), config, Date.now() + 3 * DAY + 1000);

  const sold = await call(`/api/ads/${ad.id}/sold`, json(seller.auth, "POST"));
  expect(sold.status).toBe(200);
  return `ap-${ad.id}`;
}

describe("the product's eBay requests match eBay's OpenAPI documents", () => {
  it("sends only documented operations, parameters and fields through a listing's whole life", async () => {
    const start = (await fakeState()).requests.length;
    const sku = await productWalk().catch(async (error: unknown) => {
      // A refused request stops the walk: name what the documents refused (since the walk began).
      const refused = (await fakeState()).requests.slice(start).filter((request) => request.violations.length > 0);
      throw new Error(`${String(error)}\nRequests eBay's documents do not allow: ${JSON.stringify(refused, null, 2)}`);
    });
    const state = await fakeState();
    // The fake is shared by every test file: this walk's requests are its seller's, and the app's
    // own (an application token) since the walk began.
    const seller = state.offers.find((offer) => offer.sku === sku)!.seller;
    const sent = state.requests.filter((request) => request.seller === seller);
    const asApplication = state.requests.slice(start).filter((request) => request.grant === "client_credentials");

    const broken = [...sent, ...asApplication].filter((request) => request.operationId === null || request.violations.length > 0);
    expect(broken).toEqual([]);
    // The Taxonomy API and the Metadata API's category policies declare the client-credentials
    // flow: the draft asks them with the app's token, never the seller's (ADR 072, ADR 073).
    // (Other test files share the fake: their app's calls may be among these.)
    expect([...new Set(asApplication.map((request) => request.operationId))]).toEqual(
      expect.arrayContaining([
        "getDefaultCategoryTreeId",
        "getCategorySuggestions",
        "getItemAspectsForCategory",
        "getItemConditionPolicies",
        "getNegotiatedPricePolicies",
        "getRegulatoryPolicies",
      ]),
    );
    expect(new Set(sent.map((request) => request.operationId))).toEqual(
      new Set([
        // Profile, "eBay einrichten": what the account has, then what it lacks, created (ADR 045).
        "getOptedInPrograms",
        "getFulfillmentPolicies",
        "getPaymentPolicies",
        "getReturnPolicies",
        "getInventoryLocations",
        "optInToProgram",
        "createInventoryLocation",
        "createFulfillmentPolicy",
        "createPaymentPolicy",
        "createReturnPolicy",
        // Publish (the photos uploaded to eBay first; cut off once and retried), price cut, Verkauft.
        "createImageFromFile",
        "getImage",
        "createOrReplaceInventoryItem",
        "getOffers",
        "createOffer",
        "updateOffer",
        "publishOffer",
        "bulkUpdatePriceQuantity",
        "withdrawOffer",
      ]),
    );
  });
});

describe("the fake eBay refuses what the documents do not allow, as eBay does", () => {
  async function send(token: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${FAKE}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Language": "de-DE",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, errors: text ? ((JSON.parse(text) as { errors?: EbayError[] }).errors ?? []) : [] };
  }
  /** Policy ids of the fake's well-known seller. */
  const POLICIES = { fulfillmentPolicyId: "6200001", paymentPolicyId: "6300001", returnPolicyId: "6400001" };

  it("refuses a field the document does not define (a misspelt bestOfferTerms) with 2004, and creates nothing", async () => {
    const { access_token } = await fakeTokens();
    expect((await send(access_token, "PUT", "/sell/inventory/v1/inventory_item/contract-1", item())).status).toBe(204);
    const misspelt = await send(
      access_token,
      "POST",
      "/sell/inventory/v1/offer",
      offer("contract-1", { listingPolicies: { ...POLICIES, bestOfferTerm: { bestOfferEnabled: true } } }),
    );
    expect(misspelt.status).toBe(400);
    expect(misspelt.errors).toEqual([
      expect.objectContaining({
        errorId: 2004,
        domain: "ACCESS",
        message: expect.stringContaining("listingPolicies.bestOfferTerm is not a documented field (ListingPolicies)"),
        parameters: [{ name: "body", value: "listingPolicies.bestOfferTerm" }],
      }),
    ]);
    const state = await fakeState();
    expect(state.requests.filter((request) => request.operationId === "createOffer" && request.violations.length > 0)).toContainEqual(
      expect.objectContaining({ violations: [expect.objectContaining({ name: "listingPolicies.bestOfferTerm" })] }),
    );
    // The documented name is taken, and no offer was left by the refused one (a second would be 25002).
    expect(
      (
        await send(
          access_token,
          "POST",
          "/sell/inventory/v1/offer",
          offer("contract-1", { listingPolicies: { ...POLICIES, bestOfferTerms: { bestOfferEnabled: true } } }),
        )
      ).status,
    ).toBe(201);
  });

  it("refuses a value of the wrong type with 2004, naming the field and its documented type", async () => {
    const { access_token } = await fakeTokens();
    const wrong = await send(access_token, "PUT", "/sell/inventory/v1/inventory_item/contract-2", {
      ...item(),
      availability: { shipToLocationAvailability: { quantity: "1" } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.errors).toEqual([
      expect.objectContaining({
        errorId: 2004,
        message: expect.stringContaining("availability.shipToLocationAvailability.quantity must be integer (ShipToLocationAvailability)"),
        parameters: [{ name: "body", value: "availability.shipToLocationAvailability.quantity" }],
      }),
    ]);
  });

  it("refuses a missing required query parameter and an undocumented one with 2004", async () => {
    const { access_token } = await fakeTokens();
    const missing = await send(access_token, "GET", "/sell/account/v1/fulfillment_policy");
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual([expect.objectContaining({ errorId: 2004, parameters: [{ name: "query", value: "marketplace_id" }] })]);
    const undocumented = await send(access_token, "GET", "/sell/inventory/v1/location?limt=100");
    expect(undocumented.status).toBe(400);
    expect(undocumented.errors).toEqual([expect.objectContaining({ errorId: 2004, parameters: [{ name: "query", value: "limt" }] })]);
    expect((await send(access_token, "GET", "/sell/inventory/v1/location?limit=100")).status).toBe(200);
  });

  it("answers a path or method no document has with 404 and 2002", async () => {
    const { access_token } = await fakeTokens();
    const unknown = await send(access_token, "GET", "/sell/inventory/v1/inventory_items/contract-3");
    expect(unknown.status).toBe(404);
    expect(unknown.errors).toEqual([expect.objectContaining({ errorId: 2002, message: expect.stringContaining("Resource not found") })]);
    const method = await send(access_token, "DELETE", "/sell/account/v1/fulfillment_policy?marketplace_id=EBAY_DE");
    expect(method.status).toBe(404);
    expect(method.errors[0].errorId).toBe(2002);
  });

  it("refuses a seller's user token on the Taxonomy API, which takes only an application token, with 403 and 1100 (ADR 072)", async () => {
    const { access_token } = await fakeTokens();
    const application = await fakeApplicationToken();
    const suggestions = "/commerce/taxonomy/v1/category_tree/77/get_category_suggestions?q=Jacke";
    const denied = {
      errorId: 1100,
      domain: "ACCESS",
      message: "Access denied",
      longMessage: "Insufficient permissions to fulfill the request.",
    };

    // The user token carries https://api.ebay.com/oauth/api_scope too: its grant is what is refused.
    const asSeller = await send(access_token, "GET", suggestions);
    expect(asSeller.status).toBe(403);
    expect(asSeller.errors).toEqual([expect.objectContaining(denied)]);
    const refused = (await fakeState()).requests.findLast((request) => request.path.endsWith("/get_category_suggestions"))!;
    expect(refused).toMatchObject({
      operationId: "getCategorySuggestions",
      grant: "authorization_code",
      violations: [expect.objectContaining({ in: "token", name: "grant" })],
    });
    expect((await send(application, "GET", suggestions)).status).toBe(200);
    expect((await send(application, "GET", "/commerce/taxonomy/v1/get_default_category_tree_id?marketplace_id=EBAY_DE")).status).toBe(200);

    // The other way round: the app's token on the seller's inventory (eBay's own example of 1100).
    const inventory = await send(application, "GET", "/sell/inventory/v1/location?limit=100");
    expect(inventory.status).toBe(403);
    expect(inventory.errors).toEqual([expect.objectContaining(denied)]);
    // The Metadata API's condition policies take either kind.
    const conditions = "/sell/metadata/v1/marketplace/EBAY_DE/get_item_condition_policies?filter=categoryIds%3A%7B57988%7D";
    expect((await send(application, "GET", conditions)).status).toBe(200);
    expect((await send(access_token, "GET", conditions)).status).toBe(200);
  });

  it("refuses a user token without the operation's scope with 1100, and none at all with 401 and 1001", async () => {
    const withoutAccount = SCOPES.split(" ")
      .filter((scope) => !scope.endsWith("/sell.account"))
      .join(" ");
    const { access_token } = await fakeTokens(withoutAccount);
    const policies = await send(access_token, "GET", "/sell/account/v1/fulfillment_policy?marketplace_id=EBAY_DE");
    expect(policies.status).toBe(403);
    expect(policies.errors).toEqual([expect.objectContaining({ errorId: 1100 })]);
    expect((await send(access_token, "GET", "/sell/inventory/v1/location?limit=100")).status).toBe(200);
    const none = await send("not-a-token", "GET", "/commerce/taxonomy/v1/get_default_category_tree_id?marketplace_id=EBAY_DE");
    expect(none.status).toBe(401);
    expect(none.errors).toEqual([expect.objectContaining({ errorId: 1001 })]);
  });
});
