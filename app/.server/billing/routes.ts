// /api/get-or-create-subscription, /api/billing/checkout/{plan} and the Stripe webhook.
import { logActivity } from "../activity/log";
import { requireUser, type AuthedBindings } from "../auth/middleware";
import { getDb } from "../db/client";
import { getConfig } from "../env";
import { HttpError } from "../http/errors";
import { createRouter } from "../http/router";
import { BILLING_DISABLED_MESSAGE, requireStripe } from "./stripe";
import { getOrCreateSubscription } from "./subscription";
import { processWebhookEvent, STRIPE_API_VERSION, verifyWebhook, WRONG_API_VERSION } from "./webhook";

export function createBillingRouter() {
  const router = createRouter<AuthedBindings>();

  router.post("/get-or-create-subscription", requireUser, async (c) => {
    const config = getConfig(c.env);
    const stripe = requireStripe(config);
    const result = await getOrCreateSubscription(getDb(c.env.DB), stripe, c.get("user"), config.STRIPE_PRICE_WEEKLY!);
    return c.json(result);
  });

  /** The hosted checkout (Payment Link) of a plan, tied to the signed-in seller. */
  router.get("/billing/checkout/:plan", requireUser, (c) => {
    const config = getConfig(c.env);
    const plan = c.req.param("plan");
    const link = plan === "pro_pack" ? config.STRIPE_PAYMENT_LINK_PACK : plan === "power" ? config.STRIPE_PAYMENT_LINK_POWER : undefined;
    if (plan !== "pro_pack" && plan !== "power") throw new HttpError(404, "Unbekannter Tarif.");
    if (!config.STRIPE_SECRET_KEY || !link) throw new HttpError(503, BILLING_DISABLED_MESSAGE);
    const user = c.get("user");
    const url = new URL(link);
    url.searchParams.set("client_reference_id", user.id);
    url.searchParams.set("prefilled_email", user.email);
    return c.redirect(url.toString(), 303);
  });

  router.post("/stripe/webhook", async (c) => {
    const config = getConfig(c.env);
    const stripe = requireStripe(config);
    const event = await verifyWebhook(stripe, await c.req.text(), c.req.header("Stripe-Signature"), config.STRIPE_WEBHOOK_SECRET!);
    const db = getDb(c.env.DB);
    if (event.api_version !== STRIPE_API_VERSION) {
      // Handlers read fields as the pinned SDK's API version shapes them; another version's
      // payload could be misread, so it changes nothing (Stripe redelivers once fixed).
      await logActivity(db, { action: "payment_event_refused", details: { eventId: event.id, type: event.type, apiVersion: event.api_version, expected: STRIPE_API_VERSION } });
      throw new HttpError(400, WRONG_API_VERSION);
    }
    const outcome = await processWebhookEvent(db, event, {
      weekly: config.STRIPE_PRICE_WEEKLY!,
      pack: config.STRIPE_PRICE_PACK,
      power: config.STRIPE_PRICE_POWER,
    });
    if (outcome === "duplicate") await logActivity(db, { action: "payment_event_duplicate", details: { eventId: event.id } });
    return c.json({ received: true, outcome });
  });

  return router;
}
