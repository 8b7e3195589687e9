// The landing page's JavaScript budget (ADR 018): what Chromium actually downloads to show
// and hydrate `/` for a visitor, gzipped as a CDN would serve it, stays within 100 KiB, and none of
// it is Radix (the dashboard's and the docs' tabs) or the dashboard. `npm run lighthouse` reports the same figure per route.
// A buyer's public ad page stays within the same budget and loads no API client.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { adThroughApi, expect, test, waitForHydration } from "./fixtures";

const LANDING_JS_BUDGET_BYTES = 100 * 1024;

/** Every built script (`/assets/*.js`) the page loaded until the network went quiet. */
async function loadedScripts(page: Page, path: string): Promise<string[]> {
  const scripts = new Set<string>();
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) scripts.add(pathname);
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await waitForHydration(page);
  return [...scripts];
}

const built = (pathname: string) => readFileSync(`build/client${pathname}`);

test("a visitor's landing page loads at most 100 KiB of gzipped JavaScript, none of it Radix or the dashboard", async ({ page }) => {
  const scripts = await loadedScripts(page, "/");
  expect(scripts.length).toBeGreaterThan(0);
  const gzipBytes = scripts.reduce((sum, pathname) => sum + gzipSync(built(pathname)).length, 0);
  expect(gzipBytes, `landing JS ${(gzipBytes / 1024).toFixed(1)} KiB gzip: ${scripts.join(" ")}`).toBeLessThanOrEqual(
    LANDING_JS_BUDGET_BYTES,
  );
  expect(scripts.filter((pathname) => /dashboard/.test(pathname) || /radix/i.test(built(pathname).toString()))).toEqual([]);
});

test("the login dialog's code arrives when the visitor asks for it", async ({ page }) => {
  const scripts = await loadedScripts(page, "/");
  expect(scripts.some((pathname) => pathname.includes("login-dialog"))).toBe(false);
  await page.getByRole("button", { name: "Anmelden" }).first().click();
  await expect(page.getByRole("dialog", { name: "Anmelden bei AnzeigenPilot" })).toBeVisible();
});

test("a buyer's public ad page loads neither the API client nor the dashboard, within the landing's budget", async ({
  browser,
  request,
}) => {
  const { id } = await adThroughApi(request, "Kinderfahrrad 20 Zoll");
  const buyer = await browser.newContext();
  const scripts = await loadedScripts(await buyer.newPage(), `/ad/${id}`);
  await buyer.close();
  expect(scripts.length).toBeGreaterThan(0);
  const gzipBytes = scripts.reduce((sum, pathname) => sum + gzipSync(built(pathname)).length, 0);
  expect(gzipBytes, `ad page JS ${(gzipBytes / 1024).toFixed(1)} KiB gzip: ${scripts.join(" ")}`).toBeLessThanOrEqual(
    LANDING_JS_BUDGET_BYTES,
  );
  // The API client (app/browser/api-client.ts) names its error class; a page that only shows an ad never calls the API.
  expect(scripts.filter((pathname) => /dashboard|api-client/.test(pathname) || built(pathname).includes('"ApiError"'))).toEqual([]);
});
