// The Verkaufszähler (ADR 050) in D1: sales marked "Verkauft" per calendar year in Berlin, per
// platform where the ad was online on exactly one, summed at the price last offered there; DAC7
// notes for private sellers only; the same reading through GET /api/sales-counter.
import { describe, expect, it } from "vitest";
import { listings, type ads } from "~/.server/db/schema";
import { salesCounter } from "~/.server/app-worker/listings/sales-counter";
import { call } from "./ebay-seller";
import { db, insertAd, signedInUser } from "./helpers";

const NOW = Date.UTC(2027, 5, 1, 12);
const IN_2027 = Date.UTC(2027, 2, 10, 9);

async function sale(userId: string, overrides: Partial<typeof ads.$inferInsert> = {}) {
  return insertAd(userId, { status: "completed", askingPrice: 5000, priceType: "vb", soldAt: IN_2027, ...overrides });
}

async function listedOn(adId: string, userId: string, platform: "ebay" | "kleinanzeigen", status: "ended" | "failed", priceCents: number) {
  await db().insert(listings).values({ id: crypto.randomUUID(), adId, userId, platform, status, priceCents, startPriceCents: priceCents });
}

describe("the Verkaufszähler", () => {
  it("counts per calendar year in Berlin, per platform where known, at the price last offered there", async () => {
    const { user } = await signedInUser();
    // Sold on eBay after a price cut there: eBay's price, not the ad's 120 €.
    const onEbay = await sale(user.id, { askingPrice: 12000 });
    await listedOn(onEbay.id, user.id, "ebay", "ended", 9000);
    // Posted by hand on Kleinanzeigen only: the ad's own price.
    await sale(user.id, { askingPrice: 4500, listingUrl: "https://www.kleinanzeigen.de/s-anzeige/jacke/1" });
    // On eBay and on Vinted: "Verkauft" does not say where.
    const twoPlaces = await sale(user.id, { askingPrice: 2000, listingUrl: "https://www.vinted.de/items/2-buch" });
    await listedOn(twoPlaces.id, user.id, "ebay", "ended", 2000);
    // eBay refused the listing: it never sold there.
    const failed = await sale(user.id, { askingPrice: 3000 });
    await listedOn(failed.id, user.id, "ebay", "failed", 3000);
    // A giveaway is no sale; an unsold ad is none either.
    await sale(user.id, { askingPrice: 0, priceType: "verschenken", listingUrl: "https://www.kleinanzeigen.de/s-anzeige/kiste/3" });
    await sale(user.id, { soldAt: null, listingUrl: "https://www.kleinanzeigen.de/s-anzeige/lampe/4" });
    // 23:30 UTC on 31 December 2026 is 00:30 on New Year's Day in Berlin: a sale of 2027.
    await sale(user.id, {
      askingPrice: 1000,
      soldAt: Date.UTC(2026, 11, 31, 23, 30),
      listingUrl: "https://www.kleinanzeigen.de/s-anzeige/x/5",
    });
    // Earlier in 2026 (Berlin), on Kleinanzeigen.
    await sale(user.id, {
      askingPrice: 7000,
      soldAt: Date.UTC(2026, 11, 31, 22, 30),
      listingUrl: "https://www.kleinanzeigen.de/s-anzeige/y/6",
    });

    const counter = await salesCounter(db(), user, NOW);
    expect(counter.currentYear).toBe(2027);
    expect(counter.years).toEqual([
      {
        year: 2027,
        sales: 5,
        sumCents: 9000 + 4500 + 2000 + 3000 + 1000,
        unpriced: 0,
        platforms: [
          { platform: "kleinanzeigen", label: "Kleinanzeigen", sales: 2, sumCents: 5500, dac7: null },
          { platform: "ebay", label: "eBay", sales: 1, sumCents: 9000, dac7: null },
          { platform: null, label: "ohne Plattform", sales: 2, sumCents: 5000, dac7: null },
        ],
      },
      {
        year: 2026,
        sales: 1,
        sumCents: 7000,
        unpriced: 0,
        platforms: [{ platform: "kleinanzeigen", label: "Kleinanzeigen", sales: 1, sumCents: 7000, dac7: null }],
      },
    ]);
  });

  it("tells a private seller per platform when they near or reach 30 sales or 2,000 €, never a dealer", async () => {
    const seller = await signedInUser();
    for (let index = 0; index < 24; index++) {
      await sale(seller.user.id, { askingPrice: 1000, listingUrl: `https://www.kleinanzeigen.de/s-anzeige/teil/${index}` });
    }
    // Few sales on eBay, but 2,000 € in total: reached.
    for (const cents of [150000, 50000]) {
      const ad = await sale(seller.user.id, { askingPrice: cents });
      await listedOn(ad.id, seller.user.id, "ebay", "ended", cents);
    }
    const privateView = await salesCounter(db(), seller.user, NOW);
    expect(privateView.dac7Notes).toBe(true);
    expect(privateView.years[0].platforms.map(({ label, sales, dac7 }) => [label, sales, dac7])).toEqual([
      ["Kleinanzeigen", 24, "near"],
      ["eBay", 2, "reached"],
    ]);

    const dealer = await signedInUser({ businessType: "commercial", companyName: "Muster GmbH" });
    for (let index = 0; index < 30; index++) {
      await sale(dealer.user.id, { listingUrl: `https://www.kleinanzeigen.de/s-anzeige/ware/${index}` });
    }
    const dealerView = await salesCounter(db(), dealer.user, NOW);
    expect(dealerView.dac7Notes).toBe(false);
    expect(dealerView.years[0].platforms).toEqual([
      { platform: "kleinanzeigen", label: "Kleinanzeigen", sales: 30, sumCents: 150000, dac7: null },
    ]);
  });

  it("shows this year even before the first sale, and answers the same through the API", async () => {
    const seller = await signedInUser();
    const year = Number(new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", year: "numeric" }).format(new Date()));
    const response = await call("/api/sales-counter", { headers: seller.auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      currentYear: year,
      years: [{ year, sales: 0, sumCents: 0, unpriced: 0, platforms: [] }],
      dac7Notes: true,
      thresholds: { sales: 30, sumCents: 200000 },
    });
    expect((await call("/api/sales-counter")).status).toBe(401);
  });
});
