// Which folder may import which: the architecture of the two Workers, checked by `npm run check`
// (`npm run check:dependencies`; dependency-cruiser, https://github.com/sverweij/dependency-cruiser/blob/main/doc/rules-reference.md).
// The README's "Layout" names every folder and the Worker that runs it; ADR 059 says why the tree
// has this shape. Type-only imports count like any other: a type that crosses a line is a contract
// that crosses it.
//
// The zones of app/.server/:
// - generator/  runs only in the generator Worker (workers/generator.ts): queue consumers, the
//               runner, the model adapters, image codecs, the cron's housekeeping.
// - app-only    runs only in the app Worker (workers/app.ts, and the pages in app/routes/): app/ (the
//               Worker's assembly), endpoint/ (the endpoint toolkit), env.ts (its configuration), and
//               the features no cron or queue needs (APP_ONLY below). Every feature's endpoint
//               module (routes.ts and the other *-routes.ts / *-route.ts) belongs here too: it
//               imports the toolkit.
// - shared      everything else (activity ads ai config crypto db ebay http images kleinanzeigen
//               listings mail publishing queue storage): domain code either Worker may run.
// - tools       smoke/ and config/deploy-guard.ts run in Node (npm run smoke, deploy:guard), in
//               neither Worker.
//
// Outside app/.server/: app/lib/ holds rules both sides use (schemas, formatting, limits; the API's
// generated types), app/browser/ what only the browser runs (the API client, the bearer token,
// local storage and IndexedDB, photo downscaling), app/components/ the UI, one folder per feature.

/** Folders (and files) only the app Worker runs. */
const APP_ONLY =
  "^app/\\.server/(app|endpoint|account|auth|billing|docs|edge-cache|invites|profile|sales|sales-kit)/|^app/\\.server/env\\.ts$";
/** A feature's endpoint declarations (ADR 017): mounted by the app Worker's router only. */
const ENDPOINT_MODULES = "^app/\\.server/[^/]+/[a-z-]*routes?\\.ts$";
const GENERATOR = "^app/\\.server/generator/";
const TOOLS = "^app/\\.server/(smoke/|config/deploy-guard\\.ts$)";
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
        "folders — except the generator's entry (workers/generator.ts) and the deploy smoke test, which checks an ad with " +
        "the generator's fact guard in Node.",
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
        "the app's assembly, the endpoint toolkit, the app's configuration, an app-only feature or an endpoint module. " +
        "This is what keeps the generator's bundle free of the API and of the app's settings (ADR 008, ADR 059).",
      from: { path: "^workers/generator\\.ts$" },
      to: { path: [APP_ONLY, ENDPOINT_MODULES], reachable: true },
    },
    {
      name: "shared-code-imports-no-worker-code",
      severity: "error",
      comment:
        "Shared folders run in both Workers, so they import only shared code: neither generator/ nor app-only code. A " +
        "feature's endpoint module is the app's door into the feature and may use the endpoint toolkit and the app's " +
        "configuration; so may an app-only file in a shared folder that the generator never reaches (the rule above " +
        "proves that), listed here by name so that each such file is a decision.",
      from: {
        path: "^app/\\.server/",
        pathNot: [
          APP_ONLY,
          GENERATOR,
          TOOLS,
          ENDPOINT_MODULES,
          // App-only files in shared folders, each reached only from the app Worker's endpoints or pages:
          "^app/\\.server/ads/(create|listing|views)\\.ts$", // creating an ad, its marketplace links, the pages' reads: purge or set the edge cache
          "^app/\\.server/kleinanzeigen/publish\\.ts$", // publishing on the seller's click purges the public page
          "^app/\\.server/listings/serialize\\.ts$", // the listing's JSON for the API (the toolkit's message schema)
          "^app/\\.server/mail/outbox-access\\.ts$", // who may read /dev/outbox (the app's configuration)
        ],
      },
      to: { path: [APP_ONLY, GENERATOR] },
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
        "app/components/ holds a folder per feature, named like the server's (ads/, ebay/, kleinanzeigen/, listings/, " +
        "sales-kit/, billing/, invites/, sales/, auth/), beside the pages' shells (dashboard/, landing/) that put features " +
        "together. A shell imports features, never the reverse, so a feature's UI is found in its folder and can move " +
        "to another page.",
      from: { path: "^app/components/(ads|auth|billing|ebay|invites|kleinanzeigen|listings|sales|sales-kit)/" },
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
