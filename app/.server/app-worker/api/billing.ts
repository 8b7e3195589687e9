// /api/get-or-create-subscription, /api/billing/checkout/{plan} and the Stripe webhook.
import { z } from "zod";
import { PAYMENT_LINK_PLANS } from "../../../lib/plans";
import { logActivity } from "../../activity-log";
import { getDb } from "../../db/client";
import { getConfig } from "../env";
import { endpoint, json } from "../endpoint/endpoint";
import { HttpError } from "../../http-error";
import { BILLING_DISABLED_MESSAGE, requireStripe } from "../billing/stripe";
import { getOrCreateSubscription } from "../billing/subscription";
import { checkoutPurchase, processWebhookEvent, STRIPE_API_VERSION, verifyWebhook, WRONG_API_VERSION } from "../billing/webhook";

/** Stripe's events are small JSON documents; anything larger is not one of them. */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;
const billingDisabled = `Zahlungen nicht eingerichtet („${BILLING_DISABLED_MESSAGE}“)`;

export const BILLING_ENDPOINTS = [
  endpoint({
    method: "post",
    path: "/api/get-or-create-subscription",
    summary: "Wöchentliches Pro-Abo vorbereiten",
    auth: "session",
    responses: {
      200: json(
        "Zahlung bestätigen oder schon aktiv",
        z.union([z.object({ clientSecret: z.string() }), z.object({ status: z.literal("active") })]),
      ),
      502: "Zahlungsanbieter nicht erreichbar",
      503: billingDisabled,
    },
    handler: async (c, { user }) => {
      const config = getConfig(c.env);
      const stripe = requireStripe(config);
      return c.json(await getOrCreateSubscription(getDb(c.env.DB), stripe, user, config.STRIPE_PRICE_WEEKLY!), 200);
    },
  }),
  /** The hosted checkout (Payment Link) of a plan, tied to the signed-in seller. */
  endpoint({
    method: "get",
    path: "/api/billing/checkout/{plan}",
    summary: "Zum Stripe-Checkout (pro_pack, power)",
    auth: "session",
    params: z.object({ plan: z.enum(PAYMENT_LINK_PLANS) }),
    notFound: "Unbekannter Tarif.",
    responses: { 303: "Weiterleitung zum Checkout", 503: billingDisabled },
    handler: (c, { user, params }) => {
      const config = getConfig(c.env);
      const link = params.plan === "pro_pack" ? config.STRIPE_PAYMENT_LINK_PACK : config.STRIPE_PAYMENT_LINK_POWER;
      if (!config.STRIPE_SECRET_KEY || !link) throw new HttpError(503, BILLING_DISABLED_MESSAGE);
      const url = new URL(link);
      url.searchParams.set("client_reference_id", user.id);
      url.searchParams.set("prefilled_email", user.email);
      return c.redirect(url.toString(), 303);
    },
  }),
  endpoint({
    method: "post",
    path: "/api/stripe/webhook",
    summary: "Stripe-Webhook (signiert, jedes Ereignis genau einmal)",
    auth: "stripe-signature",
    body: {
      type: "raw",
      contentType: "application/json",
      maxBytes: WEBHOOK_BODY_LIMIT,
      description: "Stripe-Ereignis, unverändert (die Signatur gilt für die Bytes)",
    },
    responses: {
      200: json("verarbeitet", z.object({ received: z.literal(true), outcome: z.string() })),
      400: "ungültige Signatur oder API-Version",
      503: billingDisabled,
    },
    handler: async (c, { body }) => {
      const config = getConfig(c.env);
      const stripe = requireStripe(config);
      const event = await verifyWebhook(stripe, await body(), c.req.header("Stripe-Signature"), config.STRIPE_WEBHOOK_SECRET!);
      const db = getDb(c.env.DB);
      if (event.api_version !== STRIPE_API_VERSION) {
        // Handlers read fields as the pinned SDK's API version shapes them; another version's
        // payload could be misread, so it changes nothing (Stripe redelivers once fixed).
        await logActivity(db, {
          action: "payment_event_refused",
          details: { eventId: event.id, type: event.type, apiVersion: event.api_version, expected: STRIPE_API_VERSION },
        });
        throw new HttpError(400, WRONG_API_VERSION);
      }
      const prices = { weekly: config.STRIPE_PRICE_WEEKLY!, pack: config.STRIPE_PRICE_PACK, power: config.STRIPE_PRICE_POWER };
      const outcome = await processWebhookEvent(db, event, prices, await checkoutPurchase(stripe, event, prices));
      if (outcome === "duplicate") await logActivity(db, { action: "payment_event_duplicate", details: { eventId: event.id } });
      return c.json({ received: true as const, outcome }, 200);
    },
  }),
];
