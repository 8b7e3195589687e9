import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import tsconfigPaths from "vite-tsconfig-paths";
import { mkdirSync } from "node:fs";
import { kCurrentWorker } from "miniflare";
import { defineConfig } from "vitest/config";

// wrangler.toml points [assets] at the client build, which the workers tests do not need;
// the folder only has to exist so that a fresh clone can run them before any build.
mkdirSync("build/client", { recursive: true });

export default defineConfig({
  test: {
    // A run that stops making progress fails, naming its files (tests/stall-reporter.ts).
    reporters: ["default", "./tests/stall-reporter.ts"],
    projects: [
      {
        plugins: [tsconfigPaths()],
        test: {
          name: "unit",
          // Vitest's default on a 2-core machine is one worker; both cores halve the run.
          maxWorkers: 2,
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["tests/unit/setup.ts"],
        },
      },
      {
        // React components rendered in a DOM (happy-dom) inside a Remix stub.
        plugins: [tsconfigPaths()],
        test: {
          name: "components",
          maxWorkers: 2,
          include: ["tests/components/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["tests/components/setup.ts"],
        },
      },
      {
        plugins: [
          tsconfigPaths(),
          cloudflareTest(async ({ inject }) => ({
            // The app's bindings (wrangler.toml) with the generator Worker as `main`: the queue
            // consumer configured here (as in wrangler.generator.toml) receives what the app's
            // producer sends. The app's API is exercised through createApi()/createWorkerApp().
            // (tests/workers/generator-entry.ts: the generator's handlers, counted as background work).
            main: "./tests/workers/generator-entry.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              // The app's call to the generator Worker (the model's opinion) lands on the test Worker (the generator).
              serviceBindings: { GENERATOR: kCurrentWorker },
              // The generator's runners (one Durable Object per ad, ADR 023), as in wrangler.generator.toml.
              durableObjects: { AD_GENERATION: { className: "AdGenerationRunner", useSQLite: true } },
              // The generator's Images binding (wrangler.generator.toml); the app Worker has none.
              // Miniflare answers it with `sharp` in the Node process, as `npm start` does (ADR 024).
              images: { binding: "IMAGES" },
              queueConsumers: {
                "ad-generation": { maxBatchSize: 5, maxBatchTimeout: 0, maxRetries: 3, deadLetterQueue: "ad-generation-dlq" },
                "ad-images": { maxBatchSize: 5, maxBatchTimeout: 0, maxRetries: 3, deadLetterQueue: "ad-images-dlq" },
              },
              bindings: {
                APP_ENV: "test",
                // Listening on loopback, as `npm start` does by default (app/.server/app-worker/endpoint/local-peer.ts, ADR 056).
                LOCAL_BIND_HOST: "localhost",
                // No test waits the edge cache's 5 s before its second purge pass (ADR 020).
                EDGE_CACHE_SECOND_PASS_MS: "0",
                // A local fake Stripe (fakes/stripe.ts), started by the global setup.
                FAKE_STRIPE_URL: `http://127.0.0.1:${inject("stripePort")}`,
                // The local fake of Kleinanzeigen's gateway (fakes/kleinanzeigen.mjs); its client id
                // and secret are set per test (tests/workers/kleinanzeigen.test.ts), so the default
                // environment has no dealer access.
                FAKE_KLEINANZEIGEN_URL: `http://127.0.0.1:${inject("kleinanzeigenPort")}`,
                // A local fake eBay (fakes/ebay.mjs), started by the global setup; tests that
                // publish configure eBay against it (tests/workers/helpers.ts ebayEnv).
                FAKE_EBAY_URL: `http://127.0.0.1:${inject("ebayPort")}`,
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
              },
            },
          })),
        ],
        test: {
          name: "workers",
          // Two runtimes (Miniflare instances), each running its share of the test files one after
          // another in one module graph: starting a runtime and importing the app into it per file
          // took more than half of this project's time. Every test still begins with empty storage
          // and an isolate's empty memory (setup.ts; ADR 078).
          maxWorkers: 2,
          isolate: false,
          include: ["tests/workers/**/*.test.ts"],
          globalSetup: ["tests/workers/global-setup.ts"],
          setupFiles: ["tests/workers/setup.ts"],
          // Two runtimes share the two cores, and many tests render pages or photos: every test is
          // to finish in less than half of this budget. The setup waits up to 20 s for a test's
          // background work (background-work.ts).
          testTimeout: 15_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
