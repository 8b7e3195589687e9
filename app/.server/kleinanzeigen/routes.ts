// /api/kleinanzeigen and /api/ads/{id}/kleinanzeigen: the dealer's Kleinanzeigen access and
// imprint, and "Bei Kleinanzeigen veröffentlichen" per ad (ADR 038). Publishing happens only on
// this POST, the seller's click.
import type { Context } from "hono";
import { z } from "zod";
import { logActivity, requestMeta } from "../activity/log";
import { AD_NOT_FOUND, getOwnAd } from "../ads/queries";
import type { AuthedBindings } from "../auth/middleware";
import { getDb } from "../db/client";
import type { User } from "../db/schema";
import { getConfig } from "../env";
import { HttpError } from "../http/errors";
import { endpoint, json } from "../http/endpoint";
import { PublishError } from "../listings/publisher";
import { createKleinanzeigenClient } from "./client";
import { imprintOf } from "./imprint";
import { kleinanzeigenRow, listingView } from "./listing-row";
import { publishToKleinanzeigen, updateOnKleinanzeigen } from "./publish";
import { kleinanzeigenAccess, NOT_CONFIGURED_MESSAGE } from "./settings";

const adParams = z.object({ id: z.string().uuid() });

const accessSchema = z.object({
  configured: z.boolean().describe("Händler-API-Zugang in dieser Installation eingerichtet"),
  commercial: z.boolean().describe("gewerblicher Verkäufer laut Profil"),
  notice: z.string().nullable().describe("warum hier nicht veröffentlicht werden kann, oder null"),
});

export const kleinanzeigenStateSchema = accessSchema.extend({
  imprintCreatedAt: z.number().nullable().describe("wann das Impressum bei Kleinanzeigen angelegt wurde (ms)"),
});

export const adKleinanzeigenSchema = accessSchema.extend({
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
  const notice = !configured ? NOT_CONFIGURED_MESSAGE : !commercial ? "Das Veröffentlichen über die Kleinanzeigen-Schnittstelle gibt es nur für gewerbliche Händler." : null;
  return { configured, commercial, notice };
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
    params: adParams,
    notFound: AD_NOT_FOUND,
    cacheControl: "private, no-store",
    responses: { 200: json("Stand", adKleinanzeigenSchema) },
    handler: async (c, { user, params }) => {
      const db = getDb(c.env.DB);
      await getOwnAd(db, user.id, params.id);
      return c.json({ ...access(c, user), listing: listingView(await kleinanzeigenRow(db, params.id)) }, 200);
    },
  }),
  endpoint({
    method: "post",
    path: "/api/ads/{id}/kleinanzeigen",
    summary: "Bei Kleinanzeigen veröffentlichen (gewerbliche Händler; Kleinanzeigen entscheidet asynchron)",
    auth: "session",
    params: adParams,
    notFound: AD_NOT_FOUND,
    responses: {
      202: json("wird veröffentlicht", adKleinanzeigenSchema),
      409: "nicht eingerichtet, kein Händler, nicht fertig oder schon veröffentlicht",
      422: "Profil unvollständig oder von Kleinanzeigen abgelehnt",
      502: "Kleinanzeigen nicht erreichbar",
    },
    handler: async (c, { user, params }) => {
      const db = getDb(c.env.DB);
      await getOwnAd(db, user.id, params.id);
      const accessKey = kleinanzeigenAccess(getConfig(c.env));
      if (!accessKey) throw new HttpError(409, NOT_CONFIGURED_MESSAGE);
      const row = await answeringPublishErrors(() => publishToKleinanzeigen({ db, photos: c.env.PHOTOS, client: createKleinanzeigenClient(accessKey) }, user, params.id));
      await logActivity(db, { action: "kleinanzeigen_publish", userId: user.id, email: user.email, meta: requestMeta(c.req.raw), details: { adId: params.id } });
      return c.json({ ...access(c, user), listing: listingView(row) }, 202);
    },
  }),
  endpoint({
    method: "put",
    path: "/api/ads/{id}/kleinanzeigen",
    summary: "Änderungen (Titel, Text, Preis) an die Kleinanzeigen-Anzeige senden; Kleinanzeigen veröffentlicht sie neu",
    auth: "session",
    params: adParams,
    notFound: AD_NOT_FOUND,
    responses: {
      200: json("gesendet", adKleinanzeigenSchema),
      409: "nicht über AnzeigenPilot bei Kleinanzeigen online, oder kein Händlerzugang",
      422: "von Kleinanzeigen abgelehnt",
      502: "Kleinanzeigen nicht erreichbar",
    },
    handler: async (c, { user, params }) => {
      const db = getDb(c.env.DB);
      await getOwnAd(db, user.id, params.id);
      const accessKey = kleinanzeigenAccess(getConfig(c.env));
      if (!accessKey) throw new HttpError(409, NOT_CONFIGURED_MESSAGE);
      const row = await answeringPublishErrors(() => updateOnKleinanzeigen({ db, client: createKleinanzeigenClient(accessKey) }, user, params.id));
      await logActivity(db, { action: "kleinanzeigen_update", userId: user.id, email: user.email, meta: requestMeta(c.req.raw), details: { adId: params.id } });
      return c.json({ ...access(c, user), listing: listingView(row) }, 200);
    },
  }),
];
