// Remix pages behind createWorkerApp with the app's load context: used by the Worker entry
// (workers/app.ts) and by the workers tests' page build (tests/workers/render-pages.ts).
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import type { PageHandler } from "./.server/app-worker/worker-app";
import { getLoadContext } from "./load-context";

export function remixPageHandler(build: ServerBuild, mode?: string): PageHandler {
  const handleRemixRequest = createRequestHandler(build, mode);
  return (request, env, ctx, nonce) =>
    handleRemixRequest(
      request,
      getLoadContext({
        request,
        context: {
          nonce,
          cloudflare: {
            env,
            cf: (request.cf ?? {}) as never,
            ctx: { waitUntil: ctx.waitUntil.bind(ctx), passThroughOnException: ctx.passThroughOnException.bind(ctx), props: {} },
            caches,
          },
        },
      }),
    );
}
