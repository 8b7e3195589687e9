// Kleinanzeigen for dealers (ADR 038, ADR 048) on a phone (390×844): a commercial seller reviews a
// finished ad for Kleinanzeigen (category, condition, price type, shipping — prefilled from the ad),
// changes the price type and publishes to the local fake of Kleinanzeigen's gateway (started by
// scripts/start.mjs), sees "wird veröffentlicht…", and after the cron (run by hand through POST
// /dev/housekeeping) "live" with the link; "Verkauft" ends it there, and the sold item is never
// offered for publishing again, after the next cron run and a reload too. A private seller is told
// that this is for dealers and keeps the copy buttons.
import type { Page } from "@playwright/test";
import { signInNewSeller } from "./dashboard-helpers";
import { AD_READY_MS, expect, test, toastWith, waitForHydration, type Photos } from "./fixtures";
import { demoPort } from "../../playwright.config";

test.use({ viewport: { width: 390, height: 844 } });

type Item = { item: string; category: string; note?: string };

async function finishedAd(page: Page, photos: Photos, item: Item = { item: "Kaffeevollautomat Siemens", category: "elektronik" }) {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  await page.getByLabel("Was verkaufst du? *").fill(item.item);
  await page.getByLabel("Kategorie *").selectOption(item.category);
  if (item.note) await page.getByLabel("Beschreibung (optional)").fill(item.note);
  await page
    .getByLabel("Fotos auswählen")
    .setInputFiles({ name: "kaffee.jpg", mimeType: "image/jpeg", buffer: await photos.ofColour("#6b4f3a") });
  await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
  const card = page.getByTestId("ad-card").first();
  await expect(card.getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });
  // A finished ad opens itself (ADR 034).
  await expect(card.getByRole("button", { name: "Details ausblenden" })).toBeVisible();
  // The open card is longer than the screen: the seller scrolls to "Live auf", which loads when it
  // comes near (ad-card.tsx, useNearScreen) — whether the card opened before or after it was seen.
  await card.getByTestId("card-selling").scrollIntoViewIfNeeded();
  return card;
}

/** The generator's cron, run by hand (POST /dev/housekeeping): publication status, sold listings. */
async function housekeeping(page: Page) {
  // From this machine, and — as every write to /dev/* — with the instance's own origin (ADR 067).
  const response = await page.request.post("/dev/housekeeping", {
    headers: { "CF-Connecting-IP": "127.0.0.1", Origin: `http://localhost:${demoPort}` },
  });
  expect(response.status()).toBe(200);
}

test("a dealer reviews and publishes to Kleinanzeigen, it goes live after the cron, 'Verkauft' ends it and it is never offered again", async ({
  page,
  photos,
}) => {
  // One generation, the profile, two cron runs and about twenty interactions: ~30 s here.
  test.setTimeout(90_000);
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
  await expect(access).toContainText("Veröffentlichen über Kleinanzeigen: bereit");
  await expect(access).toContainText("Impressum bei Kleinanzeigen: noch nicht angelegt");

  const card = await finishedAd(page, photos, {
    item: "Kinderwagen Bugaboo Fox 3",
    category: "familie",
    note: "Kinderwagen Bugaboo Fox 3 mit Babywanne und Sportsitz, sehr guter Zustand, 350 VB, nur Abholung in 50667 Köln",
  });
  const adId = (await card.getByRole("link", { name: "Öffentliche Seite" }).getAttribute("href"))!.split("/").pop()!;
  // The selling panels load when they come near the screen (a long ad pushes them down).
  await card.getByTestId("card-selling").scrollIntoViewIfNeeded();
  const life = card.getByTestId("listing-life");
  const panel = card.getByTestId("kleinanzeigen-publish");

  // The review, prefilled from the ad's record and the item; nothing is sent before the dealer confirms.
  await panel.getByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" }).click();
  const review = panel.getByRole("form", { name: "Für Kleinanzeigen prüfen" });
  await expect(review.getByLabel("Kategorie bei Kleinanzeigen")).toHaveValue("Familie_Kind_Baby/Kinderwagen_Buggys");
  await expect(review.getByLabel("Zustand")).toHaveValue("like_new");
  await expect(review.getByLabel("Preisart")).toHaveValue("vb");
  await expect(review.getByLabel("Preis in €")).toHaveValue("350");
  await expect(review.getByLabel("Versand", { exact: true })).toHaveValue("excluded");
  await expect(review.getByLabel("Abholung", { exact: true })).toHaveValue("offered");
  await expect(review.getByLabel("Versandkosten in €")).toBeDisabled();

  // The dealer makes it a Festpreis: Kleinanzeigen gets FIXED, and the ad itself says so everywhere.
  await review.getByLabel("Preisart").selectOption("festpreis");
  await review.getByRole("button", { name: "Jetzt bei Kleinanzeigen veröffentlichen" }).click();
  await expect(toastWith(page, "An Kleinanzeigen gesendet")).toBeVisible();
  await expect(panel.getByTestId("kleinanzeigen-status")).toContainText("wird veröffentlicht…");
  await expect(panel.getByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" })).toHaveCount(0);
  await expect(card.getByTestId("card-price")).toContainText("350\u00a0€ Festpreis");

  // The generator's cron asks Kleinanzeigen for the outcome; the panel shows it without a reload.
  await housekeeping(page);
  await expect(panel.getByTestId("kleinanzeigen-status")).toContainText("live");
  const link = panel.getByRole("link", { name: "Anzeige bei Kleinanzeigen öffnen" });
  await expect(link).toHaveAttribute("href", /^https:\/\/www\.kleinanzeigen\.de\/s-anzeige\/[a-z0-9-]*kinderwagen[a-z0-9-]*\/\d+/);
  await expect(panel).toContainText("wir erinnern dich vorher per E-Mail ans Verlängern");
  await expect(life.getByTestId("listing-row")).toContainText("Live");
  // Later edits go out on the seller's click; Kleinanzeigen republishes them.
  await panel.getByRole("button", { name: "Änderungen an Kleinanzeigen senden" }).click();
  await expect(toastWith(page, "Änderungen gesendet")).toBeVisible();

  // "Verkauft" names Kleinanzeigen as a platform it ends by itself, then ends it there.
  await life.getByRole("button", { name: "Verkauft", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Als verkauft markieren?" });
  await expect(dialog).toContainText("Wir beenden die Anzeige auf Kleinanzeigen automatisch.");
  await dialog.getByRole("button", { name: "Verkauft – Angebote beenden" }).click();
  await expect(life.getByTestId("sold-note")).toContainText("Verkauft am");
  await expect(panel.getByTestId("kleinanzeigen-status")).toHaveText("Verkauft – bei Kleinanzeigen beendet.");
  await expect(life.getByTestId("listing-row")).toContainText("Beendet");
  await expect(card.getByText(/Läuft bis/)).toHaveCount(0);

  // After the next cron run and a reload: still ended, never offered for publishing again.
  await housekeeping(page);
  await page.reload();
  await waitForHydration(page);
  const again = page.getByTestId("ad-card").first();
  await again.getByTestId("card-selling").scrollIntoViewIfNeeded();
  await expect(again.getByTestId("kleinanzeigen-publish").getByTestId("kleinanzeigen-status")).toHaveText(
    "Verkauft – bei Kleinanzeigen beendet.",
  );
  await expect(again.getByRole("button", { name: "Bei Kleinanzeigen veröffentlichen" })).toHaveCount(0);
  await expect(again.getByRole("button", { name: "Auf eBay veröffentlichen" })).toHaveCount(0);
  await expect(again.getByText(/Läuft bis/)).toHaveCount(0);
  // The public page says so too.
  await page.goto(`/ad/${adId}`);
  await expect(page.locator("main")).toContainText("Verkauft");

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
