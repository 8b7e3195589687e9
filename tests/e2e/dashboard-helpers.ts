import { expect, type Page } from "@playwright/test";
import { AD_READY_MS, type Photos } from "./fixtures";

/** Signs a new seller in through the landing dialog (demo mode) and leaves the tour as the test wants. */
export async function signInNewSeller(page: Page, tour: "skip" | "keep" = "skip") {
  const email = `verkaeufer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.de`;
  await page.goto("/?login=1");
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByRole("button", { name: "Magic Link senden" }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);
  if (tour === "skip") await page.getByRole("dialog").getByRole("button", { name: "Überspringen" }).click();
  return email;
}

/**
 * A new ad through the form of the signed-in seller (one photo of one colour), awaited until its card
 * says "Fertig"; the card and the ad's id.
 */
export async function finishedAdFromForm(
  page: Page,
  photos: Photos,
  ad: { item: string; category: string; note: string; photo: { name: string; colour: string } },
) {
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  await page.getByLabel("Was verkaufst du? *").fill(ad.item);
  await page.getByLabel("Kategorie *").selectOption(ad.category);
  await page.getByLabel("Beschreibung (optional)").fill(ad.note);
  await page
    .getByLabel("Fotos auswählen")
    .setInputFiles({ name: ad.photo.name, mimeType: "image/jpeg", buffer: await photos.ofColour(ad.photo.colour) });
  await expect(page.getByRole("img", { name: /Vorschau 1/ })).toBeVisible();
  await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
  const card = page.getByTestId("ad-card").first();
  await expect(card.getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });
  const adId = (await card.getByRole("link", { name: "Öffentliche Seite" }).getAttribute("href"))!.split("/").pop()!;
  return { card, adId };
}
