// The Verkaufszähler (ADR 050): per calendar year (Europe/Berlin) the ads the seller marked
// "Verkauft" and their sum, per platform where the platform is known, with the DAC7 status of each
// platform for private sellers (app/lib/dac7.ts). One function for the profile page's loader and
// GET /api/sales-counter.
//
// - The platform of a sale is known when the ad was online on exactly one marketplace: one listing
//   that went live (through an API or a Kleinanzeigen link, ADR 039) or one link saved by hand.
//   Online on several, "Verkauft" does not say where it sold: the sale counts as "ohne Plattform".
// - The sum takes the price the item was last offered at: that platform's listing price (after
//   price cuts), else the price-cut plan's last price, else the ad's own price (ADR 028). The price
//   agreed with the buyer is not known; for VB it can be lower.
// - A giveaway (0 €, "zu verschenken") is no sale: nothing was paid for it.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { listingPrice } from "../../../lib/ad-price";
import { dac7Status, DAC7_THRESHOLDS, type Dac7Status } from "../../../lib/dac7";
import { berlinYear } from "../../../lib/format";
import { marketplaceOf } from "../../../lib/listing-url";
import { PLATFORMS, type Platform } from "../../../lib/platforms";
import type { Db } from "../../db/client";
import { ads, listings, priceCutPlans, type User } from "../../db/schema";

export type PlatformTally = {
  platform: Platform | null;
  /** "eBay", or "ohne Plattform" where the ad was online on several or none. */
  label: string;
  sales: number;
  sumCents: number;
  /** Private sellers only, known platforms only: how near the platform's reporting threshold. */
  dac7: Dac7Status | null;
};

export type YearTally = { year: number; sales: number; sumCents: number; unpriced: number; platforms: PlatformTally[] };

export type SalesCounter = {
  currentYear: number;
  /** The current year first (always), then earlier years with sales, newest first. */
  years: YearTally[];
  /** Private sellers see the DAC7 notes; dealers see the counter without them. */
  dac7Notes: boolean;
  thresholds: { sales: number; sumCents: number };
};

export const NO_PLATFORM = "ohne Plattform";

/** Listings that were online at some point (a failed or never-confirmed publication sold nothing there). */
const WENT_LIVE = ["live", "paused", "ended"] as const;

export async function salesCounter(db: Db, user: Pick<User, "id" | "businessType">, now = Date.now()): Promise<SalesCounter> {
  const sold = await db
    .select({
      id: ads.id,
      soldAt: ads.soldAt,
      listingUrl: ads.listingUrl,
      askingPrice: ads.askingPrice,
      priceType: ads.priceType,
      priceSuggestion: ads.priceSuggestion,
      priceMin: ads.priceMin,
      priceMax: ads.priceMax,
      priceBasis: ads.priceBasis,
    })
    .from(ads)
    .where(and(eq(ads.userId, user.id), isNotNull(ads.soldAt)));
  // By owner, never by a list of ad ids: one bound parameter however many sales (db/d1-limits.ts).
  const rows = await db
    .select({ adId: listings.adId, platform: listings.platform, priceCents: listings.priceCents })
    .from(listings)
    .where(and(eq(listings.userId, user.id), inArray(listings.status, [...WENT_LIVE])));
  const plans = await db
    .select({ adId: priceCutPlans.adId, currentPriceCents: priceCutPlans.currentPriceCents })
    .from(priceCutPlans)
    .where(eq(priceCutPlans.userId, user.id));

  const tallies = new Map<number, { year: YearTally; platforms: Map<Platform | null, PlatformTally> }>();
  const tallyOf = (year: number) => {
    let entry = tallies.get(year);
    if (!entry) {
      entry = { year: { year, sales: 0, sumCents: 0, unpriced: 0, platforms: [] }, platforms: new Map() };
      tallies.set(year, entry);
    }
    return entry;
  };
  for (const ad of sold) {
    const own = rows.filter((row) => row.adId === ad.id);
    const linked = ad.listingUrl ? marketplaceOf(ad.listingUrl) : null;
    const where = new Set<Platform>([...own.map((row) => row.platform), ...(linked ? [linked] : [])]);
    const platform = where.size === 1 ? [...where][0] : null;
    const listed = platform ? own.find((row) => row.platform === platform)?.priceCents : null;
    const planned = plans.find((plan) => plan.adId === ad.id)?.currentPriceCents || null;
    const offered = listingPrice(ad);
    const cents = listed ?? planned ?? offered?.cents ?? null;
    if (cents === 0 || ad.priceType === "verschenken") continue;

    const entry = tallyOf(berlinYear(ad.soldAt!));
    let tally = entry.platforms.get(platform);
    if (!tally) {
      tally = { platform, label: platform ? PLATFORMS[platform].label : NO_PLATFORM, sales: 0, sumCents: 0, dac7: null };
      entry.platforms.set(platform, tally);
    }
    tally.sales += 1;
    entry.year.sales += 1;
    if (cents === null) entry.year.unpriced += 1;
    else {
      tally.sumCents += cents;
      entry.year.sumCents += cents;
    }
  }

  const currentYear = berlinYear(now);
  tallyOf(currentYear);
  const dac7Notes = user.businessType !== "commercial";
  const years = [...tallies.values()]
    .map(({ year, platforms }) => ({
      ...year,
      platforms: [...platforms.values()]
        .map((tally) => ({ ...tally, dac7: dac7Notes && tally.platform ? dac7Status(tally.sales, tally.sumCents) : null }))
        // Known platforms by sales, "ohne Plattform" last.
        .sort((a, b) => Number(a.platform === null) - Number(b.platform === null) || b.sales - a.sales || b.sumCents - a.sumCents),
    }))
    .sort((a, b) => b.year - a.year);
  return { currentYear, years, dac7Notes, thresholds: DAC7_THRESHOLDS };
}
