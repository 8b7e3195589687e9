// The price-cut plan the seller approves (ADR 037): every `intervalDays` the price drops by
// `stepCents`, never below the plan's floor nor the seller's own minimum ("Mein Minimum",
// ads.price_floor). The generator's cron applies due cuts through each platform's API
// (publisherFor) first and steps the plan on only when they took it (ADR 047), and reminds the
// seller by mail where there is no API. Nothing runs without the plan.
import { and, eq, lte } from "drizzle-orm";
import { z } from "zod";
import { listingPrice } from "../../lib/ad-price";
import { formatEuroCents } from "../../lib/format";
import type { Platform } from "../../lib/platforms";
import type { Db } from "../db/client";
import { ads, listings, priceCutPlans, users, type Ad, type PriceCutPlan } from "../db/schema";
import { HttpError } from "../http-error";
import { getMailer } from "../mail/mailer";
import { priceCutReminderMail } from "../mail/listing-reminders";
import { NoAnswerError, PublishError } from "../publishing/publisher";
import { publisherOf, type PublisherSettings } from "./publishers";

const DAY_MS = 24 * 60 * 60 * 1000;

const euroCents = (label: string) => z.number({ error: `Gib ${label} an.` }).int(`${label} in ganzen Cent.`);

export const planInputSchema = z.object({
  stepCents: euroCents("die Preisstufe").min(50, "Eine Preisstufe ist mindestens 0,50 €."),
  intervalDays: z
    .number({ error: "Gib an, alle wie viele Tage gesenkt wird." })
    .int()
    .min(1, "Mindestens alle 1 Tag.")
    .max(60, "Höchstens alle 60 Tage."),
  floorCents: euroCents("den Mindestpreis").min(100, "Der Mindestpreis ist mindestens 1,00 €."),
});
export type PlanInput = z.infer<typeof planInputSchema>;

/** The lowest price the plan may reach: its floor, or the seller's own minimum if that is higher. */
export function effectiveFloor(plan: Pick<PriceCutPlan, "floorCents">, ad: Pick<Ad, "priceFloor">): number {
  return Math.max(plan.floorCents, ad.priceFloor ?? 0);
}

/** The next price: one step down, never below the floor; null when no further cut is possible. */
export function nextPrice(currentCents: number, stepCents: number, floorCents: number): number | null {
  const next = Math.max(floorCents, currentCents - stepCents);
  return next < currentCents ? next : null;
}

/** The price the ad is offered at now: its live API listing's, else the seller's own / the estimate. */
async function currentPriceOf(db: Db, ad: Ad): Promise<number | null> {
  const live = await db
    .select()
    .from(listings)
    .where(and(eq(listings.adId, ad.id), eq(listings.status, "live")));
  const viaApi = live.find((listing) => listing.externalId && listing.priceCents);
  return viaApi?.priceCents ?? (listingPrice(ad)?.cents || null);
}

export async function approvePlan(db: Db, userId: string, ad: Ad, input: PlanInput, now = Date.now()): Promise<PriceCutPlan> {
  if (ad.status !== "completed") throw new HttpError(409, "Nur für fertige Anzeigen.");
  if (ad.soldAt) throw new HttpError(409, "Die Anzeige ist als verkauft markiert.");
  const current = await currentPriceOf(db, ad);
  if (!current) throw new HttpError(409, "Gib zuerst deinen Preis an – ohne Preis gibt es nichts zu senken.");
  const floor = Math.max(input.floorCents, ad.priceFloor ?? 0);
  if (floor >= current)
    throw new HttpError(400, "Der Mindestpreis muss unter dem aktuellen Preis liegen.", {
      fieldErrors: { floorCents: "Der Mindestpreis muss unter dem aktuellen Preis liegen." },
    });
  const values = {
    ...input,
    status: "active" as const,
    approvedAt: now,
    nextCutAt: now + input.intervalDays * DAY_MS,
    lastCutAt: null,
    startPriceCents: current,
    currentPriceCents: current,
    updatedAt: now,
  };
  const [plan] = await db
    .insert(priceCutPlans)
    .values({ adId: ad.id, userId, ...values })
    .onConflictDoUpdate({ target: priceCutPlans.adId, set: values })
    .returning();
  return plan;
}

export async function cancelPlan(db: Db, adId: string): Promise<void> {
  await db
    .update(priceCutPlans)
    .set({ status: "cancelled", updatedAt: Date.now() })
    .where(and(eq(priceCutPlans.adId, adId), eq(priceCutPlans.status, "active")));
}

export type PriceCutSettings = PublisherSettings & Parameters<typeof getMailer>[0] & { PUBLIC_BASE_URL: string };

/**
 * How long a run holds a plan it claimed: its due date is moved this far ahead, so a run beside it
 * (the cron overlapping a run by hand) does not find it due. Longer than a cron run may last
 * (15 minutes, https://developers.cloudflare.com/workers/platform/limits/#duration), so a hold
 * never ends under a live run; a run that dies leaves the plan due again afterwards.
 */
const HOLD_MS = 15 * 60 * 1000;

type CutOutcome = { failed: Platform[]; newlyRefused: Platform[]; byHand: Platform[]; anyViaApi: boolean };

/**
 * The cut at every live listing with an API, one by one. A listing already at the price (reached by
 * an earlier run of the same step) is skipped; a failure is stored on the listing, and retried by
 * the next run. Where there is no API the seller is reminded.
 */
async function cutAtMarketplaces(db: Db, config: PriceCutSettings, adId: string, price: number, now: number): Promise<CutOutcome> {
  const live = await db
    .select()
    .from(listings)
    .where(and(eq(listings.adId, adId), eq(listings.status, "live")));
  const outcome: CutOutcome = { failed: [], newlyRefused: [], byHand: [], anyViaApi: false };
  for (const listing of live) {
    const publisher = publisherOf(listing, config, db);
    if (!publisher) {
      outcome.byHand.push(listing.platform);
      continue;
    }
    outcome.anyViaApi = true;
    if (listing.priceCents === price) continue;
    try {
      await publisher.update(listing, { priceCents: price });
      await db.update(listings).set({ priceCents: price, lastError: null, updatedAt: now }).where(eq(listings.id, listing.id));
    } catch (error) {
      if (!(error instanceof PublishError)) throw error;
      const lastError = `Preissenkung auf ${formatEuroCents(price)} fehlgeschlagen: ${error.message} Der nächste Lauf versucht es erneut.`;
      outcome.failed.push(listing.platform);
      // A refusal (not a platform that did not answer) is mailed once per step, the retries are quiet.
      if (!(error instanceof NoAnswerError) && listing.lastError !== lastError) outcome.newlyRefused.push(listing.platform);
      await db.update(listings).set({ lastError, updatedAt: now }).where(eq(listings.id, listing.id));
    }
  }
  return outcome;
}

/**
 * One due plan (ADR 047): claimed by moving its due date ahead (HOLD_MS), applied at the
 * marketplaces first, and committed only when every API listing took the new price — then the
 * plan steps on and the offer record's price follows. A failed call leaves the plan where it was:
 * the claim is rolled back, the next run tries the same step again.
 */
async function applyPlan(db: Db, config: PriceCutSettings, plan: PriceCutPlan, now: number): Promise<void> {
  const [row] = await db
    .select({ ad: ads, email: users.email })
    .from(ads)
    .innerJoin(users, eq(users.id, ads.userId))
    .where(eq(ads.id, plan.adId));
  const held = and(eq(priceCutPlans.adId, plan.adId), eq(priceCutPlans.nextCutAt, plan.nextCutAt), eq(priceCutPlans.status, "active"));
  const price = row && !row.ad.soldAt ? nextPrice(plan.currentPriceCents, plan.stepCents, effectiveFloor(plan, row.ad)) : null;
  if (!row || price === null) {
    await db.update(priceCutPlans).set({ status: "done", updatedAt: now }).where(held);
    return;
  }
  const holdUntil = now + HOLD_MS;
  const claimed = await db.update(priceCutPlans).set({ nextCutAt: holdUntil, updatedAt: now }).where(held).returning();
  if (claimed.length === 0) return;
  // Still this run's hold, and still approved ("Verkauft" or a cancel meanwhile stops the plan).
  const mine = and(eq(priceCutPlans.adId, plan.adId), eq(priceCutPlans.nextCutAt, holdUntil), eq(priceCutPlans.status, "active"));

  let outcome: CutOutcome | null = null;
  try {
    outcome = await cutAtMarketplaces(db, config, plan.adId, price, now);
  } finally {
    if (!outcome || outcome.failed.length > 0) {
      // Where it was: due again at its old date, the current price unchanged.
      await db.update(priceCutPlans).set({ nextCutAt: plan.nextCutAt, updatedAt: now }).where(mine);
    }
  }
  let committed = false;
  if (outcome.failed.length === 0) {
    const stepped = await db
      .update(priceCutPlans)
      .set({
        currentPriceCents: price,
        lastCutAt: now,
        nextCutAt: now + plan.intervalDays * DAY_MS,
        status: price <= effectiveFloor(plan, row.ad) ? "done" : "active",
        updatedAt: now,
      })
      .where(mine)
      .returning();
    // A plan the seller approved anew or stopped meanwhile is not stepped on: theirs wins.
    committed = stepped.length > 0;
  }
  if (committed) {
    // The offer record's price follows the cut once every API listing has it (ADR 041, ADR 047):
    // card, copies, Verkaufshelfer and public page read it. The public page's edge-cached copy
    // follows within its hour (ADR 020): the cron runs in the generator Worker, which has no route
    // on the zone whose cache it would purge.
    await db.update(ads).set({ askingPrice: price, updatedAt: now }).where(eq(ads.id, plan.adId));
  }
  // Where the seller posted by hand (or no API listing exists at all) they are reminded once the
  // step is made; a refused API call is mailed the first time, then retried quietly.
  const remind = committed && (outcome.byHand.length > 0 || !outcome.anyViaApi) ? outcome.byHand : null;
  const platforms = remind ?? (outcome.newlyRefused.length > 0 ? outcome.newlyRefused : null);
  if (platforms) {
    const mailer = getMailer(config, db);
    await mailer?.send({
      to: row.email,
      kind: "price_cut_reminder",
      ...priceCutReminderMail({
        baseUrl: config.PUBLIC_BASE_URL,
        title: row.ad.optimizedTitle || row.ad.itemName,
        priceCents: price,
        startPriceCents: plan.startPriceCents,
        platforms: [...new Set(platforms)],
      }),
    });
  }
}

/** The cron's part: every approved plan whose next cut is due. */
export async function applyDuePriceCuts(db: Db, config: PriceCutSettings, now = Date.now()): Promise<number> {
  const due = await db
    .select()
    .from(priceCutPlans)
    .where(and(eq(priceCutPlans.status, "active"), lte(priceCutPlans.nextCutAt, now)))
    .limit(50);
  for (const plan of due) {
    try {
      await applyPlan(db, config, plan, now);
    } catch (error) {
      // One seller's failure (a mail provider down) never stops the others' cuts.
      console.error("price cut failed", plan.adId, error instanceof Error ? error.message : error);
    }
  }
  return due.length;
}
