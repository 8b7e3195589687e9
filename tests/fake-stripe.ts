// A local fake of the few Stripe API calls we make (the process boundary for billing tests):
// customers, subscriptions and the line items of Checkout Sessions, kept in memory. Started by
// vitest's global setup.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

type Subscription = { id: string; status: string; customer: string; price: string; secret: string };

export function startFakeStripe(): Promise<{ server: Server; port: number }> {
  let counter = 0;
  const customers = new Map<string, { id: string; email: string }>();
  const subscriptions = new Map<string, Subscription>();
  const checkoutLines = new Map<string, { price: string; unitAmount: number; quantity: number; currency: string }>();
  const toJson = (subscription: Subscription) => ({
    id: subscription.id,
    object: "subscription",
    status: subscription.status,
    customer: subscription.customer,
    items: { object: "list", data: [{ id: `si_${subscription.id}`, price: { id: subscription.price, object: "price" } }] },
    latest_invoice: { id: `in_${subscription.id}`, object: "invoice", confirmation_secret: { client_secret: subscription.secret, type: "payment_intent" } },
  });

  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      const url = new URL(request.url ?? "/", "http://localhost");
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${++counter}` });
        response.end(JSON.stringify(value));
      };
      if (request.headers.authorization !== "Bearer sk_test_fake") return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      if (request.method === "POST" && url.pathname === "/v1/customers") {
        const customer = { id: `cus_${++counter}`, email: form.get("email") ?? "" };
        customers.set(customer.id, customer);
        return send(200, { ...customer, object: "customer" });
      }
      if (request.method === "POST" && url.pathname === "/v1/subscriptions") {
        const subscription = { id: `sub_${++counter}`, status: "incomplete", customer: form.get("customer") ?? "", price: form.get("items[0][price]") ?? "", secret: `pi_${counter}_secret_test` };
        subscriptions.set(subscription.id, subscription);
        return send(200, toJson(subscription));
      }
      const match = url.pathname.match(/^\/v1\/subscriptions\/(sub_\d+)$/);
      if (request.method === "DELETE" && match) {
        const subscription = subscriptions.get(match[1]);
        if (!subscription) return send(404, { error: { type: "invalid_request_error", message: "No such subscription" } });
        subscription.status = "canceled";
        return send(200, toJson(subscription));
      }
      if (request.method === "GET" && match) {
        const subscription = subscriptions.get(match[1]);
        return subscription ? send(200, toJson(subscription)) : send(404, { error: { type: "invalid_request_error", message: "No such subscription" } });
      }
      // Test control: mark a subscription paid, as Stripe would after the Payment Element.
      const control = url.pathname.match(/^\/__control\/subscriptions\/(sub_\d+)\/(\w+)$/);
      if (request.method === "POST" && control && subscriptions.has(control[1])) {
        subscriptions.get(control[1])!.status = control[2];
        return send(200, { ok: true });
      }
      const lines = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w-]+)\/line_items$/);
      if (request.method === "GET" && lines) {
        const line = checkoutLines.get(lines[1]);
        if (!line) return send(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        const item = { id: `li_${lines[1]}`, object: "item", currency: line.currency, quantity: line.quantity, amount_subtotal: line.unitAmount * line.quantity, amount_total: line.unitAmount * line.quantity, price: { id: line.price, object: "price", unit_amount: line.unitAmount, currency: line.currency } };
        return send(200, { object: "list", data: [item], has_more: false, url: url.pathname });
      }
      // Test control: what a Checkout Session sold (one line), as Stripe would list it.
      const sold = url.pathname.match(/^\/__control\/checkout-sessions\/([\w-]+)$/);
      if (request.method === "POST" && sold) {
        checkoutLines.set(sold[1], { price: form.get("price") ?? "", unitAmount: Number(form.get("unit_amount")), quantity: Number(form.get("quantity") ?? 1), currency: form.get("currency") ?? "eur" });
        return send(200, { ok: true });
      }
      if (request.method === "GET" && url.pathname === "/__stats") return send(200, { customers: customers.size, subscriptions: subscriptions.size });
      const status = url.pathname.match(/^\/__status\/(sub_\d+)$/);
      if (request.method === "GET" && status) return send(200, { status: subscriptions.get(status[1])?.status ?? null });
      return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${url.pathname})` } });
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port })));
}
