// The Verkaufshelfer of one finished ad: price strategy, ready replies, counter-offers and the
// scam check. Ownership and status are checked here, before anything else.
import { and, eq } from "drizzle-orm";
import { listingPrice } from "../../../lib/ad-price";
import { PLATFORM_VALUES, type Platform } from "../../../lib/platforms";
import { logActivity, type RequestMeta } from "../../activity-log";
import { AD_NOT_FOUND, getOwnAd } from "../ads/queries";
import type { Db } from "../../db/client";
import { ads, type Ad, type User } from "../../db/schema";
import { HttpError } from "../../http-error";
import { adFacts } from "./ad-facts";
import { buildStrategy, counterOffer } from "./negotiation";
import { buildReplies, counterOfferMessage } from "./replies";
import { checkBuyerMessage } from "./scam-check";
import { modelOpinionSchema, OPINION_TIMEOUT_MS, SCAM_OPINION_PATH, type ModelOpinion } from "../../queue/ad-generation";

export const NOT_FINISHED = "Der Verkaufshelfer steht zur Verfügung, sobald die Anzeige fertig ist.";
export const NO_PRICE_YET =
  "Die Anzeige nennt noch keinen Preis. Trage zuerst deinen Preis ein – dann hilft der Verkaufshelfer beim Verhandeln.";

type Context = { db: Db; meta: RequestMeta; generator?: Fetcher };

/** The owner's finished ad, or 404 (someone else's or unknown) / 409 (not finished yet). */
export async function finishedOwnAd(db: Db, user: User, adId: string): Promise<Ad> {
  const ad = await getOwnAd(db, user.id, adId);
  if (ad.status !== "completed" || ad.priceSuggestion === null) throw new HttpError(409, NOT_FINISHED);
  return ad;
}

function platformOf(ad: Ad): Platform {
  return (PLATFORM_VALUES as readonly string[]).includes(ad.platform) ? ad.platform : "kleinanzeigen";
}

/** Euros (the negotiation's unit: whole-euro steps) → cents (every API's unit). */
const toCents = (euros: number) => Math.round(euros * 100);

/**
 * Whether the price type the strategy answers with is the seller's: not for a price given without
 * one (ADR 086), nor for an estimate the ad shows, which has no type (ADR 091).
 */
function typeStated(ad: Ad): boolean {
  const listed = listingPrice(ad);
  return listed === null || listed.type !== null || listed.cents === 0;
}

/**
 * The strategy for the price the ad shows, the seller's or the labelled estimate (ADR 028): never a
 * figure or a "VB" that the card, the page and the listings do not show. None while the ad asks the
 * seller for a price (ADR 091).
 */
function strategyFor(ad: Ad) {
  const cents = (value: number | null) => (value === null ? null : value / 100);
  const listed = listingPrice(ad);
  if (listed === null) return null;
  return buildStrategy({ price: listed.cents / 100, type: listed.type, floor: cents(ad.priceFloor), platform: platformOf(ad) });
}

export function salesKitOf(ad: Ad, user: User) {
  const strategy = strategyFor(ad);
  return {
    adId: ad.id,
    strategy: strategy && {
      anchorCents: toCents(strategy.anchor),
      floorCents: toCents(strategy.floor),
      floorFromSeller: strategy.floorFromSeller,
      mode: strategy.mode,
      advice: strategy.advice,
      typeStated: typeStated(ad),
    },
    replies: buildReplies(adFacts(ad, user), strategy, user.businessType, typeStated(ad)),
  };
}

/** The strategy of an ad that shows a price, or 409: a minimum or an offer needs the price first. */
function pricedStrategy(ad: Ad) {
  const strategy = strategyFor(ad);
  if (strategy === null) throw new HttpError(409, NO_PRICE_YET);
  return strategy;
}

export async function getSalesKit(context: Context, user: User, adId: string) {
  const ad = await finishedOwnAd(context.db, user, adId);
  await logActivity(context.db, { action: "sales_kit_opened", userId: user.id, details: { adId }, meta: context.meta });
  return salesKitOf(ad, user);
}

/** Saves the seller's minimum (cents; null returns to the proposed one). */
export async function setFloor(context: Context, user: User, adId: string, floorCents: number | null) {
  pricedStrategy(await finishedOwnAd(context.db, user, adId));
  const [ad] = await context.db
    .update(ads)
    .set({ priceFloor: floorCents })
    .where(and(eq(ads.id, adId), eq(ads.userId, user.id)))
    .returning();
  if (!ad) throw new HttpError(404, AD_NOT_FOUND);
  await logActivity(context.db, {
    action: "sales_kit_floor_set",
    userId: user.id,
    details: { adId, custom: floorCents !== null },
    meta: context.meta,
  });
  return salesKitOf(ad, user);
}

/** The answer to a buyer's offer (cents in and out). */
export async function answerOffer(context: Context, user: User, adId: string, offerCents: number) {
  const ad = await finishedOwnAd(context.db, user, adId);
  const strategy = pricedStrategy(ad);
  const offer = offerCents / 100;
  const answer = counterOffer(offer, strategy);
  await logActivity(context.db, {
    action: "sales_kit_counter_offer",
    userId: user.id,
    details: { adId, decision: answer.decision },
    meta: context.meta,
  });
  return {
    decision: answer.decision,
    priceCents: toCents(answer.price),
    offerCents,
    floorCents: toCents(strategy.floor),
    anchorCents: toCents(strategy.anchor),
    message: counterOfferMessage(offer, answer, user.businessType, typeStated(ad)),
  };
}

/**
 * A language model's second opinion, where the generator runs one (via its service binding); null
 * offline, on any failure or after the timeout. It is shown beside the rules' verdict, never instead.
 */
export async function modelOpinion(generator: Fetcher | undefined, message: string): Promise<ModelOpinion | null> {
  if (!generator) return null;
  try {
    const response = await generator.fetch(`https://generator.internal${SCAM_OPINION_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ message }),
      signal: AbortSignal.timeout(OPINION_TIMEOUT_MS + 1000),
    });
    if (!response.ok) return null;
    const body = await response.json<{ opinion?: unknown }>();
    const parsed = modelOpinionSchema.nullable().safeParse(body.opinion ?? null);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Checks a pasted buyer message. The message is not stored or logged — only the verdict is. */
export async function scamCheck(context: Context, user: User, adId: string, message: string) {
  await finishedOwnAd(context.db, user, adId);
  const result = { ...checkBuyerMessage(message), modelOpinion: await modelOpinion(context.generator, message) };
  await logActivity(context.db, {
    action: "scam_check",
    userId: user.id,
    details: {
      adId,
      verdict: result.verdict,
      patterns: result.matches.map((match) => match.id),
      modelVerdict: result.modelOpinion?.verdict ?? null,
    },
    meta: context.meta,
  });
  return result;
}
