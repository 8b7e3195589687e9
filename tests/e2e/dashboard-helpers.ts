import { expect, type Page } from "@playwright/test";

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
