import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { DOCS_PASSWORD } from "../../playwright.config";
import { signInNewSeller } from "./dashboard-helpers";
import { expect, test } from "./fixtures";

test("a wrong password is refused and the field cleared; the right one opens the tabs", async ({ page, expectedFailures }) => {
  expectedFailures.push(/\/api\/docs\/unlock$/);
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Passwort erforderlich" })).toBeVisible();
  await expect(page.getByText("v1.0 - Internal Use Only")).toBeVisible();
  await page.getByLabel("Passwort", { exact: true }).fill("falsch");
  await page.getByRole("button", { name: "Zugang gewähren" }).click();
  await expect(page.getByText("Falsches Passwort")).toBeVisible();
  await expect(page.getByLabel("Passwort", { exact: true })).toHaveValue("");

  await page.getByLabel("Passwort", { exact: true }).fill(DOCS_PASSWORD);
  await page.getByRole("button", { name: "Zugang gewähren" }).click();
  for (const tab of ["Overview", "API", "Logging"]) await expect(page.getByRole("tab", { name: tab })).toBeVisible();
  await expect(page.getByTestId("secret-DOCS_PASSWORD")).toHaveText("••••••••");
  await page.getByRole("button", { name: "DOCS_PASSWORD anzeigen" }).click();
  await expect(page.getByTestId("secret-DOCS_PASSWORD")).toHaveText("konfiguriert");
  await expect(page.getByTestId("secret-STRIPE_SECRET_KEY")).toHaveText("••••••••");
  await page.getByRole("tab", { name: "API" }).click();
  await expect(page.getByTestId("endpoint").filter({ hasText: "/api/ads/public/{id}" })).toBeVisible();
  await expect(page.getByTestId("endpoint").filter({ hasText: "/api/stripe/webhook" })).toBeVisible();
});

test("the monitor searches, filters, resets and pages on seeded data, and shows new logins after the refresh", async ({
  page,
  browser,
  demoDb,
}) => {
  const marker = `seed${Date.now()}`;
  await demoDb.all(
    `INSERT INTO activity_logs (action, email, country, details, created_at) SELECT CASE WHEN value % 2 = 0 THEN 'ad_created' ELSE 'logout' END, ?1 || '-' || value || '@example.de', CASE WHEN value % 3 = 0 THEN 'AT' ELSE 'DE' END, '{"n":' || value || '}', 1700000000000 + value FROM json_each(?2)`,
    marker,
    JSON.stringify(Array.from({ length: 45 }, (_, i) => i)),
  );
  await page.clock.install();
  await page.goto("/docs");
  await page.getByLabel("Passwort", { exact: true }).fill(DOCS_PASSWORD);
  await page.getByRole("button", { name: "Zugang gewähren" }).click();
  await page.getByRole("tab", { name: "Logging" }).click();
  await expect(page.getByText("Live-Update alle 30s")).toBeVisible();
  await expect(page.getByText("Alarmschwellen (letzte 24 Stunden)")).toBeVisible();

  await page.getByPlaceholder("Suche (Aktion, E-Mail, Details)").fill(marker);
  await expect(page.getByText("Zeige 1-20 von 45")).toBeVisible();
  await expect(page.getByText("Seite 1 von 3")).toBeVisible();
  await expect(page.getByRole("button", { name: "Zurück", exact: true })).toBeDisabled();
  await page.getByRole("button", { name: "Weiter", exact: true }).click();
  await page.getByRole("button", { name: "Weiter", exact: true }).click();
  await expect(page.getByText("Zeige 41-45 von 45")).toBeVisible();
  await expect(page.getByRole("button", { name: "Weiter", exact: true })).toBeDisabled();

  await page.getByLabel("Aktion").selectOption("ad_created");
  await expect(page.getByText("Zeige 1-20 von 23")).toBeVisible();
  await page.getByLabel("Land").selectOption("AT");
  await expect(page.getByText(/Zeige 1-8 von 8/)).toBeVisible();
  await page.getByPlaceholder("Suche (Aktion, E-Mail, Details)").fill("gibt-es-nicht-xyz");
  await expect(page.getByText("Keine Einträge gefunden")).toBeVisible();
  await page.getByRole("button", { name: "Filter zurücksetzen" }).click();
  await expect(page.getByPlaceholder("Suche (Aktion, E-Mail, Details)")).toHaveValue("");
  await expect(page.getByText("Seite 1 von", { exact: false })).toBeVisible();

  // A seller signs in elsewhere; the monitor shows it after its next 30-second refresh.
  const other = await browser.newPage();
  const email = await signInNewSeller(other);
  await other.close();
  await expect(page.getByRole("cell", { name: email })).toHaveCount(0);
  await page.clock.fastForward(30_000);
  await expect(page.getByRole("cell", { name: email }).first()).toBeVisible();
});

test("the built browser assets contain no docs password or secret", async () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk("build/client");
  expect(files.some((file) => file.endsWith(".js"))).toBe(true);
  for (const file of files) {
    const text = readFileSync(file, "latin1");
    expect(text.includes(DOCS_PASSWORD), file).toBe(false);
    expect(text.includes("DOCS_PASSWORD:"), file).toBe(false);
    expect(/sk_(live|test)_[A-Za-z0-9]{8,}|whsec_[A-Za-z0-9]{8,}/.test(text), file).toBe(false);
  }
});
