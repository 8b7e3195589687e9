// "Auf eBay veröffentlichen" (ADR 036): the draft the seller reviews (a suggested category, its
// aspects filled from the ad, the condition, the seller's price), and the publication on the
// seller's click: inventory item → offer → publish, then the listing id and link stored.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { listingPrice } from "../../lib/ad-price";
import { adTextOf } from "../../lib/ad-text";
import { platformVariant } from "../../lib/platform-variants";
import type { Db } from "../db/client";
import { listings, type Ad, type Listing } from "../db/schema";
import { HttpError } from "../http/errors";
import { PublishError } from "../listings/publisher";
import { imageUrl } from "../storage/photo-keys";
import { type EbaySession } from "./client";
import { fulfillmentPoliciesOf } from "./account";
import { ebayConditionOf } from "./condition";
import { getEbayConnection, sellerSettingsOf } from "./connection";
import { createOffer, euroAmount, publishOffer, putInventoryItem, updateOffer } from "./inventory";
import { ebayOfferNotes, offerPolicies } from "./offer-terms";
import { aspectsForCategory, suggestCategories, type AspectSpec, type CategorySuggestion } from "./taxonomy";
import { MARKETPLACE_ID, type ConditionEnum, type OfferDetails } from "./types";

export const CONDITION_VALUES = [
  "NEW",
  "LIKE_NEW",
  "NEW_OTHER",
  "USED_EXCELLENT",
  "USED_VERY_GOOD",
  "USED_GOOD",
  "USED_ACCEPTABLE",
  "FOR_PARTS_OR_NOT_WORKING",
] as const satisfies readonly ConditionEnum[];

export const publishInputSchema = z.object({
  categoryId: z
    .string()
    .regex(/^\d{1,10}$/, "Wähle eine eBay-Kategorie.")
    .meta({ examples: ["20667"] }),
  condition: z.enum(CONDITION_VALUES, { error: "Wähle einen Zustand." }),
  priceCents: z
    .number({ error: "Gib einen Preis an." })
    .int()
    .min(100, "Der Preis muss mindestens 1,00 € betragen.")
    .max(10_000_000, "Der Preis ist zu hoch."),
  /** Aspect name → value; eBay allows 65 characters per value. */
  aspects: z.record(z.string().trim().min(1).max(40), z.string().trim().max(65, "Höchstens 65 Zeichen je Merkmal.")).default({}),
});
export type PublishInput = z.infer<typeof publishInputSchema>;

export type DraftAspect = AspectSpec & { value: string };
export type EbayDraft = {
  title: string;
  categories: CategorySuggestion[];
  categoryId: string | null;
  aspects: DraftAspect[];
  condition: ConditionEnum;
  priceCents: number | null;
  offerNotes: string[];
};

/** An ad's SKU on eBay: alphanumerics and hyphens, at most 50. */
export function skuOf(adId: string): string {
  return `ap-${adId}`;
}

/** The size named in the ad's text ("Größe M", "Gr. 42", "Rahmenhöhe 56 cm"), if any. */
function sizeIn(text: string): string | null {
  const match = /\b(?:Größe|Gr\.|Rahmenhöhe)\s*:?\s*([A-Za-z0-9/.,]{1,10}(?:\s?cm)?)/i.exec(text);
  return match ? match[1].trim() : null;
}

/** A value for an aspect from what the ad knows (brand, model, size, colour). */
function prefill(name: string, ad: Ad): string {
  const analysis = ad.imageAnalysis;
  const text = `${ad.optimizedTitle ?? ""}\n${ad.optimizedDescription ?? ""}`;
  if (/^marke$|brand/i.test(name)) return analysis?.brand ?? "";
  if (/^modell$|model/i.test(name)) return analysis?.model ?? "";
  if (/größe|rahmenhöhe|size/i.test(name)) return sizeIn(text) ?? "";
  return "";
}

function requireFinished(ad: Ad) {
  if (ad.status !== "completed") throw new HttpError(409, "Nur fertige Anzeigen können veröffentlicht werden.");
  if (ad.soldAt) throw new HttpError(409, "Die Anzeige ist als verkauft markiert.");
}

function ebayTitle(ad: Ad): string {
  return platformVariant("ebay", { title: ad.optimizedTitle || ad.itemName, description: ad.optimizedDescription ?? "" }).title;
}

/** The draft for the form: categories for the title, the chosen one's aspects prefilled. */
export async function ebayDraft(session: EbaySession, ad: Ad, categoryId?: string): Promise<EbayDraft> {
  requireFinished(ad);
  const title = ebayTitle(ad);
  const { treeId, suggestions } = await suggestCategories(session, title);
  const chosen = categoryId ?? suggestions[0]?.categoryId ?? null;
  const aspects = chosen ? await aspectsForCategory(session, treeId, chosen) : [];
  // A giveaway has no price on eBay (null), and so no note on price proposals either.
  const priceCents = listingPrice(ad)?.cents || null;
  return {
    title,
    categories: suggestions.slice(0, 5),
    categoryId: chosen,
    // Required aspects first, then at most a few recommended ones: a short form.
    aspects: [...aspects.filter((aspect) => aspect.required), ...aspects.filter((aspect) => !aspect.required).slice(0, 4)].map(
      (aspect) => ({ ...aspect, value: prefill(aspect.name, ad) }),
    ),
    condition: ebayConditionOf(ad.imageAnalysis?.condition),
    priceCents,
    offerNotes: ebayOfferNotes(ad, priceCents),
  };
}

export async function listingOf(db: Db, adId: string, platform: Listing["platform"]): Promise<Listing | null> {
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.adId, adId), eq(listings.platform, platform)));
  return row ?? null;
}

/** Publishes the ad on the seller's click; answers the live listing. Failures are stored and thrown in German. */
export async function publishAdToEbay(session: EbaySession, ad: Ad, input: PublishInput, baseUrl: string): Promise<Listing> {
  requireFinished(ad);
  const settings = sellerSettingsOf(await getEbayConnection(session.db, session.userId));
  if (!settings)
    throw new PublishError(
      "Wähle zuerst im Profil unter „eBay“ Versand-, Zahlungs- und Rücknahmerichtlinie sowie den Artikelstandort.",
      409,
    );
  const existing = await listingOf(session.db, ad.id, "ebay");
  if (existing && (existing.status === "live" || existing.status === "publishing"))
    throw new HttpError(409, "Die Anzeige ist schon auf eBay.");

  const sku = skuOf(ad.id);
  // The price is the listing's own field (and follows price cuts there), so the text names none.
  const variant = platformVariant("ebay", { ...adTextOf(ad), priceLabel: null });
  const description = variant.html ?? variant.description;
  const aspects = Object.fromEntries(
    Object.entries(input.aspects)
      .filter(([, value]) => value !== "")
      .map(([name, value]) => [name, [value]]),
  );
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
    await putInventoryItem(session, sku, {
      availability: { shipToLocationAvailability: { quantity: 1 } },
      condition: input.condition,
      product: { title: variant.title, description, aspects, imageUrls: ad.imageUrls.map((key) => `${baseUrl}${imageUrl(key)}`) },
    });
    const offer: OfferDetails = {
      sku,
      marketplaceId: MARKETPLACE_ID,
      format: "FIXED_PRICE",
      availableQuantity: 1,
      categoryId: input.categoryId,
      listingDescription: description,
      listingPolicies: offerPolicies(ad, input.priceCents, settings, await fulfillmentPoliciesOf(session)),
      merchantLocationKey: settings.merchantLocationKey,
      pricingSummary: { price: euroAmount(input.priceCents) },
    };
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
