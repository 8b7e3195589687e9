// The weekly Pro subscription behind /subscribe: one customer per user, one incomplete
// subscription reused until it is paid; the browser confirms it with the Payment Element.
// Every create carries an idempotency key derived from the state it starts from (ADR 026), so a
// double click, two tabs or a retry after a lost answer get the same object instead of a second one.
// Stripe saves the first response of a key "including 500 errors" and replays it for at least 24
// hours (https://docs.stripe.com/api/idempotent_requests), so a key that once got a 5xx would fail
// for a day: the user's round advances and the next request gets a new key (ADR 055). A 5xx's
// outcome is unknown — Stripe may have made the object — so after one (round > 0) the next request
// first looks for what that call made and uses it instead of making a second.
import { and, eq, isNull, ne, or } from "drizzle-orm";
import type Stripe from "stripe";
import { logActivity } from "../../activity-log";
import type { Db } from "../../db/client";
import { users, type User } from "../../db/schema";
import { HttpError } from "../../http-error";

const REUSABLE = new Set(["incomplete", "past_due", "unpaid"]);

function clientSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === "string") return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/**
 * Stripe idempotency keys (at most 255 characters; Stripe keeps a key at least 24 hours and answers
 * a repeat with the same parameters with the first response). A key names what the create starts
 * from: requests that saw the same state share it, and any change of state makes a new one.
 */
export const idempotencyKeys = {
  /** One Stripe customer per user, ever. */
  customer: (userId: string, round = 0) => `customer-${userId}${retried(round)}`,
  /**
   * One subscription per (user, customer, price) after the user's previous subscription, if any:
   * a new one once the previous is paid off, cancelled or expired, never two from the same state.
   */
  subscription: (userId: string, customerId: string, priceId: string, previousSubscriptionId: string | null, round = 0) =>
    `subscription-${userId}-${customerId}-${priceId}-after-${previousSubscriptionId ?? "none"}${retried(round)}`,
};

/** The round after Stripe's 5xx answers (none before the first: keys stay as they were). */
function retried(round: number) {
  return round > 0 ? `-retry-${round}` : "";
}

export const STRIPE_FAILED_MESSAGE =
  "Stripe hat gerade einen Fehler gemeldet. Es wurde nichts berechnet – bitte versuche es gleich noch einmal.";

/**
 * Runs a create with the user's current round. A 5xx (also one Stripe replays for the key) advances
 * the round once — two requests that saw the same round advance it together — so the next request
 * sends a new key. A 5xx leaves the outcome open (https://docs.stripe.com/error-low-level#server-errors):
 * an incomplete subscription Stripe did create is never charged and expires after 23 hours.
 */
async function createInRound<T>(db: Db, user: User, create: (round: number) => Promise<T>): Promise<T> {
  const round = user.stripeIdempotencyRound;
  try {
    return await create(round);
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status !== "number" || status < 500) throw error;
    await db
      .update(users)
      .set({ stripeIdempotencyRound: round + 1 })
      .where(and(eq(users.id, user.id), eq(users.stripeIdempotencyRound, round)));
    await logActivity(db, { action: "stripe_server_error", userId: user.id, details: { status, round } });
    throw new HttpError(502, STRIPE_FAILED_MESSAGE);
  }
}

/** The customer a call that answered 5xx may have made for this user (listed by e-mail, exact; ours by metadata). */
async function customerMadeBefore(stripe: Stripe, user: User): Promise<string | null> {
  if (user.stripeIdempotencyRound === 0) return null;
  const { data } = await stripe.customers.list({ email: user.email, limit: 100 });
  return data.find((customer) => customer.metadata?.userId === user.id)?.id ?? null;
}

/** An unpaid subscription to this price that a call answered 5xx may have made for this user, with its secret. */
async function subscriptionMadeBefore(stripe: Stripe, user: User, customer: string, price: string) {
  if (user.stripeIdempotencyRound === 0) return null;
  const { data } = await stripe.subscriptions.list({
    customer,
    price,
    status: "incomplete",
    limit: 100,
    expand: ["data.latest_invoice.confirmation_secret"],
  });
  return data.find((subscription) => subscription.metadata?.userId === user.id && clientSecretOf(subscription)) ?? null;
}

async function ensureCustomer(db: Db, stripe: Stripe, user: User): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const made = await customerMadeBefore(stripe, user);
  const customer = made
    ? { id: made }
    : await createInRound(db, user, (round) =>
        stripe.customers.create(
          { email: user.email, metadata: { userId: user.id } },
          { idempotencyKey: idempotencyKeys.customer(user.id, round) },
        ),
      );
  await db.update(users).set({ stripeCustomerId: customer.id, updatedAt: Date.now() }).where(eq(users.id, user.id));
  return customer.id;
}

export async function getOrCreateSubscription(db: Db, stripe: Stripe, user: User, weeklyPrice: string) {
  if (user.subscriptionStatus === "active") return { status: "active" as const };
  const customer = await ensureCustomer(db, stripe, user);

  if (user.stripeSubscriptionId) {
    const existing = await stripe.subscriptions.retrieve(user.stripeSubscriptionId, { expand: ["latest_invoice.confirmation_secret"] });
    if (existing.status === "active") return { status: "active" as const };
    const secret = clientSecretOf(existing);
    if (REUSABLE.has(existing.status) && secret) return { clientSecret: secret };
  }

  const subscription =
    (await subscriptionMadeBefore(stripe, user, customer, weeklyPrice)) ??
    (await createInRound(db, user, (round) =>
      stripe.subscriptions.create(
        {
          customer,
          items: [{ price: weeklyPrice }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata: { userId: user.id, plan: "pro_weekly" },
          expand: ["latest_invoice.confirmation_secret"],
        },
        { idempotencyKey: idempotencyKeys.subscription(user.id, customer, weeklyPrice, user.stripeSubscriptionId, round) },
      ),
    ));
  // A request that got the same subscription replayed (the other request already stored it)
  // changes nothing and logs nothing.
  const stored = await db
    .update(users)
    .set({ stripeSubscriptionId: subscription.id, subscriptionStatus: subscription.status, updatedAt: Date.now() })
    .where(and(eq(users.id, user.id), or(isNull(users.stripeSubscriptionId), ne(users.stripeSubscriptionId, subscription.id))))
    .returning({ id: users.id });
  if (stored.length > 0) {
    await logActivity(db, { action: "subscription_created", userId: user.id, email: user.email, details: { status: subscription.status } });
  }
  const secret = clientSecretOf(subscription);
  if (!secret) throw new HttpError(502, "Die Zahlung konnte nicht vorbereitet werden. Bitte versuche es erneut.");
  return { clientSecret: secret };
}
