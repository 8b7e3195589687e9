// No orphan, no stuck row (ADR 047), against the local fakes: parallel clicks publish once; a
// request cut off on the way back (the fake applies the call, then drops the connection) leaves a
// row the cron's sweep settles with the marketplace — without a second listing — after which a
// retry works; a price cut that does not reach eBay leaves the plan where it was; ending a
// listing eBay already ended counts as ended.
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads, listings, priceCutPlans, type Listing } from "~/.server/db/schema";
import { ebayHousekeeping } from "~/.server/generator/listings/ebay-sweep";
import { getGeneratorConfig } from "~/.server/generator/env";
import { kleinanzeigenHousekeeping } from "~/.server/generator/kleinanzeigen/housekeeping";
import { applyDuePriceCuts } from "~/.server/listings/price-cut";
import { STUCK_AFTER_MS } from "~/.server/generator/listings/stuck";
import generator from "../../workers/generator";
import { call, cutEbayAfter, fakeState, finishedAd, json, sellerToken, setUpSeller } from "./ebay-seller";
import { db, ebayEnv, signedInUser } from "./helpers";
import {
  cutKleinanzeigenAfter,
  dealerEnv,
  dealerProfile,
  fakeListingsOf,
  finishedAd as finishedDealerAd,
  publish as publishToKleinanzeigen,
  rowOf as kleinanzeigenRowOf,
} from "./kleinanzeigen-dealer";

const FAKE_EBAY = env.FAKE_EBAY_URL;
const DAY = 24 * 60 * 60 * 1000;
/** A moment when a row left `publishing` by a cut-off request counts as stuck. */
const afterTheRequest = () => Date.now() + STUCK_AFTER_MS + 60_000;
const input = { categoryId: "20667", condition: "USED_EXCELLENT", priceCents: 12000, aspects: { Marke: "DeLonghi" } };
const ebayConfig = (overrides: Record<string, string> = {}) =>
  getGeneratorConfig({ ...ebayEnv, PUBLIC_BASE_URL: "http://localhost:8787", ...overrides });

async function ebayRowOf(adId: string): Promise<Listing> {
  const [row] = await db()
    .select()
    .from(listings)
    .where(and(eq(listings.adId, adId), eq(listings.platform, "ebay")));
  return row;
}

const publishToEbay = (adId: string, auth: Record<string, string>) => call(`/api/ads/${adId}/ebay-publish`, json(auth, "POST", input));
const offersOf = async (adId: string) => (await fakeState()).offers.filter((offer) => offer.sku === `ap-${adId}`);
/** The seller's own createOffer calls (the fake is shared by every test file running beside this one). */
const offerCreations = async (userId: string) => {
  const token = encodeURIComponent(await sellerToken(userId));
  const { seller } = await (await fetch(`${FAKE_EBAY}/__control/account?token=${token}`)).json<{ seller: string }>();
  return (await fakeState()).requests.filter(
    (request) => request.seller === seller && request.method === "POST" && request.path === "/sell/inventory/v1/offer",
  );
};

/** A seller set up from zero on eBay (ADR 045), with a finished ad. */
async function readySeller() {
  const seller = await setUpSeller();
  return { ...seller, ad: await finishedAd(seller.user.id) };
}

describe("the fake eBay's getOffers, as eBay documents it", () => {
  it("needs a valid sku, answers 404 with 25713 when the SKU has no offer, and the offer with its listing once published", async () => {
    const { user, auth, ad } = await readySeller();
    const getOffers = async (query: string) => {
      const response = await fetch(`${FAKE_EBAY}/sell/inventory/v1/offer?${query}`, {
        headers: { Authorization: `Bearer ${await sellerToken(user.id)}` },
      });
      return {
        status: response.status,
        body: await response.json<{ errors?: Array<{ errorId: number }>; offers?: unknown[]; total?: number }>(),
      };
    };
    const noSku = await getOffers("marketplace_id=EBAY_DE");
    expect(noSku).toMatchObject({ status: 400, body: { errors: [{ errorId: 25709 }] } });
    expect((await getOffers(`sku=ap-${ad.id}&limit=0`)).body.errors?.[0].errorId).toBe(25706);
    expect(await getOffers(`sku=ap-${ad.id}&marketplace_id=EBAY_DE`)).toMatchObject({
      status: 404,
      body: { errors: [{ errorId: 25713 }] },
    });

    expect((await publishToEbay(ad.id, auth)).status).toBe(200);
    const row = await ebayRowOf(ad.id);
    const found = await getOffers(`sku=ap-${ad.id}&marketplace_id=EBAY_DE`);
    expect(found).toMatchObject({
      status: 200,
      body: {
        total: 1,
        offers: [{ offerId: row.offerId, status: "PUBLISHED", listing: { listingId: row.externalId, listingStatus: "ACTIVE" } }],
      },
    });
  });
});

describe("eBay: one listing, a row that tells the truth", () => {
  it("of eight parallel clicks one publishes; the others get a German 409 and never touch the live row", async () => {
    const { user, auth, ad } = await readySeller();
    const creationsBefore = (await offerCreations(user.id)).length;

    const clicks = await Promise.all(Array.from({ length: 8 }, () => publishToEbay(ad.id, auth)));
    expect(clicks.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of clicks.filter((response) => response.status === 409)) {
      expect(["Die Anzeige ist schon auf eBay.", expect.stringContaining("wird gerade auf eBay veröffentlicht")]).toContainEqual(
        (await refused.json<{ message: string }>()).message,
      );
    }
    const live = await clicks.find((response) => response.status === 200)!.json<{ status: string; externalId: string; url: string }>();

    const row = await ebayRowOf(ad.id);
    expect(row).toMatchObject({ status: "live", externalId: live.externalId, url: `${FAKE_EBAY}/itm/${live.externalId}`, lastError: null });
    const offers = await offersOf(ad.id);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ offerId: row.offerId, status: "PUBLISHED", listing: { listingId: live.externalId } });
    expect((await offerCreations(user.id)).length - creationsBefore).toBe(1);
  });

  it("a request cut off after createOffer stays 'publishing'; the cron's sweep marks it failed; the retry reuses the offer and goes live", async () => {
    const { user, auth, ad } = await readySeller();
    await cutEbayAfter(user.id, "createOffer");

    const cut = await publishToEbay(ad.id, auth);
    expect(cut.status).toBe(502);
    expect((await cut.json<{ message: string }>()).message).toBe(
      "eBay antwortet nicht. Ob die Anzeige trotzdem online gegangen ist, prüfen wir in den nächsten Minuten – du musst nichts tun.",
    );
    // eBay made the offer; the answer never arrived, so the row knows no offer id yet.
    const [made] = await offersOf(ad.id);
    expect(made).toMatchObject({ status: "UNPUBLISHED" });
    expect(await ebayRowOf(ad.id)).toMatchObject({ status: "publishing", offerId: null });
    const tooEarly = await publishToEbay(ad.id, auth);
    expect(tooEarly.status).toBe(409);
    expect((await tooEarly.json<{ message: string }>()).message).toContain("wird gerade auf eBay veröffentlicht");

    // The generator's cron (the scheduled handler itself) settles the row once it is older than any request can be.
    await db()
      .update(listings)
      .set({ updatedAt: Date.now() - STUCK_AFTER_MS - 60_000 })
      .where(eq(listings.adId, ad.id));
    await generator.scheduled(
      createScheduledController({ cron: "*/5 * * * *" }),
      ebayEnv as unknown as GeneratorEnv,
      createExecutionContext(),
    );
    const failed = await ebayRowOf(ad.id);
    expect(failed).toMatchObject({ status: "failed", offerId: made.offerId });
    expect(failed.lastError).toBe(
      "Die Veröffentlichung auf eBay wurde unterbrochen, bevor die Anzeige online war. Veröffentliche sie bitte noch einmal – es entsteht dabei kein zweites Angebot.",
    );

    const creationsBefore = (await offerCreations(user.id)).length;
    const retry = await publishToEbay(ad.id, auth);
    expect(retry.status).toBe(200);
    expect(await ebayRowOf(ad.id)).toMatchObject({ status: "live", offerId: made.offerId, lastError: null });
    const offers = await offersOf(ad.id);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ offerId: made.offerId, status: "PUBLISHED" });
    expect((await offerCreations(user.id)).length).toBe(creationsBefore);
  });

  it("a request cut off after publishOffer is read back live by the sweep, with its listing id and link", async () => {
    const { user, auth, ad } = await readySeller();
    await cutEbayAfter(user.id, "publishOffer");
    expect((await publishToEbay(ad.id, auth)).status).toBe(502);
    const stuck = await ebayRowOf(ad.id);
    // The offer id was stored the moment eBay named it, before the publish.
    expect(stuck).toMatchObject({ status: "publishing", externalId: null });
    expect(stuck.offerId).toBeTruthy();

    // Not yet stuck: a sweep now leaves the row to the request that may still be running.
    await ebayHousekeeping(env.DB, ebayConfig());
    expect((await ebayRowOf(ad.id)).status).toBe("publishing");

    await ebayHousekeeping(env.DB, ebayConfig(), afterTheRequest());
    const [offer] = await offersOf(ad.id);
    const listingId = offer.listing!.listingId;
    expect(await ebayRowOf(ad.id)).toMatchObject({
      status: "live",
      offerId: stuck.offerId,
      externalId: listingId,
      url: `${FAKE_EBAY}/itm/${listingId}`,
      priceCents: 12000,
    });
    expect(await offersOf(ad.id)).toHaveLength(1);
  });

  it("ending a listing eBay has already ended counts as ended", async () => {
    const { user, auth, ad } = await readySeller();
    expect((await publishToEbay(ad.id, auth)).status).toBe(200);
    const row = await ebayRowOf(ad.id);
    // The listing ends at eBay without the app (the seller ended it there).
    const withdrawn = await fetch(`${FAKE_EBAY}/sell/inventory/v1/offer/${row.offerId}/withdraw`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await sellerToken(user.id)}` },
    });
    expect(withdrawn.status).toBe(200);

    const sold = await call(`/api/ads/${ad.id}/sold`, json(auth, "POST"));
    expect(sold.status).toBe(200);
    const result = await sold.json<{ ended: Array<{ platform: string; status: string }>; byHand: string[]; failures: string[] }>();
    expect(result.ended).toEqual([expect.objectContaining({ platform: "ebay", status: "ended" })]);
    expect(result.failures).toEqual([]);
    expect(result.byHand).toEqual([]);
    expect((await ebayRowOf(ad.id)).status).toBe("ended");
  });
});

describe("Kleinanzeigen: the listing uuid stored at once, the sweep settles the rest", () => {
  const housekeeping = (now: number) => kleinanzeigenHousekeeping(env.DB, getGeneratorConfig(dealerEnv), now);

  it("a request cut off after the publication was created is followed to live, without a second listing", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const ad = await finishedDealerAd(user.id);
    await cutKleinanzeigenAfter(ad.id, "createPublication");

    const cut = await publishToKleinanzeigen(ad.id, auth);
    expect(cut.status).toBe(502);
    expect((await cut.json<{ message: string }>()).message).toContain("Kleinanzeigen antwortet nicht.");
    const stuck = await kleinanzeigenRowOf(ad.id);
    expect(stuck.status).toBe("publishing");
    expect(stuck.details).toMatchObject({ source: "api", listingUuid: expect.any(String) });
    expect(stuck.details.publicationUuid).toBeUndefined();
    expect((await publishToKleinanzeigen(ad.id, auth)).status).toBe(409);

    await housekeeping(afterTheRequest());
    const live = await kleinanzeigenRowOf(ad.id);
    expect(live).toMatchObject({ status: "live", externalId: stuck.details.listingUuid, lastError: null });
    expect(live.url).toMatch(/^https:\/\/www\.kleinanzeigen\.de\/s-anzeige\//);
    const atKleinanzeigen = await fakeListingsOf(ad.id);
    expect(atKleinanzeigen).toHaveLength(1);
    expect(atKleinanzeigen[0]).toMatchObject({ deleted: false, publications: [expect.objectContaining({ state: "PUBLISHED" })] });
  });

  it("a request cut off before the publication: the sweep deletes the half-made listing, marks the row failed, and a retry goes live", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const ad = await finishedDealerAd(user.id);
    await cutKleinanzeigenAfter(ad.id, "addMedia");
    expect((await publishToKleinanzeigen(ad.id, auth)).status).toBe(502);
    const orphan = (await kleinanzeigenRowOf(ad.id)).details.listingUuid;
    expect(orphan).toEqual(expect.any(String));

    await housekeeping(afterTheRequest());
    const failed = await kleinanzeigenRowOf(ad.id);
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toBe(
      "Die Veröffentlichung bei Kleinanzeigen wurde unterbrochen, bevor die Anzeige online war. Veröffentliche sie bitte noch einmal.",
    );
    expect((await fakeListingsOf(ad.id)).find((listing) => listing.uuid === orphan)).toMatchObject({ deleted: true, publications: [] });

    expect((await publishToKleinanzeigen(ad.id, auth)).status).toBe(202);
    await housekeeping(Date.now());
    expect((await kleinanzeigenRowOf(ad.id)).status).toBe("live");
    const standing = (await fakeListingsOf(ad.id)).filter((listing) => !listing.deleted);
    expect(standing).toHaveLength(1);
    expect(standing[0].publications.map((publication) => publication.state)).toEqual(["PUBLISHED"]);
  });

  it("a create call whose answer was lost leaves no stuck row: the sweep marks it failed and a retry goes live", async () => {
    const { user, auth } = await signedInUser(dealerProfile);
    const ad = await finishedDealerAd(user.id);
    await cutKleinanzeigenAfter(ad.id, "createListing");
    expect((await publishToKleinanzeigen(ad.id, auth)).status).toBe(502);
    expect(await kleinanzeigenRowOf(ad.id)).toMatchObject({ status: "publishing", details: {} });

    await housekeeping(afterTheRequest());
    expect((await kleinanzeigenRowOf(ad.id)).status).toBe("failed");
    expect((await publishToKleinanzeigen(ad.id, auth)).status).toBe(202);
    await housekeeping(Date.now());
    expect((await kleinanzeigenRowOf(ad.id)).status).toBe("live");
    // The gateway documents no search by customReference, so the lost draft stays — never published, so never visible.
    const published = (await fakeListingsOf(ad.id)).filter((listing) => listing.publications.length > 0);
    expect(published).toHaveLength(1);
  });
});

describe("price cuts: applied at the marketplace first, committed after", () => {
  it("a cut eBay did not take leaves the plan, the ad's price and the listing where they were; the next run applies it", async () => {
    const { auth, ad } = await readySeller();
    expect((await publishToEbay(ad.id, auth)).status).toBe(200);
    expect(
      (await call(`/api/ads/${ad.id}/price-cut-plan`, json(auth, "PUT", { stepCents: 1500, intervalDays: 3, floorCents: 9000 }))).status,
    ).toBe(200);
    const [approved] = await db().select().from(priceCutPlans).where(eq(priceCutPlans.adId, ad.id));
    const due = Date.now() + 3 * DAY + 1000;

    // eBay does not answer at all.
    await applyDuePriceCuts(db(), ebayConfig({ EBAY_API_URL: "http://127.0.0.1:9" }), due);
    const [kept] = await db().select().from(priceCutPlans).where(eq(priceCutPlans.adId, ad.id));
    expect(kept).toMatchObject({ currentPriceCents: 12000, nextCutAt: approved.nextCutAt, lastCutAt: null, status: "active" });
    const refused = await ebayRowOf(ad.id);
    expect(refused.priceCents).toBe(12000);
    expect(refused.lastError).toMatch(/^Preissenkung auf 105\s€ fehlgeschlagen: eBay ist gerade nicht erreichbar\./);
    const [stillAd] = await db().select().from(ads).where(eq(ads.id, ad.id));
    expect(stillAd.askingPrice).toBe(12000);
    expect((await offersOf(ad.id))[0].pricingSummary.price.value).toBe("120.00");

    // The next runs — two at once, as the cron beside a run by hand — make the same step once: 105 €, not 90 €.
    await Promise.all([applyDuePriceCuts(db(), ebayConfig(), due + 1000), applyDuePriceCuts(db(), ebayConfig(), due + 1000)]);
    expect((await offersOf(ad.id))[0].pricingSummary.price.value).toBe("105.00");
    const [stepped] = await db().select().from(priceCutPlans).where(eq(priceCutPlans.adId, ad.id));
    expect(stepped).toMatchObject({ currentPriceCents: 10500, lastCutAt: due + 1000, nextCutAt: due + 1000 + 3 * DAY });
    expect(await ebayRowOf(ad.id)).toMatchObject({ priceCents: 10500, lastError: null });
    const [cutAd] = await db().select().from(ads).where(eq(ads.id, ad.id));
    expect(cutAd.askingPrice).toBe(10500);
  });
});
