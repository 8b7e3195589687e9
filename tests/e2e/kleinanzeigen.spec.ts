// Issue 28, Kleinanzeigen part (ADR 038), on a phone: a commercial seller publishes a finished ad to
// the local fake of Kleinanzeigen's gateway (started by scripts/start.mjs), sees "wird
// veröffentlicht…", and after the cron (run by hand through POST /dev/housekeeping) "live" with
// the link. A private seller is told that this is for dealers and keeps the copy buttons.
import type { Page } from "@playwright/test";
import { signInNewSeller } from "./dashboard-helpers";
import { AD_READY_MS, expect, test, toastWith, waitForHydration, type Photos } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

async function finishedAd(page: Page, photos: Photos) {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  await page.getByLabel("Was verkaufst du? *").fill("Kaffeevollautomat Siemens");
  await page.getByLabel("Kategorie *").selectOption("elektronik");
  await page
    .getByLabel("Fotos auswählen")
    .setInputFiles({ name: "kaffee.jpg", mimeType: "image/jpeg", buffer: await photos.ofColour("#6b4f3a") });
  await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
  const card = page.getByTestId("ad-card").first();
  await expect(card.getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });
  // A finished ad opens itself (ADR 034).
  await expect(card.getByRole("button", { name: "Details ausblenden" })).toBeVisible();
  return card;
}

test("a commercial seller publishes to Kleinanzeigen and sees the publication go live after the cron", async ({ page, photos }) => {
  await signInNewSeller(page);
  await page.goto("/profile");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Bearbeiten" }).click();
  await page.getByLabel("Verkäufertyp").selectOption("commercial");
  await page.getByLabel("Firmenname *").fill("Janas Trödel GmbH");
  await page.getByLabel("Postleitzahl").fill("50667");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(toastWith(page, "Profil aktualisiert")).toBeVisible();
  const access = page.getByTestId("kleinanzeigen-access");
  await expect(access).toContainText("Händler-API-Zugang: eingerichtet");
  await expect(access).toContainText("Impressum bei Kleinanzeigen: noch nicht angelegt");

  const card = await finishedAd(page, photos);
  const panel = card.getByTestId("kleinanzeigen-publish");
  await panel.getByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" }).click();
  await expect(panel.getByTestId("kleinanzeigen-status")).toContainText("wird veröffentlicht…");
  await expect(panel.getByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" })).toHaveCount(0);

  // The generator's cron asks Kleinanzeigen for the outcome; the panel shows it without a reload.
  const housekeeping = await page.request.post("/dev/housekeeping", { headers: { "CF-Connecting-IP": "127.0.0.1" } });
  expect(housekeeping.status()).toBe(200);
  await expect(panel.getByTestId("kleinanzeigen-status")).toContainText("live");
  const link = panel.getByRole("link", { name: "Anzeige bei Kleinanzeigen öffnen" });
  await expect(link).toHaveAttribute("href", /^https:\/\/www\.kleinanzeigen\.de\/s-anzeige\/[a-z0-9-]*kaffeevollautomat[a-z0-9-]*\/\d+/);
  await expect(panel).toContainText("wir erinnern dich vorher per E-Mail ans Verlängern");
  // Later edits go out on the seller's click; Kleinanzeigen republishes them.
  await panel.getByRole("button", { name: "Änderungen an Kleinanzeigen senden" }).click();
  await expect(toastWith(page, "Änderungen gesendet")).toBeVisible();

  await page.goto("/profile");
  await expect(page.getByTestId("kleinanzeigen-access")).toContainText("Impressum bei Kleinanzeigen: angelegt am");
});

test("a private seller is told that publishing through Kleinanzeigen's interface is for dealers", async ({ page, photos }) => {
  await signInNewSeller(page);
  const card = await finishedAd(page, photos);
  const panel = card.getByTestId("kleinanzeigen-publish");
  await expect(panel).toContainText("nur für gewerbliche Händler");
  await expect(panel).toContainText("Kopiere Titel und Text");
  await expect(panel.getByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" })).toHaveCount(0);
  await expect(card.getByTestId("variant-kleinanzeigen").getByRole("button", { name: "Titel kopieren für Kleinanzeigen" })).toBeVisible();
});
