import { signInNewSeller } from "./dashboard-helpers";
import { AD_READY_MS, expect, test, toastWith } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("Verkaufshelfer on a finished ad: price, copy a ready reply, check a pasted scam message", async ({ page, context, photos }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInNewSeller(page);
  const photo = await photos.ofColour("#2e6f8a");

  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  await page.getByLabel("Was verkaufst du? *").fill("Cybex Sirona Z i-Size Kindersitz");
  await page.getByLabel("Kategorie *").selectOption("sonstiges");
  await page.getByLabel("Beschreibung (optional)").fill("Gurtpolster leicht verblasst, unfallfrei. 180 € VB. Abholung in 50667 Köln");
  await page.getByLabel("Fotos auswählen").setInputFiles({ name: "sitz.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.getByRole("img", { name: /Vorschau 1/ })).toBeVisible();
  await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
  const card = page.getByTestId("ad-card").first();
  await expect(card.getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });

  // A finished ad opens itself (ADR 034).
  await expect(card.getByRole("button", { name: "Details ausblenden" })).toBeVisible();
  const helper = card.getByRole("region", { name: "Verkaufshelfer" });
  await helper.getByRole("button", { name: /Verkaufshelfer/ }).click();
  await expect(helper.getByTestId("kit-price")).toHaveText(/Anzeigenpreis:\s*180\s€\s*VB/);

  // A ready reply, copied with one tap, with the ad's facts filled in.
  await helper.getByRole("button", { name: "Antwort „Zustand“ kopieren" }).click();
  await expect(toastWith(page, "Kopiert")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain("Gurtpolster leicht verblasst");

  // The minimum and an offer below it: the counter-offer never goes under the minimum.
  await helper.getByLabel("Mein Minimum (€)").fill("150");
  await helper.getByRole("button", { name: "Speichern" }).click();
  await expect(toastWith(page, "Minimum gespeichert")).toBeVisible();
  await helper.getByLabel("Angebot des Käufers (€)").fill("60");
  await helper.getByRole("button", { name: "Antwort vorschlagen" }).click();
  await expect(helper.getByTestId("offer-answer")).toContainText(/Ablehnen – Gegenangebot (1[5-9]\d|[2-9]\d\d) €/);

  // A pasted scam message: the verdict and the matched pattern in plain German.
  await helper
    .getByLabel("Nachricht eines Käufers prüfen")
    .fill("hallo ich nehm es sofort, meine spedition holt ab. zahle per paypal freunde und familie 👍");
  await helper.getByRole("button", { name: "Nachricht prüfen" }).click();
  const result = helper.getByTestId("scam-result");
  await expect(result).toContainText("Betrugsmuster");
  await expect(result).toContainText("Abholung durch Kurier oder Spedition");
  await expect(result).toContainText("PayPal „Freunde & Familie“");
});
