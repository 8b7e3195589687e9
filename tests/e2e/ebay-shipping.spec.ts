// In Chromium at 390×844 against the local fake eBay (ADR 075): a seller who
// ships insured with Hermes for 7,50 € sees that in the eBay draft and goes live on eBay with Hermes
// at 7,50 € — not on the DHL policy at 5,49 € that "eBay einrichten" created.
import { connectAndSetUpEbay, finishedCoffeeMachine, fakeEbayState, offerAtEbay } from "./ebay-helpers";
import { expect, test, toastWith } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("a Hermes item at the seller's own shipping cost goes live with that cost and carrier", async ({ page, photos }) => {
  test.setTimeout(90_000);
  // A finished ad with the seller's price.
  const { card, adId } = await finishedCoffeeMachine(
    page,
    photos,
    "DeLonghi Magnifica, sehr gut, entkalkt. 120 VB. Versand versichert mit Hermes für 7,50 €",
  );

  await connectAndSetUpEbay(page);
  await page.goto("/");
  const life = card.getByTestId("listing-life");
  await life.getByRole("button", { name: "Auf eBay veröffentlichen" }).click();
  const form = life.getByRole("form", { name: "Auf eBay veröffentlichen" });
  await expect(form).toContainText("Versand 7,50 € mit Hermes Paket");
  const brand = form.getByLabel("Marke *");
  if ((await brand.inputValue()) === "") await brand.fill("DeLonghi");
  await form.getByRole("button", { name: "Jetzt auf eBay veröffentlichen" }).click();
  await expect(toastWith(page, "Auf eBay veröffentlicht")).toBeVisible();
  await expect(life.getByTestId("listing-row").filter({ hasText: "eBay" }).getByText("Live")).toBeVisible();

  // At eBay: live on a policy that offers Hermes only, at the seller's 7,50 €.
  const offer = await offerAtEbay(adId);
  expect(offer).toMatchObject({ status: "PUBLISHED" });
  expect(offer!.listingPolicies.shippingCostOverrides).toEqual([
    {
      priority: 1,
      shippingServiceType: "DOMESTIC",
      shippingCost: { value: "7.50", currency: "EUR" },
      additionalShippingCost: { value: "7.50", currency: "EUR" },
    },
  ]);
  const policy = (await fakeEbayState()).accounts
    .flatMap((account) => account.fulfillmentPolicies)
    .find((entry) => entry.fulfillmentPolicyId === offer!.listingPolicies.fulfillmentPolicyId)!;
  expect(policy.shippingOptions!.flatMap((option) => option.shippingServices.map((service) => service.shippingServiceCode))).toEqual([
    "DE_HermesPaket",
  ]);
});
