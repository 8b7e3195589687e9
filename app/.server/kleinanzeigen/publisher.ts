// The Kleinanzeigen side of ListingPublisher (ADR 036, ADR 038), for the price-cut plan, the
// seller's edits (ADR 076) and "Verkauft": a new price or text is an update followed by a
// republish (asynchronous at Kleinanzeigen);
// ending deletes the listing there. Listings the seller posted by hand (a link) are the seller's
// to change: the API never touches them.
import { PublishError, type ListingPublisher } from "../publishing/publisher";
import type { Listing } from "../db/schema";
import { createKleinanzeigenClient, unlessGone, type KleinanzeigenClient } from "./client";
import { apiDetails } from "./listing-row";
import { kleinanzeigenText } from "./listing-text";
import { kleinanzeigenAccess, NOT_CONFIGURED_MESSAGE } from "./settings";

/** Why a photo edit stops short of Kleinanzeigen, and what the seller does instead. */
export const PHOTOS_BY_HAND =
  "Titel, Text und Preis sind geändert. Neue Fotos tauschst du bei Kleinanzeigen selbst unter „Meine Anzeigen“ – das kann AnzeigenPilot dort noch nicht.";

function gatewayIds(listing: Listing) {
  const details = apiDetails.safeParse(listing.details);
  if (!details.success)
    throw new PublishError("Diese Anzeige hast du selbst bei Kleinanzeigen eingestellt. Ändere oder beende sie bitte dort.", 409);
  return details.data;
}

export type KleinanzeigenPublisher = ListingPublisher & { pause(listing: Listing): Promise<void>; resume(listing: Listing): Promise<void> };

export function createKleinanzeigenPublisher(client: KleinanzeigenClient): KleinanzeigenPublisher {
  return {
    platform: "kleinanzeigen",
    async update(listing, change) {
      const ids = gatewayIds(listing);
      const type = ids.priceType === "GIVE_AWAY" ? "NEGOTIABLE" : ids.priceType;
      await client.updateListing(ids.listingUuid, {
        ...(change.content ? kleinanzeigenText(change.content.ad) : {}),
        ...(change.priceCents !== undefined ? { price: { type, amount: change.priceCents / 100 } } : {}),
      });
      await client.republish(ids.listingUuid, ids.publicationUuid);
      // The gateway adds photos to a listing but names no way to remove or reorder them (ADR 076).
      if (change.content?.photos) throw new PublishError(PHOTOS_BY_HAND, 409);
    },
    // "Live auf" reads the price Kleinanzeigen holds (getListing's `adPrice`, ADR 074, ADR 076).
    currentPrice: async (listing) => Math.round((await client.getListing(gatewayIds(listing).listingUuid)).adPrice.amount * 100),
    async end(listing) {
      // A listing Kleinanzeigen no longer has (deleted there, or ended) counts as ended (ADR 047).
      await client.deleteListing(gatewayIds(listing).listingUuid).catch(unlessGone(undefined));
    },
    async pause(listing) {
      const ids = gatewayIds(listing);
      await client.setPublicationState(ids.listingUuid, ids.publicationUuid, "PAUSED");
    },
    async resume(listing) {
      const ids = gatewayIds(listing);
      await client.setPublicationState(ids.listingUuid, ids.publicationUuid, "RESUMED");
    },
  };
}

/** The publisher from a Worker's settings (app or generator); refuses when there is no dealer access. */
export function kleinanzeigenPublisher(config: Parameters<typeof kleinanzeigenAccess>[0]): KleinanzeigenPublisher {
  const access = kleinanzeigenAccess(config);
  if (!access) throw new PublishError(NOT_CONFIGURED_MESSAGE, 409);
  return createKleinanzeigenPublisher(createKleinanzeigenClient(access));
}
