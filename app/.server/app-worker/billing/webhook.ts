// Stripe webhooks: signature checked on the raw body; each event's effect and the row that marks
// it processed are written in one D1 transaction, so an event counts exactly once and a failed
// write leaves it unprocessed for Stripe's redelivery.
import { eq, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import Stripe from "stripe";
import { PLANS, type PlanId } from "../../../lib/plans";
import type { Db } from "../../db/client";
import { activityLogs, processedPaymentEvents, users } from "../../db/schema";
import { HttpError } from "../../http-error";
import { cryptoProvider } from "./stripe";

export const INVALID_SIGNATURE = "Ungültige Webhook-Signatur.";
export const WRONG_API_VERSION =
  "Webhook-Ereignis mit unerwarteter Stripe-API-Version. Der Endpunkt muss mit der API-Version des Servers angelegt sein.";

/** The Stripe API version of the pinned SDK; the webhook endpoint must be created with it. */
export const STRIPE_API_VERSION = Stripe.API_VERSION;
const MONTH_MS = 31 * 24 * 60 * 60 * 1000;

type Effect = { statements: BatchItem<"sqlite">[]; action: string; details: Record<string, unknown> };

/** The customer id to remember, when the event names one. */
function customerField(customer: string | { id: string } | null | undefined) {
  const id = idOf(customer);
  return id ? { stripeCustomerId: id } : {};
}

/** Seconds a signature timestamp may differ from now, in either direction (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export async function verifyWebhook(stripe: Stripe, body: string, signature: string | undefined, secret: string) {
  if (!signature) throw new HttpError(400, INVALID_SIGNATURE);
  // The SDK refuses old timestamps only; one from the future is refused here as well.
  const timestamp = Number(signature.match(/(?:^|,)t=(\d+)/)?.[1]);
  if (!Number.isFinite(timestamp) || timestamp > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS) throw new HttpError(400, INVALID_SIGNATURE);
  try {
    return await stripe.webhooks.constructEventAsync(body, signature, secret, undefined, cryptoProvider);
  } catch {
    throw new HttpError(400, INVALID_SIGNATURE);
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === "string" ? value : (value?.id ?? null);
}

function userWhere(userId: string | null, customer: string | null, subscription: string | null): SQL | undefined {
  const conditions = [
    userId ? eq(users.id, userId) : undefined,
    customer ? eq(users.stripeCustomerId, customer) : undefined,
    subscription ? eq(users.stripeSubscriptionId, subscription) : undefined,
  ].filter((condition): condition is SQL => Boolean(condition));
  return conditions.length > 0 ? or(...conditions) : undefined;
}

/** The configured Stripe prices that identify our plans on invoices and subscriptions. */
export type PlanPrices = { weekly: string; pack?: string; power?: string };

type PricedPlan = Exclude<PlanId, "free"> | "unknown";

/** Which plan a set of price ids belongs to; only an explicitly configured price counts. */
function planOf(priceIds: string[], prices: PlanPrices): PricedPlan {
  if (priceIds.includes(prices.weekly)) return "pro_weekly";
  if (prices.power && priceIds.includes(prices.power)) return "power";
  if (prices.pack && priceIds.includes(prices.pack)) return "pro_pack";
  return "unknown";
}

/** What a Checkout Session bought, as far as we sell it: the pack (one-time) or Power (subscription). */
export type CheckoutPurchase = "pro_pack" | "power" | "unknown" | "inactive";

const CHECKOUT_GRANT_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * What a paid Checkout Session bought, read back from Stripe (the event carries no line items):
 * the plan only when its one line is that plan's configured price, quantity 1, at the plan's
 * amount in euros. Anything else on the same Stripe account (another Payment Link, a 1-cent
 * Checkout carrying a user's id) buys nothing here. A Power subscription is read back too: a
 * checkout event arriving after the subscription ended (events come in any order) is "inactive"
 * and cannot revive the plan. Null for events that grant nothing.
 */
export async function checkoutPurchase(stripe: Stripe, event: Stripe.Event, prices: PlanPrices): Promise<CheckoutPurchase | null> {
  if (!CHECKOUT_GRANT_EVENTS.has(event.type)) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  if (event.type === "checkout.session.completed" && session.payment_status === "unpaid") return null;
  const plan = session.mode === "payment" ? "pro_pack" : session.mode === "subscription" ? "power" : null;
  const priceId = plan === "pro_pack" ? prices.pack : plan === "power" ? prices.power : undefined;
  if (!plan || !priceId) return "unknown";
  const lines = await stripe.checkout.sessions.listLineItems(session.id, { limit: 2 });
  const [line] = lines.data;
  if (lines.data.length !== 1 || lines.has_more || !line) return "unknown";
  const matches =
    line.price?.id === priceId && line.quantity === 1 && line.currency === "eur" && line.price.unit_amount === PLANS[plan].priceCents;
  if (!matches) return "unknown";
  if (plan === "power") {
    const subscriptionId = idOf(session.subscription);
    if (!subscriptionId) return "unknown";
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    if (subscription.status !== "active" && subscription.status !== "trialing") return "inactive";
  }
  return plan;
}

/** Grants what a paid Checkout Session (a Payment Link) bought — once per session, and only what it bought. */
function checkoutGrant(db: Db, session: Stripe.Checkout.Session, now: number, purchase: CheckoutPurchase | undefined): Effect | null {
  // The account that opened the checkout (its id as client_reference_id) is the one that paid; the
  // Stripe customer finds the account only without it — never a second account that shares it.
  const where = session.client_reference_id
    ? userWhere(session.client_reference_id, null, null)
    : userWhere(null, idOf(session.customer), null);
  if (!where) return null;
  const expected = session.mode === "payment" ? "pro_pack" : "power";
  if (purchase === "inactive") {
    return { action: "subscription_inactive", details: { session: session.id, subscription: idOf(session.subscription) }, statements: [] };
  }
  if (purchase !== expected) {
    return {
      action: "payment_unknown_price",
      details: { session: session.id, mode: session.mode, amount: session.amount_total },
      statements: [],
    };
  }
  // A second event for the same session (completed, then async_payment_succeeded) fails on this
  // marker's unique id, so the purchase is granted exactly once.
  const once = db.insert(processedPaymentEvents).values({ eventId: `checkout_session:${session.id}`, type: "checkout_session_grant" });
  if (session.mode === "payment") {
    return {
      action: "payment_succeeded",
      details: { plan: "pro_pack", amount: session.amount_total },
      statements: [
        once,
        db
          .update(users)
          .set({
            adCredits: sql`${users.adCredits} + ${PLANS.pro_pack.grants.credits}`,
            planType: sql`case when ${users.planType} = 'power' then 'power' else 'pro_pack' end`,
            ...customerField(session.customer),
            updatedAt: now,
          })
          .where(where),
      ],
    };
  }
  return {
    action: "subscription_created",
    details: { plan: "power" },
    statements: [
      once,
      db
        .update(users)
        .set({
          planType: "power",
          monthlyAllowance: PLANS.power.grants.monthlyAllowance,
          planPeriodEnd: now + MONTH_MS,
          ...customerField(session.customer),
          updatedAt: now,
        })
        .where(where),
    ],
  };
}

/** What an event changes; null for events we do not act on. */
function effectOf(db: Db, event: Stripe.Event, prices: PlanPrices, purchase: CheckoutPurchase | undefined): Effect | null {
  const now = Date.now();
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      // Delayed methods (SEPA Direct Debit, Sofort …) complete unpaid; the grant waits for
      // checkout.session.async_payment_succeeded.
      if (session.payment_status === "unpaid") return null;
      return checkoutGrant(db, session, now, purchase);
    }
    case "checkout.session.async_payment_succeeded":
      return checkoutGrant(db, event.data.object, now, purchase);
    case "checkout.session.async_payment_failed": {
      const session = event.data.object;
      return {
        action: "payment_failed",
        details: { plan: session.mode === "payment" ? "pro_pack" : "power", session: session.id },
        statements: [],
      };
    }
    case "invoice.paid": {
      const invoice = event.data.object;
      const priceIds = invoice.lines.data.map((line) => idOf(line.pricing?.price_details?.price ?? null) ?? "").filter(Boolean);
      const subscription = idOf(invoice.parent?.subscription_details?.subscription ?? null);
      const where = userWhere(null, idOf(invoice.customer), subscription);
      if (!where) return null;
      switch (planOf(priceIds, prices)) {
        case "pro_weekly":
          return {
            action: "subscription_active",
            details: { plan: "pro_weekly" },
            statements: [db.update(users).set({ subscriptionStatus: "active", updatedAt: now }).where(where)],
          };
        case "power":
          return {
            action: "payment_succeeded",
            details: { plan: "power", allowance: PLANS.power.grants.monthlyAllowance },
            statements: [
              db
                .update(users)
                .set({
                  planType: "power",
                  monthlyAllowance: PLANS.power.grants.monthlyAllowance,
                  planPeriodEnd: (invoice.period_end ?? now / 1000) * 1000 + MONTH_MS,
                  updatedAt: now,
                })
                .where(where),
            ],
          };
        case "pro_pack":
          // The invoice (a "Rechnung") of a pack bought through its Payment Link: the credits
          // came with the Checkout Session; the invoice itself grants nothing.
          return { action: "payment_invoice", details: { plan: "pro_pack" }, statements: [] };
        case "unknown":
          return { action: "payment_unknown_price", details: { prices: priceIds }, statements: [] };
      }
      return null;
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscription = idOf(invoice.parent?.subscription_details?.subscription ?? null);
      const where = userWhere(null, idOf(invoice.customer), subscription);
      if (!where || !subscription) return null;
      return {
        action: "payment_failed",
        details: { attempt: invoice.attempt_count },
        statements: [
          db
            .update(users)
            .set({ subscriptionStatus: "past_due", updatedAt: now })
            .where(userWhere(null, null, subscription)),
        ],
      };
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const priceIds = subscription.items.data.map((item) => item.price.id);
      const status = event.type === "customer.subscription.deleted" ? "canceled" : subscription.status;
      const where = userWhere(null, idOf(subscription.customer), subscription.id);
      if (!where) return null;
      if (planOf(priceIds, prices) === "pro_weekly") {
        return {
          action: event.type === "customer.subscription.deleted" ? "subscription_canceled" : "subscription_updated",
          details: { plan: "pro_weekly", status },
          statements: [
            db
              .update(users)
              .set({ subscriptionStatus: status, updatedAt: now })
              .where(userWhere(null, null, subscription.id) ?? where),
          ],
        };
      }
      if (planOf(priceIds, prices) === "power" && (status === "canceled" || status === "unpaid")) {
        return {
          action: "subscription_canceled",
          details: { plan: "power", status },
          statements: [db.update(users).set({ planType: "free", monthlyAllowance: 0, planPeriodEnd: null, updatedAt: now }).where(where)],
        };
      }
      return null;
    }
    default:
      return null;
  }
}

function isUniqueViolation(error: unknown) {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  return /UNIQUE constraint failed/i.test(text);
}

/** Applies an event once. Answers whether it was new. `purchase`: what a checkout event bought (`checkoutPurchase`). */
export async function processWebhookEvent(
  db: Db,
  event: Stripe.Event,
  prices: PlanPrices,
  purchase?: CheckoutPurchase | null,
): Promise<"processed" | "duplicate" | "ignored"> {
  const effect = effectOf(db, event, prices, purchase ?? undefined);
  const marker = db.insert(processedPaymentEvents).values({ eventId: event.id, type: event.type });
  const log = db
    .insert(activityLogs)
    .values({ action: effect?.action ?? `stripe_${event.type}`, details: { eventId: event.id, type: event.type, ...effect?.details } });
  try {
    // The marker goes first: a replayed event fails on its unique id and the whole batch rolls back.
    await db.batch([marker, ...(effect?.statements ?? []), log]);
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
  return effect && effect.statements.length > 0 ? "processed" : "ignored";
}
