// /api/profile (with a dealer's product-safety contacts), /api/send-invite and /api/account.
import { z } from "zod";
import { PROMPT_KEYS, promptSettingsSchema } from "../../../lib/ad-input";
import { emailSchema } from "../../../lib/auth";
import { productSafetySchema } from "../../../lib/product-safety";
import { profileSchema } from "../../../lib/profile";
import { requestMeta } from "../../activity-log";
import { clearedSessionCookie } from "../auth/cookie";
import { getStripe } from "../billing/stripe";
import { getDb } from "../../db/client";
import { edgeCachePurge } from "../edge-cache/purge";
import { getConfig } from "../env";
import { endpoint, json, JSON_BODY_LIMIT, messageSchema } from "../endpoint/endpoint";
import { sendInvite } from "../account/invite";
import { profileJsonSchema, toProfile, updateProfile } from "../profile/profile";
import { getPrompts, savePrompts } from "../profile/prompts";
import { getProductSafety, saveProductSafety } from "../profile/product-safety";
import { endByHandHint } from "../listings/end";
import { deletedSchema } from "../listings/serialize";
import { deleteAccount } from "../account/delete";

/** All four prompts: the seller's own where set, else the default. */
const promptsSchema = z.object(
  Object.fromEntries(PROMPT_KEYS.map((key) => [key, z.string()])) as Record<(typeof PROMPT_KEYS)[number], z.ZodString>,
);

const productSafetyAnswer = z.object({ productSafety: productSafetySchema.nullable() });

export const ACCOUNT_ENDPOINTS = [
  endpoint({
    method: "get",
    path: "/api/profile",
    summary: "Profil lesen",
    auth: "session",
    responses: { 200: json("Profil", profileJsonSchema) },
    cacheControl: "private, no-store",
    handler: (c, { user }) => {
      return c.json(toProfile(user), 200);
    },
  }),
  endpoint({
    method: "put",
    path: "/api/profile",
    summary: "Profil speichern (leere Felder werden gelöscht)",
    auth: "session",
    body: { type: "json", schema: profileSchema, maxBytes: JSON_BODY_LIMIT },
    responses: { 200: json("Profil", profileJsonSchema) },
    handler: async (c, { user, body }) => {
      const updated = await updateProfile(getDb(c.env.DB), user.id, await body(), edgeCachePurge(c));
      return c.json(toProfile(updated), 200);
    },
  }),
  endpoint({
    method: "get",
    path: "/api/profile/product-safety",
    summary: "Produktsicherheit (GPSR) für eBay lesen: Hersteller und verantwortliche Person in der EU",
    auth: "session",
    responses: { 200: json("Angaben oder null", productSafetyAnswer) },
    cacheControl: "private, no-store",
    handler: async (c, { user }) => c.json({ productSafety: await getProductSafety(getDb(c.env.DB), user.id) }, 200),
  }),
  endpoint({
    method: "put",
    path: "/api/profile/product-safety",
    summary: "Produktsicherheit (GPSR) für eBay speichern (gewerbliche Verkäufer; ganz oder gar nicht)",
    auth: "session",
    body: { type: "json", schema: productSafetySchema, maxBytes: JSON_BODY_LIMIT },
    responses: { 200: json("gespeichert", productSafetyAnswer) },
    handler: async (c, { user, body }) => c.json({ productSafety: await saveProductSafety(getDb(c.env.DB), user.id, await body()) }, 200),
  }),
  endpoint({
    method: "get",
    path: "/api/prompts",
    summary: "Eigene KI-Prompts (im Konto gespeichert; Standard, wo nicht geändert)",
    auth: "session",
    responses: { 200: json("alle vier Prompts", promptsSchema) },
    cacheControl: "private, no-store",
    handler: async (c, { user }) => {
      return c.json(await getPrompts(getDb(c.env.DB), user.id), 200);
    },
  }),
  endpoint({
    method: "put",
    path: "/api/prompts",
    summary: "Eigene KI-Prompts speichern (leer oder Standard = Standard)",
    auth: "session",
    body: { type: "json", schema: promptSettingsSchema, maxBytes: JSON_BODY_LIMIT },
    responses: { 200: json("alle vier Prompts", promptsSchema) },
    handler: async (c, { user, body }) => c.json(await savePrompts(getDb(c.env.DB), user.id, await body()), 200),
  }),
  endpoint({
    method: "post",
    path: "/api/send-invite",
    summary: "Einladung per E-Mail",
    auth: "session",
    body: { type: "json", schema: z.object({ email: emailSchema }), maxBytes: JSON_BODY_LIMIT },
    responses: { 200: json("gesendet", messageSchema), 429: "zu viele Einladungen", 502: "E-Mail konnte nicht gesendet werden" },
    rateLimit: { limiter: "INVITE_LIMITER", per: "je Konto", key: (_c, { user }) => `invite:${user.id}` },
    handler: async (c, { user, body }) => {
      const { email } = await body();
      await sendInvite({ db: getDb(c.env.DB), config: getConfig(c.env), meta: requestMeta(c.req.raw) }, user, email);
      return c.json({ message: "Einladung gesendet!" }, 200);
    },
  }),
  endpoint({
    method: "delete",
    path: "/api/account",
    summary: "Konto mit allen Daten und Fotos löschen",
    auth: "session",
    responses: { 200: json("gelöscht; welche Anzeigen noch online sind", deletedSchema) },
    handler: async (c, { user }) => {
      const config = getConfig(c.env);
      const purge = edgeCachePurge(c);
      const { remaining } = await deleteAccount(
        getDb(c.env.DB),
        c.env.PHOTOS,
        user,
        getStripe(config),
        config.SESSION_SECRET,
        purge,
        config,
      );
      c.header("Set-Cookie", clearedSessionCookie());
      return c.json(
        { message: "Account gelöscht", remaining, hint: endByHandHint(remaining, remaining.length > 1 ? "diese Anzeigen" : "die Anzeige") },
        200,
      );
    },
  }),
];
