// Private details on the photos (ADR 069) on a phone (390×844): the offline writer says it could not
// check the photos; with a model's findings (staged in D1, as the e2e servers run the offline
// writer) the card names them per photo; "Unkenntlich machen" blurs the chosen area on the device
// and replaces the photo, "Foto entfernen" removes it — and each photo's hint goes with it, the new
// photo named as not checked rather than clean.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { signInNewSeller } from "./dashboard-helpers";
import { AD_READY_MS, expect, test, toastWith } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

/** A 1200×900 JPEG checkerboard of 20 px squares in two colours: detail that a blur visibly removes. */
function checkerboard(page: Page, dark: string, light: string): Promise<Buffer> {
  return page
    .evaluate(
      async ({ dark, light }) => {
        const canvas = document.createElement("canvas");
        canvas.width = 1200;
        canvas.height = 900;
        const context = canvas.getContext("2d")!;
        for (let y = 0; y < 900; y += 20)
          for (let x = 0; x < 1200; x += 20) {
            context.fillStyle = (x + y) % 40 === 0 ? dark : light;
            context.fillRect(x, y, 20, 20);
          }
        return canvas.toDataURL("image/jpeg", 0.92).split(",")[1];
      },
      { dark, light },
    )
    .then((base64) => Buffer.from(base64, "base64"));
}

/**
 * The brightness spread (standard deviation) inside the centre ninth and the top-left ninth of a
 * photo as the browser decodes it — each cell's inner half, away from the cell's edges.
 */
function spreadOf(page: Page, url: string): Promise<{ centre: number; corner: number } | null> {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    if (!response.ok) return null;
    const bitmap = await createImageBitmap(await response.blob());
    const canvas = document.createElement("canvas");
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext("2d")!;
    context.drawImage(bitmap, 0, 0);
    const spread = (column: number, row: number) => {
      const width = bitmap.width / 3;
      const height = bitmap.height / 3;
      const { data } = context.getImageData(column * width + width / 4, row * height + height / 4, width / 2, height / 2);
      const values: number[] = [];
      for (let offset = 0; offset < data.length; offset += 4) values.push((data[offset] + data[offset + 1] + data[offset + 2]) / 3);
      const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
      return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
    };
    return { centre: spread(1, 1), corner: spread(0, 0) };
  }, url);
}

test("the card names private details per photo; blurring or removing the photo takes its hint away", async ({ page, demoDb }) => {
  await signInNewSeller(page);
  const photos = [
    await checkerboard(page, "#1f2937", "#f9fafb"),
    await checkerboard(page, "#7f1d1d", "#fde68a"),
    await checkerboard(page, "#1e3a8a", "#e0f2fe"),
  ];
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  await page.getByLabel("Was verkaufst du? *").fill("Kinderwagen Bugaboo Fox");
  await page.getByLabel("Kategorie *").selectOption("familie");
  await page.getByLabel("Beschreibung (optional)").fill("Gut erhalten, Abholung in Bonn.");
  await page
    .getByLabel("Fotos auswählen")
    .setInputFiles(photos.map((buffer, index) => ({ name: `wagen-${index + 1}.jpg`, mimeType: "image/jpeg", buffer })));
  await expect(page.getByRole("img", { name: /Vorschau 3/ })).toBeVisible();
  await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
  const card = page.getByTestId("ad-card").first();
  await expect(card.getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });
  const privacy = card.getByTestId("privacy-hints");

  // The offline writer looks at no photo: the card says they were not checked.
  await expect(privacy).toContainText("Fotos nicht auf private Details geprüft");

  // What a model would have seen in the ad's one call, keyed by photo as the generator stores it.
  const href = await card.getByRole("link", { name: "Öffentliche Seite" }).getAttribute("href");
  const adId = /\/ad\/([0-9a-f-]{36})$/.exec(href!)![1];
  const keysOf = async () =>
    JSON.parse((await demoDb.all<{ image_urls: string }>("select image_urls from ads where id = ?", adId))[0].image_urls) as string[];
  const keys = await keysOf();
  await demoDb.all(
    "update ads set privacy_hints = ? where id = ?",
    JSON.stringify({ [keys[0]]: [], [keys[1]]: ["face"], [keys[2]]: ["licensePlate", "document"] }),
    adId,
  );
  await page.reload();
  await expect(privacy.getByRole("group", { name: "Foto 2" })).toContainText("Foto 2: ein Gesicht ist zu sehen");
  const third = privacy.getByRole("group", { name: "Foto 3" });
  await expect(third).toContainText("Foto 3: ein Autokennzeichen ist zu lesen");
  await expect(third).toContainText("Foto 3: ein Brief oder Dokument mit Name oder Adresse ist zu sehen");
  await expect(privacy).not.toContainText("nicht auf private Details geprüft");

  // Blur: the centre of photo 2, chosen on the photo, made unrecognisable on the device.
  await privacy.getByRole("group", { name: "Foto 2" }).getByRole("button", { name: "Unkenntlich machen" }).click();
  const dialog = page.getByRole("dialog", { name: "Foto 2 unkenntlich machen" });
  await expect(dialog.getByTestId("blur-preview")).toBeVisible();
  const save = dialog.getByRole("button", { name: "Unkenntlich speichern" });
  await expect(save).toBeDisabled();
  const centre = dialog.getByRole("group", { name: "Stellen im Foto" }).getByRole("button", { name: "Mitte", exact: true });
  await centre.click();
  await expect(centre).toHaveAttribute("aria-pressed", "true");
  const axe = await new AxeBuilder({ page }).include("dialog").withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((v) => v.id)).toEqual(
    [],
  );
  await save.click();
  await expect(toastWith(page, "Foto 2 unkenntlich gemacht")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(privacy).not.toContainText("Foto 2: ein Gesicht");
  await expect(privacy.getByTestId("privacy-hints-unchecked")).toHaveText("Foto 2 nicht auf private Details geprüft.");
  // The photo was replaced by one whose centre has lost its squares; the corner kept them.
  const blurred = await keysOf();
  expect(blurred[1]).not.toBe(keys[1]);
  expect([blurred[0], blurred[2]]).toEqual([keys[0], keys[2]]);
  await expect
    .poll(() => spreadOf(page, `/images/${blurred[1]}`), { timeout: 15_000 })
    .toEqual({
      centre: expect.any(Number),
      corner: expect.any(Number),
    });
  const spread = (await spreadOf(page, `/images/${blurred[1]}`))!;
  expect(spread.corner).toBeGreaterThan(60);
  expect(spread.centre).toBeLessThan(15);

  // Remove: photo 3 with the plate and the letter, after a question.
  await third.getByRole("button", { name: "Foto entfernen" }).click();
  const question = page.getByRole("dialog", { name: "Foto 3 entfernen?" });
  await question.getByRole("button", { name: "Foto entfernen" }).click();
  await expect(toastWith(page, "Foto 3 entfernt")).toBeVisible();
  await expect(privacy).not.toContainText("Foto 3");
  await expect(privacy.getByRole("group")).toHaveCount(0);
  await expect(privacy.getByTestId("privacy-hints-unchecked")).toHaveText("Foto 2 nicht auf private Details geprüft.");
  expect(await keysOf()).toEqual([keys[0], blurred[1]]);
});
