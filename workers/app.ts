// The app Worker entry. Static files in build/client are served by Workers Static Assets
// before this code runs; everything else goes through createWorkerApp.
import "../app/lib/zod";
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- produced by `remix vite:build` before wrangler bundles this file
import * as build from "../build/server";
import { createWorkerApp } from "../app/.server/http/worker-app";
import { getLoadContext } from "../app/load-context";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

const app = createWorkerApp(
  (request, env, ctx, nonce) =>
    handleRemixRequest(
      request,
      getLoadContext({
        request,
        context: {
          nonce,
          cloudflare: {
            env,
            cf: request.cf as never,
            ctx: { waitUntil: ctx.waitUntil.bind(ctx), passThroughOnException: ctx.passThroughOnException.bind(ctx), props: {} },
            caches: caches as never,
          },
        },
      }),
    ),
  { pageBuild: (build as unknown as ServerBuild).assets.version },
);

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
