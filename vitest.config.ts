import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [tsconfigPaths()],
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["tests/unit/setup.ts"],
        },
      },
      {
        plugins: [
          tsconfigPaths(),
          cloudflareTest(async () => ({
            // The generator Worker is the `main` worker, so its queue consumer receives what the
            // app's producer sends; the app's API is exercised through createApi()/createWorkerApp().
            main: "./workers/generator.ts",
            wrangler: { configPath: "./wrangler.generator.toml" },
            miniflare: {
              bindings: {
                APP_ENV: "test",
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["tests/workers/**/*.test.ts"],
          setupFiles: ["tests/workers/setup.ts"],
        },
      },
    ],
  },
});
