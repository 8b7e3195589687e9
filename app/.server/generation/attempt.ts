// One generation attempt for an ad (ADR 023): the ad is claimed with a lease, so it is processed at
// most once at a time and once to completion (idempotent); the model call gets the attempt's
// deadline as an AbortSignal and reports progress; after the last attempt the ad is marked failed
// with a German reason and its credit is refunded. Run by the ad's runner (runner.ts) in a Durable
// Object alarm, whose lifetime the platform guarantees.
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { CATEGORIES } from "../../lib/categories";
import { DEFAULT_PROMPTS } from "../../lib/prompts";
import { logActivity } from "../activity/log";
import { refundStatement } from "../ads/credits";
import { getAiProvider } from "../ai/provider";
import { AiOutputError, type GenerationPhase, type GenerationProgress } from "../ai/types";
import { getDb, type Db } from "../db/client";
import { ads, users, type Ad } from "../db/schema";
import { getGeneratorConfig } from "./env";
import { enqueueImageRefresh } from "../queue/ad-images";
import { leaseDurationMs, MAX_ATTEMPTS, retryDelaySeconds } from "./policy";
import { displayCopyKeys, existingCoverKey, PhotoMissingError } from "../storage/photos";
import { PhotoPreparationError } from "../images/failures";
import { photosForModel, withUnreadablePhotos } from "../images/for-model";
import { finalizeAd } from "./finalize";

export const FAILURE_MESSAGES = {
  aiOutput: "Die KI hat keine brauchbare Anzeige geliefert. Dein Guthaben wurde zurückgebucht – bitte versuche es erneut.",
  photos: "Die Fotos dieser Anzeige konnten nicht gelesen werden (Bildupload). Dein Guthaben wurde zurückgebucht.",
  service: "Der KI-Service ist gerade nicht erreichbar. Dein Guthaben wurde zurückgebucht – bitte versuche es erneut.",
  stuck: "Die Erstellung hat zu lange gedauert. Dein Guthaben wurde zurückgebucht – bitte versuche es erneut.",
} as const;

export type GenerationEnv = Pick<GeneratorEnv, "DB" | "PHOTOS" | "AI" | "AD_QUEUE" | "IMAGES" | "IMAGES_QUEUE">;

export class AiTimeoutError extends Error {
  override name = "AiTimeoutError";
}

/**
 * Claims an ad for one generation attempt: only an ad still `processing` whose lease is free.
 * A duplicate delivery while another attempt holds the lease — or of an ad already completed or
 * failed — claims nothing and is acknowledged without a second model call.
 */
export async function claimAdForGeneration(db: Db, adId: string, leaseMs = leaseDurationMs(90_000), now = Date.now()) {
  const [claimed] = await db
    .update(ads)
    .set({ attempts: sql`${ads.attempts} + 1`, leaseUntil: now + leaseMs, progressPhase: "photos", updatedAt: now })
    .where(and(eq(ads.id, adId), eq(ads.status, "processing"), or(isNull(ads.leaseUntil), lte(ads.leaseUntil, now))))
    .returning();
  return claimed ?? null;
}

/** How long an attempt of this Worker holds its ad (policy.ts). */
export function leaseDuration(env: GenerationEnv) {
  return leaseDurationMs(getGeneratorConfig(env).AI_TIMEOUT_MS);
}

/** Gives the lease back after a failed attempt, so the retry can claim the ad at once. */
async function releaseLease(db: Db, adId: string) {
  await db
    .update(ads)
    .set({ leaseUntil: null })
    .where(and(eq(ads.id, adId), eq(ads.status, "processing")));
}

/** Runs `work` with an AbortSignal that fires at the deadline; the attempt fails then even if the adapter ignores it. */
async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new AiTimeoutError(`AI did not answer within ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Persists progress at most every ~500 ms (phase changes and the first words at once), in order, never after the end. */
export const PROGRESS_INTERVAL_MS = 500;

function progressWriter(db: Db, adId: string) {
  let chain: Promise<unknown> = Promise.resolve();
  let lastWrite = 0;
  let lastPhase: GenerationPhase | null = "photos";
  let pending: GenerationProgress | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let shownText = false;

  const write = () => {
    if (!pending || closed) return;
    const { phase, partialText } = pending;
    pending = null;
    if (partialText) shownText = true;
    lastWrite = Date.now();
    lastPhase = phase;
    chain = chain
      .then(() =>
        db
          .update(ads)
          .set({
            progressPhase: phase,
            ...(partialText !== undefined ? { partialDescription: partialText.slice(0, 4000) } : {}),
            updatedAt: Date.now(),
          })
          .where(and(eq(ads.id, adId), eq(ads.status, "processing"))),
      )
      .catch(() => {});
  };

  return {
    report(progress: GenerationProgress) {
      pending = progress;
      const due = lastWrite + PROGRESS_INTERVAL_MS - Date.now();
      // Phase changes and the first words are written at once; then at most every interval.
      if (progress.phase !== lastPhase || (progress.partialText && !shownText) || due <= 0) {
        clearTimeout(timer);
        write();
      } else if (timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          write();
        }, due);
      }
    },
    /** Stops writing and waits for the writes under way. */
    async close() {
      closed = true;
      clearTimeout(timer);
      await chain;
    },
  };
}

async function generateAd(env: GenerationEnv, db: Db, ad: Ad) {
  const started = Date.now();
  const config = getGeneratorConfig(env);
  const [owner] = await db.select().from(users).where(eq(users.id, ad.userId));
  // The model never reads an original: copies neither the client nor the create request made are
  // made first, under a deadline of their own; unreadable photos are named on the ad (ADR 024, 053).
  const { photos, readable, unreadable } = await photosForModel(env, ad.imageUrls);
  const provider = getAiProvider(config, env);
  const progress = progressWriter(db, ad.id);
  let output;
  try {
    output = await withDeadline(config.AI_TIMEOUT_MS, (signal) =>
      provider.generate(
        {
          itemName: ad.itemName,
          category: ad.category,
          categoryLabel: CATEGORIES[ad.category] ?? ad.category,
          description: ad.description,
          platform: ad.platform,
          photos,
          prompts: { ...DEFAULT_PROMPTS, ...ad.promptOverrides },
          seller: { type: owner?.businessType ?? "private", companyName: owner?.companyName ?? null },
          // The seller's own price wins over the model's (ADR 028).
          sellerPrice: ad.askingPrice !== null ? { cents: ad.askingPrice, type: ad.priceType } : null,
        },
        { signal, onProgress: progress.report },
      ),
    );
  } finally {
    await progress.close();
  }
  // The model numbered the photos it read; a photo left out (unreadable) shifts the others.
  const bestImageIndex = Math.max(0, ad.imageUrls.indexOf(readable[output.bestImageIndex]));
  const final = finalizeAd(
    { ...output, bestImageIndex },
    {
      platform: ad.platform,
      sellerType: owner?.businessType ?? "private",
      imprint: {
        companyName: owner?.companyName ?? null,
        address: owner?.address,
        postalCode: owner?.postalCode,
        city: owner?.city,
        phone: owner?.phone,
        email: owner?.email,
      },
      imageKeys: ad.imageUrls,
      // What the guard checks the text against: the seller's words, the stored offer record (the
      // form wins over the note, ADR 041) and — where a model looked at them — the photos.
      source: {
        itemName: ad.itemName,
        note: ad.description,
        record: {
          priceCents: ad.askingPrice,
          priceType: ad.priceType,
          handover: ad.handover,
          swap: ad.swap,
          shippingCents: ad.shippingCost,
        },
        photos: provider.name === "offline" ? null : output.imageAnalysis,
      },
    },
  );
  // The best photo moved to the front: the social preview follows it — the browser's crop of it,
  // or, when the browser sent none, one made in a message of its own once the ad is done (ADR 019).
  const coverImageKey = await existingCoverKey(env.PHOTOS, final.imageUrls[0]);
  const generationMs = Date.now() - started;
  const [completed] = await db
    .update(ads)
    .set({
      ...final,
      imageAnalysis: withUnreadablePhotos(final.imageAnalysis, final.imageUrls, unreadable),
      coverImageKey,
      status: "completed",
      provider: provider.name,
      generationMs,
      errorMessage: null,
      progressPhase: null,
      partialDescription: null,
      leaseUntil: null,
      updatedAt: Date.now(),
    })
    .where(and(eq(ads.id, ad.id), eq(ads.status, "processing")))
    .returning();
  // Images the browser did not send (API clients): the cover and the display copies, made in a
  // message of their own (ADR 019, ADR 021).
  if (
    completed &&
    completed.imageUrls.length > 0 &&
    (!coverImageKey || (await displayCopyKeys(env.PHOTOS, completed.imageUrls)).includes(null))
  ) {
    await enqueueImageRefresh(env.IMAGES_QUEUE, ad.id).catch((error) =>
      console.warn("images not queued; the preview keeps the brand image", { adId: ad.id, error: String(error) }),
    );
  }
  if (completed) {
    await logActivity(db, {
      action: "ad_completed",
      userId: ad.userId,
      email: owner?.email ?? null,
      durationMs: generationMs,
      details: { adId: ad.id, provider: provider.name, attempts: ad.attempts, generationMs },
    });
  }
}

function failureMessage(error: unknown): string {
  if (error instanceof PhotoPreparationError) return error.sellerMessage;
  if (error instanceof PhotoMissingError) return FAILURE_MESSAGES.photos;
  if (error instanceof AiOutputError) return FAILURE_MESSAGES.aiOutput;
  return FAILURE_MESSAGES.service;
}

/** Marks a processing ad failed and refunds its reservation, in one transaction, at most once. */
export async function failAd(db: Db, ad: Pick<Ad, "id" | "userId" | "creditSource">, errorMessage: string, cause?: string) {
  const stillReserved = sql`exists (select 1 from ${ads} where ${ads.id} = ${ad.id} and ${ads.status} = 'processing' and ${ads.creditSource} is not null)`;
  const refund = refundStatement(db, ad.userId, ad.creditSource, stillReserved);
  const markFailed = db
    .update(ads)
    .set({ status: "failed", errorMessage, creditSource: null, updatedAt: Date.now() })
    .where(and(eq(ads.id, ad.id), eq(ads.status, "processing")));
  const results = refund ? await db.batch([refund, markFailed]) : await db.batch([markFailed]);
  const failed = results[results.length - 1].meta.changes > 0;
  if (failed) await logActivity(db, { action: "ad_failed", userId: ad.userId, details: { adId: ad.id, reason: errorMessage, cause } });
  return failed;
}

/** What one attempt came to: finished (either way), someone else's lease, or a retry after a delay. */
export type AttemptOutcome = { kind: "done" } | { kind: "leased"; retryAfterSeconds: number } | { kind: "retry"; delaySeconds: number };

/**
 * One generation attempt for an ad: claim it (lease), generate, and on failure either retry later
 * or — out of attempts — fail it with a refund. An ad already finished is "done"; an ad whose lease
 * another attempt holds is "leased" (no second model call; look again when the lease ends).
 */
export async function attemptGeneration(
  env: GenerationEnv,
  db: Db,
  adId: string,
  leaseMs: number,
  deliveries = 1,
): Promise<AttemptOutcome> {
  let ad: Ad | null = null;
  try {
    ad = await claimAdForGeneration(db, adId, leaseMs);
    if (!ad) {
      const [current] = await db.select({ status: ads.status, leaseUntil: ads.leaseUntil }).from(ads).where(eq(ads.id, adId));
      if (current?.status === "processing" && current.leaseUntil && current.leaseUntil > Date.now()) {
        return { kind: "leased", retryAfterSeconds: Math.ceil((current.leaseUntil - Date.now()) / 1000) + 1 };
      }
      return { kind: "done" };
    }
    await generateAd(env, db, ad);
    return { kind: "done" };
  } catch (error) {
    const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    // A quota error or no readable photo: another attempt cannot help (ADR 053).
    if (ad && (ad.attempts >= MAX_ATTEMPTS || (error instanceof PhotoPreparationError && error.final))) {
      await failAd(db, ad, failureMessage(error), cause);
      return { kind: "done" };
    }
    if (ad) await releaseLease(db, ad.id);
    console.warn("ad generation attempt failed, retrying", { adId, attempt: ad?.attempts, cause });
    return { kind: "retry", delaySeconds: retryDelaySeconds(ad?.attempts ?? deliveries) };
  }
}

/** One attempt with this Worker's own configuration, as the ad's runner makes it. */
export function runGenerationAttempt(env: GenerationEnv, adId: string): Promise<AttemptOutcome> {
  return attemptGeneration(env, getDb(env.DB), adId, leaseDuration(env));
}
