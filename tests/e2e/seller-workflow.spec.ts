// One ad, every marketplace (ADR 015) on a phone (390×844): choosing the marketplace, a ready variant per platform, editing
// within the rules, the profile from the header, credits up front, photos checked in the browser,
// prompts kept in the account, tabs in the address and the public page a buyer sees.
import type { Page } from "@playwright/test";
import { copiedFormatted, copiedText } from "./clipboard";
import { signInNewSeller } from "./dashboard-helpers";
import { AD_READY_MS, expect, test, toastWith, waitForHydration, type Photos } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

/** The five marketplaces, as the card names them. */
const LABELS = ["Kleinanzeigen", "eBay", "Vinted", "willhaben", "Facebook Marketplace"];

/** Signs a new seller in and writes an ad for eBay with two photos; returns the finished card and the ad's id. */
async function createBikeAdForEbay(page: Page, photos: Photos) {
  await signInNewSeller(page);
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  await expect(page.getByTestId("credits-line")).toHaveText("Du hast noch 1 Anzeige frei.");
  await page.getByRole("combobox", { name: "Wo willst du verkaufen?" }).selectOption("ebay");
  await page.getByLabel("Was verkaufst du? *").fill("Kinderfahrrad Puky 20 Zoll");
  await page.getByLabel("Kategorie *").selectOption("freizeit");
  await page.getByLabel("Beschreibung (optional)").fill("Gut erhalten, neue Reifen, kaum genutzt. Abholung in Köln.");
  await page.getByLabel("Fotos auswählen").setInputFiles([
    { name: "rad-vorne.jpg", mimeType: "image/jpeg", buffer: await photos.ofColour("#b04a2f") },
    { name: "rad-seite.jpg", mimeType: "image/jpeg", buffer: await photos.ofColour("#2f6fb0") },
  ]);
  await expect(page.getByRole("img", { name: /Vorschau 2/ })).toBeVisible();
  await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
  const card = page.getByTestId("ad-card").first();
  await expect(card.getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });
  const href = await card.getByRole("link", { name: "Öffentliche Seite" }).getAttribute("href");
  return { card, adId: /\/ad\/([0-9a-f-]{36})$/.exec(href!)![1]! };
}

test("platform choice, a variant for every platform within its limits, edits within the rules, then 0 credits", async ({
  page,
  context,
  expectedFailures,
  photos,
}) => {
  expectedFailures.push(/\/api\/ads\/[^/]+$/);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { card, adId } = await createBikeAdForEbay(page, photos);

  // A variant for every platform, each within that platform's limits; title and text copied apart.
  // A finished ad opens itself (ADR 034).
  await expect(card.getByRole("button", { name: "Details ausblenden" })).toBeVisible();
  const variants = card.getByRole("region", { name: "Für jede Plattform" });
  for (const label of LABELS) {
    await expect(variants.getByRole("button", { name: `Titel kopieren für ${label}` })).toBeVisible();
    await expect(variants.getByRole("button", { name: `Text kopieren für ${label}` })).toBeVisible();
  }
  const counts = await variants.getByTestId("variant-counts").allTextContents();
  expect(counts).toHaveLength(5);
  for (const text of counts) {
    const [, title, titleMax, body, bodyMax] = /Titel (\d+)\/(\d+) · Text ([\d.]+)\/([\d.]+) Zeichen/.exec(text)!;
    expect(Number(title)).toBeGreaterThan(0);
    expect(Number(title)).toBeLessThanOrEqual(Number(titleMax));
    expect(Number(body.replace(".", ""))).toBeLessThanOrEqual(Number(bodyMax.replace(".", "")));
  }
  const vinted = await copiedText(page, variants.getByRole("button", { name: "Text kopieren für Vinted" }));
  expect(vinted).not.toMatch(/\*\*|<\/?[a-z]+>|[\u{1D400}-\u{1D7FF}]/u);
  // eBay's text: formatted HTML on the clipboard, plain text as the fallback.
  const ebay = await copiedFormatted(page, card.getByRole("button", { name: "Text kopieren für eBay" }).first());
  expect(ebay.types).toEqual(expect.arrayContaining(["text/html", "text/plain"]));
  expect(ebay.html).toMatch(/<(p|ul|li|b|strong)>/);
  expect(ebay.plain).not.toMatch(/<\/?[a-z]+>/);

  // Editing: counters against eBay's 80 characters; the server refuses what the rules forbid.
  await card.getByRole("button", { name: "Bearbeiten" }).click();
  const editor = card.getByRole("form", { name: "Anzeige bearbeiten" });
  await editor.getByLabel(/^Titel/).fill("x".repeat(94));
  await expect(editor.getByTestId("title-count")).toHaveText("94/80 Zeichen");
  await expect(editor.getByText("Der Titel ist für eBay zu lang: 94 von höchstens 80 Zeichen.")).toBeVisible();
  await expect(editor.getByRole("button", { name: "Speichern" })).toBeDisabled();
  await expect(editor.getByLabel(/^Beschreibung/)).not.toHaveValue(/\*\*/);
  await editor.getByRole("button", { name: "Abbrechen" }).click();

  const token = await page.evaluate(() => localStorage.getItem("authToken"));
  const edit = async (fields: Record<string, string>) => {
    const response = await page.request.patch(`/api/ads/${adId}`, { headers: { Authorization: `Bearer ${token}` }, multipart: fields });
    return { status: response.status(), body: (await response.json()) as { message: string; fieldErrors?: Record<string, string> } };
  };
  const tooLong = await edit({ optimizedTitle: "y".repeat(94), optimizedDescription: "Gut erhalten." });
  expect(tooLong.status).toBe(400);
  expect(tooLong.body.fieldErrors?.optimizedTitle).toBe("Der Titel ist für eBay zu lang: 94 von höchstens 80 Zeichen.");
  const withLink = await edit({ optimizedTitle: "Kinderfahrrad Puky", optimizedDescription: "Mehr Fotos auf www.rad-verkauf.de" });
  expect(withLink.status).toBe(400);
  expect(withLink.body.fieldErrors?.optimizedDescription).toBe(
    "Links und Webadressen sind bei eBay nicht erlaubt. Bitte entferne sie aus der Beschreibung.",
  );

  // 0 credits: the create tab offers the plans before anything can be uploaded.
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  const offer = page.getByTestId("plans-offer");
  await expect(offer.getByRole("heading", { name: "Du hast keine Anzeigen mehr frei" })).toBeVisible();
  await expect(offer.getByRole("link", { name: "Pro Seller kaufen" })).toHaveAttribute("href", "/upgrade");
  await expect(page.getByLabel("Fotos auswählen")).toHaveCount(0);

  // Back returns to the previous tab; reload keeps it.
  await expect(page).toHaveURL(/\?tab=neu$/);
  await page.goBack();
  await expect(page.getByRole("tab", { name: "Meine Anzeigen" })).toHaveAttribute("aria-selected", "true");
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("tab", { name: "Meine Anzeigen" })).toHaveAttribute("aria-selected", "true");
});

test("the listing link takes only the marketplace's address; the public page shows every photo and links to the listing", async ({
  page,
  context,
  photos,
}) => {
  const { card, adId } = await createBikeAdForEbay(page, photos);

  // Where the ad is online: a foreign host is refused, the marketplace address is taken.
  // A finished ad opens itself (ADR 034).
  await expect(card.getByRole("button", { name: "Details ausblenden" })).toBeVisible();
  const listing = card.getByRole("form", { name: "Wo ist die Anzeige online?" });
  await listing.getByLabel("Wo ist die Anzeige online?").fill("https://betrug.example/anzeige");
  await listing.getByRole("button", { name: "Link speichern" }).click();
  await expect(listing.getByText(/Bitte füge den Link zu deiner Anzeige/)).toBeVisible();
  await listing.getByLabel("Wo ist die Anzeige online?").fill("https://www.ebay.de/itm/123456789012");
  await listing.getByRole("button", { name: "Link speichern" }).click();
  await expect(toastWith(page, "Link gespeichert")).toBeVisible();

  // The public page a buyer opens from WhatsApp: every photo, and the button to the listing.
  const buyer = await context.browser()!.newPage({ viewport: { width: 390, height: 844 }, locale: "de-DE" });
  await buyer.goto(`${new URL(page.url()).origin}/ad/${adId}`);
  await waitForHydration(buyer);
  const gallery = buyer.getByRole("region", { name: "Fotos (2)" });
  await expect(gallery.getByRole("img", { name: /Foto 1 von 2/ })).toBeVisible();
  const firstSrc = await gallery.getByRole("img", { name: /Foto 1 von 2/ }).getAttribute("src");
  await gallery.getByRole("button", { name: "Nächstes Foto" }).click();
  const second = gallery.getByRole("img", { name: /Foto 2 von 2/ });
  await expect(second).toBeVisible();
  expect(await second.getAttribute("src")).not.toBe(firstSrc);
  // The keyboard and a swipe move too.
  await buyer.getByTestId("gallery-main").focus();
  await buyer.keyboard.press("ArrowLeft");
  await expect(gallery.getByRole("img", { name: /Foto 1 von 2/ })).toBeVisible();
  const box = (await buyer.getByTestId("gallery-main").boundingBox())!;
  await buyer.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
  await buyer.mouse.down();
  await buyer.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2, { steps: 5 });
  await buyer.mouse.up();
  await expect(second).toBeVisible();
  await expect(buyer.getByRole("link", { name: "Zur Anzeige bei eBay" })).toHaveAttribute("href", "https://www.ebay.de/itm/123456789012");
  await buyer.close();
});

test("photos the browser cannot decode are refused at once, with their names; a sixth photo is not added", async ({ page, photos }) => {
  await signInNewSeller(page);
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  const fake = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2048, 0x20)]);
  await page.getByLabel("Fotos auswählen").setInputFiles({ name: "rechnung.jpg", mimeType: "image/jpeg", buffer: fake });
  await expect(page.getByTestId("photo-notes")).toHaveText("„rechnung.jpg“ ist kein lesbares Bild und wurde nicht hinzugefügt.");
  await expect(page.getByRole("img", { name: /Vorschau/ })).toHaveCount(0);

  const photo = await photos.ofColour("#4a8f3a");
  await page
    .getByLabel("Fotos auswählen")
    .setInputFiles(Array.from({ length: 6 }, (_, index) => ({ name: `foto-${index + 1}.jpg`, mimeType: "image/jpeg", buffer: photo })));
  await expect(page.getByRole("img", { name: /Vorschau 5/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Vorschau 6/ })).toHaveCount(0);
  await expect(page.getByTestId("photo-notes")).toContainText("nicht hinzugefügt: „foto-6.jpg“");
});

test("the profile is two clicks from the dashboard", async ({ page }) => {
  await signInNewSeller(page);
  await page.getByRole("link", { name: "Profil und Impressum" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("prompts follow the seller to a new device, vanish from the browser on logout and from D1 with the account", async ({
  page,
  browser,
  demoDb,
}) => {
  const email = await signInNewSeller(page);
  await page.goto("/settings");
  await waitForHydration(page);
  await page.getByLabel("Titel (title)").fill("{itemName} – vom Dachboden");
  await page.getByRole("button", { name: "Prompts speichern" }).click();
  await expect(toastWith(page, "Einstellungen gespeichert")).toBeVisible();

  // A second device: a new browser profile, the same address.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "de-DE", baseURL: new URL(page.url()).origin });
  const phone = await other.newPage();
  await phone.goto("/?login=1");
  await phone.getByLabel("E-Mail-Adresse").fill(email);
  await phone.getByRole("button", { name: "Magic Link senden" }).click();
  await expect(phone.getByTestId("signed-in-as")).toHaveText(email);
  await phone.getByRole("dialog").getByRole("button", { name: "Überspringen" }).click();
  await phone.goto("/settings");
  await waitForHydration(phone);
  await expect(phone.getByLabel("Titel (title)")).toHaveValue("{itemName} – vom Dachboden");

  // Logout on the second device leaves nothing of the seller in its storage.
  await phone.goto("/");
  await waitForHydration(phone);
  await phone.getByRole("button", { name: "Abmelden" }).click();
  await expect(phone.getByTestId("signed-in-as")).toHaveCount(0);
  const left = await phone.evaluate(() =>
    Object.keys(localStorage).filter((key) => key === "authToken" || key.startsWith("anzeigenpilot.")),
  );
  expect(left).toEqual([]);
  await other.close();

  const [user] = await demoDb.all<{ id: string; prompt_settings: string }>("SELECT id, prompt_settings FROM users WHERE email = ?1", email);
  expect(user!.prompt_settings).toContain("vom Dachboden");

  // Account deletion removes them from D1.
  await page.getByRole("button", { name: "Account löschen" }).click();
  await page.getByRole("dialog", { name: "Account wirklich löschen?" }).getByRole("button", { name: "Ja, weiter" }).click();
  await page.getByRole("dialog", { name: "Letzte Bestätigung" }).getByRole("button", { name: "Endgültig löschen" }).click();
  await expect(toastWith(page, "Account gelöscht")).toBeVisible();
  expect(await demoDb.all("SELECT id FROM users WHERE id = ?1", user!.id)).toEqual([]);
  expect(JSON.stringify(await demoDb.all("SELECT * FROM users"))).not.toContain("vom Dachboden");
});
