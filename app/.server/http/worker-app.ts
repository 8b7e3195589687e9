// Composition of the app Worker: security headers on everything, the JSON API under /api,
// and every other path handed to the page renderer (Remix, injected by workers/app.ts so that
// no framework import reaches app/.server).
import { Hono } from "hono";
import { createImagesRouter } from "../storage/images-route";
import { createApi } from "./api";
import type { AppBindings } from "./router";
import { securityHeaders } from "./security";

export type PageHandler = (request: Request, env: Env, ctx: ExecutionContext, nonce: string) => Promise<Response>;

export function createWorkerApp(handlePage: PageHandler) {
  const app = new Hono<AppBindings>();
  app.use("*", securityHeaders);
  app.route("/api", createApi());
  app.route("/images", createImagesRouter());
  app.all("*", (c) => handlePage(c.req.raw, c.env, c.executionCtx as ExecutionContext, c.get("nonce")));
  return app;
}
