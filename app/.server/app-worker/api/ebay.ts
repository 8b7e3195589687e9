// The eBay endpoints (ADR 036): connection (consent, callback, policies and location, disconnect),
// setting a new seller up (ADR 045) and, per ad, the draft and the publication on the seller's click.
import type { Context } from "hono";
import { z } from "zod";
import { ebaySetupInputSchema } from "../../../lib/ebay-setup";
import { readCookie, readSessionToken } from "../auth/cookie";
import { timingSafeEqualText } from "../../crypto/tokens";
import type { AuthedBindings } from "../endpoint/require-user";
import { adIdParams } from "../ads/ad-id";
import { AD_NOT_FOUND, getOwnAd } from "../ads/queries";
import { getDb } from "../../db/client";
import { getConfig } from "../env";
import { endpoint, json, JSON_BODY_LIMIT, messageSchema } from "../endpoint/endpoint";
import { HttpError } from "../../http-error";
import { PublishError } from "../../publishing/publisher";
import { listingJsonSchema, toListingJson } from "../listings/serialize";
import { listEbayChoices } from "../../ebay/account";
import type { EbaySession } from "../../ebay/client";
import { ebayConfigOf, type EbayConfig } from "../../ebay/config";
import {
  deleteEbayConnection,
  ebaySettingsSchema,
  getEbayConnection,
  saveEbaySettings,
  saveEbayTokens,
  sellerSettingsOf,
} from "../../ebay/connection";
import { ebayUserId } from "../ebay/identity";
import { consentUrl, exchangeCode } from "../../ebay/oauth";
import { CONDITION_VALUES } from "../../ebay/types";
import { conditionChoiceSchema } from "../../ebay/condition";
import { ebayDraft } from "../ebay/draft";
import { publishInputSchema } from "../../ebay/listing-input";
import { publishAdToEbay } from "../ebay/publish";
import { isOwnOAuthState, issueOAuthState } from "../ebay/oauth-state";
import { ebaySetupPlan, setUpEbaySeller } from "../ebay/setup";
import { ebayStatus } from "../ebay/status";

export const EBAY_NOT_CONFIGURED = "eBay ist in dieser Umgebung nicht eingerichtet.";
const STATE_COOKIE = "ap_ebay_state";

/**
 * eBay documents no way for an app to revoke a user's token (ADR 049); the seller removes the
 * app's access in their eBay account (developer.ebay.com/support/kb-article?KBid=5218: "revoked
 * the token from their MyeBay page").
 */
export function disconnectedHint(liveListings: number): string {
  return [
    "Deine eBay-Zugangsdaten sind bei uns gelöscht.",
    "Den Zugriff von AnzeigenPilot entfernst du zusätzlich bei eBay unter „Mein eBay“ → „Konto“ bei den Berechtigungen für Drittanbieter-Apps.",
    ...(liveListings > 0
      ? [
          `${liveListings === 1 ? "Dein laufendes eBay-Angebot bleibt" : `Deine ${liveListings} laufenden eBay-Angebote bleiben`} online, bis du ${liveListings === 1 ? "es" : "sie"} bei eBay beendest.`,
        ]
      : []),
  ].join(" ");
}

function ebayConfig(c: Context<AuthedBindings>): EbayConfig {
  const config = ebayConfigOf(getConfig(c.env));
  if (!config) throw new HttpError(503, EBAY_NOT_CONFIGURED);
  return config;
}

function session(c: Context<AuthedBindings>, userId: string): EbaySession {
  return { db: getDb(c.env.DB), config: ebayConfig(c), userId };
}

/** eBay's refusals reach the seller as `{ message }` with the status the PublishError names. */
async function answering<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof PublishError) throw new HttpError(error.status, error.message);
    throw error;
  }
}

const connectionSchema = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  settings: ebaySettingsSchema.nullable(),
});
const choiceList = z.array(z.object({ id: z.string(), name: z.string() }));
const choicesSchema = z.object({ fulfillment: choiceList, payment: choiceList, returns: choiceList, locations: choiceList });
const setupPlanSchema = z.object({
  optIn: z.boolean().describe("Geschäftsrichtlinien sind noch nicht eingeschaltet"),
  location: z.object({ postalCode: z.string(), city: z.string().nullable() }).nullable().describe("Standort, der angelegt würde"),
  placeMissing: z.boolean().describe("Kein Standort und keine deutsche PLZ im Profil"),
  pickup: z.boolean(),
  shipping: z.boolean(),
  payment: z.boolean(),
  returns: z.boolean(),
  seller: z.enum(["private", "commercial"]),
});
const setupResultSchema = z.object({
  message: z.string(),
  created: z.array(z.string()).describe("Was angelegt wurde, je ein Satz; leer, wenn schon alles da war"),
  settings: ebaySettingsSchema,
});
const draftSchema = z.object({
  title: z.string(),
  categories: z
    .array(z.object({ categoryId: z.string(), categoryName: z.string(), path: z.string() }))
    .describe("eBays Kategorievorschläge, die beste zuerst"),
  categoryId: z.string().nullable(),
  aspects: z.array(
    z.object({
      name: z.string(),
      required: z.boolean(),
      mode: z.enum(["FREE_TEXT", "SELECTION_ONLY"]).describe("SELECTION_ONLY: nur ein Wert aus values"),
      multiple: z.boolean(),
      maxLength: z.number().int(),
      values: z.array(z.string()),
      value: z.string(),
    }),
  ),
  conditions: z.array(conditionChoiceSchema).describe("Die Zustände, die die Kategorie erlaubt"),
  condition: z.enum(CONDITION_VALUES).nullable(),
  priceCents: z.number().int().nullable(),
  offerNotes: z.array(z.string()).describe("Was der Angebotsdatensatz bei eBay bewirkt: VB, Abholung, Versandkosten"),
  needsPackage: z.boolean().describe("Die Versandrichtlinie berechnet die Kosten: Gewicht und Maße des Pakets angeben"),
  needsShippingCost: z
    .boolean()
    .describe("Die Anzeige sagt, dass der Käufer den Versand zahlt, nennt aber keinen Betrag: shippingCostCents angeben"),
});

export const EBAY_ENDPOINTS = [
  endpoint({
    method: "get",
    path: "/api/ebay",
    summary: "eBay-Verbindung: eingerichtet, verbunden, gewählte Richtlinien und Standort",
    auth: "session",
    cacheControl: "private, no-store",
    responses: { 200: json("Verbindung", connectionSchema) },
    handler: async (c, { user }) => c.json(await ebayStatus(getDb(c.env.DB), getConfig(c.env), user.id), 200),
  }),
  endpoint({
    method: "post",
    path: "/api/ebay/connect",
    summary: "eBay verbinden: Adresse der Zustimmungsseite von eBay (OAuth)",
    auth: "session",
    responses: { 200: json("Weiterleitung", z.object({ url: z.string().url() })), 503: "eBay nicht eingerichtet" },
    handler: async (c) => {
      const config = ebayConfig(c);
      // Bound to this session (ADR 049) and kept in this browser: the callback takes the code only
      // with both, so no code can be attached to another account.
      const state = await issueOAuthState(config.encryptionKey, readSessionToken(c.req.raw.headers) ?? "");
      c.header("Set-Cookie", `${STATE_COOKIE}=${state}; Path=/api/ebay; HttpOnly; Secure; SameSite=Lax; Max-Age=900`);
      return c.json({ url: consentUrl(config, state) }, 200);
    },
  }),
  endpoint({
    method: "get",
    path: "/api/ebay/callback",
    summary: "Rückkehr von eBays Zustimmungsseite (Accept- und Decline-URL des RuName); leitet ins Profil",
    auth: "session",
    query: z.object({
      code: z.string().max(2048).optional(),
      state: z.string().max(200).optional(),
      error: z.string().max(200).optional(),
    }),
    cacheControl: "private, no-store",
    responses: { 302: "zurück zu /profile?ebay=verbunden|abgelehnt|fehler" },
    handler: async (c, { user, query }) => {
      const config = ebayConfig(c);
      const expected = readCookie(c.req.raw.headers, STATE_COOKIE);
      c.header("Set-Cookie", `${STATE_COOKIE}=; Path=/api/ebay; HttpOnly; Secure; SameSite=Lax; Max-Age=0`);
      if (
        !expected ||
        !query.state ||
        !(await timingSafeEqualText(expected, query.state)) ||
        !(await isOwnOAuthState(config.encryptionKey, readSessionToken(c.req.raw.headers) ?? "", query.state))
      )
        return c.redirect("/profile?ebay=fehler", 302);
      if (!query.code) return c.redirect("/profile?ebay=abgelehnt", 302);
      try {
        const tokens = await exchangeCode(config, query.code);
        // eBay's user id, so that eBay's account-deletion notification finds this connection (ADR 049).
        await saveEbayTokens(getDb(c.env.DB), config, user.id, tokens, await ebayUserId(config, tokens.accessToken));
      } catch (error) {
        if (error instanceof PublishError) return c.redirect("/profile?ebay=fehler", 302);
        throw error;
      }
      return c.redirect("/profile?ebay=verbunden", 302);
    },
  }),
  endpoint({
    method: "get",
    path: "/api/ebay/choices",
    summary: "Die eigenen Versand-, Zahlungs- und Rücknahmerichtlinien und Artikelstandorte des Verkäufers bei eBay",
    auth: "session",
    cacheControl: "private, no-store",
    responses: { 200: json("Auswahl", choicesSchema), 409: "nicht verbunden", 503: "eBay nicht eingerichtet" },
    handler: async (c, { user }) => c.json(await answering(listEbayChoices(session(c, user.id))), 200),
  }),
  endpoint({
    method: "get",
    path: "/api/ebay/setup",
    summary: "eBay einrichten: was im eBay-Konto fehlt und angelegt würde (Programm, Standort, Richtlinien)",
    auth: "session",
    cacheControl: "private, no-store",
    responses: {
      200: json("Plan", setupPlanSchema),
      409: "nicht verbunden",
      422: "eBay lehnt ab",
      502: "eBay nicht erreichbar",
      503: "eBay nicht eingerichtet",
    },
    handler: async (c, { user }) => c.json(await answering(ebaySetupPlan(session(c, user.id), user)), 200),
  }),
  endpoint({
    method: "post",
    path: "/api/ebay/setup",
    summary: "eBay einrichten, auf Bestätigung des Verkäufers: legt nur an, was fehlt, und speichert die Auswahl",
    auth: "session",
    body: { type: "json", schema: ebaySetupInputSchema, maxBytes: JSON_BODY_LIMIT },
    responses: {
      200: json("eingerichtet", setupResultSchema),
      409: "nicht verbunden, PLZ fehlt im Profil oder eBay schaltet die Geschäftsrichtlinien noch frei",
      422: "eBay lehnt ab",
      502: "eBay nicht erreichbar",
    },
    handler: async (c, { user, body }) => {
      const ebay = session(c, user.id);
      if (!(await getEbayConnection(ebay.db, user.id))) throw new HttpError(409, "Verbinde zuerst dein eBay-Konto.");
      const result = await answering(setUpEbaySeller(ebay, user, await body()));
      const message = result.created.length > 0 ? "eBay ist eingerichtet" : "eBay war schon eingerichtet – nichts wurde neu angelegt";
      return c.json({ message, ...result }, 200);
    },
  }),
  endpoint({
    method: "put",
    path: "/api/ebay/settings",
    summary: "Richtlinien und Artikelstandort einmal wählen (nur aus den eigenen bei eBay)",
    auth: "session",
    body: { type: "json", schema: ebaySettingsSchema, maxBytes: JSON_BODY_LIMIT },
    responses: { 200: json("gespeichert", messageSchema), 400: "nicht aus der eigenen Auswahl", 409: "nicht verbunden" },
    handler: async (c, { user, body }) => {
      const ebay = session(c, user.id);
      if (!(await getEbayConnection(ebay.db, user.id))) throw new HttpError(409, "Verbinde zuerst dein eBay-Konto.");
      const settings = await body();
      const choices = await answering(listEbayChoices(ebay));
      const known = (list: { id: string }[], id: string) => list.some((entry) => entry.id === id);
      if (
        !known(choices.fulfillment, settings.fulfillmentPolicyId) ||
        !known(choices.payment, settings.paymentPolicyId) ||
        !known(choices.returns, settings.returnPolicyId) ||
        !known(choices.locations, settings.merchantLocationKey) ||
        (settings.pickupPolicyId !== undefined && !known(choices.fulfillment, settings.pickupPolicyId))
      ) {
        throw new HttpError(400, "Wähle Richtlinien und Standort aus deinem eBay-Konto.");
      }
      // The pickup policy the setup created stays unless the seller names another.
      const stored = sellerSettingsOf(await getEbayConnection(ebay.db, user.id));
      await saveEbaySettings(ebay.db, user.id, { ...settings, pickupPolicyId: settings.pickupPolicyId ?? stored?.pickupPolicyId });
      return c.json({ message: "eBay-Einstellungen gespeichert" }, 200);
    },
  }),
  endpoint({
    method: "delete",
    path: "/api/ebay",
    summary: "eBay-Verbindung trennen: die gespeicherten Tokens werden gelöscht (eBay bietet Apps keinen Widerruf an)",
    auth: "session",
    responses: {
      200: json(
        "getrennt",
        messageSchema.extend({ hint: z.string().describe("Wo der Zugriff bei eBay entfernt wird, und was dort noch läuft") }),
      ),
    },
    handler: async (c, { user }) => {
      const live = await deleteEbayConnection(getDb(c.env.DB), user.id);
      return c.json({ message: "eBay-Verbindung getrennt", hint: disconnectedHint(live) }, 200);
    },
  }),
  endpoint({
    method: "get",
    path: "/api/ads/{id}/ebay-draft",
    summary: "Entwurf für eBay: Kategorievorschläge, Merkmale und erlaubte Zustände der gewählten Kategorie, Preis",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    query: z.object({
      categoryId: z
        .string()
        .regex(/^\d{1,10}$/)
        .meta({ examples: ["20667"] })
        .optional(),
      /** Other words for eBay's category suggestions than the ad's title. */
      q: z
        .string()
        .trim()
        .min(2, "Gib mindestens zwei Zeichen ein.")
        .max(100)
        .meta({ examples: ["Babyschale"] })
        .optional(),
    }),
    cacheControl: "private, no-store",
    responses: { 200: json("Entwurf", draftSchema), 409: "nicht fertig oder nicht verbunden", 503: "eBay nicht eingerichtet" },
    handler: async (c, { user, params, query }) => {
      const ebay = session(c, user.id);
      const ad = await getOwnAd(ebay.db, user.id, params.id);
      return c.json(await answering(ebayDraft(ebay, ad, { categoryId: query.categoryId, words: query.q })), 200);
    },
  }),
  endpoint({
    method: "post",
    path: "/api/ads/{id}/ebay-publish",
    summary: "Auf eBay veröffentlichen (Artikel → Angebot → veröffentlichen); nur auf Klick des Verkäufers",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    body: { type: "json", schema: publishInputSchema, maxBytes: JSON_BODY_LIMIT },
    responses: {
      200: json("live", listingJsonSchema),
      400: "passt nicht zur Kategorie (Zustand, Merkmale, Paketmaße)",
      409: "schon live, nicht verbunden oder Einstellungen fehlen",
      422: "eBay lehnt ab (mit Hinweis, was zu ändern ist)",
      502: "eBay nicht erreichbar",
    },
    handler: async (c, { user, params, body }) => {
      const ebay = session(c, user.id);
      const ad = await getOwnAd(ebay.db, user.id, params.id);
      const input = await body();
      const listing = await answering(publishAdToEbay(ebay, ad, input, c.env.PHOTOS));
      return c.json(toListingJson(listing), 200);
    },
  }),
];
