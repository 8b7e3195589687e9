// The cron's sweep of eBay rows stuck in `publishing` (ADR 047): a publishing request that was cut
// off, or got no answer from eBay, after the claim. eBay holds at most one offer per SKU and
// marketplace, so the ad's SKU tells what happened (getOffers,
// https://developer.ebay.com/api-docs/sell/inventory/resources/offer/methods/getOffers):
// - the offer is PUBLISHED → the row goes live with its listing id and link (an ad marked sold
//   meanwhile has it withdrawn and the row ended);
// - an unpublished offer → failed with its offer id; publishing again reuses the offer;
// - nothing at eBay → failed; publishing again starts over.
// Either failure tells the seller in German and may be retried at once.
import { getDb, type Db } from "../../db/client";
import type { GeneratorConfig } from "../env";
import { NoAnswerError, PublishError } from "../../publishing/publisher";
import { settleStuck, stuckListings, type SweepRun } from "./stuck";
import { ebayConfigOf, type EbayConfig } from "../../ebay/config";
import { findOffer, liveListingIdOf, priceCentsOf, withdrawOffer } from "../../ebay/inventory";
import { markEbayLive } from "../../ebay/publication";
import { skuOf } from "../../ebay/listing";

const INTERRUPTED_WITH_OFFER =
  "Die Veröffentlichung auf eBay wurde unterbrochen, bevor die Anzeige online war. Veröffentliche sie bitte noch einmal – es entsteht dabei kein zweites Angebot.";
const INTERRUPTED_NOTHING_THERE =
  "Die Veröffentlichung auf eBay wurde unterbrochen; bei eBay ist nichts online. Veröffentliche die Anzeige bitte noch einmal.";

export async function sweepStuckEbayListings(db: Db, config: EbayConfig, now = Date.now()): Promise<SweepRun> {
  const run: SweepRun = { checked: 0, live: 0, failed: 0, ended: 0, skipped: 0 };
  for (const { listing: row, soldAt } of await stuckListings(db, "ebay", now)) {
    run.checked++;
    const session = { db, config, userId: row.userId };
    try {
      const offer = await findOffer(session, skuOf(row.adId));
      const listingId = liveListingIdOf(offer);
      if (offer && listingId && soldAt) {
        await withdrawOffer(session, offer.offerId);
        if (await settleStuck(db, row, { status: "ended", offerId: offer.offerId, externalId: listingId, endedAt: now }, now)) run.ended++;
      } else if (offer && listingId) {
        await markEbayLive(db, row, { offerId: offer.offerId, listingId, priceCents: priceCentsOf(offer) }, config.webUrl, now);
        run.live++;
      } else {
        const values = offer
          ? { status: "failed" as const, offerId: offer.offerId, lastError: INTERRUPTED_WITH_OFFER }
          : { status: "failed" as const, lastError: INTERRUPTED_NOTHING_THERE };
        if (await settleStuck(db, row, values, now)) run.failed++;
      }
    } catch (error) {
      // eBay refuses to tell (the seller disconnected, the grant ended): the seller sees why and may retry.
      if (error instanceof PublishError && !(error instanceof NoAnswerError)) {
        if (await settleStuck(db, row, { status: "failed", lastError: error.message }, now)) run.failed++;
        continue;
      }
      run.skipped++;
      console.warn(`ebay sweep of listing ${row.id}: ${error instanceof Error ? error.message : String(error)}`);
      // eBay does not answer: the rest wait for the next run.
      if (error instanceof NoAnswerError) break;
    }
  }
  return run;
}

/** The eBay part of the generator's housekeeping (generator/housekeeping.ts); nothing when eBay is not set up. */
export async function ebayHousekeeping(d1: D1Database, config: GeneratorConfig, now = Date.now()): Promise<SweepRun | null> {
  const ebay = ebayConfigOf(config);
  return ebay ? sweepStuckEbayListings(getDb(d1), ebay, now) : null;
}
