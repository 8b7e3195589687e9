// The app Worker with its real Remix pages, for tests that read what a browser or a crawler gets:
// a server build assembled from every route module of app/routes (as `remix vite:build` would, without client
// assets), behind the same createWorkerApp and getLoadContext as workers/app.ts.
import type { ServerBuild } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { inject } from "vitest";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { remixPageHandler } from "~/page-handler";
import * as entry from "~/entry.server";
import * as root from "~/root";
import { workerContext } from "./worker-context";
// The signed-in home page loads the dashboard lazily (app/routes/_index.tsx). Loaded here, with the
// rest of the build, so a test's first render does not wait for the test runner to transform the
// dashboard's modules: on a busy machine that alone outlasts the renderer's 5-second abort
// (app/entry.server.tsx) and answers 500.
import "~/components/dashboard/dashboard-page";

type RouteModule = Record<string, unknown>;

/** Every route module, keyed by its path relative to app/ (as the manifest names its file). */
const MODULES = import.meta.glob<RouteModule>("../../app/routes/**/*.{ts,tsx}", { eager: true });

/** The routes of the build: the manifest Remix makes from app/routes (global-setup.ts), with their modules. */
const ROUTES = Object.values(inject("routeManifest")).map((route) => {
  const module = MODULES[`../../app/${route.file}`];
  if (!module) throw new Error(`route module ${route.file} not found`);
  return { id: route.id, path: route.path, index: route.index, parentId: route.parentId ?? "root", module };
});

function manifestEntry(id: string, module: RouteModule, route: { parentId?: string; path?: string; index?: boolean }) {
  return {
    id,
    ...route,
    module: `/assets/${id}.js`,
    imports: [],
    hasLoader: "loader" in module,
    hasAction: "action" in module,
    hasClientLoader: false,
    hasClientAction: false,
    hasErrorBoundary: "ErrorBoundary" in module,
  };
}

const build = {
  mode: "production",
  entry: { module: entry },
  routes: {
    root: { id: "root", path: "", module: root },
    ...Object.fromEntries(
      ROUTES.map((route) => [
        route.id,
        { id: route.id, parentId: route.parentId, path: route.path, index: route.index, module: route.module },
      ]),
    ),
  },
  assets: {
    entry: { imports: [], module: "/assets/entry.client.js" },
    routes: {
      root: manifestEntry("root", root, { path: "" }),
      ...Object.fromEntries(
        ROUTES.map((route) => [
          route.id,
          manifestEntry(route.id, route.module, { parentId: route.parentId, path: route.path, index: route.index }),
        ]),
      ),
    },
    url: "/assets/manifest.js",
    version: "test",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: true,
  },
  isSpaMode: false,
} as unknown as ServerBuild;

const app = createWorkerApp(remixPageHandler(build, "production"));

/** GET a page as a social crawler does (complete document). */
export async function fetchPage(path: string, headers: Record<string, string> = {}) {
  return app.request(
    `http://localhost:8787${path}`,
    { headers: { "User-Agent": "facebookexternalhit/1.1", ...headers } },
    env,
    workerContext(),
  );
}

/** The content of `<meta property|name="key" content="…">` in a document, entity-decoded, or null. */
export function metaContent(html: string, key: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/g) ?? []) {
    const attribute = (name: string) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
    if (attribute("property") === key || attribute("name") === key) return decodeEntities(attribute("content") ?? "");
  }
  return null;
}

function decodeEntities(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** A request as the runtime hands it to the Worker, e.g. one no script could build. */
export async function handle(request: Request, bindings: Env = env) {
  return app.request(request, undefined, bindings, workerContext());
}

/** Any request to the app Worker (API, images, pages), with the test environment or other bindings. */
export async function call(path: string, init: RequestInit = {}, bindings: Env = env) {
  return app.request(`http://localhost:8787${path}`, init, bindings, workerContext());
}
