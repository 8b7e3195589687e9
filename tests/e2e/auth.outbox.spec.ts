import { expect, openOutbox, test, toastWith, waitForHydration } from "./fixtures";

test("a new user signs in with the real link from the outbox and lands on / after 2 s", async ({ page }) => {
  const email = `neu-${Date.now()}@example.de`;
  await page.goto("/?login=1");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Anmelden bei AnzeigenPilot" });
  await dialog.getByLabel("E-Mail-Adresse").fill(email);
  await dialog.getByRole("button", { name: "Magic Link senden" }).click();
  await expect(toastWith(page, "Magic Link wurde gesendet! Prüfen Sie Ihre E-Mails.")).toBeVisible();
  await expect(dialog).toBeHidden();

  await openOutbox(page);
  const mail = page.getByTestId("outbox-mail").filter({ hasText: email });
  await expect(mail.getByRole("heading", { name: "Dein Anmeldelink für AnzeigenPilot" })).toBeVisible();
  await mail.getByRole("link", { name: /\/auth\/verify\?token=/ }).click();

  // Opening the link signs nobody in: the page asks first.
  await expect(page.getByRole("heading", { name: `Als ${email} anmelden?` })).toBeVisible();
  await page.getByRole("button", { name: "Jetzt anmelden" }).click();
  await expect(page.getByRole("heading", { name: "Anmeldung erfolgreich!" })).toBeVisible();
  await expect(page.getByText("Willkommen! Ihr Account wurde erstellt.")).toBeVisible();
  await expect(page.getByText("Sie werden automatisch weitergeleitet...")).toBeVisible();
  const shownAt = Date.now();
  await expect(page).toHaveURL("/", { timeout: 5000 });
  expect(Date.now() - shownAt).toBeGreaterThan(1500);
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);
});

test("a used link fails with the server's message", async ({ page, expectedFailures }) => {
  expectedFailures.push(/\/api\/magic-link-info/);
  const email = `zweimal-${Date.now()}@example.de`;
  const response = await page.request.post("/api/send-magic-link", { data: { email } });
  expect(response.ok()).toBe(true);
  await openOutbox(page);
  const href = await page.getByTestId("outbox-mail").filter({ hasText: email }).getByRole("link").getAttribute("href");
  await page.goto(href!);
  await page.getByRole("button", { name: "Jetzt anmelden" }).click();
  await expect(page.getByText("Erfolgreich angemeldet!").or(page.getByText("Willkommen! Ihr Account wurde erstellt."))).toBeVisible();
  await page.goto(href!);
  await expect(page.getByRole("heading", { name: "Fehler bei der Anmeldung" })).toBeVisible();
  await expect(page.getByText("Dieser Anmeldelink wurde bereits verwendet. Bitte fordere einen neuen an.")).toBeVisible();
});

test("a link another site sends a signed-in seller to does not switch the account (login CSRF)", async ({ page, browser }) => {
  // The attacker requests a link for their own address …
  const attacker = `angreifer-${Date.now()}@example.de`;
  expect((await page.request.post("/api/send-magic-link", { data: { email: attacker } })).ok()).toBe(true);
  await openOutbox(page);
  const href = await page.getByTestId("outbox-mail").filter({ hasText: attacker }).getByRole("link").getAttribute("href");

  // … and navigates a victim's browser to it from another site.
  const victim = await browser.newContext();
  const tab = await victim.newPage();
  await tab.goto(href!, { referer: "https://boese.example/" });
  await expect(tab.getByRole("heading", { name: `Als ${attacker} anmelden?` })).toBeVisible();
  expect(await tab.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
  expect((await victim.cookies()).filter((cookie) => cookie.name === "ap_session")).toEqual([]);
  await victim.close();
});

test("the landing draft (name, category, note, photo) survives a magic link opened in a new tab of the same browser", async ({
  page,
  context,
  photos,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `entwurf-tab-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.de`;
  await page.goto("/");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Anzeige ausprobieren" });
  await form.getByLabel("Artikel Name").fill("Babywippe");
  await form.getByLabel("Kategorie").selectOption("familie");
  await form.getByLabel("Stichworte (optional)").fill("babybjörn wippe, wie neu, 45 VB");
  await form
    .getByLabel("Fotos auswählen")
    .setInputFiles({ name: "wippe.jpg", mimeType: "image/jpeg", buffer: await photos.ofColour("#7f5b3b") });
  await form.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
  const dialog = page.getByRole("dialog", { name: "Anmelden bei AnzeigenPilot" });
  await dialog.getByLabel("E-Mail-Adresse").fill(email);
  await dialog.getByRole("button", { name: "Magic Link senden" }).click();
  await expect(toastWith(page, "Magic Link wurde gesendet! Prüfen Sie Ihre E-Mails.")).toBeVisible();

  // The mail is read, and its link opened, in another tab.
  const tab = await context.newPage();
  await tab.setViewportSize({ width: 390, height: 844 });
  await openOutbox(tab);
  await tab
    .getByTestId("outbox-mail")
    .filter({ hasText: email })
    .getByRole("link", { name: /\/auth\/verify\?token=/ })
    .click();
  await tab.getByRole("button", { name: "Jetzt anmelden" }).click();
  // The dashboard opens "Neue Anzeige" (?tab=neu) for the waiting draft.
  await expect(tab).toHaveURL(/:\d+\/(\?tab=neu)?$/, { timeout: 5000 });
  await tab.getByRole("dialog").getByRole("button", { name: "Überspringen" }).click();
  const create = tab.getByRole("form", { name: "Neue Anzeige erstellen" });
  await expect(create.getByLabel("Was verkaufst du? *")).toHaveValue("Babywippe");
  await expect(create.getByLabel("Kategorie *")).toHaveValue("familie");
  await expect(create.getByLabel("Beschreibung (optional)")).toHaveValue("babybjörn wippe, wie neu, 45 VB");
  await expect(create.getByRole("img", { name: /^Vorschau 1: wippe/ })).toBeVisible();
});
