// "Auf eBay veröffentlichen" (ADR 036) on the seller's click: the input checked against the
// category's rules, the photos uploaded to eBay, inventory item → offer → publish (the bodies:
// listing.ts, ADR 046; a dealer's GPSR data, ADR 073; the seller's parcel service, ADR 075), then
// the listing id and link stored. The draft before it: draft.ts. The row is claimed atomically and the offer placed by SKU (publication.ts, ADR 047).
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ads, type Ad, type Listing } from "../../db/schema";
import { HttpError } from "../../http-error";
import { listingOf } from "../../publishing/claim";
import { PublishError } from "../../publishing/publisher";
import { fulfillmentPoliciesOf } from "../../ebay/account";
import { categoryRules } from "../../ebay/category-rules";
import { type EbaySession } from "../../ebay/client";
import { getEbayConnection, sellerSettingsOf } from "../../ebay/connection";
import { putInventoryItem } from "../../ebay/inventory";
import { checkListingInput, listingRequests, packageNeeded, shippingCostNeeded, skuOf } from "../../ebay/listing";
import { listingLocationKey } from "../../ebay/location";
import { regulatoryFor, regulatorySellerOf } from "./regulatory";
import type { PublishInput } from "../../ebay/listing-input";
import { SHIPPING_COST_NEEDED } from "../../ebay/shipping";
import { uploadPictures } from "../../ebay/pictures";
import { applyOfferEdit } from "../ads/offer-edit";
import { withCarrierPolicy } from "./carrier-policy";
import { busyRefusal, claimEbayRow, markEbayLive, publishOfferForSku, rememberOfferId, settlePublishFailure } from "../../ebay/publication";

export function requireFinished(ad: Ad) {
  if (ad.status !== "completed") throw new HttpError(409, "Nur fertige Anzeigen können veröffentlicht werden.");
  if (ad.soldAt) throw new HttpError(409, "Die Anzeige ist als verkauft markiert.");
}

/**
 * The ad says the buyer pays shipping but names no amount: the amount the seller gives now becomes
 * the record's (confirmed, ADR 064), so the listing and every copy state it; without one, a German
 * 400 asks for it. Nothing is made up (ADR 075).
 */
async function withShippingCost(db: Db, ad: Ad, input: PublishInput, needed: boolean): Promise<Ad> {
  if (!needed) return ad;
  if (input.shippingCostCents === undefined) throw new HttpError(400, SHIPPING_COST_NEEDED);
  const changes = applyOfferEdit(ad, { shippingCost: input.shippingCostCents / 100 });
  const [updated] = await db
    .update(ads)
    .set({ ...changes, updatedAt: Date.now() })
    .where(eq(ads.id, ad.id))
    .returning();
  return updated ?? { ...ad, ...changes };
}

/** Publishes the ad on the seller's click; answers the live listing. Failures are stored and thrown in German. */
export async function publishAdToEbay(session: EbaySession, stored: Ad, input: PublishInput, photos: R2Bucket): Promise<Listing> {
  requireFinished(stored);
  const settings = sellerSettingsOf(await getEbayConnection(session.db, session.userId));
  if (!settings)
    throw new PublishError(
      "Richte zuerst im Profil unter „eBay“ Versand-, Zahlungs- und Rücknahmerichtlinie sowie den Artikelstandort ein („eBay einrichten“).",
      409,
    );
  // Already live or under way: said before anything is asked of eBay (the claim below decides).
  const busy = busyRefusal(await listingOf(session.db, stored.id, "ebay"));
  if (busy) throw busy;
  // The input fits the category (conditions, aspects, parcel) before anything is sent (ADR 046).
  const [rules, sellerPolicies] = await Promise.all([categoryRules(session, input.categoryId), fulfillmentPoliciesOf(session)]);
  checkListingInput(input, rules, packageNeeded(stored, input.priceCents, settings, sellerPolicies));
  // A dealer's product-safety data where the category asks for it (GPSR, ADR 073).
  const seller = await regulatorySellerOf(session.db, session.userId);
  const regulatory = regulatoryFor(seller, rules.regulatory);
  const ad = await withShippingCost(session.db, stored, input, shippingCostNeeded(stored, settings, sellerPolicies));
  // The seller's parcel service on a policy of its own, made when the seller has none (ADR 075).
  const policies = await withCarrierPolicy(session, ad, sellerPolicies);

  // The row is claimed atomically: of parallel clicks one goes on, the others get a 409 (ADR 047).
  const sku = skuOf(ad.id);
  const details = { sku, categoryId: input.categoryId, condition: input.condition, aspects: input.aspects };
  const row = await claimEbayRow(session.db, ad, details);

  try {
    const imageUrls = await uploadPictures(session, photos, ad.imageUrls);
    // The ad's own place (ADR 045): its PLZ, else the profile's, as one of the seller's locations.
    const merchantLocationKey = await listingLocationKey(session, ad, settings.merchantLocationKey);
    const { item, offer } = listingRequests(ad, input, {
      settings: { ...settings, merchantLocationKey },
      policies,
      imageUrls,
      rules,
      regulatory,
    });
    await putInventoryItem(session, sku, item);
    // eBay's offer for the SKU is looked up first and reused (one per SKU and marketplace); its id is
    // stored as soon as eBay names it, so a cut-off request leaves nothing the sweep cannot find.
    const placed = await publishOfferForSku(session, offer, (offerId) => rememberOfferId(session.db, row.id, offerId));
    return await markEbayLive(session.db, row, placed, session.config.webUrl);
  } catch (error) {
    throw await settlePublishFailure(session.db, row.id, error);
  }
}
