// Changing ads after creation: edit, retry, delete. Each checks ownership first.
import { and, eq } from "drizzle-orm";
import { MAX_PHOTOS, PHOTO_MESSAGES } from "../../../lib/ad-input";
import { platformRuleErrors } from "../../../lib/platform-variants";
import { logActivity } from "../../activity-log";
import { ads } from "../../db/schema";
import { HttpError } from "../../http-error";
import { enqueueImageRefresh } from "../../queue/ad-images";
import { startGeneration } from "./start-generation";
import { deletePhotos, existingCoverKey, newPhotoKey, putCover, putPhoto } from "../../storage/photos";
import type { AdsContext } from "./create";
import { refundCredit, reserveCredit } from "../../ad-credits";
import { getOwnAd } from "./queries";
import { endListingsOf, stillOnline } from "../listings/end";
import type { PublisherSettings } from "../../listings/publishers";
import { listingEditOf, requestListingEdits, sendListingEdits } from "../../listings/edits";
import { applyOfferEdit, type OfferEdit } from "./offer-edit";
import type { CheckedPhoto } from "../../images/upload";
import { withoutPhotos } from "../../../lib/privacy-hints";

type Actor = { id: string; email: string };

export type AdEdit = {
  optimizedTitle: string;
  optimizedDescription: string;
  removeImage?: boolean;
  imageIndex?: number;
  image?: CheckedPhoto;
  /** The browser's 800×600 crop of the new image. */
  cover?: Blob;
  /** Price, type, shipping, pickup, PLZ/Ort (ADR 034, 064): left out = unchanged, null = removed. */
  offer?: OfferEdit;
};

/**
 * Saves title and description, the seller's price, type, shipping, pickup and place, and removes or
 * replaces one photo. The row is saved first;
 * objects that left the ad are deleted from R2 only afterwards, so a failure never leaves the
 * ad pointing at a missing photo. A published ad's live listings follow the edit after the answer
 * (ADR 076): marked here, sent in `waitUntil` (the cron sends what the request did not finish).
 */
export async function updateAd(context: AdsContext, actor: Actor, adId: string, edit: AdEdit, publishers: PublisherSettings) {
  const { db } = context;
  const ad = await getOwnAd(db, actor.id, adId);
  if (ad.status === "processing") throw new HttpError(409, "Die Anzeige wird gerade erstellt. Bitte warte, bis sie fertig ist.");
  // The edited text must still fit the ad's marketplace: its limits, and no links or "@" where forbidden.
  const ruleErrors = platformRuleErrors(ad.platform, { title: edit.optimizedTitle, description: edit.optimizedDescription });
  const firstRuleError = Object.values(ruleErrors)[0];
  if (firstRuleError) throw new HttpError(400, firstRuleError, { fieldErrors: ruleErrors });

  const index = edit.imageIndex ?? 0;
  const keys = [...ad.imageUrls];
  const removed: string[] = [];
  let added: string | null = null;
  if (edit.image) {
    added = newPhotoKey(ad.id, edit.image.type);
    await putPhoto(context.photos, added, edit.image.file, edit.image.type);
    if (edit.cover) await putCover(context.photos, added, edit.cover);
    if (index < keys.length) removed.push(...keys.splice(index, 1, added));
    else keys.push(added);
  } else if (edit.removeImage) {
    if (index >= keys.length) throw new HttpError(400, "Dieses Foto gibt es in der Anzeige nicht.");
    if (keys.length === 1) throw new HttpError(400, "Eine Anzeige braucht mindestens ein Foto. Ersetze es stattdessen.");
    removed.push(...keys.splice(index, 1));
  }
  if (keys.length > MAX_PHOTOS) throw new HttpError(400, PHOTO_MESSAGES.tooMany);

  let updated;
  try {
    [updated] = await db
      .update(ads)
      .set({
        optimizedTitle: edit.optimizedTitle,
        optimizedDescription: edit.optimizedDescription,
        // Card, public page and variants read these columns: the new price shows everywhere at once.
        ...(edit.offer ? applyOfferEdit(ad, edit.offer) : {}),
        imageUrls: keys,
        // A removed or replaced photo takes its privacy findings along; the new photo has none: not checked (ADR 069).
        privacyHints: withoutPhotos(ad.privacyHints, removed),
        // The social preview always shows the first photo's crop, when there is one.
        coverImageKey: keys[0] === ad.imageUrls[0] ? ad.coverImageKey : await existingCoverKey(context.photos, keys[0]),
        updatedAt: Date.now(),
      })
      .where(and(eq(ads.id, ad.id), eq(ads.userId, actor.id)))
      .returning();
  } catch (error) {
    if (added) await deletePhotos(context.photos, [added]);
    throw error;
  }
  await deletePhotos(context.photos, removed);
  // After the row and R2: a request that misses the cache from now on reads the new state.
  await context.purgeEdgeCache([{ adId: ad.id, photoKeys: removed.length > 0 ? removed : undefined }]);
  // No browser-made crop of the (new) first photo, or a new photo (the editor sends no model copy):
  // the generator Worker makes what is missing (ADR 019, ADR 021).
  if ((!updated.coverImageKey && keys.length > 0) || added) {
    await enqueueImageRefresh(context.imagesQueue, ad.id).catch((error) =>
      console.warn("image refresh not queued; the page waits for its images", { adId: ad.id, error: String(error) }),
    );
  }
  const listingEdit = listingEditOf(ad, updated);
  if (listingEdit && (await requestListingEdits(db, ad.id, listingEdit)) > 0)
    context.waitUntil(sendListingEdits(db, publishers, context.photos, ad.id));
  await logActivity(db, { action: "ad_updated", userId: actor.id, email: actor.email, meta: context.meta, details: { adId } });
  return updated;
}

/** A failed ad goes back to processing: it costs a credit again (the failure refunded it). */
export async function retryAd(context: AdsContext, actor: Actor, adId: string) {
  const { db } = context;
  const ad = await getOwnAd(db, actor.id, adId);
  if (ad.status !== "failed") throw new HttpError(409, "Nur fehlgeschlagene Anzeigen können erneut verarbeitet werden.");
  const { source } = await reserveCredit(db, actor.id);
  const [updated] = await db
    .update(ads)
    .set({ status: "processing", errorMessage: null, attempts: 0, creditSource: source, updatedAt: Date.now() })
    .where(and(eq(ads.id, ad.id), eq(ads.status, "failed")))
    .returning();
  if (!updated) {
    await refundCredit(db, actor.id, source);
    throw new HttpError(409, "Die Anzeige wird bereits erneut verarbeitet.");
  }
  try {
    await startGeneration(context.queue, ad.id);
  } catch (error) {
    await db.update(ads).set({ status: "failed", creditSource: null, errorMessage: ad.errorMessage }).where(eq(ads.id, ad.id));
    await refundCredit(db, actor.id, source);
    console.error("retry enqueue failed", error);
    throw new HttpError(503, "Fehler beim erneuten Verarbeiten der Anzeige. Bitte versuche es gleich noch einmal.");
  }
  await logActivity(db, { action: "ad_retry", userId: actor.id, email: actor.email, meta: context.meta, details: { adId } });
  return updated;
}

/**
 * Deletes the row and every photo of the ad. First its listings are ended where an API exists
 * (ADR 049); those that stay online (no API, the API refused, a link saved by hand on an unsold
 * ad) are answered, so the seller ends them on the platform. A credit still held by a processing ad is returned
 * only while no model text exists yet: once `partialDescription` is stored, the seller can read it
 * (GET /api/ads), so the text costs the credit (ADR 027). The deleted row is the state at deletion,
 * so text written later cannot exist (its row is gone).
 */
export async function deleteAd(
  context: AdsContext,
  actor: Actor,
  adId: string,
  publishers: PublisherSettings,
): Promise<{ remaining: string[] }> {
  const { db } = context;
  const ad = await getOwnAd(db, actor.id, adId);
  // A sold ad's links were named at "Verkauft" already.
  const remaining = stillOnline(await endListingsOf(db, publishers, ad, { namesLink: !ad.soldAt }));
  const [deleted] = await db
    .delete(ads)
    .where(and(eq(ads.id, ad.id), eq(ads.userId, actor.id)))
    .returning();
  if (!deleted) throw new HttpError(404, "Anzeige nicht gefunden");
  if (deleted.status === "processing" && deleted.partialDescription === null) await refundCredit(db, actor.id, deleted.creditSource);
  await deletePhotos(context.photos, deleted.imageUrls);
  await context.purgeEdgeCache([
    { adId: deleted.id, photoKeys: [...deleted.imageUrls, ...(deleted.coverImageKey ? [deleted.coverImageKey] : [])] },
  ]);
  await logActivity(db, { action: "ad_deleted", userId: actor.id, email: actor.email, meta: context.meta, details: { adId } });
  return { remaining };
}
