// "Auf eBay veröffentlichen" (ADR 036) on the seller's click: the input checked against the
// category's rules, the photos uploaded to eBay, inventory item → offer → publish (the bodies:
// listing.ts, ADR 046), then the listing id and link stored. The draft before it: draft.ts.
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { listings, type Ad, type Listing } from "../db/schema";
import { HttpError } from "../http/errors";
import { PublishError } from "../listings/publisher";
import { fulfillmentPoliciesOf } from "./account";
import { categoryRules } from "./category-rules";
import { type EbaySession } from "./client";
import { getEbayConnection, sellerSettingsOf } from "./connection";
import { createOffer, publishOffer, putInventoryItem, updateOffer } from "./inventory";
import { checkListingInput, listingRequests, packageNeeded, skuOf } from "./listing";
import { listingLocationKey } from "./location";
import type { PublishInput } from "./listing-input";
import { uploadPictures } from "./pictures";

export function requireFinished(ad: Ad) {
  if (ad.status !== "completed") throw new HttpError(409, "Nur fertige Anzeigen können veröffentlicht werden.");
  if (ad.soldAt) throw new HttpError(409, "Die Anzeige ist als verkauft markiert.");
}

export async function listingOf(db: Db, adId: string, platform: Listing["platform"]): Promise<Listing | null> {
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.adId, adId), eq(listings.platform, platform)));
  return row ?? null;
}

/** Publishes the ad on the seller's click; answers the live listing. Failures are stored and thrown in German. */
export async function publishAdToEbay(session: EbaySession, ad: Ad, input: PublishInput, photos: R2Bucket): Promise<Listing> {
  requireFinished(ad);
  const settings = sellerSettingsOf(await getEbayConnection(session.db, session.userId));
  if (!settings)
    throw new PublishError(
      "Richte zuerst im Profil unter „eBay“ Versand-, Zahlungs- und Rücknahmerichtlinie sowie den Artikelstandort ein („eBay einrichten“).",
      409,
    );
  const existing = await listingOf(session.db, ad.id, "ebay");
  if (existing && (existing.status === "live" || existing.status === "publishing"))
    throw new HttpError(409, "Die Anzeige ist schon auf eBay.");

  // The input fits the category (conditions, aspects, parcel) before anything is sent (ADR 046).
  const [rules, policies] = await Promise.all([categoryRules(session, input.categoryId), fulfillmentPoliciesOf(session)]);
  checkListingInput(input, rules, packageNeeded(ad, input.priceCents, settings, policies));

  const sku = skuOf(ad.id);
  const now = Date.now();
  const id = existing?.id ?? crypto.randomUUID();
  const details = { sku, categoryId: input.categoryId, condition: input.condition, aspects: input.aspects };
  await session.db
    .insert(listings)
    .values({ id, adId: ad.id, userId: ad.userId, platform: "ebay", status: "publishing", details })
    .onConflictDoUpdate({
      target: [listings.adId, listings.platform],
      set: { status: "publishing", lastError: null, details, updatedAt: now },
    });

  try {
    const imageUrls = await uploadPictures(session, photos, ad.imageUrls);
    // The ad's own place (ADR 045): its PLZ, else the profile's, as one of the seller's locations.
    const merchantLocationKey = await listingLocationKey(session, ad, settings.merchantLocationKey);
    const { item, offer } = listingRequests(ad, input, { settings: { ...settings, merchantLocationKey }, policies, imageUrls });
    await putInventoryItem(session, sku, item);
    // An offer left from an earlier attempt is replaced in full (updateOffer), then published.
    const offerId = existing?.offerId ?? (await createOffer(session, offer));
    if (existing?.offerId) await updateOffer(session, offerId, offer);
    await session.db.update(listings).set({ offerId, updatedAt: Date.now() }).where(eq(listings.id, id));
    const listingId = await publishOffer(session, offerId);
    const [live] = await session.db
      .update(listings)
      .set({
        status: "live",
        externalId: listingId,
        offerId,
        url: `${session.config.webUrl}/itm/${listingId}`,
        priceCents: input.priceCents,
        startPriceCents: input.priceCents,
        publishedAt: Date.now(),
        endedAt: null,
        lastError: null,
        updatedAt: Date.now(),
      })
      .where(eq(listings.id, id))
      .returning();
    return live;
  } catch (error) {
    const message =
      error instanceof PublishError ? error.message : "Die Veröffentlichung auf eBay ist fehlgeschlagen. Bitte versuche es erneut.";
    await session.db.update(listings).set({ status: "failed", lastError: message, updatedAt: Date.now() }).where(eq(listings.id, id));
    throw error;
  }
}
