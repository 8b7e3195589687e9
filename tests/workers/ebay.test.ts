// eBay end to end inside workerd against the local fake eBay (fakes/ebay.mjs): the fake refuses
// what eBay's contract forbids, the adapter's requests pass it, the tokens are encrypted at rest,
// disconnecting deletes them, and a listing's life (publish, approved price cut, Verkauft).
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads, listings, marketplaceConnections, outboxMails, priceCutPlans } from "~/.server/db/schema";
import { getGeneratorConfig } from "~/.server/generator/env";
import { applyDuePriceCuts } from "~/.server/listings/price-cut";
import { decryptToken } from "~/.server/crypto/token-cipher";
import { FAKE_EBAY_CLIENT_ID, FAKE_EBAY_CLIENT_SECRET, FAKE_EBAY_RU_NAME } from "../../fakes/ebay-credentials.mjs";
import { TINY_JPEG } from "../fixtures/images";
import { db, ebayEnv, signedInUser } from "./helpers";
import {
  call,
  connectedSeller,
  consent,
  fakeApi,
  fakeState,
  fakeTokens,
  finishedAd,
  json,
  rawItem as item,
  rawOffer as offer,
  setUpSeller,
} from "./ebay-seller";

const FAKE = env.FAKE_EBAY_URL;
const ebayKey = () => (ebayEnv as unknown as { TOKEN_ENCRYPTION_KEY: string }).TOKEN_ENCRYPTION_KEY;
const DAY = 24 * 60 * 60 * 1000;

/** Policy ids no seller of the fake has. */
const foreignPolicies = { fulfillmentPolicyId: "no-such-1", paymentPolicyId: "no-such-2", returnPolicyId: "no-such-3" };

describe("the fake eBay refuses what eBay's contract forbids", () => {
  it("needs a valid Bearer token, and Content-Language de-DE on inventory items", async () => {
    expect((await fakeApi(null, "GET", "/sell/inventory/v1/location")).body.errors[0].errorId).toBe(1001);
    const { access_token } = await fakeTokens();
    const noLanguage = await fakeApi(access_token, "PUT", "/sell/inventory/v1/inventory_item/sku-1", item(), {});
    expect(noLanguage.status).toBe(400);
    expect(noLanguage.body.errors[0].parameters).toContainEqual({ name: "header", value: "Content-Language" });
  });

  it("refuses a condition outside ConditionEnum, a title over 80 characters and an item without photos", async () => {
    const { access_token } = await fakeTokens();
    expect((await fakeApi(access_token, "PUT", "/sell/inventory/v1/inventory_item/sku-2", item({ condition: "USED" }))).status).toBe(400);
    const long = item({ product: { ...item().product, title: "x".repeat(81) } });
    expect((await fakeApi(access_token, "PUT", "/sell/inventory/v1/inventory_item/sku-2", long)).status).toBe(400);
    const noPhotos = item({ product: { ...item().product, imageUrls: [] } });
    expect((await fakeApi(access_token, "PUT", "/sell/inventory/v1/inventory_item/sku-2", noPhotos)).status).toBe(400);
  });

  it("refuses an offer without an inventory item, a publish without policies and location, and a withdraw of an unpublished offer", async () => {
    const { access_token } = await fakeTokens();
    expect((await fakeApi(access_token, "POST", "/sell/inventory/v1/offer", offer("no-such-sku"))).body.errors[0].errorId).toBe(25702);
    expect((await fakeApi(access_token, "PUT", "/sell/inventory/v1/inventory_item/sku-3", item())).status).toBe(204);
    expect(
      (
        await fakeApi(
          access_token,
          "POST",
          "/sell/inventory/v1/offer",
          offer("sku-3", { pricingSummary: { price: { value: "12,50", currency: "EUR" } } }),
        )
      ).status,
    ).toBe(400);
    const created = await fakeApi(access_token, "POST", "/sell/inventory/v1/offer", offer("sku-3"));
    expect(created.status).toBe(201);
    const offerId = created.body.offerId as string;
    // No policy named: publishOffer's "{fieldName} is missing." (25017).
    const noPolicies = await fakeApi(access_token, "POST", `/sell/inventory/v1/offer/${offerId}/publish`);
    expect(noPolicies.body.errors[0]).toMatchObject({
      errorId: 25017,
      message: expect.stringMatching(/^listingPolicies\.fulfillmentPolicyId is missing/),
    });
    const priceOfUnpublished = await fakeApi(access_token, "POST", "/sell/inventory/v1/bulk_update_price_quantity", {
      requests: [{ offers: [{ offerId, price: { value: "99.00", currency: "EUR" } }] }],
    });
    expect(priceOfUnpublished.body.responses[0].statusCode).toBe(400);
    expect((await fakeApi(access_token, "POST", `/sell/inventory/v1/offer/${offerId}/withdraw`)).body.errors[0].errorId).toBe(25713);
    // Policies that are not the seller's: "invalid data in the associated … policy" (25007). (updateOffer's
    // body names no sku, marketplace or format.)
    const { sku: _sku, marketplaceId: _marketplaceId, format: _format, ...update } = offer("sku-3", { listingPolicies: foreignPolicies });
    expect((await fakeApi(access_token, "PUT", `/sell/inventory/v1/offer/${offerId}`, update)).status).toBe(204);
    expect((await fakeApi(access_token, "POST", `/sell/inventory/v1/offer/${offerId}/publish`)).body.errors[0].errorId).toBe(25007);
  });

  it("takes an authorization code once and refuses an expired refresh token", async () => {
    const { code, refresh_token } = await fakeTokens();
    const again = await fetch(`${FAKE}/identity/v1/oauth2/token`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Authorization: `Basic ${btoa(`${FAKE_EBAY_CLIENT_ID}:${FAKE_EBAY_CLIENT_SECRET}`)}`,
      },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: FAKE_EBAY_RU_NAME }),
    });
    expect(again.status).toBe(400);
    expect(refresh_token).toBeTruthy();
  });
});

describe("connecting eBay", () => {
  it("says plainly when eBay is not set up", async () => {
    const seller = await signedInUser();
    const status = await (await call("/api/ebay", { headers: seller.auth }, env)).json<{ configured: boolean }>();
    expect(status.configured).toBe(false);
    const connect = await call("/api/ebay/connect", json(seller.auth, "POST"), env);
    expect(connect.status).toBe(503);
    expect(await connect.json()).toEqual({ message: "eBay ist in dieser Umgebung nicht eingerichtet.", code: "unavailable" });
  });

  it("stores the refresh token only encrypted; disconnecting deletes the row", async () => {
    const seller = await connectedSeller();
    const [row] = await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.userId, seller.user.id));
    // The raw D1 row: no column holds a token in plain text (the fake's tokens start with "v^1.1#").
    const raw = await env.DB.prepare("select * from marketplace_connections where user_id = ?")
      .bind(seller.user.id)
      .first<Record<string, unknown>>();
    expect(JSON.stringify(raw)).not.toContain("v^1.1");
    expect(JSON.stringify(raw)).not.toContain("fake-refresh");
    // … yet it is the real token, for this seller only.
    const key = (ebayEnv as unknown as { TOKEN_ENCRYPTION_KEY: string }).TOKEN_ENCRYPTION_KEY;
    expect(await decryptToken(key, row.refreshTokenCipher!, seller.user.id)).toMatch(/^v\^1\.1#fake-refresh-/);
    await expect(decryptToken(key, row.refreshTokenCipher!, "someone-else")).rejects.toThrow();

    expect((await call("/api/ebay", json(seller.auth, "DELETE"))).status).toBe(200);
    expect(await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.userId, seller.user.id))).toEqual([]);
  });

  it("refuses a callback whose state is not this browser's", async () => {
    const seller = await signedInUser();
    const back = await consent("forged-state");
    const callback = await call(`/api/ebay/callback${back.search}`, { headers: { ...seller.auth, Cookie: "ap_ebay_state=another" } });
    expect(callback.headers.get("Location")).toBe("/profile?ebay=fehler");
    expect(await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.userId, seller.user.id))).toEqual([]);
  });

  it("takes policies and location only from the seller's own lists", async () => {
    const seller = await setUpSeller();
    const foreign = { ...seller.setup.settings, fulfillmentPolicyId: "999" };
    const refused = await call("/api/ebay/settings", json(seller.auth, "PUT", foreign));
    expect(refused.status).toBe(400);
    expect((await refused.json<{ message: string }>()).message).toContain("Wähle");
    // Its own choice is taken, and the pickup policy the setup created stays.
    const own = { ...seller.setup.settings, pickupPolicyId: undefined };
    expect((await call("/api/ebay/settings", json(seller.auth, "PUT", own))).status).toBe(200);
    const status = await (await call("/api/ebay", { headers: seller.auth })).json<{ settings: Record<string, string> }>();
    expect(status.settings).toEqual(seller.setup.settings);
  });

  it("refreshes an access token eBay ended, and asks to reconnect when the refresh token ended", async () => {
    const seller = await connectedSeller();
    const before = (await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.userId, seller.user.id)))[0]
      .accessTokenCipher;
    const token = await decryptToken(ebayKey(), before!, seller.user.id);
    await fetch(`${FAKE}/__control/expire-access-tokens?token=${encodeURIComponent(token)}`, { method: "POST" });
    expect((await call("/api/ebay/choices", { headers: seller.auth })).status).toBe(200);
    const after = (await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.userId, seller.user.id)))[0]
      .accessTokenCipher;
    expect(after).not.toBe(before);

    const fresh = await decryptToken(ebayKey(), after!, seller.user.id);
    await fetch(`${FAKE}/__control/expire-refresh-tokens?token=${encodeURIComponent(fresh)}`, { method: "POST" });
    const ended = await call("/api/ebay/choices", { headers: seller.auth });
    expect(ended.status).toBe(409);
    expect((await ended.json<{ message: string }>()).message).toBe(
      "Die Verbindung zu eBay ist abgelaufen. Verbinde dein eBay-Konto im Profil neu.",
    );
  });

  it("says in German when eBay does not answer at all", async () => {
    const seller = await connectedSeller();
    const unreachable = { ...ebayEnv, EBAY_API_URL: "http://127.0.0.1:9" } as Env;
    const response = await call("/api/ebay/choices", { headers: seller.auth }, unreachable);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      message: "eBay ist gerade nicht erreichbar. Bitte versuche es in ein paar Minuten erneut.",
      code: "upstream_failed",
    });
  });
});

describe("publishing to eBay and a listing's life", () => {
  it("needs eBay set up before publishing, and sends nothing to eBay before", async () => {
    const seller = await connectedSeller();
    const ad = await finishedAd(seller.user.id);
    const response = await call(
      `/api/ads/${ad.id}/ebay-publish`,
      json(seller.auth, "POST", { categoryId: "20667", condition: "USED_GOOD", priceCents: 12000, aspects: { Marke: "DeLonghi" } }),
    );
    expect(response.status).toBe(409);
    const { message } = await response.json<{ message: string }>();
    expect(message).toContain("Versand-, Zahlungs- und Rücknahmerichtlinie");
    expect(message).toContain("eBay einrichten");
    expect((await fakeState()).requests.filter((request) => request.sku === `ap-${ad.id}`)).toEqual([]);
  });

  it("explains a missing required aspect in German before anything is sent", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id);
    const response = await call(
      `/api/ads/${ad.id}/ebay-publish`,
      json(seller.auth, "POST", { categoryId: "20667", condition: "USED_EXCELLENT", priceCents: 12000, aspects: {} }),
    );
    expect(response.status).toBe(400);
    expect((await response.json<{ message: string }>()).message).toBe(
      "eBay verlangt in dieser Kategorie die Angabe „Marke“. Trage sie bei den Artikelmerkmalen ein.",
    );
    // Nothing changed: no listing row, nothing at eBay.
    expect(await db().select().from(listings).where(eq(listings.adId, ad.id))).toEqual([]);
    expect((await fakeState()).items.some((entry) => entry.sku === `ap-${ad.id}`)).toBe(false);
  });

  it("drafts from the ad, publishes on the seller's click, cuts the price by the approved plan and withdraws on Verkauft", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id, { priceFloor: 9500, listingUrl: "https://www.kleinanzeigen.de/s-anzeige/kaffee/123" });

    const draft = await (
      await call(`/api/ads/${ad.id}/ebay-draft`, { headers: seller.auth })
    ).json<{
      categoryId: string;
      aspects: Array<{ name: string; required: boolean; value: string }>;
      condition: string;
      priceCents: number;
    }>();
    expect(draft.categoryId).toBe("20667");
    expect(draft.aspects).toContainEqual(expect.objectContaining({ name: "Marke", required: true, value: "DeLonghi" }));
    expect(draft.condition).toBe("USED_EXCELLENT");
    expect(draft.priceCents).toBe(12000);

    const aspects = Object.fromEntries(draft.aspects.map((aspect) => [aspect.name, aspect.value]));
    const published = await call(
      `/api/ads/${ad.id}/ebay-publish`,
      json(seller.auth, "POST", { categoryId: draft.categoryId, condition: draft.condition, priceCents: draft.priceCents, aspects }),
    );
    expect(published.status).toBe(200);
    const listing = await published.json<{ status: string; url: string; externalId: string }>();
    expect(listing.status).toBe("live");
    expect(listing.url).toBe(`${FAKE}/itm/${listing.externalId}`);
    expect((await fetch(listing.url)).status).toBe(200);

    const state = await fakeState();
    const atEbay = state.offers.find((entry) => entry.sku === `ap-${ad.id}`)!;
    expect(atEbay).toMatchObject({
      status: "PUBLISHED",
      listingDuration: "GTC",
      pricingSummary: { price: { value: "120.00", currency: "EUR" } },
      listing: { listingId: listing.externalId },
    });
    // The photo went to eBay Picture Services; the item names its https EPS URL.
    const itemAtEbay = state.items.find((entry) => entry.sku === `ap-${ad.id}`)!;
    expect(itemAtEbay.product.imageUrls).toHaveLength(1);
    expect(itemAtEbay.product.imageUrls[0]).toMatch(/^https:\/\/i\.ebayimg\.com\//);
    expect(state.images.find((image) => image.imageUrl === itemAtEbay.product.imageUrls[0])).toMatchObject({
      format: "JPG",
      size: TINY_JPEG.byteLength,
      source: "file",
    });
    // The adapter's writes carried the listing's language.
    const writes = state.requests.filter((request) => request.sku === `ap-${ad.id}`);
    expect(writes.map((request) => `${request.method} ${request.path.replace(ad.id, "<ad>")}`)).toEqual([
      "PUT /sell/inventory/v1/inventory_item/ap-<ad>",
      "POST /sell/inventory/v1/offer",
    ]);
    expect(writes.every((request) => request.contentLanguage === "de-DE")).toBe(true);

    // The approved plan: 15 € every 3 days, floor 90 € — but the seller's own minimum is 95 €.
    const plan = await call(
      `/api/ads/${ad.id}/price-cut-plan`,
      json(seller.auth, "PUT", { stepCents: 1500, intervalDays: 3, floorCents: 9000 }),
    );
    expect(plan.status).toBe(200);
    const config = getGeneratorConfig({ ...ebayEnv, PUBLIC_BASE_URL: "http://localhost:8787" });
    // Not due yet: nothing changes.
    await applyDuePriceCuts(db(), config, Date.now());
    expect((await fakeState()).offers.find((entry) => entry.sku === `ap-${ad.id}`)!.pricingSummary.price.value).toBe("120.00");
    // Three days on (a controlled clock, never a sleep): 120 → 105.
    await applyDuePriceCuts(db(), config, Date.now() + 3 * DAY + 1000);
    expect((await fakeState()).offers.find((entry) => entry.sku === `ap-${ad.id}`)!.pricingSummary.price.value).toBe("105.00");
    // The offer record follows the cut: every surface that reads the ad's price shows 105 € (ADR 041).
    const ownAds = await (
      await call("/api/ads", { headers: seller.auth })
    ).json<Array<{ id: string; price: number; priceLabel: string }>>();
    const owned = ownAds.find((entry) => entry.id === ad.id)!;
    expect(owned).toMatchObject({ price: 10500 });
    expect(owned.priceLabel).toMatch(/^105 €/);
    // Three more: never below the seller's minimum of 95 € (not the plan's 90 €); the plan is done.
    await applyDuePriceCuts(db(), config, Date.now() + 6 * DAY + 2000);
    expect((await fakeState()).offers.find((entry) => entry.sku === `ap-${ad.id}`)!.pricingSummary.price.value).toBe("95.00");
    const [done] = await db().select().from(priceCutPlans).where(eq(priceCutPlans.adId, ad.id));
    expect(done).toMatchObject({ status: "done", currentPriceCents: 9500, startPriceCents: 12000 });
    const [cut] = await db().select().from(listings).where(eq(listings.adId, ad.id));
    expect(cut).toMatchObject({ priceCents: 9500, startPriceCents: 12000 });

    // Verkauft: the offer is withdrawn, the listing ended; Kleinanzeigen (a link by hand) is to end by hand, by mail too.
    const outbox = { ...ebayEnv, MAIL_MODE: "outbox" } as Env;
    const sold = await call(`/api/ads/${ad.id}/sold`, json(seller.auth, "POST"), outbox);
    expect(sold.status).toBe(200);
    const result = await sold.json<{ ended: Array<{ status: string }>; byHand: string[] }>();
    expect(result.ended).toEqual([expect.objectContaining({ status: "ended" })]);
    expect(result.byHand).toEqual(["Kleinanzeigen"]);
    expect((await fakeState()).offers.find((entry) => entry.sku === `ap-${ad.id}`)!.status).toBe("UNPUBLISHED");
    const [mail] = await db()
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.to, seller.user.email), eq(outboxMails.kind, "sold_end_listings")));
    expect(mail.text).toContain("Kleinanzeigen");
    const [row] = await db().select().from(ads).where(eq(ads.id, ad.id));
    expect(row.soldAt).not.toBeNull();
  });

  it("reminds by mail where no API exists, with the struck-through rule", async () => {
    const seller = await signedInUser();
    const ad = await finishedAd(seller.user.id);
    expect(
      (await call(`/api/ads/${ad.id}/price-cut-plan`, json(seller.auth, "PUT", { stepCents: 1000, intervalDays: 7, floorCents: 8000 })))
        .status,
    ).toBe(200);
    const config = getGeneratorConfig({ ...ebayEnv, MAIL_MODE: "outbox", PUBLIC_BASE_URL: "http://localhost:8787" });
    await applyDuePriceCuts(db(), config, Date.now() + 7 * DAY + 1000);
    const [mail] = await db()
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.to, seller.user.email), eq(outboxMails.kind, "price_cut_reminder")));
    expect(mail.text).toMatch(/auf 110\s€/);
    expect(mail.text).toContain("durchgestrichen");
  });

  it("refuses a plan whose floor is not below the price", async () => {
    const seller = await signedInUser();
    const ad = await finishedAd(seller.user.id);
    const response = await call(
      `/api/ads/${ad.id}/price-cut-plan`,
      json(seller.auth, "PUT", { stepCents: 1000, intervalDays: 7, floorCents: 12000 }),
    );
    expect(response.status).toBe(400);
    expect((await response.json<{ message: string }>()).message).toBe("Der Mindestpreis muss unter dem aktuellen Preis liegen.");
  });
});
