// /api/ads/{id}/sales-kit, …/counter-offer and /api/ads/{id}/scam-check: the Verkaufshelfer.
// The ad id and the owner are checked (finishedOwnAd) before any body is read.
import type { Context } from "hono";
import { z } from "zod";
import { counterOfferSchema, floorSchema, scamCheckSchema } from "../../../lib/sales-kit";
import { requestMeta } from "../../activity-log";
import { adIdParams, adIdSchema } from "../ads/ad-id";
import { AD_NOT_FOUND } from "../ads/queries";
import type { AuthedBindings } from "../endpoint/require-user";
import { getDb } from "../../db/client";
import { endpoint, json, JSON_BODY_LIMIT } from "../endpoint/endpoint";
import { answerOffer, finishedOwnAd, getSalesKit, scamCheck, setFloor } from "../sales-kit/kit";

const notReady = "Anzeige noch nicht fertig";
const notReadyOrNoPrice = "Anzeige noch nicht fertig, oder sie nennt noch keinen Preis";

function context(c: Context<AuthedBindings>) {
  return { db: getDb(c.env.DB), meta: requestMeta(c.req.raw), generator: c.env.GENERATOR };
}

const cents = z.number().int().describe("Cent");

export const salesKitSchema = z.object({
  adId: adIdSchema,
  strategy: z
    .object({
      anchorCents: cents,
      floorCents: cents,
      floorFromSeller: z.boolean(),
      mode: z.enum(["vb", "festpreis", "verschenken"]),
      advice: z.string(),
      typeStated: z
        .boolean()
        .describe("false: Preis ohne Preisart vom Verkäufer – er gilt als Festpreis, die Anzeige nennt aber keine Preisart"),
    })
    .nullable()
    .describe("null: Die Anzeige nennt noch keinen Preis – es gibt weder Strategie noch Antworten zum Preis"),
  replies: z.array(z.object({ id: z.string(), label: z.string(), text: z.string() })),
});

const counterOfferAnswerSchema = z.object({
  decision: z.enum(["accept", "counter", "decline", "fixed", "giveaway", "above"]),
  priceCents: cents,
  offerCents: cents,
  floorCents: cents,
  anchorCents: cents,
  message: z.string(),
});

const scamCheckAnswerSchema = z.object({
  verdict: z.enum(["unbedenklich", "vorsicht", "betrugsmuster"]),
  label: z.string(),
  matches: z.array(z.object({ id: z.string(), title: z.string(), explanation: z.string(), advice: z.string() })),
  advice: z.string(),
  modelOpinion: z.object({ verdict: z.enum(["unbedenklich", "vorsicht", "betrugsmuster"]), reason: z.string() }).nullable(),
});

const common = { auth: "session", params: adIdParams, notFound: AD_NOT_FOUND } as const;

export const SALES_KIT_ENDPOINTS = [
  endpoint({
    ...common,
    method: "get",
    path: "/api/ads/{id}/sales-kit",
    summary: "Verkaufshelfer: Preisstrategie (Anzeigenpreis, Mein Minimum, VB/Festpreis) und fertige Antworten",
    responses: { 200: json("Strategie und Antworten", salesKitSchema), 409: notReady },
    cacheControl: "private, no-store",
    handler: async (c, { user, params }) => {
      return c.json(await getSalesKit(context(c), user, params.id), 200);
    },
  }),
  endpoint({
    ...common,
    method: "put",
    path: "/api/ads/{id}/sales-kit",
    summary: "Verkaufshelfer: eigenes Minimum speichern (null = Vorschlag)",
    body: { type: "json", schema: floorSchema, maxBytes: JSON_BODY_LIMIT },
    responses: { 200: json("Strategie und Antworten", salesKitSchema), 409: notReadyOrNoPrice },
    handler: async (c, { user, params, body }) => {
      await finishedOwnAd(getDb(c.env.DB), user, params.id);
      const { floorCents } = await body();
      return c.json(await setFloor(context(c), user, params.id, floorCents), 200);
    },
  }),
  endpoint({
    ...common,
    method: "post",
    path: "/api/ads/{id}/sales-kit/counter-offer",
    summary: "Verkaufshelfer: Antwort auf ein Preisangebot (nie unter dem Minimum)",
    body: { type: "json", schema: counterOfferSchema, maxBytes: JSON_BODY_LIMIT },
    responses: { 200: json("Entscheidung und Antwort", counterOfferAnswerSchema), 409: notReadyOrNoPrice },
    handler: async (c, { user, params, body }) => {
      await finishedOwnAd(getDb(c.env.DB), user, params.id);
      const { offerCents } = await body();
      return c.json(await answerOffer(context(c), user, params.id, offerCents), 200);
    },
  }),
  endpoint({
    ...common,
    method: "post",
    path: "/api/ads/{id}/scam-check",
    summary: "Verkaufshelfer: Käufernachricht auf Betrugsmuster prüfen (Nachricht wird nicht gespeichert)",
    body: { type: "json", schema: scamCheckSchema, maxBytes: JSON_BODY_LIMIT },
    responses: { 200: json("Einschätzung", scamCheckAnswerSchema), 409: notReady, 429: "zu viele Prüfungen" },
    rateLimit: { limiter: "SCAM_CHECK_LIMITER", per: "je Konto", key: (_c, { user }) => `user:${user.id}` },
    handler: async (c, { user, params, body }) => {
      await finishedOwnAd(getDb(c.env.DB), user, params.id);
      const { message } = await body();
      return c.json(await scamCheck(context(c), user, params.id, message), 200);
    },
  }),
];
