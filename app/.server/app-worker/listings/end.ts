// Ending an ad's listings, one rule for "Verkauft" (ADR 037) and for deleting an ad or the whole
// account (ADR 049): every open listing published through an API is ended there
// (`publisherFor(...).end`: eBay withdraws the offer, Kleinanzeigen deletes the listing) and marked
// ended; a listing without an API, one whose API refused, and a link the seller saved by hand are
// named, so the seller ends them on the platform.
import { and, eq, inArray } from "drizzle-orm";
import { marketplaceOf } from "../../../lib/listing-url";
import type { Db } from "../../db/client";
import { listings, type Ad, type Listing } from "../../db/schema";
import { platformName } from "../../mail/listing-reminders";
import { PublishError } from "../../publishing/publisher";
import { publisherOf, type PublisherSettings } from "../../listings/publishers";

export type EndOutcome = {
  /** Listings ended through an API. */
  ended: Listing[];
  /** Where the seller has to end the ad by hand (platform names, German). */
  byHand: string[];
  /** The API's refusal per platform, "eBay: <reason>". */
  failures: string[];
  /** Platforms whose API refused (a subset of byHand). */
  refused: string[];
};

const OPEN_STATUSES = ["live", "paused", "publishing"] as const satisfies Listing["status"][];

/** A listing still out there (or on its way). */
export function isOpen(listing: Listing): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(listing.status);
}

/** The marketplace of a link the seller saved by hand ("Wo ist die Anzeige online?"), unless a listing is that link. */
function linkedByHand(ad: Pick<Ad, "listingUrl">, open: Listing[]): string | null {
  const linked = ad.listingUrl ? marketplaceOf(ad.listingUrl) : null;
  if (!linked || open.some((listing) => listing.externalId && listing.url === ad.listingUrl)) return null;
  return platformName(linked);
}

/**
 * Where the seller may have posted the ad by hand (ADR 076): the link saved ("Wo ist die Anzeige
 * online?") and every marketplace whose copy they took — unless the app's own listing there ends it.
 */
export function postedByHand(ad: Pick<Ad, "listingUrl"> & Partial<Pick<Ad, "copiedTo">>, open: Listing[]): string[] {
  const names = new Set<string>();
  const linked = linkedByHand(ad, open);
  if (linked) names.add(linked);
  for (const platform of ad.copiedTo ?? [])
    if (!open.some((listing) => listing.platform === platform && listing.externalId)) names.add(platformName(platform));
  return [...names];
}

/** Ends the ad's open listings where an API exists; `namesLink`: also name where the seller posted it by hand. */
export async function endListingsOf(
  db: Db,
  config: PublisherSettings,
  ad: Pick<Ad, "id" | "listingUrl"> & Partial<Pick<Ad, "copiedTo">>,
  { namesLink, now = Date.now() }: { namesLink: boolean; now?: number },
): Promise<EndOutcome> {
  const open = await db
    .select()
    .from(listings)
    .where(and(eq(listings.adId, ad.id), inArray(listings.status, OPEN_STATUSES)));
  const ended: Listing[] = [];
  const byHand = new Set<string>();
  const failures: string[] = [];
  const refused = new Set<string>();
  for (const listing of open) {
    const publisher = publisherOf(listing, config, db);
    if (!publisher) {
      byHand.add(platformName(listing.platform));
      continue;
    }
    try {
      await publisher.end(listing);
      const [row] = await db
        .update(listings)
        .set({ status: "ended", endedAt: now, lastError: null, updatedAt: now })
        .where(eq(listings.id, listing.id))
        .returning();
      ended.push(row);
    } catch (error) {
      if (!(error instanceof PublishError)) throw error;
      await db.update(listings).set({ lastError: error.message, updatedAt: now }).where(eq(listings.id, listing.id));
      failures.push(`${platformName(listing.platform)}: ${error.message}`);
      byHand.add(platformName(listing.platform));
      refused.add(platformName(listing.platform));
    }
  }
  // A link the seller saved by hand ("Wo ist die Anzeige online?") and the copies they took name more platforms.
  if (namesLink) for (const name of postedByHand(ad, open)) byHand.add(name);
  return { ended, byHand: [...byHand], failures, refused: [...refused] };
}

/** The platforms where a deleted ad stays online, in the seller's words: "eBay (automatisches Beenden hat nicht geklappt)". */
export function stillOnline(outcome: EndOutcome): string[] {
  return outcome.byHand.map((platform) =>
    outcome.refused.includes(platform) ? `${platform} (automatisches Beenden hat nicht geklappt)` : platform,
  );
}

/** What the seller reads after a deletion when listings stay online; null when none does. */
export function endByHandHint(lines: string[], what = "die Anzeige"): string | null {
  return lines.length > 0 ? `Noch online – beende ${what} dort selbst: ${lines.join(", ")}.` : null;
}
