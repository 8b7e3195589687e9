// Which folder may import which: the architecture of the two Workers, checked by `npm run check`
// (`npm run check:dependencies`; dependency-cruiser, https://github.com/sverweij/dependency-cruiser/blob/main/doc/rules-reference.md).
// The README's "Layout" names every folder and the Worker that runs it; ADR 059 says why the tree
// has this shape. Type-only imports count like any other: a type that crosses a line is a contract
// that crosses it.
//
// The zones of app/.server/, each a path prefix, so the path alone says which Worker runs a file:
// - generator/  runs only in the generator Worker (workers/generator.ts): queue consumers, the
//               runner, the model adapters, image codecs, the cron's housekeeping, and the cron's
//               parts of shared features (generator/ebay/, generator/listings/ …).
// - app-worker/ runs only in the app Worker (workers/app.ts, and the pages in app/routes/): its
//               assembly and configuration (env.ts) at the root, api/ (every endpoint module),
//               endpoint/ (the endpoint toolkit), the features no cron or queue needs (auth/,
//               billing/ …) and the app's parts of shared features (app-worker/ads/, app-worker/ebay/ …).
// - tools/      runs in Node (npm run smoke, deploy:guard), in neither Worker.
// - shared      every other folder (ai crypto db ebay images kleinanzeigen listings mail publishing
//               queue storage) and the files at the root of app/.server/ (activity-log, ad-credits,
//               config, http-error, isolate-memory): code both Workers run.
// A feature keeps its name in every zone, so `ebay/`, `app-worker/ebay/` and `app-worker/api/ebay.ts`
// are its parts. A folder holds at least two files; a one-file part sits at its zone's root or in
// the folder of its nearest feature (ADR 079, checked by tests/unit/folder-shape.test.ts). The rules below check both directions: no zone imports another's code, and every
// file sits in the zone of the Workers that run it.
//
// Outside app/.server/: app/lib/ holds rules both sides use (schemas, formatting, limits; the API's
// generated types), app/browser/ what only the browser runs (the API client, the bearer token,
// local storage and IndexedDB, photo downscaling), app/components/ the UI, one folder per feature.

const APP = "^app/\\.server/app-worker/";
const GENERATOR = "^app/\\.server/generator/";
const TOOLS = "^app/\\.server/tools/";
/** The app Worker's doors: its entry, the Remix server build's modules, and the page handler. */
const APP_ENTRIES = "^(workers/app\\.ts|app/(root|entry\\.server)\\.tsx|app/routes/|app/(load-context|page-handler)\\.ts)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "generator-code-stays-in-the-generator",
      severity: "error",
      comment:
        "generator/ is what only the generator Worker runs. Nothing else imports it — not the app Worker, not the shared " +
        "folders — except the generator's entry (workers/generator.ts) and tools/: the deploy smoke test checks an ad with " +
        "the generator's fact guard in Node, and the deploy guard reads the generator's config schema.",
      from: { pathNot: [GENERATOR, "^workers/generator\\.ts$", TOOLS] },
      to: { path: GENERATOR },
    },
    {
      name: "generator-folder-is-what-the-generator-runs",
      severity: "error",
      comment:
        "Every file in generator/ is reached from workers/generator.ts: the folder holds what the generator runs, not " +
        "leftovers nothing runs.",
      from: { path: "^workers/generator\\.ts$" },
      to: { path: GENERATOR, reachable: false },
    },
    {
      name: "generator-reaches-no-app-code",
      severity: "error",
      comment:
        "The generator Worker never runs app-only code: following every import from workers/generator.ts never reaches " +
        "app-worker/ (the app's assembly, configuration, endpoint modules, endpoint toolkit and app-only features). This is what " +
        "keeps the generator's bundle free of the API and of the app's settings (ADR 008, ADR 059).",
      from: { path: "^workers/generator\\.ts$" },
      to: { path: APP, reachable: true },
    },
    {
      name: "shared-code-imports-no-worker-code",
      severity: "error",
      comment:
        "Shared folders run in both Workers, so they import only shared code: neither generator/ nor app-worker/. Code that needs " +
        "the app's configuration, the endpoint toolkit or the edge cache is the app's and lives in app-worker/ " +
        "(app-worker/ads/, app-worker/kleinanzeigen/ …), under the feature's name.",
      from: { path: "^app/\\.server/", pathNot: [APP, GENERATOR, TOOLS] },
      to: { path: [APP, GENERATOR] },
    },
    {
      name: "shared-code-is-what-the-generator-runs",
      severity: "error",
      comment:
        "A file in a shared folder is one both Workers run: the generator's entry reaches it (the app's reach is checked " +
        "by the next rule). A file only the app Worker runs moves to app-worker/ under its feature's name.",
      from: { path: "^workers/generator\\.ts$" },
      to: { path: "^app/\\.server/", pathNot: [APP, GENERATOR, TOOLS], reachable: false },
    },
    {
      name: "app-folder-is-what-the-app-runs",
      severity: "error",
      comment:
        "Every file in app-worker/ and in the shared folders is reached from the app Worker's doors (its entry, the pages, the " +
        "page handler): app-worker/ holds what the app runs, and a shared file the app never runs would be the generator's.",
      from: { path: APP_ENTRIES },
      to: { path: "^app/\\.server/", pathNot: [GENERATOR, TOOLS], reachable: false },
    },
    {
      name: "app-entries-reach-no-generator-code",
      severity: "error",
      comment:
        "The app Worker never runs generator code: it hands work to the generator through the queues and the service " +
        "binding (queue/), never by import.",
      from: { path: APP_ENTRIES },
      to: { path: GENERATOR, reachable: true },
    },
    {
      name: "browser-code-imports-no-server-code",
      severity: "error",
      comment:
        "app/components, app/browser and app/lib are bundled for the browser. They never import app/.server; pages reach " +
        "server code only through a route module's loader or action (app/routes/), which Remix keeps out of the client bundle.",
      from: { path: "^app/(components|browser|lib)/" },
      to: { path: "^app/\\.server/" },
    },
    {
      name: "browser-only-code-stays-in-the-browser",
      severity: "error",
      comment:
        "app/browser/ is what only the browser runs: the API client, the bearer token, local storage, IndexedDB, photo " +
        "downscaling on a canvas. app/lib and app/.server run in the Workers too, so they never import it (the Workers' " +
        "TypeScript program, tsconfig.worker.json, has no DOM and does not include app/browser/).",
      from: { path: "^(app/lib/|app/\\.server/|workers/)" },
      to: { path: "^app/browser/" },
    },
    {
      name: "features-import-no-page-shell",
      severity: "error",
      comment:
        "app/components/ holds a folder per feature, named like the server's (ads/, billing/, ebay/, kleinanzeigen/, " +
        "listings/), beside the pages' shells (dashboard/, landing/) that put features together and the site's frame " +
        "and one-file parts at its root. A shell imports features, never the reverse, so a feature's UI is found in " +
        "its folder and can move to another page.",
      from: { path: "^app/components/[^/]+/", pathNot: "^app/components/(dashboard|landing|ui)/" },
      to: { path: "^app/components/(dashboard|landing)/|^app/routes/" },
    },
    {
      name: "ui-parts-import-no-feature",
      severity: "error",
      comment: "app/components/ui/ holds the primitives (button, dialog, toast, tabs, field) every feature uses; they know no feature.",
      from: { path: "^app/components/ui/" },
      to: { path: "^app/components/", pathNot: "^app/components/ui/" },
    },
    {
      name: "shared-lib-imports-no-ui",
      severity: "error",
      comment:
        "app/lib holds the rules both sides use (schemas, formatting, limits); it never imports a component, a page or a " +
        "Worker entry, so the server can load it without React.",
      from: { path: "^app/lib/" },
      to: { path: "^(app/(components|routes)/|app/(root|entry\\.server|entry\\.client)\\.tsx|workers/)" },
    },
    {
      name: "server-imports-no-ui",
      severity: "error",
      comment: "Domain code never imports pages or components (ADR 002: framework-free app/.server).",
      from: { path: "^app/\\.server/" },
      to: { path: "^app/(components|routes)/|^app/(root|entry\\.server|entry\\.client)\\.tsx" },
    },
    {
      name: "no-folder-cycle",
      severity: "error",
      scope: "folder",
      comment:
        "No two folders import each other, directly or around a loop: each folder sits on one level, below the folders " +
        "that use it. A folder counts with its subfolders, so a zone's root files (app-worker/env.ts, generator/env.ts) serve " +
        "the zone's subfolders without a cycle.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-circular",
      severity: "error",
      comment:
        "No import cycle, type-only imports included (replaces madge's check of ADR 033). build/ is not cruised: the " +
        "Remix server build's bundler-made chunks import each other.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^build/|\\.d\\.ts$" },
    tsConfig: { fileName: "tsconfig.base.json" },
    // Count `import type` too (the comment at the top says why).
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mts", ".mjs", ".js"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
