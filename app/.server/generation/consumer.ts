// The generator Worker's queue logic. Every message is validated on its own and acked or retried
// on its own; an ad is processed at most once to completion (idempotent), and after the last
// attempt it is marked failed with a German reason and its credit is refunded.
import { and, eq, sql } from "drizzle-orm";
import { CATEGORIES } from "../../lib/categories";
import type { PromptKey } from "../../lib/ad-input";
import { DEFAULT_PROMPTS } from "../../lib/prompts";
import { PLATFORM_VALUES, type Platform } from "../../lib/platforms";
import { logActivity } from "../activity/log";
import { refundStatement } from "../ads/credits";
import { getAiProvider } from "../ai/provider";
import { AiOutputError } from "../ai/types";
import { getDb, type Db } from "../db/client";
import { ads, users, type Ad } from "../db/schema";
import { getGeneratorConfig } from "./env";
import { adGenerationMessageSchema, retryDelaySeconds } from "../queue/ad-generation";
import { existingCoverKey, readPhoto } from "../storage/photos";
import { finalizeAd } from "./finalize";

/** Deliveries per ad before it is marked failed (1 + max_retries in wrangler.generator.toml). */
export const MAX_ATTEMPTS = 4;

export const FAILURE_MESSAGES = {
  aiOutput: "Die KI hat keine brauchbare Anzeige geliefert. Dein Guthaben wurde zurückgebucht – bitte versuche es erneut.",
  photos: "Die Fotos dieser Anzeige konnten nicht gelesen werden (Bildupload). Dein Guthaben wurde zurückgebucht.",
  service: "Der KI-Service ist gerade nicht erreichbar. Dein Guthaben wurde zurückgebucht – bitte versuche es erneut.",
  stuck: "Die Erstellung hat zu lange gedauert. Dein Guthaben wurde zurückgebucht – bitte versuche es erneut.",
} as const;

export type GenerationEnv = Pick<GeneratorEnv, "DB" | "PHOTOS" | "AI">;

class PhotoMissingError extends Error {
  override name = "PhotoMissingError";
}

export class AiTimeoutError extends Error {
  override name = "AiTimeoutError";
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AiTimeoutError(`AI did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Claims an ad for one generation attempt: only ads still `processing` are claimed, so a
 * duplicate delivery of an ad that is already completed or failed is a no-op.
 */
export async function claimAdForGeneration(db: Db, adId: string) {
  const [claimed] = await db
    .update(ads)
    .set({ attempts: sql`${ads.attempts} + 1`, updatedAt: Date.now() })
    .where(and(eq(ads.id, adId), eq(ads.status, "processing")))
    .returning();
  return claimed ?? null;
}

async function generateAd(env: GenerationEnv, db: Db, ad: Ad) {
  const started = Date.now();
  const config = getGeneratorConfig(env);
  const [owner] = await db.select().from(users).where(eq(users.id, ad.userId));
  const photos = await Promise.all(
    ad.imageUrls.map(async (key) => {
      const photo = await readPhoto(env.PHOTOS, key);
      if (!photo) throw new PhotoMissingError(`photo ${key} is missing`);
      return photo;
    }),
  );
  const provider = getAiProvider(config, env);
  const platform: Platform = (PLATFORM_VALUES as readonly string[]).includes(ad.platform) ? (ad.platform as Platform) : "kleinanzeigen";
  const output = await withTimeout(provider.generate({
    itemName: ad.itemName,
    category: ad.category,
    categoryLabel: (CATEGORIES as Record<string, string>)[ad.category] ?? ad.category,
    description: ad.description,
    platform,
    photos,
    prompts: { ...DEFAULT_PROMPTS, ...(ad.promptOverrides as Partial<Record<PromptKey, string>> | null) },
    seller: { type: owner?.businessType ?? "private", companyName: owner?.companyName ?? null },
  }), config.AI_TIMEOUT_MS);
  const final = finalizeAd(output, {
    platform,
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
  });
  // The best photo moved to the front: the social preview follows it (if the browser made crops).
  const coverImageKey = ad.coverImageKey ? await existingCoverKey(env.PHOTOS, final.imageUrls[0]) : null;
  const generationMs = Date.now() - started;
  const [completed] = await db
    .update(ads)
    .set({ ...final, coverImageKey, status: "completed", provider: provider.name, generationMs, errorMessage: null, updatedAt: Date.now() })
    .where(and(eq(ads.id, ad.id), eq(ads.status, "processing")))
    .returning();
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

export async function handleGenerationBatch(batch: MessageBatch<unknown>, env: GenerationEnv): Promise<void> {
  const db = getDb(env.DB);
  for (const message of batch.messages) {
    const parsed = adGenerationMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      // A malformed message can never succeed: drop it (ack) and leave a trace for operators.
      await logActivity(db, { action: "queue_message_invalid", details: { messageId: message.id } });
      message.ack();
      continue;
    }
    let ad: Ad | null = null;
    try {
      ad = await claimAdForGeneration(db, parsed.data.adId);
      if (ad) await generateAd(env, db, ad);
      message.ack();
    } catch (error) {
      const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      if (ad && ad.attempts >= MAX_ATTEMPTS) {
        await failAd(db, ad, failureMessage(error), cause);
        message.ack();
      } else {
        console.warn("ad generation attempt failed, retrying", { adId: parsed.data.adId, attempt: ad?.attempts, cause });
        message.retry({ delaySeconds: retryDelaySeconds(ad?.attempts ?? message.attempts) });
      }
    }
  }
}
