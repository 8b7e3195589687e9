import { signInNewSeller } from "./dashboard-helpers";
import { expect, test, toastWith, waitForHydration } from "./fixtures";

test("/subscribe sends visitors to sign-in", async ({ page }) => {
  await page.goto("/subscribe");
  await expect(page).toHaveURL(/\/\?login=1$/);
  await expect(page.getByRole("dialog", { name: "Anmelden bei AnzeigenPilot" })).toBeVisible();
});

test("Upgrade shows every plan as the landing page's price table does, the one-off pack beside the subscriptions", async ({ page }) => {
  await signInNewSeller(page);
  await page.getByRole("link", { name: "Upgrade" }).click();
  await expect(page).toHaveURL("/upgrade");
  await expect(page.getByRole("heading", { level: 1, name: "Upgrade" })).toBeVisible();
  const plans = page.getByRole("list", { name: "Tarife" });
  await expect(plans.getByRole("heading", { level: 3 })).toHaveText(["Pro Seller", "Power Seller", "Pro (wöchentlich)"]);
  await expect(page.getByTestId("plan-pro_pack")).toContainText("5 € einmalig");
  await expect(page.getByTestId("plan-pro_pack")).toContainText("einmalig");
  await expect(page.getByTestId("plan-power")).toContainText("39 €");
  await expect(page.getByTestId("plan-pro_weekly")).toContainText("5,95 €");
  // The landing page's table, same catalogue and look: the pack and Power Seller carry the same text.
  const upgradeTexts = [await page.getByTestId("plan-pro_pack").innerText(), await page.getByTestId("plan-power").innerText()];
  // No payments here: the checkout buttons are off and say why; the weekly plan leads to its payment page.
  await expect(page.getByTestId("plan-pro_pack").getByRole("button", { name: "Pro Seller kaufen" })).toBeDisabled();
  await expect(page.getByText("Zahlungen sind in dieser Umgebung nicht eingerichtet.")).toBeVisible();
  await page.getByTestId("plan-pro_weekly").getByRole("link", { name: "Pro abonnieren" }).click();
  await expect(page).toHaveURL("/subscribe");
  await expect(page.getByLabel("Preis")).toContainText("5,95 €");

  await page.context().clearCookies();
  await page.goto("/");
  const landingTexts = [await page.getByTestId("plan-pro_pack").innerText(), await page.getByTestId("plan-power").innerText()];
  expect(landingTexts).toEqual(upgradeTexts);
});

test("without payments configured the form is disabled and shows the price breakdown", async ({ page }) => {
  await signInNewSeller(page);
  await page.goto("/subscribe");
  await expect(page.getByLabel("Preis").getByRole("definition")).toHaveText(["5 €", "0,95 €", "5,95 €"]);
  await expect(page.getByLabel("Preis")).toContainText("jederzeit kündbar");
  await expect(page.getByRole("form", { name: "Zahlung" }).getByRole("button")).toBeDisabled();
  await expect(page.getByText("Zahlungen sind in dieser Umgebung nicht eingerichtet.").first()).toBeVisible();
});

test("returning with payment=success shows the toast and drops the parameter", async ({ page }) => {
  await signInNewSeller(page);
  await page.goto("/subscribe?payment=success");
  await waitForHydration(page);
  await expect(toastWith(page, "Zahlung erfolgreich!")).toBeVisible();
  await expect(page).toHaveURL("/subscribe");
});
