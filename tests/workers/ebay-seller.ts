// A seller connected to the local fake eBay through the app's own OAuth flow — a new eBay account
// there, without location or policies — and set up from zero through the product's own "eBay
// einrichten" (ADR 045); shared by the eBay tests and the offer-record matrix — a finished ad for
// it, the calls the contract tests make to the fake directly, and the fake's cut-off control.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { marketplaceConnections, type ads } from "~/.server/db/schema";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { decryptToken } from "~/.server/crypto/token-cipher";
import { FAKE_EBAY_CLIENT_ID, FAKE_EBAY_CLIENT_SECRET, FAKE_EBAY_RU_NAME } from "../../fakes/ebay-credentials.mjs";
import { TINY_JPEG } from "../fixtures/images";
import { modelKeyFor } from "~/.server/storage/photo-keys";
import { db, ebayEnv, insertAd, signedInUser } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));
const FAKE = env.FAKE_EBAY_URL;
export const SCOPES =
  "https://api.ebay.com/oauth/api_scope https://api.ebay.com/oauth/api_scope/sell.inventory https://api.ebay.com/oauth/api_scope/sell.account https://api.ebay.com/oauth/api_scope/commerce.identity.readonly";

export function call(path: string, init: RequestInit = {}, bindings: Env = ebayEnv) {
  return app.request(`http://localhost:8787${path}`, init, bindings, workerContext());
}

export function json(auth: Record<string, string>, method: string, body?: unknown): RequestInit {
  return {
    method,
    headers: { ...auth, "Content-Type": "application/json", Origin: "http://localhost:8787" },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

/** The seller's click on "Zugriff erlauben" on the fake's consent page: the redirect it answers. */
export async function consent(state: string, decision = "allow", scope = SCOPES): Promise<URL> {
  const response = await fetch(`${FAKE}/oauth2/consent`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ scope, state, decision }),
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("Location")!);
}

/** A token request to the fake's token endpoint with the app's credentials. */
function tokenRequest(form: Record<string, string>) {
  return fetch(`${FAKE}/identity/v1/oauth2/token`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Authorization: `Basic ${btoa(`${FAKE_EBAY_CLIENT_ID}:${FAKE_EBAY_CLIENT_SECRET}`)}`,
    },
    body: new URLSearchParams(form),
  });
}

/** A new seller's tokens straight from the fake (for the tests that call the fake without the app); `scope`: what the seller consented to. */
export async function fakeTokens(scope = SCOPES) {
  const code = (await consent("s", "allow", scope)).searchParams.get("code")!;
  const response = await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: FAKE_EBAY_RU_NAME });
  expect(response.status).toBe(200);
  return { code, ...(await response.json<{ access_token: string; refresh_token: string }>()) };
}

/** An application token straight from the fake (client credentials, ADR 072): what the Taxonomy API takes. */
export async function fakeApplicationToken(): Promise<string> {
  const response = await tokenRequest({ grant_type: "client_credentials", scope: "https://api.ebay.com/oauth/api_scope" });
  expect(response.status).toBe(200);
  const answer = await response.json<{ access_token: string; token_type: string }>();
  expect(answer.token_type).toBe("Application Access Token");
  return answer.access_token;
}

/** `bindings`: the app Worker's settings for the connect (e.g. another token key ring, ADR 055). */
export async function connectedSeller(overrides: Parameters<typeof signedInUser>[0] = {}, bindings: Env = ebayEnv) {
  const seller = await signedInUser(overrides);
  const started = await call("/api/ebay/connect", json(seller.auth, "POST"), bindings);
  expect(started.status).toBe(200);
  const { url } = await started.json<{ url: string }>();
  const consentUrl = new URL(url);
  expect(consentUrl.searchParams.get("redirect_uri")).toBe(FAKE_EBAY_RU_NAME);
  const page = await fetch(url);
  expect(await page.text()).toContain("Zugriff erlauben");
  const stateCookie = started.headers.get("Set-Cookie")!.split(";")[0];
  // The scopes the app asked for on the consent page, as eBay's page carries them through.
  const back = await consent(consentUrl.searchParams.get("state")!, "allow", consentUrl.searchParams.get("scope")!);
  const callback = await call(`/api/ebay/callback${back.search}`, { headers: { ...seller.auth, Cookie: stateCookie } }, bindings);
  expect(callback.status).toBe(302);
  expect(callback.headers.get("Location")).toBe("/profile?ebay=verbunden");
  return seller;
}

/** One call to the fake's API with a token of its own (JSON body, Content-Language de-DE). */
export async function fakeApi(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = { "Content-Language": "de-DE" },
) {
  const response = await fetch(`${FAKE}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

export type FakeOffer = {
  offerId: string;
  sku: string;
  status: string;
  categoryId: string;
  listingDuration?: string;
  pricingSummary: { price: { value: string } };
  listingPolicies: Record<string, unknown>;
  listing?: { listingId: string };
};
export type FakeItem = {
  sku: string;
  condition: string;
  packageWeightAndSize?: unknown;
  product: { title: string; aspects: Record<string, string[]>; imageUrls: string[] };
};

/** What the fake eBay holds: offers, inventory items, uploaded pictures and every request. */
export async function fakeState() {
  return (await fetch(`${FAKE}/__state`)).json<{
    offers: FakeOffer[];
    items: FakeItem[];
    images: Array<{ imageUrl: string; format: string; size: number; source: string }>;
    requests: Array<{ method: string; path: string; sku: string | null; contentLanguage: string | null; seller: string | null }>;
  }>();
}

/** The seller's access token at the fake, as the app stored it (encrypted) for them. */
export async function sellerToken(userId: string): Promise<string> {
  const [row] = await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.userId, userId));
  return decryptToken((ebayEnv as unknown as { TOKEN_ENCRYPTION_KEY: string }).TOKEN_ENCRYPTION_KEY, row.accessTokenCipher!, userId);
}

/** A fulfillment policy the seller creates at eBay (e.g. with calculated shipping); answers its id. */
export async function addFulfillmentPolicy(userId: string, policy: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${FAKE}/__control/fulfillment-policy?token=${encodeURIComponent(await sellerToken(userId))}`, {
    method: "POST",
    body: JSON.stringify(policy),
  });
  expect(response.status).toBe(201);
  return (await response.json<{ fulfillmentPolicyId: string }>()).fulfillmentPolicyId;
}

export type SetupInput = { service?: string; shippingCostCents?: number; returnDays?: number };
export type SetupAnswer = {
  message: string;
  created: string[];
  settings: {
    fulfillmentPolicyId: string;
    paymentPolicyId: string;
    returnPolicyId: string;
    merchantLocationKey: string;
    pickupPolicyId?: string;
  };
};

/** "eBay einrichten" as the profile sends it, on the seller's confirmation. */
export async function setUp(auth: Record<string, string>, input: SetupInput = {}) {
  const response = await call("/api/ebay/setup", json(auth, "POST", input));
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<SetupAnswer>();
}

/** A connected seller with a place in the profile (Berlin unless given), set up from zero. */
export async function setUpSeller(overrides: Parameters<typeof signedInUser>[0] = {}, input: SetupInput = {}) {
  const seller = await connectedSeller({ postalCode: "10115", city: "Berlin", ...overrides });
  const setup = await setUp(seller.auth, input);
  return { ...seller, setup };
}

const PHOTO_KEY = "ads/00000000-0000-4000-8000-000000000000/photo.jpg";

/** A finished DeLonghi at 120 € with one photo in R2 (eBay gets its bytes through the Media API, ADR 046). */
export async function finishedAd(userId: string, overrides: Partial<typeof ads.$inferInsert> = {}) {
  await env.PHOTOS.put(PHOTO_KEY, TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
  // Marketplaces get the display copy, never the photo itself (ADR 070).
  await env.PHOTOS.put(modelKeyFor(PHOTO_KEY), TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
  return insertAd(userId, {
    status: "completed",
    optimizedTitle: "DeLonghi Kaffeevollautomat Magnifica S",
    optimizedDescription: "**Zustand:** gut erhalten\n- entkalkt",
    imageUrls: [PHOTO_KEY],
    imageAnalysis: { brand: "DeLonghi", model: "Magnifica S", serialNumber: null, condition: "Sehr gut", defects: [] },
    askingPrice: 12000,
    ...overrides,
  });
}

/**
 * What a seller sets up at eBay themselves, through eBay's documented calls (ADR 045): the opt-in
 * to business policies, a location and a policy of each kind. Answers the offer terms naming them.
 */
export async function ownEbaySetup(token: string, location = { key: "lager", postalCode: "10115" }) {
  const base = { marketplaceId: "EBAY_DE", categoryTypes: [{ name: "ALL_EXCLUDING_MOTORS_VEHICLES" }] };
  const created = async (path: string, body: unknown) => {
    const answer = await fakeApi(token, "POST", path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body;
  };
  await created("/sell/account/v1/program/opt_in", { programType: "SELLING_POLICY_MANAGEMENT" });
  await created(`/sell/inventory/v1/location/${location.key}`, {
    location: { address: { postalCode: location.postalCode, country: "DE" } },
  });
  const fulfillment = await created("/sell/account/v1/fulfillment_policy/", {
    ...base,
    name: "Hermes 4,50",
    handlingTime: { unit: "DAY", value: 1 },
    shippingOptions: [
      {
        optionType: "DOMESTIC",
        costType: "FLAT_RATE",
        shippingServices: [{ shippingServiceCode: "DE_HermesPaket", shippingCost: { value: "4.50", currency: "EUR" } }],
      },
    ],
  });
  const payment = await created("/sell/account/v1/payment_policy", { ...base, name: "Zahlung" });
  const returns = await created("/sell/account/v1/return_policy", { ...base, name: "Keine Rücknahme", returnsAccepted: false });
  return {
    listingPolicies: {
      fulfillmentPolicyId: fulfillment.fulfillmentPolicyId as string,
      paymentPolicyId: payment.paymentPolicyId as string,
      returnPolicyId: returns.returnPolicyId as string,
    },
    merchantLocationKey: location.key,
  };
}

/** A new seller straight at the fake (without the app), set up at eBay as by themselves. */
export async function fakeSellerWithTerms() {
  const tokens = await fakeTokens();
  return { ...tokens, terms: await ownEbaySetup(tokens.access_token) };
}

/**
 * The fake applies the seller's next call of `operation` (an operationId of eBay's documents), then
 * drops the connection without an answer: a request cut off on the way back (ADR 047).
 */
export async function cutEbayAfter(userId: string, operation: string) {
  const token = encodeURIComponent(await sellerToken(userId));
  const response = await fetch(`${FAKE}/__control/cut-after?token=${token}&operation=${operation}`, { method: "POST" });
  expect(response.status).toBe(200);
}

/** Publishes the ad on the fake eBay as the draft suggests (the seller's click); the listing's JSON. */
export async function publishOnEbay(auth: Record<string, string>, adId: string) {
  const draft = await (
    await call(`/api/ads/${adId}/ebay-draft`, { headers: auth })
  ).json<{
    categoryId: string;
    aspects: Array<{ name: string; value: string }>;
    condition: string;
    priceCents: number;
  }>();
  const aspects = Object.fromEntries(draft.aspects.map((aspect) => [aspect.name, aspect.value]));
  const published = await call(
    `/api/ads/${adId}/ebay-publish`,
    json(auth, "POST", { categoryId: draft.categoryId, condition: draft.condition, priceCents: draft.priceCents, aspects }),
  );
  expect(published.status).toBe(200);
  return published.json<{ status: string; url: string; externalId: string }>();
}

/** A valid createOrReplaceInventoryItem body, sent to the fake directly. */
export const rawItem = (overrides: Record<string, unknown> = {}) => ({
  availability: { shipToLocationAvailability: { quantity: 1 } },
  condition: "USED_GOOD",
  product: {
    title: "Kaffeevollautomat DeLonghi",
    description: "<p>Gut erhalten</p>",
    aspects: { Marke: ["DeLonghi"] },
    imageUrls: ["https://anzeigenpilot.de/images/a.jpg"],
  },
  ...overrides,
});
/** A valid createOffer body for `sku`, sent to the fake directly. */
export const rawOffer = (sku: string, overrides: Record<string, unknown> = {}) => ({
  sku,
  marketplaceId: "EBAY_DE",
  format: "FIXED_PRICE",
  availableQuantity: 1,
  categoryId: "20667",
  pricingSummary: { price: { value: "120.00", currency: "EUR" } },
  ...overrides,
});

/** eBay's first error of a refused answer. */
export const errorOf = (answer: { body: { errors: Array<{ errorId: number; parameters: Array<{ name: string; value: string }> }> } }) =>
  answer.body.errors[0];

/** Puts the item, creates the offer and publishes it at the fake; the publish answer or the first refusal. */
export async function publishAtFake(token: string, sku: string, itemBody: unknown, offerBody: unknown) {
  const put = await fakeApi(token, "PUT", `/sell/inventory/v1/inventory_item/${sku}`, itemBody);
  if (put.status !== 204) return put;
  const created = await fakeApi(token, "POST", "/sell/inventory/v1/offer", offerBody);
  if (created.status !== 201) return created;
  return fakeApi(token, "POST", `/sell/inventory/v1/offer/${created.body.offerId}/publish`);
}
