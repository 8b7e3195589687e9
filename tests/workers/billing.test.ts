// Billing with the real stripe SDK against a local fake Stripe server, and webhooks with
// signatures generated the way Stripe makes them.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { requireStripe } from "~/.server/app-worker/billing/stripe";
import { getOrCreateSubscription, STRIPE_FAILED_MESSAGE } from "~/.server/app-worker/billing/subscription";
import { activityLogs, processedPaymentEvents, users } from "~/.server/db/schema";
import { getConfig } from "~/.server/app-worker/env";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { png } from "../fixtures/images";
import { billingEnv as billing, db, signedInUser, stripeCheckoutSold, stripeSubscription, userById } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));
const stripe = new Stripe("sk_test_fake", { httpClient: Stripe.createFetchHttpClient() });

function call(path: string, init: RequestInit = {}, bindings: Env = billing) {
  return app.request(`http://localhost:8787${path}`, init, bindings, workerContext());
}

/** How many subscriptions the fake Stripe holds for a customer. */
async function subscriptionsAtStripe(customer: string) {
  const stats = await (await fetch(`${env.FAKE_STRIPE_URL}/__stats?customer=${customer}`)).json<{ subscriptions: number }>();
  return stats.subscriptions;
}

async function webhook(event: Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify({ object: "event", api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), ...event });
  const signature = await stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? "whsec_test_secret",
    timestamp: options.timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return call("/api/stripe/webhook", {
    method: "POST",
    headers: { "Stripe-Signature": signature, "Content-Type": "application/json" },
    body: payload,
  });
}

describe("weekly subscription", () => {
  it("creates the customer and an incomplete subscription, then reuses them", async () => {
    const { user, auth } = await signedInUser();
    const first = await call("/api/get-or-create-subscription", { method: "POST", headers: auth });
    expect(first.status).toBe(200);
    const { clientSecret } = await first.json<{ clientSecret: string }>();
    expect(clientSecret).toMatch(/_secret_/);
    const stored = await userById(user.id);
    expect(stored.stripeCustomerId).toMatch(/^cus_/);
    expect(stored.stripeSubscriptionId).toMatch(/^sub_/);
    expect(stored.subscriptionStatus).toBe("incomplete");

    const again = await (await call("/api/get-or-create-subscription", { method: "POST", headers: auth })).json<{ clientSecret: string }>();
    expect(again.clientSecret).toBe(clientSecret);
    expect((await userById(user.id)).stripeCustomerId).toBe(stored.stripeCustomerId);
  });

  it("gives a double click one subscription: the same payment twice, one subscription at Stripe, one log entry", async () => {
    const { user, auth } = await signedInUser();
    const answers = await Promise.all([1, 2].map(() => call("/api/get-or-create-subscription", { method: "POST", headers: auth })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [first, second] = await Promise.all(answers.map((answer) => answer.json<{ clientSecret: string }>()));
    expect(second.clientSecret).toBe(first.clientSecret);
    const stored = await userById(user.id);
    expect(await subscriptionsAtStripe(stored.stripeCustomerId!)).toBe(1);
    expect(
      await db()
        .select()
        .from(activityLogs)
        .where(and(eq(activityLogs.action, "subscription_created"), eq(activityLogs.userId, user.id))),
    ).toHaveLength(1);
  });

  it("creates one customer and one subscription when two requests both saw none yet", async () => {
    // Two requests that read the seller before either stored anything: the same snapshot twice.
    const { user } = await signedInUser();
    const stripe = requireStripe(getConfig(billing));
    const first = await getOrCreateSubscription(db(), stripe, user, "price_weekly");
    const second = await getOrCreateSubscription(db(), stripe, user, "price_weekly");
    expect(second).toEqual(first);
    const stored = await userById(user.id);
    expect(await subscriptionsAtStripe(stored.stripeCustomerId!)).toBe(1);
  });

  it("starts a new subscription once the previous one has expired unpaid", async () => {
    const { user, auth } = await signedInUser();
    const first = await (await call("/api/get-or-create-subscription", { method: "POST", headers: auth })).json<{ clientSecret: string }>();
    const { stripeSubscriptionId, stripeCustomerId } = await userById(user.id);
    await fetch(`${env.FAKE_STRIPE_URL}/__control/subscriptions/${stripeSubscriptionId}/incomplete_expired`, { method: "POST" });

    const again = await call("/api/get-or-create-subscription", { method: "POST", headers: auth });
    expect(again.status).toBe(200);
    expect((await again.json<{ clientSecret: string }>()).clientSecret).not.toBe(first.clientSecret);
    expect((await userById(user.id)).stripeSubscriptionId).not.toBe(stripeSubscriptionId);
    expect(await subscriptionsAtStripe(stripeCustomerId!)).toBe(2);
  });

  it("runs against a fake that honours Idempotency-Key as Stripe does", async () => {
    const stripe = requireStripe(getConfig(billing));
    const key = `test-${crypto.randomUUID()}`;
    const created = await stripe.customers.create({ email: "a@example.de" }, { idempotencyKey: key });
    const replayed = await stripe.customers.create({ email: "a@example.de" }, { idempotencyKey: key });
    expect(replayed.id).toBe(created.id);
    const misused = await stripe.customers.create({ email: "b@example.de" }, { idempotencyKey: key }).catch((error: unknown) => error);
    expect(misused).toMatchObject({ type: "StripeIdempotencyError", statusCode: 400 });
    const other = await stripe.customers.create({ email: "a@example.de" }, { idempotencyKey: `${key}-2` });
    expect(other.id).not.toBe(created.id);
  });

  it("answers { status: 'active' } for an active subscriber", async () => {
    const { auth } = await signedInUser({ subscriptionStatus: "active" });
    expect(await (await call("/api/get-or-create-subscription", { method: "POST", headers: auth })).json()).toEqual({ status: "active" });
  });

  it("answers a clean German 503 without payment configuration, and 401 when signed out", async () => {
    const { auth } = await signedInUser();
    const response = await call("/api/get-or-create-subscription", { method: "POST", headers: auth }, env);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: "Zahlungen sind in dieser Umgebung nicht eingerichtet.", code: "unavailable" });
    expect((await call("/api/get-or-create-subscription", { method: "POST" })).status).toBe(401);
    expect(
      (await call("/api/stripe/webhook", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }, env)).status,
    ).toBe(503);
  });

  it("sends signed-in sellers to the hosted checkout with their id and e-mail", async () => {
    const { user, auth } = await signedInUser();
    const response = await call("/api/billing/checkout/pro_pack", { headers: auth });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("Location")!);
    expect(location.origin + location.pathname).toBe("https://buy.stripe.com/test_pack");
    expect(location.searchParams.get("client_reference_id")).toBe(user.id);
    expect(location.searchParams.get("prefilled_email")).toBe(user.email);
  });
});

describe("webhooks", () => {
  it("refuse an invalid signature and a stale timestamp, and change nothing", async () => {
    const { user } = await signedInUser({ adCredits: 0 });
    const event = {
      id: "evt_bad",
      type: "checkout.session.completed",
      data: {
        object: {
          object: "checkout.session",
          id: "cs_bad",
          mode: "payment",
          payment_status: "paid",
          client_reference_id: user.id,
          customer: "cus_1",
          amount_total: 500,
        },
      },
    };
    const forged = await webhook(event, { secret: "whsec_wrong" });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: "Ungültige Webhook-Signatur.", code: "invalid_input" });
    const stale = await webhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(400);
    const unsigned = await call("/api/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect((await userById(user.id)).adCredits).toBe(0);
    expect(await db().select().from(processedPaymentEvents)).toEqual([]);
  });

  it("grant a pack's 10 credits once, however often the event is replayed", async () => {
    const { user } = await signedInUser({ adCredits: 0 });
    await stripeCheckoutSold("cs_pack", "price_pack", 500);
    const event = {
      id: "evt_pack",
      type: "checkout.session.completed",
      data: {
        object: {
          object: "checkout.session",
          id: "cs_pack",
          mode: "payment",
          payment_status: "paid",
          client_reference_id: user.id,
          customer: "cus_9",
          amount_total: 500,
        },
      },
    };
    expect((await webhook(event)).status).toBe(200);
    const replay = await webhook(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: "duplicate" });
    expect(await userById(user.id)).toMatchObject({ adCredits: 10, planType: "pro_pack", stripeCustomerId: "cus_9" });
    expect(await db().select().from(activityLogs).where(eq(activityLogs.action, "payment_succeeded"))).toHaveLength(1);
  });

  it("grant a checkout to the account that opened it alone, even when another account has the same Stripe customer", async () => {
    const { user } = await signedInUser({ adCredits: 0 });
    const { user: other } = await signedInUser({ adCredits: 0, stripeCustomerId: "cus_shared" });
    await stripeCheckoutSold("cs_shared", "price_pack", 500);
    const event = {
      id: "evt_shared",
      type: "checkout.session.completed",
      data: {
        object: {
          object: "checkout.session",
          id: "cs_shared",
          mode: "payment",
          payment_status: "paid",
          client_reference_id: user.id,
          customer: "cus_shared",
          amount_total: 500,
        },
      },
    };
    expect((await webhook(event)).status).toBe(200);
    expect(await userById(user.id)).toMatchObject({ adCredits: 10, planType: "pro_pack" });
    expect(await userById(other.id)).toMatchObject({ adCredits: 0, planType: "free" });
  });

  it("make a Power checkout a 200-per-month plan and reset the allowance on each paid invoice", async () => {
    const { user } = await signedInUser();
    await stripeCheckoutSold("cs_power", "price_power", 3900);
    const subscription = await stripeSubscription("cus_power", "price_power", "active");
    await webhook({
      id: "evt_power",
      type: "checkout.session.completed",
      data: {
        object: {
          object: "checkout.session",
          id: "cs_power",
          mode: "subscription",
          payment_status: "paid",
          client_reference_id: user.id,
          customer: "cus_power",
          subscription,
        },
      },
    });
    expect(await userById(user.id)).toMatchObject({ planType: "power", monthlyAllowance: 200 });
    await db().update(users).set({ monthlyAllowance: 3 }).where(eq(users.id, user.id));
    await webhook({
      id: "evt_power_invoice",
      type: "invoice.paid",
      data: {
        object: {
          object: "invoice",
          customer: "cus_power",
          period_end: Math.floor(Date.now() / 1000),
          lines: { data: [{ pricing: { price_details: { price: "price_power" } } }] },
          parent: { subscription_details: { subscription: "sub_power" } },
        },
      },
    });
    expect((await userById(user.id)).monthlyAllowance).toBe(200);
    await webhook({
      id: "evt_power_end",
      type: "customer.subscription.deleted",
      data: {
        object: {
          object: "subscription",
          id: "sub_power",
          customer: "cus_power",
          status: "canceled",
          items: { data: [{ price: { id: "price_power" } }] },
        },
      },
    });
    expect(await userById(user.id)).toMatchObject({ planType: "free", monthlyAllowance: 0 });
  });

  it("track the weekly subscription: paid → active, payment failed → past_due, cancelled → canceled", async () => {
    const { user } = await signedInUser({
      stripeCustomerId: "cus_week",
      stripeSubscriptionId: "sub_week",
      subscriptionStatus: "incomplete",
    });
    const invoice = (type: string, id: string) => ({
      id,
      type,
      data: {
        object: {
          object: "invoice",
          customer: "cus_week",
          attempt_count: 1,
          lines: { data: [{ pricing: { price_details: { price: "price_weekly" } } }] },
          parent: { subscription_details: { subscription: "sub_week" } },
        },
      },
    });
    await webhook(invoice("invoice.paid", "evt_w1"));
    expect((await userById(user.id)).subscriptionStatus).toBe("active");
    await webhook(invoice("invoice.payment_failed", "evt_w2"));
    expect((await userById(user.id)).subscriptionStatus).toBe("past_due");
    await webhook({
      id: "evt_w3",
      type: "customer.subscription.deleted",
      data: {
        object: {
          object: "subscription",
          id: "sub_week",
          customer: "cus_week",
          status: "canceled",
          items: { data: [{ price: { id: "price_weekly" } }] },
        },
      },
    });
    expect((await userById(user.id)).subscriptionStatus).toBe("canceled");
  });

  it("never grant Power for a pack's invoice or an unknown price, and log both", async () => {
    const { user } = await signedInUser({ adCredits: 10, planType: "pro_pack", stripeCustomerId: "cus_pack" });
    const invoice = (id: string, price: string) => ({
      id,
      type: "invoice.paid",
      data: {
        object: {
          object: "invoice",
          customer: "cus_pack",
          period_end: Math.floor(Date.now() / 1000),
          lines: { data: [{ pricing: { price_details: { price } } }] },
          parent: null,
        },
      },
    });
    expect(await (await webhook(invoice("evt_pack_invoice", "price_pack"))).json()).toMatchObject({ outcome: "ignored" });
    expect(await (await webhook(invoice("evt_other_invoice", "price_somebody_else"))).json()).toMatchObject({ outcome: "ignored" });
    expect(await userById(user.id)).toMatchObject({ planType: "pro_pack", adCredits: 10, monthlyAllowance: 0, planPeriodEnd: null });
    const logged = await db().select().from(activityLogs);
    expect(logged.map((entry) => entry.action)).toEqual(expect.arrayContaining(["payment_invoice", "payment_unknown_price"]));
    expect(logged.find((entry) => entry.action === "payment_unknown_price")?.details).toMatchObject({ prices: ["price_somebody_else"] });
  });

  it("grant a delayed payment (SEPA) once it succeeds — exactly once — and nothing when it fails", async () => {
    const { user } = await signedInUser({ adCredits: 0 });
    await stripeCheckoutSold("cs_sepa", "price_pack", 500);
    const session = {
      object: "checkout.session",
      id: "cs_sepa",
      mode: "payment",
      client_reference_id: user.id,
      customer: "cus_sepa",
      amount_total: 500,
    };
    await webhook({
      id: "evt_sepa_completed",
      type: "checkout.session.completed",
      data: { object: { ...session, payment_status: "unpaid" } },
    });
    expect((await userById(user.id)).adCredits).toBe(0);
    const succeeded = await webhook({
      id: "evt_sepa_ok",
      type: "checkout.session.async_payment_succeeded",
      data: { object: { ...session, payment_status: "paid" } },
    });
    expect(await succeeded.json()).toMatchObject({ outcome: "processed" });
    expect((await userById(user.id)).adCredits).toBe(10);
    // A replay, and a second event for the same session, grant nothing more.
    await webhook({
      id: "evt_sepa_ok",
      type: "checkout.session.async_payment_succeeded",
      data: { object: { ...session, payment_status: "paid" } },
    });
    await webhook({
      id: "evt_sepa_completed_again",
      type: "checkout.session.completed",
      data: { object: { ...session, payment_status: "paid" } },
    });
    expect((await userById(user.id)).adCredits).toBe(10);

    const { user: other } = await signedInUser({ adCredits: 0 });
    const failed = await webhook({
      id: "evt_sepa_failed",
      type: "checkout.session.async_payment_failed",
      data: { object: { ...session, id: "cs_sepa_2", client_reference_id: other.id, payment_status: "unpaid" } },
    });
    expect(failed.status).toBe(200);
    expect(await userById(other.id)).toMatchObject({ adCredits: 0, planType: "free" });
    const [failure] = await db().select().from(activityLogs).where(eq(activityLogs.action, "payment_failed"));
    expect(failure.details).toMatchObject({ plan: "pro_pack", session: "cs_sepa_2" });
  });

  it("refuse an event of another Stripe API version with 400 and change nothing", async () => {
    const { user } = await signedInUser({ adCredits: 0 });
    const response = await webhook({
      id: "evt_old_version",
      api_version: "2024-06-20",
      type: "checkout.session.completed",
      data: {
        object: {
          object: "checkout.session",
          id: "cs_old",
          mode: "payment",
          payment_status: "paid",
          client_reference_id: user.id,
          customer: "cus_old",
          amount_total: 500,
        },
      },
    });
    expect(response.status).toBe(400);
    expect((await response.json<{ message: string }>()).message).toContain("API-Version");
    expect((await userById(user.id)).adCredits).toBe(0);
    expect(await db().select().from(processedPaymentEvents)).toEqual([]);
    const [refused] = await db().select().from(activityLogs).where(eq(activityLogs.action, "payment_event_refused"));
    expect(refused.details).toMatchObject({ eventId: "evt_old_version", apiVersion: "2024-06-20", expected: Stripe.API_VERSION });
  });

  it("leave an event unprocessed when its write fails, so that the redelivery succeeds", async () => {
    const { user } = await signedInUser({ adCredits: 0 });
    await stripeCheckoutSold("cs_retry", "price_pack", 500);
    const event = {
      id: "evt_retry",
      type: "checkout.session.completed",
      data: {
        object: {
          object: "checkout.session",
          id: "cs_retry",
          mode: "payment",
          payment_status: "paid",
          client_reference_id: user.id,
          customer: "cus_r",
          amount_total: 500,
        },
      },
    };
    // The D1 write fails (as during an outage): here, the activity-log table is briefly unusable.
    await env.DB.exec("ALTER TABLE activity_logs RENAME TO activity_logs_away");
    const { expectConsoleError } = await import("../console-guard");
    expectConsoleError();
    const failed = await webhook(event);
    expect(failed.status).toBe(500);
    await env.DB.exec("ALTER TABLE activity_logs_away RENAME TO activity_logs");
    expect(await db().select().from(processedPaymentEvents)).toEqual([]);
    expect((await userById(user.id)).adCredits).toBe(0);
    expect((await webhook(event)).status).toBe(200);
    expect((await userById(user.id)).adCredits).toBe(10);
  });
});

describe("payment page", () => {
  it("lets Stripe.js, its frames and wallets run under the CSP of /subscribe", async () => {
    const response = await call("/subscribe");
    const csp = Object.fromEntries(
      response.headers
        .get("Content-Security-Policy")!
        .split("; ")
        .map((directive) => {
          const [name, ...sources] = directive.split(" ");
          return [name, sources];
        }),
    );
    expect(csp["script-src"]).toEqual(expect.arrayContaining(["https://js.stripe.com", "https://*.js.stripe.com"]));
    expect(csp["frame-src"]).toEqual(
      expect.arrayContaining(["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"]),
    );
    expect(csp["connect-src"]).toContain("https://api.stripe.com");
    expect(response.headers.get("Permissions-Policy")).toMatch(
      /payment=\(self "https:\/\/js\.stripe\.com" "https:\/\/\*\.js\.stripe\.com"\)/,
    );
  });
});

describe("plan enforcement", () => {
  async function create(auth: Record<string, string>) {
    const form = new FormData();
    form.append("itemName", "Lampe");
    form.append("category", "moebel");
    form.append("photos", new File([await png(8, 8)], "a.png", { type: "image/png" }));
    return (await call("/api/ads", { method: "POST", headers: auth, body: form })).status;
  }

  it("spends pack credits down to zero, then refuses", async () => {
    const { auth } = await signedInUser({ adCredits: 2, planType: "pro_pack" });
    expect([await create(auth), await create(auth), await create(auth)]).toEqual([201, 201, 402]);
  });

  it("lets an active weekly subscriber create without credits, but not after cancellation", async () => {
    const { user, auth } = await signedInUser({ adCredits: 0, subscriptionStatus: "active" });
    expect(await create(auth)).toBe(201);
    await db().update(users).set({ subscriptionStatus: "canceled" }).where(eq(users.id, user.id));
    expect(await create(auth)).toBe(402);
  });

  it("spends the Power allowance, refuses at zero, and allows again after the monthly reset", async () => {
    const { user, auth } = await signedInUser({ adCredits: 0, planType: "power", monthlyAllowance: 1, stripeCustomerId: "cus_p2" });
    expect([await create(auth), await create(auth)]).toEqual([201, 402]);
    await webhook({
      id: "evt_reset",
      type: "invoice.paid",
      data: {
        object: {
          object: "invoice",
          customer: "cus_p2",
          period_end: Math.floor(Date.now() / 1000),
          lines: { data: [{ pricing: { price_details: { price: "price_power" } } }] },
          parent: null,
        },
      },
    });
    expect((await userById(user.id)).monthlyAllowance).toBe(200);
    expect(await create(auth)).toBe(201);
  });
});

describe("account deletion with billing", () => {
  it("cancels the running weekly subscription at Stripe", async () => {
    const { user, auth } = await signedInUser();
    await call("/api/get-or-create-subscription", { method: "POST", headers: auth });
    const { stripeSubscriptionId } = await userById(user.id);
    await fetch(`${env.FAKE_STRIPE_URL}/__control/subscriptions/${stripeSubscriptionId}/active`, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_fake" },
    });
    await db().update(users).set({ subscriptionStatus: "active" }).where(eq(users.id, user.id));

    const response = await call("/api/account", { method: "DELETE", headers: auth });
    expect(response.status).toBe(200);
    const status = await (
      await fetch(`${env.FAKE_STRIPE_URL}/__status/${stripeSubscriptionId}`, { headers: { Authorization: "Bearer sk_test_fake" } })
    ).json();
    expect(status).toEqual({ status: "canceled" });
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });
});

describe("Stripe idempotency after a server error (ADR 055)", () => {
  /** The next POST to `path` answers 500: before Stripe did anything, or (`afterItRan`) after it made the object. */
  const failNext = (path: string, afterItRan = false) =>
    fetch(`${env.FAKE_STRIPE_URL}/__control/fail-next`, {
      method: "POST",
      body: new URLSearchParams({ path, ...(afterItRan ? { after: "1" } : {}) }),
    });
  const customersAtStripe = async (email: string) =>
    (
      await (
        await fetch(`${env.FAKE_STRIPE_URL}/v1/customers?email=${encodeURIComponent(email)}`, {
          headers: { Authorization: "Bearer sk_test_fake" },
        })
      ).json<{ data: { id: string }[] }>()
    ).data.map((customer) => customer.id);
  const subscribe = (auth: Record<string, string>) => call("/api/get-or-create-subscription", { method: "POST", headers: auth });

  it("a 500 Stripe saved for the key does not block the seller for a day: the next click sends a new key", async () => {
    const { user, auth } = await signedInUser();
    await failNext("/v1/subscriptions");
    const failed = await subscribe(auth);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ message: STRIPE_FAILED_MESSAGE, code: "upstream_failed" });
    const { stripeCustomerId } = await userById(user.id);
    expect(await subscriptionsAtStripe(stripeCustomerId!)).toBe(0);

    // Two tabs after the failure share the new key: one subscription, the same for both.
    const [first, second] = await Promise.all([subscribe(auth), subscribe(auth)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const [a, b] = await Promise.all([first.json<{ clientSecret: string }>(), second.json<{ clientSecret: string }>()]);
    expect(a.clientSecret).toBe(b.clientSecret);
    expect(await subscriptionsAtStripe(stripeCustomerId!)).toBe(1);
    expect((await userById(user.id)).subscriptionStatus).toBe("incomplete");
  });

  it("a 500 after Stripe made the subscription: the next click pays that one, never a second", async () => {
    const { user, auth } = await signedInUser();
    await failNext("/v1/subscriptions", true);
    expect((await subscribe(auth)).status).toBe(502);
    const { stripeCustomerId } = await userById(user.id);
    expect(await subscriptionsAtStripe(stripeCustomerId!)).toBe(1);

    const again = await subscribe(auth);
    expect(again.status).toBe(200);
    const { clientSecret } = await again.json<{ clientSecret: string }>();
    expect(await subscriptionsAtStripe(stripeCustomerId!)).toBe(1);
    const stored = await userById(user.id);
    expect(stored.subscriptionStatus).toBe("incomplete");
    const atStripe = await (
      await fetch(`${env.FAKE_STRIPE_URL}/v1/subscriptions/${stored.stripeSubscriptionId}`, {
        headers: { Authorization: "Bearer sk_test_fake" },
      })
    ).json<{ latest_invoice: { confirmation_secret: { client_secret: string } } }>();
    expect(atStripe.latest_invoice.confirmation_secret.client_secret).toBe(clientSecret);
  });

  it("a 500 after Stripe made the customer: the next click uses that customer, never a second", async () => {
    const { user, auth } = await signedInUser();
    await failNext("/v1/customers", true);
    expect((await subscribe(auth)).status).toBe(502);
    expect((await userById(user.id)).stripeCustomerId).toBeNull();
    const [made] = await customersAtStripe(user.email);
    expect(made).toMatch(/^cus_/);

    expect((await subscribe(auth)).status).toBe(200);
    expect(await customersAtStripe(user.email)).toEqual([made]);
    expect((await userById(user.id)).stripeCustomerId).toBe(made);
    expect(await subscriptionsAtStripe(made)).toBe(1);
  });

  it("the same for the customer: after a 500 the next click creates it", async () => {
    const { user, auth } = await signedInUser();
    await failNext("/v1/customers");
    expect((await subscribe(auth)).status).toBe(502);
    expect((await userById(user.id)).stripeCustomerId).toBeNull();
    expect((await subscribe(auth)).status).toBe(200);
    expect((await userById(user.id)).stripeCustomerId).toMatch(/^cus_/);
  });
});

describe("webhooks grant only what was bought, signed in time", () => {
  it("a webhook signed with a timestamp in the future is refused and changes nothing", async () => {
    const { user } = await signedInUser({ adCredits: 0 });
    const response = await webhook(
      {
        id: "evt_future",
        type: "checkout.session.completed",
        data: {
          object: {
            object: "checkout.session",
            id: "cs_future",
            mode: "payment",
            payment_status: "paid",
            client_reference_id: user.id,
            customer: "cus_f",
            amount_total: 500,
          },
        },
      },
      { timestamp: Math.floor(Date.now() / 1000) + 3600 },
    );
    expect(response.status).toBe(400);
    expect((await userById(user.id)).adCredits).toBe(0);
  });

  const session = (id: string, userId: string, mode: "payment" | "subscription", extra: Record<string, unknown> = {}) => ({
    object: "checkout.session",
    id,
    mode,
    payment_status: "paid",
    client_reference_id: userId,
    customer: `cus_${id}`,
    payment_link: "plink_unrelated",
    amount_total: 1,
    ...extra,
  });

  it("a 1-cent checkout of another Payment Link on the same account grants neither credits nor Power", async () => {
    const { user } = await signedInUser({ adCredits: 0 });
    await stripeCheckoutSold("cs_unrelated_payment", "price_unrelated", 1);
    await stripeCheckoutSold("cs_unrelated_sub", "price_unrelated", 1);
    const subscription = await stripeSubscription("cus_cs_unrelated_sub", "price_unrelated", "active");
    expect(
      (
        await webhook({
          id: "evt_unrelated_payment",
          type: "checkout.session.completed",
          data: { object: session("cs_unrelated_payment", user.id, "payment") },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await webhook({
          id: "evt_unrelated_sub",
          type: "checkout.session.completed",
          data: { object: session("cs_unrelated_sub", user.id, "subscription", { subscription }) },
        })
      ).status,
    ).toBe(200);
    expect(await userById(user.id)).toMatchObject({ adCredits: 0, planType: "free", monthlyAllowance: 0 });
    expect(await db().select().from(activityLogs).where(eq(activityLogs.action, "payment_unknown_price"))).toHaveLength(2);
  });

  it("the configured pack price at another amount grants nothing", async () => {
    const { user } = await signedInUser({ adCredits: 0 });
    await stripeCheckoutSold("cs_cheap_pack", "price_pack", 1);
    await webhook({
      id: "evt_cheap_pack",
      type: "checkout.session.completed",
      data: { object: session("cs_cheap_pack", user.id, "payment") },
    });
    expect((await userById(user.id)).adCredits).toBe(0);
  });

  it("a checkout arriving after its subscription was deleted does not revive Power", async () => {
    const { user } = await signedInUser();
    await stripeCheckoutSold("cs_late", "price_power", 3900);
    const subscription = await stripeSubscription("cus_cs_late", "price_power", "canceled");
    const deleted = {
      object: "subscription",
      id: subscription,
      customer: "cus_cs_late",
      status: "canceled",
      items: { data: [{ price: { id: "price_power" } }] },
    };
    await webhook({ id: "evt_late_deleted", type: "customer.subscription.deleted", data: { object: deleted } });
    const late = await webhook({
      id: "evt_late_checkout",
      type: "checkout.session.completed",
      data: { object: session("cs_late", user.id, "subscription", { subscription, amount_total: 3900 }) },
    });
    expect(late.status).toBe(200);
    expect(await userById(user.id)).toMatchObject({ planType: "free", monthlyAllowance: 0 });
  });
});
