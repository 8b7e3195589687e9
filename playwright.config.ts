import { defineConfig, devices } from "@playwright/test";

// Two instances of the real product, started like `npm start` on a fresh local state each:
// the default configuration (demo sign-in) and one with MAIL_MODE=outbox for the mail flows.
// `npm run test:e2e` builds once before; the servers reuse that build.
// Both run with APP_ENV=test: like production behind Cloudflare's edge they take the client's
// address from `CF-Connecting-IP`, which every test sets to an address of its own (fixtures.ts), so
// no test spends the rate limits of another.
/** The port of the demo server (the outbox server listens on the next one). */
export const demoPort = Number(process.env.E2E_PORT ?? 8790);
/** The docs password of the demo server (a test value, never a real secret). */
export const DOCS_PASSWORD = "e2e-doku-passwort-7319";
/** The demo server's session secret (a test value, never a real secret). */
const E2E_SESSION_SECRET = "e2e-session-secret-0b6f2c9a4d1e8f37";
const outboxPort = demoPort + 1;

function server(port: number, persistTo: string, vars: string) {
  return {
    command: "node scripts/start.mjs --fresh",
    env: {
      PORT: String(port),
      PERSIST_TO: persistTo,
      SKIP_BUILD: "1",
      INSPECTOR_PORT: String(port + 1000),
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_VARS: `APP_ENV:test ${vars}`,
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
  reporter: [["list"], ["./tests/e2e/slowest-tests-reporter.ts"], ...(process.env.CI ? [] : [["html", { open: "never" }] as const])],
  // Budgets for this 2-core build machine, which runs two product servers (four Workers in two
  // workerd processes) beside two browsers: a test usually takes 3–25 s here, and each is to finish
  // in under half of its budget (the slowest-tests reporter marks any that don't). A test that
  // needs more says so with its reason (test.setTimeout).
  timeout: 60_000,
  // One server round trip plus a re-render: ~1 s on a quiet machine, several under load.
  expect: { timeout: 10_000 },
  use: {
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    trace: { mode: "retain-on-failure", screenshots: false },
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
      testIgnore: /\.outbox\.spec\.ts$/,
      use: { ...devices["Pixel 7"], browserName: "chromium", baseURL: `http://localhost:${demoPort}` },
    },
    {
      name: "outbox",
      testMatch: /\.outbox\.spec\.ts$/,
      use: { ...devices["Pixel 7"], browserName: "chromium", baseURL: `http://localhost:${outboxPort}` },
    },
  ],
  webServer: [
    // A fixed SESSION_SECRET as in production: without it the docs cookie is signed with a key of
    // the isolate, and a docs cookie won before workerd replaced the isolate (which it may do under
    // load) would be refused with 403 midway through the contract test.
    server(demoPort, ".wrangler/e2e-demo", `DOCS_PASSWORD:${DOCS_PASSWORD} SESSION_SECRET:${E2E_SESSION_SECRET}`),
    server(outboxPort, ".wrangler/e2e-outbox", "MAIL_MODE:outbox"),
  ],
});
