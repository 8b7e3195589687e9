import type { Page } from "@playwright/test";
import { signInNewSeller } from "./dashboard-helpers";
import { AD_READY_MS, expect, test, toastWith, waitForHydration } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

async function createAd(page: Page, photo: Buffer, itemName = "Kaffeevollautomat DeLonghi Magnifica S") {
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  await page.getByLabel("Was verkaufst du? *").fill(itemName);
  await page.getByLabel("Kategorie *").selectOption("elektronik");
  await page.getByLabel("Beschreibung (optional)").fill("Sehr gut erhalten. Inkl. Milchbehälter. NP 399 €. Abholung in Köln.");
  await page.getByLabel("Fotos auswählen").setInputFiles({ name: "kaffeemaschine.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.getByRole("img", { name: /Vorschau 1/ })).toBeVisible();
  const request = page.waitForRequest((r) => r.url().endsWith("/api/ads") && r.method() === "POST");
  await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
  return request;
}

test("photos upload while the seller types: the create request carries none, and a photo removed before sending is not in the ad", async ({
  page,
  photos,
}) => {
  await signInNewSeller(page);
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  const uploads: string[] = [];
  page.on("response", async (response) => {
    if (response.request().method() === "POST" && new URL(response.url()).pathname === "/api/photos" && response.status() === 201)
      uploads.push(((await response.json()) as { upload: string }).upload);
  });
  await page.getByLabel("Fotos auswählen").setInputFiles([
    { name: "vorne.jpg", mimeType: "image/jpeg", buffer: await photos.ofColour("#2f6b4a") },
    { name: "hinten.jpg", mimeType: "image/jpeg", buffer: await photos.ofColour("#6b2f4a") },
  ]);
  // Both are stored before anything else is typed (ADR 082).
  await expect.poll(() => uploads.length, { timeout: 20_000 }).toBe(2);
  const modelCopy = (key: string) => `/images/${key.replace(/\.(webp|jpg|png)$/, "-model.jpg")}`;
  for (const key of uploads) expect((await page.request.get(modelCopy(key))).status()).toBe(200);
  await page.getByRole("button", { name: "Foto 1 entfernen" }).click();
  await expect(page.getByRole("img", { name: /Vorschau 2/ })).toHaveCount(0);
  await page.getByLabel("Was verkaufst du? *").fill("Gartenstuhl Holz");
  await page.getByLabel("Kategorie *").selectOption("garten");
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/ads" && r.method() === "POST");
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/ads" && r.request().method() === "POST");
  await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
  const body = (await sent).postDataBuffer()!;
  expect(body.length, "the create request carries no photo").toBeLessThan(4096);
  const ad = (await (await answered).json()) as { id: string; imageUrls: string[] };
  // The photo left is the second one chosen; the ad takes the draft's id its photos were stored under.
  const kept = uploads.find((key) => ad.imageUrls[0] === `/images/${key}`);
  expect(kept, `${JSON.stringify(ad.imageUrls)} is one of ${JSON.stringify(uploads)}`).toBeDefined();
  expect(ad.imageUrls).toHaveLength(1);
  expect(kept!.startsWith(`ads/${ad.id}/`)).toBe(true);
  // The removed photo's copies are deleted once the ad exists.
  const removedCopy = modelCopy(uploads.find((key) => key !== kept)!);
  await expect.poll(async () => (await page.request.get(removedCopy)).status()).toBe(404);
  await expect(page.getByTestId("ad-card").first().getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });
});

test("a new seller sees the tour, which opens the create tab when finished; switching tabs loads nothing", async ({ page }) => {
  await signInNewSeller(page, "keep");
  const tour = page.getByRole("dialog");
  await expect(tour.getByText("Schritt 1 von 5")).toBeVisible();
  for (let i = 0; i < 4; i++) await tour.getByRole("button", { name: "Weiter" }).click();
  // Switching tabs changes only the address: no page data is loaded again (app/lib/dashboard-tab.ts).
  const pageData: string[] = [];
  page.on("request", (request) => {
    if (/\.data(\?|$)/.test(request.url())) pageData.push(request.url());
  });
  await tour.getByRole("button", { name: "Los geht's" }).click();
  await expect(page.getByRole("tab", { name: "Neue Anzeige" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Meine Anzeigen" }).click();
  await expect(page.getByRole("tab", { name: "Meine Anzeigen" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  await expect(page.getByRole("tab", { name: "Neue Anzeige" })).toHaveAttribute("aria-selected", "true");
  expect(pageData).toEqual([]);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("an ad from a 12 MP photo is downscaled before upload, seen processing on a slow connection, then finished", async ({
  page,
  photos,
}) => {
  // The browser decodes and downscales a 12 MP photo in the upload form: several seconds of CPU.
  test.setTimeout(90_000);
  await signInNewSeller(page);
  const photo = await photos.twelveMegapixel();

  // A slow mobile connection: page data and the dashboard's wait (whose answer brings the finished
  // ad, ADR 081) are held until the just-created ad has been seen processing. The tabs switch and the
  // card shows from the create answer alone, without waiting for either (app/lib/dashboard-tab.ts).
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const slow = /\.data(\?|$)|\/api\/ads\/changes\?/;
  await page.route(slow, async (route) => {
    await released;
    await route.continue();
  });
  await createAd(page, photo);
  await expect(toastWith(page, "Anzeige erstellt!")).toBeVisible();
  const card = page.getByTestId("ad-card").first();
  await expect(card.getByText("Wird erstellt")).toBeVisible();
  release();
  await expect(card.getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });
  await expect(card.getByText("Wird erstellt")).toHaveCount(0);
  await page.unroute(slow);

  // What was uploaded and stored is the downscaled photo: at most 2048 px, far fewer bytes.
  const stored = await page.request.get((await card.locator("img").first().getAttribute("src"))!);
  const storedBytes = await stored.body();
  expect(storedBytes.length).toBeLessThan(photo.length / 2);
  const size = await page.evaluate(
    async (url) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      return { width: bitmap.width, height: bitmap.height };
    },
    (await card.locator("img").first().getAttribute("src"))!,
  );
  expect(size).toEqual({ width: 2048, height: 1536 });
  // Beside it, the copy the model reads: a JPEG with a long edge of 1024 px.
  const modelSize = await page.evaluate(
    async (url) => {
      const blob = await (await fetch(url)).blob();
      const bitmap = await createImageBitmap(blob);
      return { type: blob.type, width: bitmap.width, height: bitmap.height };
    },
    (await card.locator("img").first().getAttribute("src"))!.replace(/\.(webp|jpg|png)$/, "-model.jpg"),
  );
  expect(modelSize).toEqual({ type: "image/jpeg", width: 1024, height: 768 });
  await expect(page.getByTestId("stat-Verfügbare Anzeigen")).toHaveText("0");
});

test("a reload of the page's data leaves the page where it is: the card that opened itself stays in view", async ({ page, photos }) => {
  await signInNewSeller(page);
  const available = page.getByTestId("stat-Verfügbare Anzeigen");
  const before = Number(await available.textContent());

  // A slow connection: the reload after the create (credits and list) is held, and so is the wait,
  // until the reload has begun. The ad then finishes and its card opens itself into view while the
  // reload is still under way; when the reload ends, the page must not jump back to where it began.
  let releaseWait!: () => void;
  let releaseData!: () => void;
  const waitHeld = new Promise<void>((resolve) => (releaseWait = resolve));
  const dataHeld = new Promise<void>((resolve) => (releaseData = resolve));
  const data = /\.data(\?|$)/;
  const wait = /\/api\/ads\/changes\?/;
  await page.route(wait, async (route) => {
    await waitHeld;
    await route.continue();
  });
  await page.route(data, async (route) => {
    await dataHeld;
    await route.continue();
  });
  const reloadBegun = page.waitForRequest(data);
  await createAd(page, await photos.ofColour("#8a6d3b"));
  const card = page.getByTestId("ad-card").first();
  await expect(card.getByText("Wird erstellt")).toBeVisible();
  await reloadBegun;
  releaseWait();
  await expect(card.getByRole("button", { name: "Details ausblenden" })).toBeVisible({ timeout: AD_READY_MS });
  // Its top in view, below the toast that says it is done.
  const heading = card.getByRole("heading", { name: /Kaffeevollautomat/ });
  await expect(heading).toBeInViewport();
  const opened = await page.evaluate(() => window.scrollY);
  expect(opened, "the card scrolled itself into view").toBeGreaterThan(0);

  releaseData();
  // The reload has ended once the credits it brings are shown.
  await expect(available).toHaveText(String(before - 1));
  expect(await page.evaluate(() => window.scrollY)).toBe(opened);
  await expect(heading).toBeInViewport();
  await page.unroute(data);
  await page.unroute(wait);
});

test("a finished ad is copied, edited with a new photo and deleted", async ({ page, context, photos }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInNewSeller(page);
  await createAd(page, await photos.ofColour("#6b4a2f"));
  const card = page.getByTestId("ad-card").first();
  await expect(card.getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });

  // The finished ad has opened itself, so its platform list offers the same copy again: the card's own button is first.
  await card.getByRole("button", { name: "Text kopieren für Kleinanzeigen" }).first().click();
  await expect(toastWith(page, "Text kopiert")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain("Kaffeevollautomat");
  expect(copied).toContain("Privatverkauf unter Ausschluss");
  expect(copied).not.toContain("**");

  await card.getByRole("button", { name: "Bearbeiten" }).click();
  const editor = card.getByRole("form", { name: "Anzeige bearbeiten" });
  await expect(editor.getByLabel("Beschreibung")).toHaveAttribute("rows", "12");
  await editor.getByLabel("Titel").fill("DeLonghi Magnifica S, top gepflegt");
  const oldSrc = await editor.getByRole("img", { name: "Foto 1" }).getAttribute("src");
  await editor
    .getByLabel("Foto 1 ersetzen")
    .setInputFiles({ name: "neu.jpg", mimeType: "image/jpeg", buffer: await photos.ofColour("#2f6b4a") });
  await expect(editor.getByRole("img", { name: "Foto 1" })).toHaveAttribute("src", /^blob:/);
  await editor.getByRole("button", { name: "Speichern" }).click();
  await expect(toastWith(page, "Anzeige aktualisiert")).toBeVisible();
  await expect(card.getByRole("heading", { name: "DeLonghi Magnifica S, top gepflegt" })).toBeVisible();
  await expect(card.locator("img").first()).not.toHaveAttribute("src", oldSrc!);
  expect((await page.request.get(oldSrc!)).status()).toBe(404);

  await card.getByRole("button", { name: "Löschen" }).click();
  const confirm = page.getByRole("dialog", { name: "Anzeige löschen?" });
  await confirm.getByRole("button", { name: "Abbrechen" }).click();
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Löschen" }).click();
  await confirm.getByRole("button", { name: "Endgültig löschen" }).click();
  await expect(toastWith(page, "Anzeige gelöscht")).toBeVisible();
  await expect(page.getByText("Erstelle deine erste Anzeige")).toBeVisible();
});

test("an invalid replacement photo is refused with the spec's toast", async ({ page, photos }) => {
  await signInNewSeller(page);
  await createAd(page, await photos.ofColour("#5b7f3a"));
  const card = page.getByTestId("ad-card").first();
  await expect(card.getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });
  await card.getByRole("button", { name: "Bearbeiten" }).click();
  await card.getByLabel("Foto 1 ersetzen").setInputFiles({ name: "notiz.txt", mimeType: "text/plain", buffer: Buffer.from("kein Bild") });
  await expect(toastWith(page, "Ungültige Datei")).toContainText("Bitte nur Bilddateien auswählen.");
});

test("a failed ad shows its reason and can be retried", async ({ page, photos, demoDb }) => {
  const email = await signInNewSeller(page);
  await createAd(page, await photos.ofColour("#5b7f3a"));
  await expect(page.getByTestId("ad-card").first().getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });
  // Stage what a final generation failure leaves behind: failed, reason, credit refunded.
  await demoDb.batch([
    [
      "UPDATE ads SET status = 'failed', error_message = ?1, credit_source = NULL WHERE user_id = (SELECT id FROM users WHERE email = ?2)",
      "Der KI-Service ist gerade nicht erreichbar. Dein Guthaben wurde zurückgebucht – bitte versuche es erneut.",
      email,
    ],
    ["UPDATE users SET ad_credits = 1 WHERE email = ?1", email],
  ]);
  await page.reload();
  const card = page.getByTestId("ad-card").first();
  await expect(card.getByText("Fehler", { exact: true })).toBeVisible();
  await expect(card.getByText("Der KI-Service ist gerade nicht erreichbar.", { exact: false })).toBeVisible();
  await card.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(card.getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });
});

test("the offline panel appears when the browser is offline, and 'Nochmal versuchen' clears it", async ({
  page,
  context,
  expectedFailures,
  photos,
}) => {
  // The create request and the photo's upload (which starts once the photo is made smaller, ADR 082)
  // fail offline on purpose; so may Chromium's own favicon request, which it makes whenever it
  // likes, not when the page asks (a run saw it fail offline after the page was idle).
  expectedFailures.push(/\/api\/ads$/, /\/api\/photos$/, /\/favicon\.svg$/);
  await signInNewSeller(page);
  const photo = await photos.ofColour("#3b5f8a");
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  await page.getByLabel("Was verkaufst du? *").fill("Fahrradhelm");
  await page.getByLabel("Kategorie *").selectOption("freizeit");
  await page.getByLabel("Fotos auswählen").setInputFiles({ name: "helm.jpg", mimeType: "image/jpeg", buffer: photo });
  // Remix looks up the routes of the links on the page in the background (/__manifest): that lookup
  // has ended before the connection goes, so only the create request meets the offline browser.
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);
  await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
  const panel = page.getByTestId("error-panel-network");
  await expect(panel.getByRole("heading", { name: "Ups! Keine Internetverbindung" })).toBeVisible();
  await context.setOffline(false);
  await panel.getByRole("button", { name: "Nochmal versuchen" }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByLabel("Was verkaufst du? *")).toHaveValue("Fahrradhelm");
});

test("an ad sent after the last credit was used elsewhere shows the limit toast offering the pack it names", async ({
  page,
  context,
  expectedFailures,
  photos,
}) => {
  expectedFailures.push(/\/api\/ads$/);
  await signInNewSeller(page);
  const photo = await photos.ofColour("#8a3b5f");
  // A second tab still shows the form with the one free ad.
  const other = await context.newPage();
  await other.goto("/?tab=neu");
  await expect(other.getByTestId("credits-line")).toHaveText("Du hast noch 1 Anzeige frei.");
  await createAd(page, photo, "Erster Artikel");
  await expect(page.getByTestId("ad-card").first().getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });

  await other.bringToFront();
  await createAd(other, photo, "Zweiter Artikel");
  const limit = toastWith(other, "Limit erreicht! 🚀");
  await expect(limit).toContainText("Du hast keine Anzeigen mehr frei. Pro Seller: 10 weitere Anzeigen für 5 € einmalig.");
  const buy = limit.getByRole("link", { name: "Pro Seller kaufen" });
  await expect(buy).toHaveAttribute("target", "_blank");
  await expect(buy).toHaveAttribute("href", "/upgrade");
});
