// The JSON API under /api. Each feature declares its endpoints in api/<feature>.ts; they are mounted
// here and published from the same list as the OpenAPI reference. Nothing else lives in this file.
import { CHANGES_PATH } from "./ads/changes";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { THRESHOLDS } from "../../lib/thresholds";
import { ACCOUNT_ENDPOINTS } from "./api/account";
import { logActivity } from "../activity-log";
import { ADS_ENDPOINTS } from "./api/ads";
import type { AuthedBindings } from "./endpoint/require-user";
import { AUTH_ENDPOINTS } from "./api/auth";
import { BILLING_ENDPOINTS } from "./api/billing";
import { getDb } from "../db/client";
import { docsEndpoints } from "./api/docs";
import { EBAY_DELETION_ENDPOINTS } from "./api/ebay-deletion";
import { EBAY_ENDPOINTS } from "./api/ebay";
import { getConfig } from "./env";
import { KLEINANZEIGEN_ENDPOINTS } from "./api/kleinanzeigen";
import { LISTINGS_ENDPOINTS } from "./api/listings";
import { SALES_KIT_ENDPOINTS } from "./api/sales-kit";
import { SALES_ENDPOINTS } from "./api/sales";
import { IMAGE_ENDPOINTS } from "./api/images";
import { crossSiteExemptPaths, endpoint, json, mountEndpoints, type Endpoint } from "./endpoint/endpoint";
import { createRouter, methodNotAllowedOrNotFound, notFound, onError } from "./endpoint/router";
import { rejectCrossSite } from "./security";

const HEALTH_ENDPOINTS = [
  endpoint({
    method: "get",
    path: "/api/health",
    summary: "Betriebsbereitschaft (D1)",
    auth: "none",
    responses: { 200: json("bereit", z.object({ status: z.literal("ok") })) },
    handler: async (c) => {
      await getDb(c.env.DB).run(sql`select 1`);
      return c.json({ status: "ok" as const }, 200);
    },
  }),
];

/** Every endpoint under /api, in the order of the reference. */
export const API_ENDPOINTS: readonly Endpoint[] = [
  ...AUTH_ENDPOINTS,
  ...ADS_ENDPOINTS,
  ...SALES_KIT_ENDPOINTS,
  ...KLEINANZEIGEN_ENDPOINTS,
  ...LISTINGS_ENDPOINTS,
  ...SALES_ENDPOINTS,
  ...EBAY_ENDPOINTS,
  ...EBAY_DELETION_ENDPOINTS,
  ...ACCOUNT_ENDPOINTS,
  ...BILLING_ENDPOINTS,
  ...docsEndpoints(() => ALL_ENDPOINTS),
  ...HEALTH_ENDPOINTS,
];

/** What the reference documents: the API and the photo URLs. */
export const ALL_ENDPOINTS: readonly Endpoint[] = [...API_ENDPOINTS, ...IMAGE_ENDPOINTS];

export function createApi() {
  const api = createRouter<AuthedBindings>();
  api.onError(onError);
  api.notFound(notFound);

  api.use("*", async (c, next) => {
    getConfig(c.env); // configuration errors surface as one clear 500, before any work
    await next();
  });
  // Signed endpoints (the Stripe webhook, eBay's notifications) are exempt, as their declaration says (AUTH_SCHEMES).
  api.use("*", rejectCrossSite({ allowPaths: crossSiteExemptPaths(API_ENDPOINTS) }));
  // Slow answers are logged for the monitor's API response threshold (THRESHOLDS.apiResponseMs);
  // the dashboard's wait for its ads (ADR 063) answers late on purpose.
  api.use("*", async (c, next) => {
    const started = Date.now();
    await next();
    const durationMs = Date.now() - started;
    if (durationMs > THRESHOLDS.apiResponseMs && c.req.path !== CHANGES_PATH) {
      const entry = logActivity(getDb(c.env.DB), {
        action: "api_slow",
        durationMs,
        details: { method: c.req.method, path: c.req.routePath },
      });
      c.executionCtx.waitUntil(entry.catch(() => {}));
    }
  });

  mountEndpoints(api, API_ENDPOINTS, "/api");
  api.all("*", methodNotAllowedOrNotFound(api.routes, "/api"));
  return api;
}
