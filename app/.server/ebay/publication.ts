// An ad's publication at eBay as its `listings` row sees it (ADR 047): the atomic claim, the offer
// placed by SKU (looked up first, created only when eBay holds none, its id stored the moment eBay
// names it), the publish read back when eBay refuses it, and what happens to the row when a call
// fails (refused: failed; no answer: left `publishing` for the cron's sweep, generator/listings/ebay-sweep.ts).
// eBay allows one offer per SKU and marketplace:
// https://developer.ebay.com/api-docs/sell/inventory/resources/offer/methods/getOffers,
// https://developer.ebay.com/api-docs/sell/inventory/resources/offer/methods/createOffer,
// https://developer.ebay.com/api-docs/sell/inventory/resources/offer/methods/publishOffer
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { listings, type Ad, type Listing } from "../db/schema";
import { claimListingRow, listingOf } from "../publishing/claim";
import { NoAnswerError, PublishError } from "../publishing/publisher";
import type { EbaySession } from "./client";
import { EbayRefusal } from "./errors";
import { createOffer, findOffer, liveListingIdOf, priceCentsOf, publishOffer, updateOffer } from "./inventory";
import type { OfferDetails, OfferOfSku } from "./types";

export const PUBLISH_FAILED = "Die Veröffentlichung auf eBay ist fehlgeschlagen. Bitte versuche es erneut.";
export const PUBLISH_OUTCOME_UNKNOWN =
  "eBay antwortet nicht. Ob die Anzeige trotzdem online gegangen ist, prüfen wir in den nächsten Minuten – du musst nichts tun.";
const ALREADY_LIVE = "Die Anzeige ist schon auf eBay.";
const BEING_PUBLISHED = "Die Anzeige wird gerade auf eBay veröffentlicht. In ein paar Minuten siehst du hier, ob sie online ist.";

/** The German 409 for an ad whose eBay row is being published or live (null: it may be claimed). */
export function busyRefusal(row: Listing | null): PublishError | null {
  if (!row || row.status === "failed" || row.status === "ended") return null;
  return new PublishError(row.status === "publishing" ? BEING_PUBLISHED : ALREADY_LIVE, 409);
}

/** Claims the ad's eBay row for this click; of parallel clicks one proceeds, the others get a German 409. */
export async function claimEbayRow(db: Db, ad: Ad, details: Record<string, unknown>): Promise<Listing> {
  const claimed = await claimListingRow(db, ad, "ebay", { details });
  if (claimed) return claimed;
  throw busyRefusal(await listingOf(db, ad.id, "ebay")) ?? new PublishError(ALREADY_LIVE, 409);
}

export type PlacedOffer = { offerId: string; listingId: string; priceCents: number | null };

/**
 * The offer for the SKU, live: an offer eBay already has live is read back as it is; one left
 * unpublished (an earlier attempt) is replaced with updateOffer; none is created. The offer id is
 * handed to `remember` as soon as it is known, before the publish.
 */
export async function publishOfferForSku(
  session: EbaySession,
  offer: OfferDetails,
  remember: (offerId: string) => Promise<void>,
): Promise<PlacedOffer> {
  const existing = await findOffer(session, offer.sku);
  const live = liveListingIdOf(existing);
  if (existing && live) return { offerId: existing.offerId, listingId: live, priceCents: priceCentsOf(existing) };
  let offerId: string;
  if (existing) {
    offerId = existing.offerId;
    await updateOffer(session, offerId, offer);
  } else {
    offerId = await createOffer(session, offer).catch(async (error: unknown) => {
      // "Offer entity already exists" (eBay had one the lookup did not show yet): that one is used.
      const found = error instanceof EbayRefusal ? await findOffer(session, offer.sku) : null;
      if (!found) throw error;
      await updateOffer(session, found.offerId, offer);
      return found.offerId;
    });
  }
  await remember(offerId);
  const priceCents = Math.round(Number(offer.pricingSummary.price.value) * 100);
  try {
    return { offerId, listingId: await publishOffer(session, offerId), priceCents };
  } catch (error) {
    // "Already published" (a publish whose answer was lost, a second request): eBay's own state decides.
    if (!(error instanceof EbayRefusal)) throw error;
    const again: OfferOfSku | null = await findOffer(session, offer.sku);
    const listingId = liveListingIdOf(again);
    if (!again || !listingId) throw error;
    return { offerId, listingId, priceCents: priceCentsOf(again) ?? priceCents };
  }
}

/** Stores the offer id on the row the moment eBay names it. */
export async function rememberOfferId(db: Db, rowId: string, offerId: string): Promise<void> {
  await db.update(listings).set({ offerId, updatedAt: Date.now() }).where(eq(listings.id, rowId));
}

/**
 * The row live with eBay's listing id and link — only while it is still `publishing` (the
 * publishing request and the sweep both end here; whichever comes second changes nothing).
 * Answers the row as it is afterwards.
 */
export async function markEbayLive(db: Db, row: Listing, placed: PlacedOffer, webUrl: string, now = Date.now()): Promise<Listing> {
  const priceCents = placed.priceCents ?? row.priceCents;
  const [live] = await db
    .update(listings)
    .set({
      status: "live",
      externalId: placed.listingId,
      offerId: placed.offerId,
      url: `${webUrl}/itm/${placed.listingId}`,
      priceCents,
      startPriceCents: priceCents,
      publishedAt: now,
      endedAt: null,
      lastError: null,
      updatedAt: now,
    })
    .where(and(eq(listings.id, row.id), eq(listings.status, "publishing")))
    .returning();
  return live ?? (await listingOf(db, row.adId, "ebay")) ?? row;
}

/**
 * What a failed publish leaves on its row, and the error the seller gets: no answer from eBay is
 * an unknown outcome — the row stays `publishing` (touched, so the sweep waits its full time) and
 * the seller is told it is being checked; anything else marks the row failed with the reason.
 */
export async function settlePublishFailure(db: Db, rowId: string, error: unknown): Promise<unknown> {
  const now = Date.now();
  const mine = and(eq(listings.id, rowId), eq(listings.status, "publishing"));
  if (error instanceof NoAnswerError) {
    await db.update(listings).set({ updatedAt: now }).where(mine);
    return new PublishError(PUBLISH_OUTCOME_UNKNOWN, 502);
  }
  const message = error instanceof PublishError ? error.message : PUBLISH_FAILED;
  await db.update(listings).set({ status: "failed", lastError: message, updatedAt: now }).where(mine);
  return error;
}
