// The `listings` row of an ad on Kleinanzeigen: published through the gateway (`details.source`
// "api", with the gateway's uuids) or entered by hand as a link (`details.source` "link", ADR 038).
// Both live 60 days at Kleinanzeigen unless the seller extends them.
import { z } from "zod";
import type { Db } from "../db/client";
import type { Listing } from "../db/schema";
import { listingOf } from "../publishing/claim";
import { CATEGORY_PATH_VALUES, PRICE_TYPES } from "./contract";

export const KLEINANZEIGEN_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000;

export const apiDetails = z.object({
  source: z.literal("api"),
  listingUuid: z.string().min(1),
  publicationUuid: z.string().min(1),
  imprintUuid: z.string().min(1),
  priceType: z.enum(PRICE_TYPES),
  /** The category the dealer chose in the review (ADR 048); rows published before it have none. */
  category: z.enum(CATEGORY_PATH_VALUES).optional(),
});
export type ApiDetails = z.infer<typeof apiDetails>;

/**
 * What the row holds from the moment Kleinanzeigen named the listing until the publication is
 * created (ADR 047): the listing uuid is stored at once, so a request cut off later leaves a row
 * the cron's sweep can settle (generator/kleinanzeigen/sweep.ts).
 */
export const startedDetails = apiDetails.omit({ publicationUuid: true });
export type StartedDetails = z.infer<typeof startedDetails>;

export function sourceOf(listing: Pick<Listing, "details">): "api" | "link" | null {
  const source = listing.details?.source;
  return source === "api" || source === "link" ? source : null;
}

export async function kleinanzeigenRow(db: Db, adId: string): Promise<Listing | undefined> {
  return (await listingOf(db, adId, "kleinanzeigen")) ?? undefined;
}

/** What the dashboard shows of it (no ids of the platform). */
export function listingView(row: Listing | undefined) {
  if (!row) return null;
  return {
    status: row.status,
    source: sourceOf(row),
    url: row.url,
    publishedAt: row.publishedAt,
    expiresAt: row.expiresAt,
    lastError: row.lastError,
  };
}
export type KleinanzeigenListingView = NonNullable<ReturnType<typeof listingView>>;
