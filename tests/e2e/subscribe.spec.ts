import { signInNewSeller } from "./dashboard-helpers";
import { expect, test, toastWith, waitForHydration } from "./fixtures";

test("/subscribe sends visitors to sign-in", async ({ page }) => {
  await page.goto("/subscribe");
  await expect(page).toHaveURL(/\/\?login=1$/);
  await expect(page.getByRole("dialog", { name: "Anmelden bei AnzeigenPilot" })).toBeVisible();
});

test("without payments configured the form is disabled and shows the price breakdown", async ({ page }) => {
  await signInNewSeller(page);
  await page.getByRole("link", { name: "Upgrade" }).click();
  await expect(page).toHaveURL("/subscribe");
  await expect(page.getByLabel("Preis").getByRole("definition")).toHaveText(["5 €", "0,95 €", "5,95 €"]);
  await expect(page.getByLabel("Preis")).toContainText("jederzeit kündbar");
  await expect(page.getByRole("form", { name: "Zahlung" }).getByRole("button")).toBeDisabled();
  await expect(page.getByText("Zahlungen sind in dieser Umgebung nicht eingerichtet.").first()).toBeVisible();
  for (const path of ["/upgrade"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Pro werden" })).toBeVisible();
  }
});

test("returning with payment=success shows the toast and drops the parameter", async ({ page }) => {
  await signInNewSeller(page);
  await page.goto("/subscribe?payment=success");
  await waitForHydration(page);
  await expect(toastWith(page, "Zahlung erfolgreich!")).toBeVisible();
  await expect(page).toHaveURL("/subscribe");
});
