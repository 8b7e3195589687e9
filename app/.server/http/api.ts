// The JSON API under /api. Each feature adds its own router here; nothing else lives in this file.
import { sql } from "drizzle-orm";
import { bodyLimit } from "hono/body-limit";
import { createAccountRouter } from "../account/routes";
import { logActivity } from "../activity/log";
import { createAdsRouter } from "../ads/routes";
import { createBillingRouter } from "../billing/routes";
import { createDocsRouter } from "../docs/routes";
import { createSalesKitRouter } from "../sales-kit/routes";
import { createAuthRouter } from "../auth/routes";
import { getDb } from "../db/client";
import { getConfig } from "../env";
import { HttpError, MESSAGES } from "./errors";
import { createRouter, methodNotAllowedOrNotFound, notFound, onError } from "./router";
import { rejectCrossSite } from "./security";

/** JSON bodies are small; uploads (multipart) get their own, larger limit in their route. */
export const JSON_BODY_LIMIT = 64 * 1024;
export const SLOW_RESPONSE_MS = 2_000;
export const WEBHOOK_BODY_LIMIT = 512 * 1024;
export const MULTIPART_BODY_LIMIT = 5 * 10 * 1024 * 1024 + 512 * 1024;

export function createApi() {
  const api = createRouter();
  api.onError(onError);
  api.notFound(notFound);

  api.use("*", async (c, next) => {
    getConfig(c.env); // configuration errors surface as one clear 500, before any work
    await next();
  });
  api.use("*", rejectCrossSite({ allowPaths: ["/api/stripe/webhook"] }));
  // Slow answers are logged for the monitor's "API response > 2 s" threshold.
  api.use("*", async (c, next) => {
    const started = Date.now();
    await next();
    const durationMs = Date.now() - started;
    if (durationMs > SLOW_RESPONSE_MS) {
      const entry = logActivity(getDb(c.env.DB), { action: "api_slow", durationMs, details: { method: c.req.method, path: c.req.routePath } });
      c.executionCtx.waitUntil(entry.catch(() => {}));
    }
  });
  api.use("*", async (c, next) => {
    // The route decides the limit, never the client's Content-Type: only the two photo uploads
    // may be large; a "multipart" body sent to a JSON route gets the JSON limit, while reading.
    const upload = (c.req.method === "POST" && c.req.path === "/api/ads") || (c.req.method === "PATCH" && /^\/api\/ads\/[^/]+$/.test(c.req.path));
    const webhook = c.req.path === "/api/stripe/webhook";
    return bodyLimit({
      maxSize: upload ? MULTIPART_BODY_LIMIT : webhook ? WEBHOOK_BODY_LIMIT : JSON_BODY_LIMIT,
      onError: () => {
        throw new HttpError(413, MESSAGES.tooLarge);
      },
    })(c, next);
  });

  api.get("/health", async (c) => {
    await getDb(c.env.DB).run(sql`select 1`);
    return c.json({ status: "ok" });
  });

  api.route("/", createAuthRouter());
  api.route("/", createAdsRouter());
  api.route("/", createSalesKitRouter());
  api.route("/", createAccountRouter());
  api.route("/", createBillingRouter());
  api.route("/", createDocsRouter());

  api.all("*", methodNotAllowedOrNotFound(api.routes, "/api"));
  return api;
}
