// "Live auf" reads each live listing's price back from its platform (ADR 076): what buyers see
// there now, not what the app stored when it last changed it. A platform without a read, or one
// that does not answer, leaves the stored price (the JSON says which it is).
import type { Db } from "../../db/client";
import type { Listing } from "../../db/schema";
import { publisherOf, type PublisherSettings } from "../../listings/publishers";
import { PublishError } from "../../publishing/publisher";

/** Per listing, the price its platform answered just now, or null. */
export async function readLivePrices(db: Db, config: PublisherSettings, rows: readonly Listing[]): Promise<Array<number | null>> {
  return Promise.all(
    rows.map(async (listing) => {
      const publisher = listing.status === "live" ? publisherOf(listing, config, db) : null;
      if (!publisher) return null;
      try {
        return await publisher.currentPrice(listing);
      } catch (error) {
        if (error instanceof PublishError) return null;
        throw error;
      }
    }),
  );
}
