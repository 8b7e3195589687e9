// The JSON of a listing and a price-cut plan, as the dashboard's "Live auf" panel reads them.
import { z } from "zod";
import { PLATFORM_VALUES } from "../../lib/platforms";
import type { Listing, PriceCutPlan } from "../db/schema";

export const listingJsonSchema = z.object({
  id: z.string(),
  platform: z.enum(PLATFORM_VALUES),
  status: z.enum(["publishing", "live", "paused", "ended", "failed"]),
  url: z.string().nullable(),
  externalId: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  startPriceCents: z.number().int().nullable(),
  publishedAt: z.number().int().nullable(),
  expiresAt: z.number().int().nullable(),
  endedAt: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** Whether the app can change and end it through the platform's API (else the seller does it by hand). */
  viaApi: z.boolean(),
});
export type ListingJson = z.infer<typeof listingJsonSchema>;

export const planJsonSchema = z.object({
  stepCents: z.number().int(),
  intervalDays: z.number().int(),
  floorCents: z.number().int(),
  status: z.enum(["active", "done", "cancelled"]),
  nextCutAt: z.number().int(),
  lastCutAt: z.number().int().nullable(),
});
export type PlanJson = z.infer<typeof planJsonSchema>;

export function toListingJson(listing: Listing): ListingJson {
  return {
    id: listing.id,
    platform: listing.platform,
    status: listing.status,
    url: listing.url,
    externalId: listing.externalId,
    priceCents: listing.priceCents,
    startPriceCents: listing.startPriceCents,
    publishedAt: listing.publishedAt,
    expiresAt: listing.expiresAt,
    endedAt: listing.endedAt,
    lastError: listing.lastError,
    viaApi: Boolean(listing.externalId),
  };
}

export function toPlanJson(plan: PriceCutPlan): PlanJson {
  return { stepCents: plan.stepCents, intervalDays: plan.intervalDays, floorCents: plan.floorCents, status: plan.status, nextCutAt: plan.nextCutAt, lastCutAt: plan.lastCutAt };
}
