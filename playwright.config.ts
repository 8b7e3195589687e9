import { defineConfig, devices } from "@playwright/test";

// Two instances of the real product, started like `npm start` on a fresh local state each:
// the default configuration (demo sign-in) and one with MAIL_MODE=outbox for the mail flows.
// `npm run test:e2e` builds once before; the servers reuse that build.
const demoPort = Number(process.env.E2E_PORT ?? 8790);
/** The docs password of the demo server (a test value, never a real secret). */
export const DOCS_PASSWORD = "e2e-doku-passwort-7319";
const outboxPort = demoPort + 1;

function server(port: number, name: string, vars?: string) {
  return {
    command: "node scripts/start.mjs --fresh",
    env: {
      PORT: String(port),
      PERSIST_TO: `.wrangler/e2e-${name}`,
      SKIP_BUILD: "1",
      INSPECTOR_PORT: String(port + 1000),
      WRANGLER_SEND_METRICS: "false",
      ...(vars ? { WRANGLER_VARS: vars } : {}),
    },
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    trace: "retain-on-failure",
    // The system Chromium from Debian; Playwright never downloads a browser here.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "demo",
      testIgnore: [/\.outbox\.spec\.ts$/, /contract\.spec\.ts$/],
      use: { ...devices["Pixel 7"], browserName: "chromium", baseURL: `http://localhost:${demoPort}` },
    },
    {
      // The contract test sends every operation invalid requests on purpose and so spends the demo
      // server's rate limits (docs unlock: 5 a minute, all local requests count as one client): it
      // runs after the page tests that need those limits.
      name: "contract",
      testMatch: /contract\.spec\.ts$/,
      dependencies: ["demo"],
      use: { ...devices["Pixel 7"], browserName: "chromium", baseURL: `http://localhost:${demoPort}` },
    },
    {
      name: "outbox",
      testMatch: /\.outbox\.spec\.ts$/,
      use: { ...devices["Pixel 7"], browserName: "chromium", baseURL: `http://localhost:${outboxPort}` },
    },
  ],
  webServer: [server(demoPort, "demo", `DOCS_PASSWORD:${DOCS_PASSWORD}`), server(outboxPort, "outbox", "MAIL_MODE:outbox")],
});
