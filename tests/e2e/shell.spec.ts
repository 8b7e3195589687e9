import { expect, test, waitForHydration } from "./fixtures";

test("serves the German shell and hydrates without script errors", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page).toHaveTitle(/AnzeigenPilot/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForHydration(page);
});

test("answers an unknown path with the 404 page and HTTP status 404", async ({ page }) => {
  const response = await page.goto("/anything-unknown");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("link", { name: "Zur Startseite" }).click();
  await expect(page).toHaveURL("/");
});

test("shows one toast at a time, focuses the toast region with F8 and hides a toast after 5 s", async ({ page, context }) => {
  await page.goto("/");
  await waitForHydration(page);
  // Remix fetches route manifests for the links on screen; going offline before it has them would
  // log a failed fetch.
  await page.waitForLoadState("networkidle");
  const region = page.getByRole("region", { name: /Benachrichtigungen/ });
  const toasts = region.getByRole("listitem");

  await context.setOffline(true);
  await expect(toasts.filter({ hasText: "Keine Internetverbindung" })).toBeVisible();

  await context.setOffline(false);
  await expect(toasts.filter({ hasText: "Wieder online" })).toBeVisible();
  await expect(toasts.filter({ hasText: "Keine Internetverbindung" })).toHaveCount(0);
  await expect(toasts).toHaveCount(1);

  await page.keyboard.press("F8");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest("[role=region]")?.getAttribute("aria-label")))
    .toBe("Benachrichtigungen (F8)");

  // Focus pauses the toast's timer; move it away and the toast closes after its 5000 ms.
  await page.locator("h1").click();
  await expect(toasts.filter({ hasText: "Wieder online" })).toBeHidden({ timeout: 8000 });
});
