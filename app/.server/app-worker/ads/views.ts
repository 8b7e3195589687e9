// One read per view (ADR 031): the public page `/ad/{id}` and `GET /api/ads/public/{id}` show the
// same thing because both come from `readPublicAd`; the dashboard's loader and `GET /api/ads` both
// from `readOwnAds`. Neither front door reads an ad on its own.
import { getDb, type Db } from "../../db/client";
import { awaitsImages } from "../edge-cache/policy";
import { displayCopyKeys } from "../../storage/photos";
import { parseAdId } from "./ad-id";
import { sellerCity } from "./listing";
import { findPublicAd, listOwnAds } from "./queries";
import { toAdJson, toPublicAdJson, type AdJson, type PublicAdJson } from "./serialize";

export type PublicAdView = {
  ad: PublicAdJson;
  /**
   * False while the generator may still write the ad's cover or a photo's display copy (ADR 019,
   * 021): the answer must then not be stored by any cache (NOT_FINAL_CACHE_CONTROL).
   */
  final: boolean;
};

/** A finished ad as anyone may see it, or null for an id that names no finished ad. */
export async function readPublicAd(env: Pick<Env, "DB" | "PHOTOS">, id: unknown): Promise<PublicAdView | null> {
  const adId = parseAdId(id);
  if (!adId) return null;
  const db = getDb(env.DB);
  const ad = await findPublicAd(db, adId);
  if (!ad) return null;
  const [city, displayKeys] = await Promise.all([ad.city ? null : sellerCity(db, ad.userId), displayCopyKeys(env.PHOTOS, ad.imageUrls)]);
  const missingDisplayCopies = displayKeys.filter((key) => key === null).length;
  return { ad: toPublicAdJson(ad, { sellerCity: city, displayKeys }), final: !awaitsImages(ad, missingDisplayCopies) };
}

/** The seller's own ads, newest first, as the dashboard and the API show them. */
export async function readOwnAds(db: Db, userId: string): Promise<AdJson[]> {
  return (await listOwnAds(db, userId)).map(toAdJson);
}
