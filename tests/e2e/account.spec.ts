import { signInNewSeller } from "./dashboard-helpers";
import { AD_READY_MS, expect, test, toastWith, waitForHydration } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("profile: view, edit, save, view again; the commercial switch reveals the company field", async ({ page, expectedFailures }) => {
  expectedFailures.push(/\/api\/profile$/);
  await signInNewSeller(page);
  await page.getByRole("link", { name: "Einstellungen" }).click();
  await page.goto("/profile");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Mein Profil" })).toBeVisible();
  await expect(page.getByText("Kostenlos")).toBeVisible();
  await expect(page.getByLabel("Vorname")).toBeDisabled();
  await expect(page.getByLabel("Firmenname *")).toHaveCount(0);

  await page.getByRole("button", { name: "Bearbeiten" }).click();
  await page.getByLabel("Vorname").fill("Jana");
  await page.getByLabel("Postleitzahl").fill("123");
  await page.getByLabel("Verkäufertyp").selectOption("commercial");
  await expect(page.getByLabel("Firmenname *")).toBeVisible();
  await page.getByRole("button", { name: "Speichern" }).click();
  const form = page.getByRole("form", { name: "Profil" });
  await expect(form.getByText("Bitte gib eine gültige Postleitzahl ein", { exact: false })).toBeVisible();
  await expect(form.getByText("Für gewerbliche Verkäufer ist der Firmenname Pflicht", { exact: false })).toBeVisible();
  // On a phone the error toast lies over the form's buttons until it closes (5 s): the seller closes it.
  await toastWith(page, "Bitte gib eine gültige Postleitzahl ein").getByRole("button", { name: "Schließen" }).click();
  await expect(toastWith(page, "Bitte gib eine gültige Postleitzahl ein")).toHaveCount(0);

  await page.getByLabel("Postleitzahl").fill("50667");
  await page.getByLabel("Firmenname *").fill("Janas Trödel");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(toastWith(page, "Profil aktualisiert")).toBeVisible();
  await expect(page.getByLabel("Vorname")).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel("Vorname")).toHaveValue("Jana");
  await expect(page.getByLabel("Firmenname *")).toHaveValue("Janas Trödel");
  await expect(page.getByTestId("signed-in-as")).toHaveText("Jana");
});

test("prompts edited in /settings are kept; offline they are not pasted into ads (said plainly); reset restores the default", async ({
  page,
  photos,
}) => {
  await signInNewSeller(page);
  await page.goto("/settings");
  await waitForHydration(page);
  await expect(page.getByTestId("offline-prompts-note")).toContainText(
    "Geänderte Prompts wirken erst, wenn ein Sprachmodell angebunden ist",
  );
  await page.getByLabel("Titel (title)").fill("{itemName} – frisch aus dem Keller");
  await page.getByRole("button", { name: "Prompts speichern" }).click();
  await expect(toastWith(page, "Einstellungen gespeichert")).toBeVisible();

  await page.goto("/");
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  await page.getByLabel("Was verkaufst du? *").fill("Werkbank");
  await page.getByLabel("Kategorie *").selectOption("garten");
  await page
    .getByLabel("Fotos auswählen")
    .setInputFiles({ name: "bank.jpg", mimeType: "image/jpeg", buffer: await photos.ofColour("#8a6a3b") });
  await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
  const card = page.getByTestId("ad-card").first();
  // The offline writer follows no instructions: the title is built from the item, not the prompt.
  await expect(card.getByRole("heading", { name: "Werkbank" })).toBeVisible({ timeout: AD_READY_MS });
  await expect(card.getByText("frisch aus dem Keller")).toHaveCount(0);

  await page.goto("/settings");
  await waitForHydration(page);
  await expect(page.getByLabel("Titel (title)")).toHaveValue("{itemName} – frisch aus dem Keller");
  await page.getByRole("button", { name: "Auf Standard zurücksetzen" }).nth(1).click();
  await expect(page.getByLabel("Titel (title)")).toHaveValue(/^Schreibe einen Anzeigentitel/);
  expect(await page.evaluate(() => localStorage.getItem("anzeigenpilot.prompt.title"))).toBeNull();
});

test("an invite is sent from the dashboard; the button waits for an address", async ({ page }) => {
  await signInNewSeller(page);
  const invite = page.getByRole("region", { name: "Freunde einladen" });
  const button = invite.getByRole("button", { name: "Einladen" });
  await expect(button).toBeDisabled();
  await invite.getByLabel("E-Mail-Adresse").fill("nachbarin@example.de");
  await button.click();
  await expect(toastWith(page, "Einladung gesendet!")).toBeVisible();
  await expect(invite.getByLabel("E-Mail-Adresse")).toHaveValue("");
});

test("account deletion needs both confirmations and ends signed out", async ({ page }) => {
  await signInNewSeller(page);
  await page.goto("/settings");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Account löschen" }).click();
  await page.getByRole("dialog", { name: "Account wirklich löschen?" }).getByRole("button", { name: "Abbrechen" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("button", { name: "Account löschen" }).click();
  await page.getByRole("dialog", { name: "Account wirklich löschen?" }).getByRole("button", { name: "Ja, weiter" }).click();
  await page.getByRole("dialog", { name: "Letzte Bestätigung" }).getByRole("button", { name: "Endgültig löschen" }).click();
  await expect(toastWith(page, "Account gelöscht")).toBeVisible();
  await expect(page).toHaveURL("/", { timeout: 5000 });
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});

test("profile and settings ask signed-out visitors to sign in", async ({ page, expectedFailures }) => {
  expectedFailures.push(/\/(profile|settings)$/);
  for (const path of ["/profile", "/settings"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("heading", { name: "Anmeldung erforderlich" })).toBeVisible();
  }
});

test("'Auf allen Geräten abmelden' in the settings ends the session and returns to the landing page", async ({ page }) => {
  await signInNewSeller(page);
  await page.goto("/settings");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Auf allen Geräten abmelden" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("signed-in-as")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});
