// The app Worker entry. Static files in build/client are served by Workers Static Assets
// before this code runs; everything else goes through createWorkerApp.
import "../app/lib/zod";
import type { ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- produced by `remix vite:build` before wrangler bundles this file
import * as build from "../build/server";
import { createWorkerApp } from "../app/.server/app-worker/worker-app";
import { remixPageHandler } from "../app/page-handler";

const serverBuild = build as unknown as ServerBuild;
const app = createWorkerApp(remixPageHandler(serverBuild), { pageBuild: serverBuild.assets.version });

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
