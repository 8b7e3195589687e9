// A listing's life per ad (ADR 037): where it is live, the price-cut plan, "Verkauft".
import { HttpError } from "../../http-error";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { adIdParams } from "../ads/ad-id";
import { AD_NOT_FOUND, getOwnAd } from "../ads/queries";
import { getDb } from "../../db/client";
import { listings, priceCutPlans } from "../../db/schema";
import { getConfig } from "../env";
import { endpoint, json, JSON_BODY_LIMIT, messageSchema } from "../endpoint/endpoint";
import { getMailer } from "../../mail/mailer";
import { approvePlan, cancelPlan, planInputSchema } from "../../listings/price-cut";
import { listingJsonSchema, planJsonSchema, toListingJson, toPlanJson } from "../listings/serialize";
import { markSold, soldPreview } from "../listings/sold";
import { edgeCachePurge } from "../edge-cache/purge";
import { retryListingEdits, sendListingEdits } from "../../listings/edits";
import { readLivePrices } from "../listings/live-prices";
import { copyInputSchema, recordCopy } from "../listings/copies";

const NOTHING_TO_RESEND = "Es gibt keine Änderung, die erneut gesendet werden müsste.";

const lifeSchema = z.object({
  listings: z.array(listingJsonSchema),
  plan: planJsonSchema.nullable(),
  soldAt: z.number().int().nullable(),
  ending: z
    .object({
      automatic: z.array(z.string()).describe("Plattformen, auf denen „Verkauft“ die Anzeige selbst beendet"),
      byHand: z.array(z.string()).describe("Plattformen, auf denen du sie selbst beendest"),
    })
    .describe("was „Verkauft“ tun wird (für den Dialog)"),
});

export const LISTINGS_ENDPOINTS = [
  endpoint({
    method: "get",
    path: "/api/ads/{id}/listings",
    summary:
      "Live auf: wo die Anzeige veröffentlicht ist (Plattform, Link, seit wann, Status, Preis von der Plattform gelesen), ob eine Änderung dort angekommen ist, Preisplan, verkauft",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    cacheControl: "private, no-store",
    responses: { 200: json("Lebenslauf der Anzeige", lifeSchema) },
    handler: async (c, { user, params }) => {
      const db = getDb(c.env.DB);
      const ad = await getOwnAd(db, user.id, params.id);
      const rows = await db.select().from(listings).where(eq(listings.adId, ad.id)).orderBy(listings.createdAt);
      const [plan] = await db
        .select()
        .from(priceCutPlans)
        .where(and(eq(priceCutPlans.adId, ad.id), eq(priceCutPlans.status, "active")));
      const config = getConfig(c.env);
      const ending = soldPreview(db, config, ad, rows);
      const prices = await readLivePrices(db, config, rows);
      const shown = rows.map((row, index) => toListingJson(row, prices[index]));
      return c.json({ listings: shown, plan: plan ? toPlanJson(plan) : null, soldAt: ad.soldAt, ending }, 200);
    },
  }),
  endpoint({
    method: "post",
    path: "/api/ads/{id}/copies",
    summary: "Text oder Titel für eine Plattform kopiert: „Verkauft“ erinnert daran, die Anzeige dort zu beenden",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    body: { type: "json", schema: copyInputSchema, maxBytes: JSON_BODY_LIMIT },
    responses: { 200: json("vermerkt", messageSchema) },
    handler: async (c, { user, params, body }) => {
      const db = getDb(c.env.DB);
      const ad = await getOwnAd(db, user.id, params.id);
      const { platform } = await body();
      await recordCopy(db, ad, platform);
      return c.json({ message: "Vermerkt" }, 200);
    },
  }),
  endpoint({
    method: "post",
    path: "/api/ads/{id}/listings/resend",
    summary: "Erneut senden: die letzte Änderung an die Plattformen, die sie nicht angenommen haben",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    responses: {
      202: json("wird gesendet; „Live auf“ zeigt, ob sie angekommen ist", messageSchema),
      409: "keine Änderung, die erneut zu senden wäre",
    },
    handler: async (c, { user, params }) => {
      const db = getDb(c.env.DB);
      const ad = await getOwnAd(db, user.id, params.id);
      if ((await retryListingEdits(db, ad.id)) === 0) throw new HttpError(409, NOTHING_TO_RESEND);
      c.executionCtx.waitUntil(sendListingEdits(db, getConfig(c.env), c.env.PHOTOS, ad.id));
      return c.json({ message: "Deine Änderung wird erneut gesendet." }, 202);
    },
  }),
  endpoint({
    method: "put",
    path: "/api/ads/{id}/price-cut-plan",
    summary: "Preisplan freigeben: alle N Tage um einen Schritt senken, nie unter den Mindestpreis",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    body: { type: "json", schema: planInputSchema, maxBytes: JSON_BODY_LIMIT },
    responses: { 200: json("freigegeben", planJsonSchema), 409: "nicht fertig, verkauft oder ohne Preis" },
    handler: async (c, { user, params, body }) => {
      const db = getDb(c.env.DB);
      const ad = await getOwnAd(db, user.id, params.id);
      const input = await body();
      return c.json(toPlanJson(await approvePlan(db, user.id, ad, input)), 200);
    },
  }),
  endpoint({
    method: "delete",
    path: "/api/ads/{id}/price-cut-plan",
    summary: "Preisplan beenden",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    responses: { 200: json("beendet", messageSchema) },
    handler: async (c, { user, params }) => {
      const db = getDb(c.env.DB);
      await getOwnAd(db, user.id, params.id);
      await cancelPlan(db, params.id);
      return c.json({ message: "Preisplan beendet" }, 200);
    },
  }),
  endpoint({
    method: "post",
    path: "/api/ads/{id}/sold",
    summary: "Verkauft: per API veröffentlichte Angebote beenden, Preisplan stoppen, an die übrigen Plattformen erinnern",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    responses: {
      200: json(
        "verkauft",
        z.object({
          soldAt: z.number().int(),
          ended: z.array(listingJsonSchema),
          byHand: z.array(z.string()),
          failures: z.array(z.string()),
        }),
      ),
    },
    handler: async (c, { user, params }) => {
      const db = getDb(c.env.DB);
      const config = getConfig(c.env);
      const ad = await getOwnAd(db, user.id, params.id);
      const result = await markSold(db, config, getMailer(config, db), user, ad, config.PUBLIC_BASE_URL);
      // The public page, its preview and its JSON say "Verkauft" from the next request on.
      await edgeCachePurge(c)([{ adId: ad.id }]);
      return c.json({ ...result, ended: result.ended.map((row) => toListingJson(row)) }, 200);
    },
  }),
];
