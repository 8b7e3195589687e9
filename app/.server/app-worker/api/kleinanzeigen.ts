// /api/kleinanzeigen and /api/ads/{id}/kleinanzeigen: the dealer's Kleinanzeigen access and
// imprint, and "Bei Kleinanzeigen veröffentlichen" per ad (ADR 038). Publishing happens only on
// this POST, the seller's click.
import type { Context } from "hono";
import { z } from "zod";
import { logActivity, requestMeta } from "../../activity-log";
import { adIdParams } from "../ads/ad-id";
import { AD_NOT_FOUND, getOwnAd } from "../ads/queries";
import type { AuthedBindings } from "../endpoint/require-user";
import { getDb, type Db } from "../../db/client";
import type { Ad, Listing, User } from "../../db/schema";
import { getConfig } from "../env";
import { HttpError } from "../../http-error";
import { endpoint, json, JSON_BODY_LIMIT } from "../endpoint/endpoint";
import { edgeCachePurge } from "../edge-cache/purge";
import { PublishError } from "../../publishing/publisher";
import { createKleinanzeigenClient } from "../../kleinanzeigen/client";
import { imprintOf } from "../kleinanzeigen/imprint";
import { kleinanzeigenRow, listingView } from "../../kleinanzeigen/listing-row";
import { checkPublishable, DEALERS_ONLY, publishToKleinanzeigen, updateOnKleinanzeigen } from "../kleinanzeigen/publish";
import { kleinanzeigenReviewSchema, reviewDraft, reviewDraftSchema } from "../kleinanzeigen/review";
import { kleinanzeigenAccess, NOT_CONFIGURED_MESSAGE } from "../../kleinanzeigen/settings";

const accessSchema = z.object({
  configured: z.boolean().describe("Veröffentlichen über Kleinanzeigen in dieser Installation eingerichtet (Händlerzugang)"),
  commercial: z.boolean().describe("gewerblicher Verkäufer laut Profil"),
  notice: z.string().nullable().describe("warum hier nicht veröffentlicht werden kann, oder null"),
});

export const kleinanzeigenStateSchema = accessSchema.extend({
  imprintCreatedAt: z.number().nullable().describe("wann das Impressum bei Kleinanzeigen angelegt wurde (ms)"),
});

export const adKleinanzeigenSchema = accessSchema.extend({
  sold: z.boolean().describe("als verkauft markiert: wird nicht mehr veröffentlicht (ADR 048)"),
  listing: z
    .object({
      status: z.enum(["publishing", "live", "paused", "ended", "failed"]),
      source: z.enum(["api", "link"]).nullable(),
      url: z.string().nullable(),
      publishedAt: z.number().nullable(),
      expiresAt: z.number().nullable(),
      lastError: z.string().nullable(),
    })
    .nullable(),
});

function access(c: Context<AuthedBindings>, user: User) {
  const configured = kleinanzeigenAccess(getConfig(c.env)) !== null;
  const commercial = user.businessType === "commercial";
  const notice = !configured ? NOT_CONFIGURED_MESSAGE : !commercial ? DEALERS_ONLY : null;
  return { configured, commercial, notice };
}

type KleinanzeigenClient = ReturnType<typeof createKleinanzeigenClient>;

/** The panel's state of one ad: access, whether it is sold, its Kleinanzeigen listing. */
function adState(c: Context<AuthedBindings>, user: User, ad: Ad, row: Listing | undefined) {
  return { ...access(c, user), sold: ad.soldAt !== null, listing: listingView(row) };
}

/**
 * One call to the gateway for the seller's own ad, on their click: Kleinanzeigen's refusals answer
 * with their status and German message, like every API error; each call is logged.
 */
async function onSellersClick(
  c: Context<AuthedBindings>,
  user: User,
  adId: string,
  action: "kleinanzeigen_publish" | "kleinanzeigen_update",
  call: (db: Db, client: KleinanzeigenClient) => Promise<Listing>,
) {
  const db = getDb(c.env.DB);
  const ad = await getOwnAd(db, user.id, adId);
  const accessKey = kleinanzeigenAccess(getConfig(c.env));
  if (!accessKey) throw new HttpError(409, NOT_CONFIGURED_MESSAGE);
  const row = await answeringPublishErrors(() => call(db, createKleinanzeigenClient(accessKey)));
  await logActivity(db, { action, userId: user.id, email: user.email, meta: requestMeta(c.req.raw), details: { adId } });
  return adState(c, user, ad, row);
}

/** Kleinanzeigen's refusals answer with their status and German message, like every API error. */
async function answeringPublishErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PublishError) throw new HttpError(error.status, error.message);
    throw error;
  }
}

export const KLEINANZEIGEN_ENDPOINTS = [
  endpoint({
    method: "get",
    path: "/api/kleinanzeigen",
    summary: "Kleinanzeigen-Händlerzugang: eingerichtet? Impressum angelegt?",
    auth: "session",
    cacheControl: "private, no-store",
    responses: { 200: json("Zugang", kleinanzeigenStateSchema) },
    handler: async (c, { user }) => {
      const imprint = await imprintOf(getDb(c.env.DB), user.id);
      return c.json({ ...access(c, user), imprintCreatedAt: imprint?.createdAt ?? null }, 200);
    },
  }),
  endpoint({
    method: "get",
    path: "/api/ads/{id}/kleinanzeigen",
    summary: "Stand der Anzeige bei Kleinanzeigen",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    cacheControl: "private, no-store",
    responses: { 200: json("Stand", adKleinanzeigenSchema) },
    handler: async (c, { user, params }) => {
      const db = getDb(c.env.DB);
      const ad = await getOwnAd(db, user.id, params.id);
      return c.json(adState(c, user, ad, await kleinanzeigenRow(db, params.id)), 200);
    },
  }),
  endpoint({
    method: "get",
    path: "/api/ads/{id}/kleinanzeigen/review",
    summary: "Prüfen vor dem Veröffentlichen: Kategorie, Zustand, Preisart und Versand, vorausgefüllt aus der Anzeige",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    cacheControl: "private, no-store",
    responses: {
      200: json("Entwurf", reviewDraftSchema),
      409: "nicht eingerichtet, kein Händler, nicht fertig oder verkauft",
      422: "Profil unvollständig",
    },
    handler: async (c, { user, params }) => {
      const ad = await getOwnAd(getDb(c.env.DB), user.id, params.id);
      if (!kleinanzeigenAccess(getConfig(c.env))) throw new HttpError(409, NOT_CONFIGURED_MESSAGE);
      await answeringPublishErrors(async () => checkPublishable(user, ad));
      return c.json(reviewDraft(ad), 200);
    },
  }),
  endpoint({
    method: "post",
    path: "/api/ads/{id}/kleinanzeigen",
    summary:
      "Bei Kleinanzeigen veröffentlichen, wie der Händler es geprüft hat (Preis, Preisart, Übergabe und Zustand gelten danach für die ganze Anzeige; Kleinanzeigen entscheidet asynchron)",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    body: { type: "json", schema: kleinanzeigenReviewSchema, maxBytes: JSON_BODY_LIMIT },
    responses: {
      202: json("wird veröffentlicht", adKleinanzeigenSchema),
      409: "nicht eingerichtet, kein Händler, nicht fertig oder schon veröffentlicht",
      422: "Profil unvollständig oder von Kleinanzeigen abgelehnt",
      502: "Kleinanzeigen nicht erreichbar",
    },
    handler: async (c, { user, params, body }) => {
      const review = await body();
      const answer = await onSellersClick(c, user, params.id, "kleinanzeigen_publish", (db, client) =>
        publishToKleinanzeigen({ db, photos: c.env.PHOTOS, client, purgeEdgeCache: edgeCachePurge(c) }, user, params.id, review),
      );
      return c.json(answer, 202);
    },
  }),
  endpoint({
    method: "put",
    path: "/api/ads/{id}/kleinanzeigen",
    summary: "Änderungen (Titel, Text, Preis) an die Kleinanzeigen-Anzeige senden; Kleinanzeigen veröffentlicht sie neu",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    responses: {
      200: json("gesendet", adKleinanzeigenSchema),
      409: "nicht über AnzeigenPilot bei Kleinanzeigen online, oder kein Händlerzugang",
      422: "von Kleinanzeigen abgelehnt",
      502: "Kleinanzeigen nicht erreichbar",
    },
    handler: async (c, { user, params }) => {
      const answer = await onSellersClick(c, user, params.id, "kleinanzeigen_update", (db, client) =>
        updateOnKleinanzeigen({ db, client }, user, params.id),
      );
      return c.json(answer, 200);
    },
  }),
];
