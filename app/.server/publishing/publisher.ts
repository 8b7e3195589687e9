// What every marketplace adapter that publishes through an official API offers (ADR 036): the
// eBay Sell API adapter and the Kleinanzeigen gateway adapter implement it; the price-cut plan, the
// seller's edits (ADR 076), "Live auf" and "Verkauft" use only this. Nothing here runs without the
// seller's click, edit or approved plan.
import type { Ad, Listing, PublishingPlatform } from "../db/schema";

/** A refusal from the marketplace, explained in German with what to fix. */
export class PublishError extends Error {
  constructor(
    message: string,
    /** The HTTP status the app answers with (4xx: the seller can fix it; 502: the platform failed). */
    readonly status: 400 | 409 | 422 | 502 = 422,
    /** The marketplace's own HTTP status, where it answered (404: the thing is not there). */
    readonly upstreamStatus?: number,
  ) {
    super(message);
    this.name = "PublishError";
  }
}

/**
 * The marketplace did not answer in time, or the connection broke (ADR 047): the call may or may
 * not have taken effect there. A publication in this state is left to the cron's sweep, which
 * reads the marketplace back; it is never marked failed on the spot.
 */
export class NoAnswerError extends PublishError {
  constructor(message: string) {
    super(message, 502);
    this.name = "NoAnswerError";
  }
}

export interface ListingPublisher {
  readonly platform: PublishingPlatform;
  /** Brings a live listing up to date: a price cut, or the seller's edit of price, title, text or photos. */
  update(listing: Listing, change: ListingChange): Promise<void>;
  /** The listing's price as the platform holds it now (euro cents); null where the platform does not say. */
  currentPrice(listing: Listing): Promise<number | null>;
  /** Ends a live listing (eBay: withdraws the offer; Kleinanzeigen: deletes the listing). */
  end(listing: Listing): Promise<void>;
}

/** What a listing gets (ADR 076): a new price (euro cents) and/or the ad's text again, with its photos where they changed. */
export type ListingChange = {
  priceCents?: number;
  /** The ad as it is now: its title and text go out; `photos`: its photos too, read from this bucket. */
  content?: { ad: Ad; photos: R2Bucket | null };
};
