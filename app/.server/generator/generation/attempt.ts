// One generation attempt for an ad (ADR 023, ADR 052): the ad is claimed with a lease, so it is
// processed at most once at a time and once to completion (idempotent); the model call gets the
// attempt's deadline as an AbortSignal and reports progress; out of its budget of model calls the
// ad is marked failed with a German reason and its credit is refunded. Run by the ad's runner
// (runner.ts) in a Durable Object alarm, whose lifetime the platform guarantees.
//
// Exactly the budgeted model calls, whatever happens (ADR 052):
//  - every model call spends one of the ad's MAX_ATTEMPTS, a repair call included, and the claim
//    itself refuses an ad out of budget — a failAd that throws cannot lead to a fifth call;
//  - the runner claims with the count it expects (`expectedAttempts`), so an alarm delivered again
//    (alarms are at-least-once: https://developers.cloudflare.com/durable-objects/api/alarms/)
//    finds its attempt made and makes none;
//  - a call the deadline aborted gives the lease back only once it is seen to end; otherwise the
//    lease is held to its end and no next attempt starts beside the call.
import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { CATEGORIES } from "../../../lib/categories";
import { DEFAULT_PROMPTS } from "../../../lib/prompts";
import { logActivity } from "../../activity-log";
import { refundStatement } from "../../ad-credits";
import { getAiProvider } from "../ai/provider";
import { AiOutputError, type GenerationPhase, type GenerationProgress } from "../../ai/types";
import { classifyModelError } from "../ai/model-call";
import { getDb, type Db } from "../../db/client";
import { ads, users, type Ad } from "../../db/schema";
import { getGeneratorConfig } from "../env";
import { enqueueImageRefresh } from "../../queue/ad-images";
import { ABORT_CONFIRM_MS, LEASE_MARGIN_MS, leaseDurationMs, MAX_ATTEMPTS } from "./policy";
import { retryDelaySeconds } from "../queue-retry";
import { displayCopyKeys, existingCoverKey, PhotoMissingError } from "../../storage/photos";
import { PhotoPreparationError } from "../../images/failures";
import { photosForModel, privacyByPhoto, withUnreadablePhotos } from "../images/for-model";
import { finalizeAd } from "./finalize";
import { compareOffer } from "../ai/offer-check";

export const FAILURE_MESSAGES = {
  aiOutput: "Die KI hat keine brauchbare Anzeige geliefert. Dein Guthaben wurde zurückgebucht – bitte versuche es erneut.",
  photos: "Die Fotos dieser Anzeige konnten nicht gelesen werden. Dein Guthaben wurde zurückgebucht.",
  service: "Der KI-Service ist gerade nicht erreichbar. Dein Guthaben wurde zurückgebucht – bitte versuche es erneut.",
  stuck: "Die Erstellung hat zu lange gedauert. Dein Guthaben wurde zurückgebucht – bitte versuche es erneut.",
  attempts:
    "Die Anzeige konnte auch nach mehreren Versuchen nicht erstellt werden. Dein Guthaben wurde zurückgebucht – bitte versuche es erneut.",
  aiQuota: "Unser KI-Dienst ist gerade ausgelastet. Dein Guthaben wurde zurückgebucht – bitte versuche es später erneut.",
  aiInputTooLong:
    "Die Angaben zu dieser Anzeige sind für die KI zu lang. Dein Guthaben wurde zurückgebucht – bitte kürze die Beschreibung und versuche es erneut.",
} as const;

export type GenerationEnv = Pick<GeneratorEnv, "DB" | "PHOTOS" | "AI" | "AD_QUEUE" | "IMAGES" | "IMAGES_QUEUE">;

export class AiTimeoutError extends Error {
  override name = "AiTimeoutError";
  /** Whether the aborted call was seen to end; if not, it may still run and the ad keeps its lease. */
  callEnded = false;
}

/**
 * Claims an ad for one generation attempt: only an ad still `processing`, within its budget of
 * model calls, whose lease is free — and, for a runner, whose count is the one it expects. A
 * duplicate delivery while another attempt holds the lease, an alarm delivered again after its
 * attempt, or an ad already completed or failed claims nothing and makes no model call.
 */
export async function claimAdForGeneration(
  db: Db,
  adId: string,
  leaseMs = leaseDurationMs(90_000),
  now = Date.now(),
  expectedAttempts?: number,
) {
  const [claimed] = await db
    .update(ads)
    .set({ attempts: sql`${ads.attempts} + 1`, leaseUntil: now + leaseMs, progressPhase: "photos", updatedAt: now })
    .where(
      and(
        eq(ads.id, adId),
        eq(ads.status, "processing"),
        lt(ads.attempts, MAX_ATTEMPTS),
        expectedAttempts === undefined ? undefined : eq(ads.attempts, expectedAttempts),
        or(isNull(ads.leaseUntil), lte(ads.leaseUntil, now)),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** The attempt an ad holds: its lease and the model calls spent so far (a repair spends one more). */
type Claim = { id: string; attempts: number; leaseUntil: number };

/**
 * Spends one more of the ad's model calls for a repair, if the budget allows and the claim is still
 * this attempt's (same count, same lease) — in one conditional write, so no two calls share a slot.
 */
async function spendRepairCall(db: Db, claim: Claim): Promise<boolean> {
  const [spent] = await db
    .update(ads)
    .set({ attempts: sql`${ads.attempts} + 1`, updatedAt: Date.now() })
    .where(
      and(
        eq(ads.id, claim.id),
        eq(ads.status, "processing"),
        eq(ads.attempts, claim.attempts),
        lt(ads.attempts, MAX_ATTEMPTS),
        eq(ads.leaseUntil, claim.leaseUntil),
      ),
    )
    .returning({ attempts: ads.attempts });
  if (!spent) return false;
  claim.attempts = spent.attempts;
  return true;
}

/** The model calls an ad has cost so far (0 for an ad that does not exist). */
export async function attemptsSoFar(env: Pick<GenerationEnv, "DB">, adId: string): Promise<number> {
  const [row] = await getDb(env.DB).select({ attempts: ads.attempts }).from(ads).where(eq(ads.id, adId));
  return row?.attempts ?? 0;
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

/** Resolves after `ms` with `value`; `clear` stops the timer. */
function after<T>(ms: number, value: T) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(value), ms)));
  return { promise, clear: () => clearTimeout(timer) };
}

/**
 * Runs `work` with an AbortSignal that fires at the deadline; the attempt fails then even if the
 * adapter ignores it. After the abort it waits up to ABORT_CONFIRM_MS to see the call end
 * (`AiTimeoutError.callEnded`): a call not seen to end may still run.
 */
async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const settled = work(controller.signal).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const deadline = after(ms, null);
  const first = await Promise.race([settled, deadline.promise]);
  deadline.clear();
  if (first) {
    if (first.ok) return first.value;
    throw first.error;
  }
  const error = new AiTimeoutError(`AI did not answer within ${ms} ms`);
  controller.abort(error);
  const confirm = after(ABORT_CONFIRM_MS, null);
  error.callEnded = (await Promise.race([settled, confirm.promise])) !== null;
  confirm.clear();
  throw error;
}

/** Persists progress at most every ~500 ms (phase changes and the first words at once), in order, never after the end. */
export const PROGRESS_INTERVAL_MS = 500;

function progressWriter(db: Db, adId: string, changed: () => void) {
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
      .then(changed)
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

async function generateAd(env: GenerationEnv, db: Db, ad: Ad, claim: Claim, changed: () => void) {
  const started = Date.now();
  const config = getGeneratorConfig(env);
  // The model never reads an original: copies neither the client nor the create request made are
  // made first, under a deadline of their own; unreadable photos are named on the ad (ADR 024, 053).
  const [[owner], { photos, readable, unreadable }] = await Promise.all([
    db.select().from(users).where(eq(users.id, ad.userId)),
    photosForModel(env, ad.imageUrls),
  ]);
  const provider = getAiProvider(config, env);
  const progress = progressWriter(db, ad.id, changed);
  // The call ends a margin before the lease does (policy.ts), however long the photos took.
  const deadlineMs = Math.max(0, Math.min(config.AI_TIMEOUT_MS, claim.leaseUntil - LEASE_MARGIN_MS - Date.now()));
  let output;
  try {
    output = await withDeadline(deadlineMs, (signal) =>
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
        { signal, onProgress: progress.report, allowRepairCall: () => spendRepairCall(db, claim) },
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
          shipping: ad.shipping,
          pickup: ad.pickup,
          swap: ad.swap,
          shippingCents: ad.shippingCost,
        },
        photos: provider.name === "offline" ? null : output.imageAnalysis,
      },
    },
  );
  // The model read the offer in the same call: where it and the record disagree on a fact the
  // seller has not confirmed, the card asks "Bitte prüfen" (ADR 064). The record keeps its value.
  const offerReading = compareOffer(ad, ad.offerReading, output.offer);
  // The seller's first photo is the cover: the social preview follows it — the browser's crop of it,
  // or, when the browser sent none, one made in a message of its own once the ad is done (ADR 019).
  const coverImageKey = await existingCoverKey(env.PHOTOS, final.imageUrls[0]);
  const generationMs = Date.now() - started;
  const [completed] = await db
    .update(ads)
    .set({
      ...final,
      ...(offerReading !== ad.offerReading ? { offerReading } : {}),
      imageAnalysis: withUnreadablePhotos(final.imageAnalysis, final.imageUrls, unreadable),
      // What the same call saw on each photo it read, keyed by the photo, not by its place (ADR 069).
      privacyHints: privacyByPhoto(output.privacyHints, readable),
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
  // The seller's wait is woken now, not after the housekeeping below.
  if (completed) changed();
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
      details: { adId: ad.id, provider: provider.name, attempts: claim.attempts, generationMs },
    });
  }
}

function isFinal(error: unknown): boolean {
  if (error instanceof PhotoPreparationError) return error.final;
  const { kind } = classifyModelError(error);
  return kind === "quota" || kind === "input-too-long";
}

function failureMessage(error: unknown): string {
  if (error instanceof PhotoPreparationError) return error.sellerMessage;
  const { kind } = classifyModelError(error);
  if (kind === "quota") return FAILURE_MESSAGES.aiQuota;
  if (kind === "input-too-long") return FAILURE_MESSAGES.aiInputTooLong;
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

/** Told after each write the dashboard's wait sees (the claim, progress, the finished ad); the runner wakes the waits (ADR 081). */
export type ChangeListener = () => void;

const nobodyListens: ChangeListener = () => {};

/**
 * What one attempt came to: finished (either way), someone else's lease, or a retry after a delay —
 * with the count of model calls the next attempt expects to find (`attempts`).
 */
export type AttemptOutcome =
  { kind: "done" } | { kind: "leased"; retryAfterSeconds: number } | { kind: "retry"; delaySeconds: number; attempts?: number };

const secondsUntil = (time: number) => Math.max(0, Math.ceil((time - Date.now()) / 1000));

/**
 * One generation attempt for an ad: claim it (lease), generate, and on failure either retry later
 * or — out of its budget — fail it with a refund. An ad already finished is "done"; an ad whose lease
 * another attempt holds is "leased" (no second model call; look again when the lease ends). The
 * runner passes the count it expects (`expectedAttempts`): an attempt it already made is never
 * made again.
 */
export async function attemptGeneration(
  env: GenerationEnv,
  db: Db,
  adId: string,
  leaseMs: number,
  expectedAttempts?: number,
  changed: ChangeListener = nobodyListens,
): Promise<AttemptOutcome> {
  let ad: Ad | null;
  try {
    ad = await claimAdForGeneration(db, adId, leaseMs, Date.now(), expectedAttempts);
  } catch (error) {
    // Whether the claim was written is unknown: the next try finds out (its lease or its count).
    console.warn("ad generation claim failed, retrying", { adId, cause: String(error) });
    return { kind: "retry", delaySeconds: retryDelaySeconds(expectedAttempts ?? 1), attempts: expectedAttempts };
  }
  if (!ad) return afterRefusedClaim(db, adId, expectedAttempts);
  changed();
  const claim: Claim = { id: ad.id, attempts: ad.attempts, leaseUntil: ad.leaseUntil ?? Date.now() + leaseMs };
  try {
    await generateAd(env, db, ad, claim, changed);
    return { kind: "done" };
  } catch (error) {
    return afterFailedAttempt(db, ad, claim, error);
  }
}

/**
 * A failed attempt: the lease goes back unless the call may still run; out of budget the ad fails
 * with a refund, else the next attempt follows the backoff — and never before the lease ends.
 */
async function afterFailedAttempt(db: Db, ad: Ad, claim: Claim, error: unknown): Promise<AttemptOutcome> {
  const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const callMayRun = error instanceof AiTimeoutError && !error.callEnded;
  // Given back first, so that a failAd that throws is retried without waiting for the lease.
  if (!callMayRun) await releaseLease(db, ad.id);
  // A quota error, an input too long for the model or no readable photo: another attempt cannot
  // help (ADR 051, 053), so the ad fails now with its refund.
  if (claim.attempts >= MAX_ATTEMPTS || isFinal(error)) {
    await failAd(db, ad, failureMessage(error), cause);
    return { kind: "done" };
  }
  console.warn("ad generation attempt failed, retrying", { adId: ad.id, attempts: claim.attempts, callMayRun, cause });
  const delaySeconds = Math.max(retryDelaySeconds(claim.attempts), callMayRun ? secondsUntil(claim.leaseUntil) : 0);
  return { kind: "retry", delaySeconds, attempts: claim.attempts };
}

/**
 * The claim was refused: the ad is finished, someone holds its lease, it is out of budget (failed
 * now, with a refund, without a call), or the attempt the runner expected was made already.
 */
async function afterRefusedClaim(db: Db, adId: string, expectedAttempts: number | undefined): Promise<AttemptOutcome> {
  const [current] = await db.select().from(ads).where(eq(ads.id, adId));
  if (current?.status !== "processing") return { kind: "done" };
  if (current.leaseUntil !== null && current.leaseUntil > Date.now()) {
    return { kind: "leased", retryAfterSeconds: secondsUntil(current.leaseUntil) + 1 };
  }
  if (current.attempts >= MAX_ATTEMPTS) {
    await failAd(db, current, FAILURE_MESSAGES.attempts, "out of model calls");
    return { kind: "done" };
  }
  // An alarm delivered again after its attempt: the next one follows the backoff. A count below the
  // expected one was reset by the seller's retry (app-worker/ads/manage.ts): that attempt starts at once.
  const reset = expectedAttempts !== undefined && current.attempts < expectedAttempts;
  return { kind: "retry", delaySeconds: reset ? 0 : retryDelaySeconds(current.attempts), attempts: current.attempts };
}

/** One attempt with this Worker's own configuration, as the ad's runner makes it. */
export function runGenerationAttempt(
  env: GenerationEnv,
  adId: string,
  expectedAttempts?: number,
  changed: ChangeListener = nobodyListens,
): Promise<AttemptOutcome> {
  return attemptGeneration(env, getDb(env.DB), adId, leaseDuration(env), expectedAttempts, changed);
}
