// Composition of the app Worker: security headers on everything, the JSON API under /api,
// and every other path handed to the page renderer (Remix, injected by workers/app.ts so that
// no framework import reaches app/.server).
import { Hono } from "hono";
import { readSessionToken } from "./auth/cookie";
import { edgeCache } from "./edge-cache/middleware";
import { createImagesRouter } from "./api/images";
import { createApi } from "./api";
import { readOnly, type AppBindings } from "./endpoint/router";
import { refuseBodyOnRead } from "./endpoint/read-body";
import { DEV_DATABASE_ROUTE, handleDevDatabase } from "./dev-database";
import { handleHousekeeping, HOUSEKEEPING_ROUTE } from "./scheduled";
import { localHostOnly } from "./endpoint/local-host";
import { rejectCrossSite, securityHeaders } from "./security";

/** What every page rendered for a request that names a session (cookie or bearer token) carries. */
export const SIGNED_IN_PAGE_CACHE_CONTROL = "private, no-store";

export type PageHandler = (request: Request, env: Env, ctx: ExecutionContext, nonce: string) => Promise<Response>;

export type WorkerAppOptions = {
  /** Identifies the page build (Remix's assets version): a cached page of another build is not served. */
  pageBuild?: string;
};

export function createWorkerApp(handlePage: PageHandler, { pageBuild = "dev" }: WorkerAppOptions = {}) {
  const app = new Hono<AppBindings>();
  app.use("*", securityHeaders);
  // A local instance answers only its own names, never one another site rebinds to it (ADR 067).
  app.use("*", localHostOnly);
  app.use("*", refuseBodyOnRead);
  // The public ad, its JSON and its photos are answered from the edge cache when they can be (ADR 020).
  app.use("/ad/:id", edgeCache("page", pageBuild));
  app.use("/api/ads/public/:id", edgeCache("json", pageBuild));
  app.use("/images/*", edgeCache("image", pageBuild));
  app.route("/api", createApi());
  app.route("/images", createImagesRouter());
  // Local instances only; they take no token, so a write must show it comes from this origin (ADR 067).
  app.use("/dev/*", rejectCrossSite({ requireOrigin: true }));
  // Local instances only: the generator's cron run by hand (app/.server/app-worker/scheduled.ts).
  app.post(HOUSEKEEPING_ROUTE, handleHousekeeping);
  // Test instances only: the end-to-end tests' statements on this instance's D1 (dev-database.ts).
  app.post(DEV_DATABASE_ROUTE, handleDevDatabase);
  // Pages are only read: no route has an action, so any other method answers 405 here instead of
  // reaching the renderer (whose own check of a foreign Origin throws, a 500).
  app.all("*", async (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : readOnly(c)));
  app.all("*", async (c) => {
    const response = await handlePage(c.req.raw, c.env, c.executionCtx as ExecutionContext, c.get("nonce"));
    // A page rendered for a signed-in seller (/, /settings, /profile, /upgrade …) is theirs alone,
    // whatever authenticated it — the session cookie or a bearer token (ADR 014): no cache anywhere
    // keeps it (docs/SECURITY.md, ADR 056).
    if (!readSessionToken(c.req.raw.headers)) return response;
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", SIGNED_IN_PAGE_CACHE_CONTROL);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });
  return app;
}
