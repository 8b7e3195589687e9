import { expect, test, toastWith, waitForHydration } from "./fixtures";

test("a new user signs in with the real link from the outbox and lands on / after 2 s", async ({ page }) => {
  const email = `neu-${Date.now()}@example.de`;
  await page.goto("/?login=1");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Anmelden bei AnzeigenPilot" });
  await dialog.getByLabel("E-Mail-Adresse").fill(email);
  await dialog.getByRole("button", { name: "Magic Link senden" }).click();
  await expect(toastWith(page, "Magic Link wurde gesendet! Prüfen Sie Ihre E-Mails.")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto("/dev/outbox");
  const mail = page.getByTestId("outbox-mail").filter({ hasText: email });
  await expect(mail.getByRole("heading", { name: "Ihr Anmeldelink für AnzeigenPilot" })).toBeVisible();
  await mail.getByRole("link", { name: /\/auth\/verify\?token=/ }).click();

  await expect(page.getByRole("heading", { name: "Anmeldung erfolgreich!" })).toBeVisible();
  await expect(page.getByText("Willkommen! Ihr Account wurde erstellt.")).toBeVisible();
  await expect(page.getByText("Sie werden automatisch weitergeleitet...")).toBeVisible();
  const shownAt = Date.now();
  await expect(page).toHaveURL("/", { timeout: 5000 });
  expect(Date.now() - shownAt).toBeGreaterThan(1500);
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);
});

test("a used link fails with the server's message", async ({ page, expectedFailures }) => {
  expectedFailures.push(/\/api\/verify-magic-link/);
  const email = `zweimal-${Date.now()}@example.de`;
  const response = await page.request.post("/api/send-magic-link", { data: { email } });
  expect(response.ok()).toBe(true);
  await page.goto("/dev/outbox");
  const href = await page.getByTestId("outbox-mail").filter({ hasText: email }).getByRole("link").getAttribute("href");
  await page.goto(href!);
  await expect(page.getByText("Erfolgreich angemeldet!").or(page.getByText("Willkommen! Ihr Account wurde erstellt."))).toBeVisible();
  await page.goto(href!);
  await expect(page.getByRole("heading", { name: "Fehler bei der Anmeldung" })).toBeVisible();
  await expect(page.getByText("Dieser Anmeldelink wurde bereits verwendet. Bitte fordern Sie einen neuen an.")).toBeVisible();
});
