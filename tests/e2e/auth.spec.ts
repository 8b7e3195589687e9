import AxeBuilder from "@axe-core/playwright";
import { expect, test, toastWith, waitForHydration } from "./fixtures";

test("demo sign-in from the landing dialog reaches the dashboard, and logout ends it", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page
    .getByRole("button", { name: "Kostenlos ausprobieren" })
    .or(page.getByRole("button", { name: "Anmelden" }))
    .first()
    .click();

  const dialog = page.getByRole("dialog", { name: "Anmelden bei AnzeigenPilot" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Sichere Anmeldung mit Magic Link")).toBeVisible();
  await expect(dialog.getByText("Kein Account erforderlich - Magic Link erstellt automatisch Ihr Konto")).toBeVisible();
  await dialog.getByLabel("E-Mail-Adresse").fill("Demo.Verkaeufer@Example.de");
  await dialog.getByRole("button", { name: "Magic Link senden" }).click();

  await expect(page.getByTestId("signed-in-as")).toHaveText("demo.verkaeufer@example.de");
  await expect(dialog).toBeHidden();
  // A new seller is greeted by the tour (a modal); skipping it brings the page back.
  await page.getByRole("dialog").getByRole("button", { name: "Überspringen" }).click();
  await expect(toastWith(page, "Demo-Modus: Automatisch eingeloggt!")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // Reloading keeps the session (HttpOnly cookie), then logout ends it.
  await page.reload();
  await expect(page.getByTestId("signed-in-as")).toHaveText("demo.verkaeufer@example.de");
  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(401);
});

test("signing in from a bookmarked create tab opens the dashboard, though only the tab leaves the address", async ({ page }) => {
  // The tab alone reloads no data (app/lib/dashboard-tab.ts); signing in changes who is there, so the page reads it again.
  await page.goto("/?tab=neu");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Anmelden" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Anmelden bei AnzeigenPilot" });
  await dialog.getByLabel("E-Mail-Adresse").fill(`lesezeichen-${Date.now()}@example.de`);
  await dialog.getByRole("button", { name: "Magic Link senden" }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText(/^lesezeichen-\d+@example\.de$/);
  await expect(page).toHaveURL(/\/$/);
});

test("an invalid e-mail shows the alert and sends no request", async ({ page }) => {
  await page.goto("/?login=1");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Anmelden bei AnzeigenPilot" });
  await expect(dialog).toBeVisible();

  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/send-magic-link")) requests.push(request.url());
  });
  await dialog.getByLabel("E-Mail-Adresse").fill("keine-adresse");
  await dialog.getByRole("button", { name: "Magic Link senden" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
  await dialog.getByLabel("E-Mail-Adresse").fill("");
  await dialog.getByRole("button", { name: "Magic Link senden" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
  expect(requests).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the login dialog is a keyboard-safe modal: focus stays inside, Escape closes it, focus returns to its opener", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const opener = page.getByRole("button", { name: "Anmelden" }).first();
  await opener.focus();
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog", { name: "Anmelden bei AnzeigenPilot" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription("Sichere Anmeldung mit Magic Link");
  await expect(dialog.getByLabel("E-Mail-Adresse")).toBeFocused();
  // The page behind the modal is inert: tabbing round never reaches it (a native modal lets Tab
  // pass to the browser's own controls after its last element, where the document has no focus).
  const focusInPage = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      return active !== null && active !== document.body && active.closest("dialog") === null;
    });
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await focusInPage()).toBe(false);
  }
  const axe = await new AxeBuilder({ page }).include("dialog").withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  expect(
    axe.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => violation.id),
  ).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The close button does the same.
  await opener.click();
  await dialog.getByRole("button", { name: "Schließen" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("a toast raised while the dialog is open shows above it and can be dismissed without closing it", async ({ page, context }) => {
  await page.goto("/?login=1");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Anmelden bei AnzeigenPilot" });
  await expect(dialog).toBeVisible();
  await context.setOffline(true);
  const offline = toastWith(page, "Keine Internetverbindung");
  await expect(offline).toBeVisible();
  // Playwright clicks only what is hit-testable: the toast is above the backdrop and not inert.
  await offline.getByRole("button", { name: "Schließen" }).click();
  await expect(offline).toHaveCount(0);
  await context.setOffline(false);
  await expect(toastWith(page, "Wieder online")).toBeVisible();
  await toastWith(page, "Wieder online").focus();
  await page.keyboard.press("Escape");
  await expect(toastWith(page, "Wieder online")).toHaveCount(0);
  await expect(dialog).toBeVisible();
});

test("/api/login opens the login dialog on the landing page", async ({ page }) => {
  await page.goto("/api/login");
  await expect(page).toHaveURL(/\/\?login=1$/);
  await expect(page.getByRole("dialog", { name: "Anmelden bei AnzeigenPilot" })).toBeVisible();
});

test("/auth/verify without a token says so and sends no request", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/verify-magic-link")) requests.push(request.url());
  });
  await page.goto("/auth/verify");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Fehler bei der Anmeldung" })).toBeVisible();
  await expect(page.getByText("Kein Verifizierungstoken gefunden")).toBeVisible();
  expect(requests).toEqual([]);
  await page.getByRole("link", { name: "Zur Startseite" }).click();
  await expect(page).toHaveURL("/");
});

test("a session token in the URL signs nobody in (no session fixation) and is cleaned from the address", async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const answer = await (await api.post("/api/send-magic-link", { data: { email: "angreifer@example.de" } })).json();
  await api.dispose();

  await page.goto(`/?auth=success&token=${answer.token}`);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Anmelden" }).first()).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
  expect((await page.context().cookies()).some((cookie) => cookie.value === answer.token)).toBe(false);
});

test("the outbox does not exist outside outbox mode", async ({ page }) => {
  const response = await page.goto("/dev/outbox");
  expect(response?.status()).toBe(404);
});
