// The JSON of a listing and a price-cut plan, as the dashboard's "Live auf" panel reads them, and of a deletion that ends listings.
import { createSelectSchema } from "drizzle-zod";
import { z } from "zod";
import { listings, priceCutPlans, type Listing, type PriceCutPlan } from "../../db/schema";
import { messageSchema } from "../endpoint/endpoint";

// Derived from the table (ADR 031): a changed column or enum changes the API's schema with it.
export const listingJsonSchema = createSelectSchema(listings)
  .pick({
    id: true,
    platform: true,
    status: true,
    url: true,
    externalId: true,
    priceCents: true,
    startPriceCents: true,
    publishedAt: true,
    expiresAt: true,
    endedAt: true,
    lastError: true,
    editState: true,
  })
  .extend({
    /** Whether the app can change and end it through the platform's API (else the seller does it by hand). */
    viaApi: z.boolean(),
    priceSource: z
      .enum(["platform", "stored"])
      .describe(
        "platform = priceCents eben von der Plattform gelesen; stored = der zuletzt gespeicherte Preis (Plattform nicht gefragt oder ohne Antwort)",
      ),
  });
export type ListingJson = z.infer<typeof listingJsonSchema>;

export const planJsonSchema = createSelectSchema(priceCutPlans).pick({
  stepCents: true,
  intervalDays: true,
  floorCents: true,
  status: true,
  nextCutAt: true,
  lastCutAt: true,
});
export type PlanJson = z.infer<typeof planJsonSchema>;

/** `readPrice`: the price the platform answered just now (ADR 076); without it, the stored one. */
export function toListingJson(listing: Listing, readPrice: number | null = null): ListingJson {
  return {
    id: listing.id,
    platform: listing.platform,
    status: listing.status,
    url: listing.url,
    externalId: listing.externalId,
    priceCents: readPrice ?? listing.priceCents,
    startPriceCents: listing.startPriceCents,
    publishedAt: listing.publishedAt,
    expiresAt: listing.expiresAt,
    endedAt: listing.endedAt,
    lastError: listing.lastError,
    editState: listing.editState,
    viaApi: Boolean(listing.externalId),
    priceSource: readPrice === null ? "stored" : "platform",
  };
}

export function toPlanJson(plan: PriceCutPlan): PlanJson {
  return {
    stepCents: plan.stepCents,
    intervalDays: plan.intervalDays,
    floorCents: plan.floorCents,
    status: plan.status,
    nextCutAt: plan.nextCutAt,
    lastCutAt: plan.lastCutAt,
  };
}

/** A deletion's answer (ad or account): where ads stay online (no API, or the API refused), for the seller to end there (ADR 049). */
export const deletedSchema = messageSchema.extend({
  remaining: z.array(z.string()).describe("Wo noch etwas online ist: Plattform, bei einem Konto mit dem Titel der Anzeige"),
  hint: z.string().nullable().describe("Was der Verkäufer dort selbst beenden muss"),
});
