// The weekly Pro subscription behind /subscribe: one customer per user, one incomplete
// subscription reused until it is paid; the browser confirms it with the Payment Element.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { logActivity } from "../activity/log";
import type { Db } from "../db/client";
import { users, type User } from "../db/schema";
import { HttpError } from "../http/errors";

const REUSABLE = new Set(["incomplete", "past_due", "unpaid"]);

function clientSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === "string") return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

async function ensureCustomer(db: Db, stripe: Stripe, user: User): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create(
    { email: user.email, metadata: { userId: user.id } },
    { idempotencyKey: `customer-${user.id}` },
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

  const subscription = await stripe.subscriptions.create({
    customer,
    items: [{ price: weeklyPrice }],
    payment_behavior: "default_incomplete",
    payment_settings: { save_default_payment_method: "on_subscription" },
    metadata: { userId: user.id, plan: "pro_weekly" },
    expand: ["latest_invoice.confirmation_secret"],
  });
  await db
    .update(users)
    .set({ stripeSubscriptionId: subscription.id, subscriptionStatus: subscription.status, updatedAt: Date.now() })
    .where(eq(users.id, user.id));
  await logActivity(db, { action: "subscription_created", userId: user.id, email: user.email, details: { status: subscription.status } });
  const secret = clientSecretOf(subscription);
  if (!secret) throw new HttpError(502, "Die Zahlung konnte nicht vorbereitet werden. Bitte versuche es erneut.");
  return { clientSecret: secret };
}
