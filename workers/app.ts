// The app Worker: security headers on everything, the JSON API under /api, every page by Remix.
// Static files in build/client are served by Workers Static Assets before this code runs.
import "../app/lib/zod-locale";
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { Hono } from "hono";
// @ts-ignore -- produced by `remix vite:build` before wrangler bundles this file
import * as build from "../build/server";
import { createApi } from "../app/.server/http/api";
import type { AppBindings } from "../app/.server/http/router";
import { securityHeaders } from "../app/.server/http/security";
import { getLoadContext } from "../app/load-context";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

const app = new Hono<AppBindings>();
app.use("*", securityHeaders);
app.route("/api", createApi());
app.all("*", (c) => {
  const ctx = c.executionCtx;
  const loadContext = getLoadContext({
    request: c.req.raw,
    context: {
      nonce: c.get("nonce"),
      cloudflare: {
        env: c.env,
        cf: c.req.raw.cf as never,
        ctx: {
          waitUntil: ctx.waitUntil.bind(ctx),
          passThroughOnException: ctx.passThroughOnException.bind(ctx),
          props: {},
        },
        caches: caches as never,
      },
    },
  });
  return handleRemixRequest(c.req.raw, loadContext);
});

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
