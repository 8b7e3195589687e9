// A local fake of the few Stripe API calls we make (the process boundary for billing tests):
// customers, subscriptions and the line items of Checkout Sessions, kept in memory. Started by
// vitest's global setup.
// It honours `Idempotency-Key` on POST as Stripe documents it (https://docs.stripe.com/api/idempotent_requests):
// the first response of a key is saved once an endpoint ran; the same key with the same endpoint
// and parameters gets that response again (header `Idempotent-Replayed: true`), with anything else
// a 400 `idempotency_error`. Requests refused before an endpoint ran (401, 404) save nothing. A 500
// an endpoint answered is saved and replayed like any other answer ("including 500 errors").
// A 500 can come before the endpoint ran or after it (`/__control/fail-next` with `after=1`): Stripe
// documents a 5xx's outcome as unknown (https://docs.stripe.com/error-low-level#server-errors).
// Lists filter as the API reference states for the parameters we send (customers: `email`, exact
// and case-sensitive; subscriptions: `customer`, `price`, `status`), newest first, `limit` 1–100.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

type Subscription = { id: string; status: string; customer: string; price: string; secret: string; metadata: Record<string, string> };
type Customer = { id: string; email: string; metadata: Record<string, string> };
type Answer = [status: number, body: unknown];
type Saved = { request: string; answer: Answer };

export function startFakeStripe(): Promise<{ server: Server; port: number }> {
  let counter = 0;
  const customers = new Map<string, Customer>();
  const subscriptions = new Map<string, Subscription>();
  const idempotent = new Map<string, Saved>();
  /** Paths whose next POST fails (a 500 that is saved under its key): before the endpoint ran, or after it. */
  const failNext = new Map<string, "before" | "after">();
  const checkoutLines = new Map<string, { price: string; unitAmount: number; quantity: number; currency: string }>();
  const toJson = (subscription: Subscription) => ({
    id: subscription.id,
    object: "subscription",
    status: subscription.status,
    customer: subscription.customer,
    metadata: subscription.metadata,
    items: { object: "list", data: [{ id: `si_${subscription.id}`, price: { id: subscription.price, object: "price" } }] },
    latest_invoice: {
      id: `in_${subscription.id}`,
      object: "invoice",
      confirmation_secret: { client_secret: subscription.secret, type: "payment_intent" },
    },
  });
  const notFound = (message: string): Answer => [404, { error: { type: "invalid_request_error", message } }];
  const invalid = (param: string, message: string): Answer => [400, { error: { type: "invalid_request_error", param, message } }];
  /** `metadata[key]=value` form fields as Stripe reads them. */
  const metadataOf = (form: URLSearchParams) =>
    Object.fromEntries([...form].flatMap(([name, value]) => (/^metadata\[(\w+)\]$/.test(name) ? [[name.slice(9, -1), value]] : [])));
  const SUBSCRIPTION_STATUSES = [
    "active",
    "all",
    "canceled",
    "ended",
    "incomplete",
    "incomplete_expired",
    "past_due",
    "paused",
    "trialing",
    "unpaid",
  ];
  /** A list answer: newest first, at most `limit` (1–100, default 10). */
  function list<T extends { id: string }>(url: URL, items: T[], toJsonOf: (item: T) => unknown): Answer {
    const limit = Number(url.searchParams.get("limit") ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return invalid("limit", "This value must be between 1 and 100.");
    const newest = [...items].reverse();
    return [200, { object: "list", data: newest.slice(0, limit).map(toJsonOf), has_more: newest.length > limit, url: url.pathname }];
  }

  /** The API endpoints; null when none matches (nothing ran). */
  function endpoint(method: string, url: URL, form: URLSearchParams): Answer | null {
    if (method === "POST" && url.pathname === "/v1/customers") {
      const customer = { id: `cus_${++counter}`, email: form.get("email") ?? "", metadata: metadataOf(form) };
      customers.set(customer.id, customer);
      return [200, { ...customer, object: "customer" }];
    }
    if (method === "GET" && url.pathname === "/v1/customers") {
      const email = url.searchParams.get("email");
      const matching = [...customers.values()].filter((customer) => email === null || customer.email === email);
      return list(url, matching, (customer) => ({ ...customer, object: "customer" }));
    }
    if (method === "GET" && url.pathname === "/v1/subscriptions") {
      const { customer, price } = Object.fromEntries(url.searchParams);
      const status = url.searchParams.get("status");
      if (status !== null && !SUBSCRIPTION_STATUSES.includes(status))
        return invalid("status", `Invalid status: must be one of ${SUBSCRIPTION_STATUSES.join(", ")}`);
      // Without a status Stripe lists every subscription that is not canceled.
      const matching = [...subscriptions.values()].filter(
        (subscription) =>
          (customer === undefined || subscription.customer === customer) &&
          (price === undefined || subscription.price === price) &&
          (status === "all" || (status === null ? subscription.status !== "canceled" : subscription.status === status)),
      );
      return list(url, matching, toJson);
    }
    if (method === "POST" && url.pathname === "/v1/subscriptions") {
      const subscription = {
        id: `sub_${++counter}`,
        status: "incomplete",
        customer: form.get("customer") ?? "",
        price: form.get("items[0][price]") ?? "",
        secret: `pi_${counter}_secret_test`,
        metadata: metadataOf(form),
      };
      subscriptions.set(subscription.id, subscription);
      return [200, toJson(subscription)];
    }
    const match = url.pathname.match(/^\/v1\/subscriptions\/(sub_\d+)$/);
    if (method === "DELETE" && match) {
      const subscription = subscriptions.get(match[1]);
      if (!subscription) return notFound("No such subscription");
      subscription.status = "canceled";
      return [200, toJson(subscription)];
    }
    if (method === "GET" && match) {
      const subscription = subscriptions.get(match[1]);
      return subscription ? [200, toJson(subscription)] : notFound("No such subscription");
    }
    const lines = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w-]+)\/line_items$/);
    if (method === "GET" && lines) {
      const line = checkoutLines.get(lines[1]);
      if (!line) return notFound("No such checkout.session");
      const item = {
        id: `li_${lines[1]}`,
        object: "item",
        currency: line.currency,
        quantity: line.quantity,
        amount_subtotal: line.unitAmount * line.quantity,
        amount_total: line.unitAmount * line.quantity,
        price: { id: line.price, object: "price", unit_amount: line.unitAmount, currency: line.currency },
      };
      return [200, { object: "list", data: [item], has_more: false, url: url.pathname }];
    }
    return null;
  }

  /** Test controls, outside Stripe's API. */
  function control(method: string, url: URL, form: URLSearchParams): Answer | null {
    // Mark a subscription paid, as Stripe would after the Payment Element.
    const status = url.pathname.match(/^\/__control\/subscriptions\/(sub_\d+)\/(\w+)$/);
    if (method === "POST" && status && subscriptions.has(status[1])) {
      subscriptions.get(status[1])!.status = status[2];
      return [200, { ok: true }];
    }
    // What a Checkout Session sold (one line), as Stripe would list it.
    const sold = url.pathname.match(/^\/__control\/checkout-sessions\/([\w-]+)$/);
    if (method === "POST" && sold) {
      checkoutLines.set(sold[1], {
        price: form.get("price") ?? "",
        unitAmount: Number(form.get("unit_amount")),
        quantity: Number(form.get("quantity") ?? 1),
        currency: form.get("currency") ?? "eur",
      });
      return [200, { ok: true }];
    }
    if (method === "POST" && url.pathname === "/__control/fail-next") {
      failNext.set(form.get("path") ?? "", form.get("after") === "1" ? "after" : "before");
      return [200, { ok: true }];
    }
    if (method === "GET" && url.pathname === "/__stats") {
      const customer = url.searchParams.get("customer");
      const count = customer
        ? [...subscriptions.values()].filter((subscription) => subscription.customer === customer).length
        : subscriptions.size;
      return [200, { customers: customers.size, subscriptions: count }];
    }
    const state = url.pathname.match(/^\/__status\/(sub_\d+)$/);
    if (method === "GET" && state) return [200, { status: subscriptions.get(state[1])?.status ?? null }];
    return null;
  }

  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const method = request.method ?? "GET";
      const url = new URL(request.url ?? "/", "http://localhost");
      const send = ([status, value]: Answer, headers: Record<string, string> = {}) => {
        response.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${++counter}`, ...headers });
        response.end(JSON.stringify(value));
      };
      const controlled = control(method, url, new URLSearchParams(body));
      if (controlled) return send(controlled);
      if (request.headers.authorization !== "Bearer sk_test_fake")
        return send([401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } }]);

      const key = method === "POST" ? request.headers["idempotency-key"] : undefined;
      const fingerprint = `${method} ${url.pathname}${url.search} ${body}`;
      if (typeof key === "string") {
        const saved = idempotent.get(key);
        if (saved && saved.request === fingerprint) return send(saved.answer, { "Idempotency-Key": key, "Idempotent-Replayed": "true" });
        if (saved) {
          const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
          return send([400, { error: { type: "idempotency_error", message } }]);
        }
      }
      const failure = method === "GET" ? undefined : failNext.get(url.pathname);
      if (failure) failNext.delete(url.pathname);
      const failed: Answer = [500, { error: { type: "api_error", message: "An unknown error occurred while processing your request." } }];
      const ran = failure === "before" ? null : endpoint(method, url, new URLSearchParams(body));
      const answer = failure === "before" ? failed : ran && failure === "after" ? failed : ran;
      if (!answer) return send(notFound(`Unrecognized request URL (${method}: ${url.pathname})`));
      if (typeof key === "string") idempotent.set(key, { request: fingerprint, answer });
      return send(answer, typeof key === "string" ? { "Idempotency-Key": key } : {});
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port })));
}
