// The seller's edits reach every live listing (ADR 076): a price, title or text changed in
// "Bearbeiten" goes to the live eBay offer after the edit's answer, "Live auf" reads the price back
// from eBay, a listing that did not take the edit says so in German with "Erneut senden", one the
// seller posted by hand is named for the seller to change, and the cron sends what a request left.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings } from "~/.server/db/schema";
import { getGeneratorConfig } from "~/.server/generator/env";
import { EDIT_HANDOVER_MS, sendLeftoverListingEdits } from "~/.server/listings/edits";
import { db, ebayEnv } from "./helpers";
import { call, cutEbayAfter, fakeApi, fakeState, finishedAd, json, publishOnEbay, sellerToken, setUpSeller } from "./ebay-seller";
import { settleWorkerContexts } from "./worker-context";

type LiveAuf = {
  listings: Array<{ platform: string; priceCents: number | null; priceSource: string; editState: string | null; lastError: string | null }>;
};

/** "Bearbeiten" as the dashboard's editor sends it: title and text, and the price in euros. */
function editForm(fields: { title: string; description?: string; price?: string }) {
  const form = new FormData();
  form.append("optimizedTitle", fields.title);
  form.append("optimizedDescription", fields.description ?? "**Zustand:** gut erhalten\n- entkalkt");
  if (fields.price !== undefined) form.append("price", fields.price);
  return form;
}

async function edit(auth: Record<string, string>, adId: string, fields: Parameters<typeof editForm>[0]) {
  const response = await call(`/api/ads/${adId}`, { method: "PATCH", headers: auth, body: editForm(fields) });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function liveAuf(auth: Record<string, string>, adId: string): Promise<LiveAuf> {
  const response = await call(`/api/ads/${adId}/listings`, { headers: auth });
  expect(response.status).toBe(200);
  return response.json<LiveAuf>();
}

async function offerAtEbay(adId: string) {
  const state = await fakeState();
  return {
    offer: state.offers.find((entry) => entry.sku === `ap-${adId}`)! as (typeof state.offers)[number] & { listingDescription?: string },
    item: state.items.find((entry) => entry.sku === `ap-${adId}`)!,
  };
}

describe("an edit of a published ad", () => {
  it("reaches the live eBay offer after the answer, and Live auf reads the price back from eBay", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id);
    await publishOnEbay(seller.auth, ad.id);
    const photosBefore = (await offerAtEbay(ad.id)).item.product.imageUrls;

    await edit(seller.auth, ad.id, {
      title: "DeLonghi Magnifica S – frisch entkalkt",
      description: "**Zustand:** wie neu\n- entkalkt",
      price: "99",
    });
    await settleWorkerContexts();

    const { offer, item } = await offerAtEbay(ad.id);
    expect(offer.status).toBe("PUBLISHED");
    expect(offer.pricingSummary.price.value).toBe("99.00");
    expect(item.product.title).toBe("DeLonghi Magnifica S – frisch entkalkt");
    expect(offer.listingDescription).toContain("wie neu");
    // The photos and the item's other fields stay as eBay holds them.
    expect(item.product.imageUrls).toEqual(photosBefore);
    expect(item.condition).toBe("USED_EXCELLENT");

    const afterEdit = await liveAuf(seller.auth, ad.id);
    expect(afterEdit.listings).toEqual([
      expect.objectContaining({ platform: "ebay", priceCents: 9900, priceSource: "platform", editState: null, lastError: null }),
    ]);

    // The seller changes the price at eBay itself: "Live auf" shows eBay's price, not the stored one.
    const changed = await fakeApi(await sellerToken(seller.user.id), "POST", "/sell/inventory/v1/bulk_update_price_quantity", {
      requests: [{ offers: [{ offerId: offer.offerId, price: { value: "88.00", currency: "EUR" } }] }],
    });
    expect(changed.status).toBe(200);
    expect((await liveAuf(seller.auth, ad.id)).listings[0]).toMatchObject({ priceCents: 8800, priceSource: "platform" });
  });

  it("says in German when eBay did not take the edit, and sends it again on „Erneut senden“", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id);
    await publishOnEbay(seller.auth, ad.id);
    // eBay reads the item, then the connection drops without an answer.
    await cutEbayAfter(seller.user.id, "getInventoryItem");

    await edit(seller.auth, ad.id, { title: "DeLonghi Magnifica S mit Milchaufschäumer", price: "110" });
    await settleWorkerContexts();
    const failed = (await liveAuf(seller.auth, ad.id)).listings[0];
    expect(failed.editState).toBe("failed");
    expect(failed.lastError).toMatch(/^Deine Änderung ist nicht bei eBay angekommen: eBay/);
    expect((await offerAtEbay(ad.id)).item.product.title).toBe("DeLonghi Kaffeevollautomat Magnifica S");

    const again = await call(`/api/ads/${ad.id}/listings/resend`, json(seller.auth, "POST"));
    expect(again.status).toBe(202);
    await settleWorkerContexts();
    expect((await offerAtEbay(ad.id)).item.product.title).toBe("DeLonghi Magnifica S mit Milchaufschäumer");
    expect((await offerAtEbay(ad.id)).offer.pricingSummary.price.value).toBe("110.00");
    expect((await liveAuf(seller.auth, ad.id)).listings[0]).toMatchObject({ editState: null, lastError: null, priceCents: 11000 });
    // Nothing left to send: said plainly.
    const nothing = await call(`/api/ads/${ad.id}/listings/resend`, json(seller.auth, "POST"));
    expect(nothing.status).toBe(409);
    expect(await nothing.json()).toEqual({ message: "Es gibt keine Änderung, die erneut gesendet werden müsste.", code: "conflict" });
  });

  it("names a listing the seller posted by hand, for the seller to change there", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id);
    const linked = await call(
      `/api/ads/${ad.id}/listing`,
      json(seller.auth, "PUT", { listingUrl: "https://www.kleinanzeigen.de/s-anzeige/kaffee/2345678901-176-1234" }),
    );
    expect(linked.status).toBe(200);
    await edit(seller.auth, ad.id, { title: "DeLonghi Magnifica S", price: "100" });
    await settleWorkerContexts();
    expect((await liveAuf(seller.auth, ad.id)).listings).toEqual([
      expect.objectContaining({ platform: "kleinanzeigen", viaApi: false, editState: "by_hand", priceSource: "stored" }),
    ]);
  });

  it("leaves an edit a request did not send to the cron, which sends it", async () => {
    const seller = await setUpSeller();
    const ad = await finishedAd(seller.user.id);
    await publishOnEbay(seller.auth, ad.id);
    const requestedAt = Date.now() - EDIT_HANDOVER_MS - 1000;
    // As a request cut off before its waitUntil sent the edit leaves the row.
    await db()
      .update(listings)
      .set({ editState: "pending", editRequestedAt: requestedAt, pendingEdit: { priceCents: 10500 } })
      .where(eq(listings.adId, ad.id));

    const config = getGeneratorConfig({ ...ebayEnv, PUBLIC_BASE_URL: "http://localhost:8787" });
    expect(await sendLeftoverListingEdits(db(), config, env.PHOTOS)).toBe(1);
    expect((await offerAtEbay(ad.id)).offer.pricingSummary.price.value).toBe("105.00");
    const [row] = await db().select().from(listings).where(eq(listings.adId, ad.id));
    expect(row).toMatchObject({ editState: null, pendingEdit: null, priceCents: 10500 });
    expect(await sendLeftoverListingEdits(db(), config, env.PHOTOS)).toBe(0);
  });
});
