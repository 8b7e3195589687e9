// In Chromium at 390×844 against the local fake eBay (ADR 036, ADR 075): a seller connects eBay,
// looks at the DHL policy at 5,49 € that "eBay einrichten" created, ships insured with Hermes for
// 7,50 €, sees that in the eBay draft with the suggested category and goes live on eBay with Hermes
// at 7,50 €. (The whole life of a listing — price cut, Verkauft — is ebay-walk.spec.ts.)
import { connectAndSetUpEbay, FAKE_EBAY, finishedCoffeeMachine, fakeEbayState, offerAtEbay } from "./ebay-helpers";
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

  // "eBay einrichten" created location and policies in the new eBay account (ADR 045); the seller
  // can still choose others.
  const ebay = await connectAndSetUpEbay(page);
  await ebay.getByRole("button", { name: "Richtlinien ändern" }).click();
  await expect(ebay.getByLabel("Versand", { exact: true }).locator("option:checked")).toHaveText("AnzeigenPilot: DHL Paket 5,49 €");
  await expect(ebay.getByLabel("Artikelstandort").locator("option:checked")).toHaveText("10115 Berlin");
  await ebay.getByRole("button", { name: "Speichern" }).click();
  await expect(toastWith(page, "eBay-Einstellungen gespeichert")).toBeVisible();

  // The draft on the card: the suggested category, the seller's price and shipping.
  await page.goto("/");
  const life = card.getByTestId("listing-life");
  await life.getByRole("button", { name: "Auf eBay veröffentlichen" }).click();
  const form = life.getByRole("form", { name: "Auf eBay veröffentlichen" });
  await expect(form.getByLabel("eBay-Kategorie")).toHaveValue("20667");
  await expect(form.getByLabel("Preis (€)")).toHaveValue("120");
  await expect(form).toContainText("Versand 7,50 € mit Hermes Paket");
  const brand = form.getByLabel("Marke *");
  if ((await brand.inputValue()) === "") await brand.fill("DeLonghi");
  await form.getByRole("button", { name: "Jetzt auf eBay veröffentlichen" }).click();
  await expect(toastWith(page, "Auf eBay veröffentlicht")).toBeVisible();
  const row = life.getByTestId("listing-row").filter({ hasText: "eBay" });
  await expect(row.getByText("Live")).toBeVisible();

  // At eBay: live on a policy that offers Hermes only, at the seller's 7,50 €; the card links to the listing.
  const offer = await offerAtEbay(adId);
  expect(offer).toMatchObject({ status: "PUBLISHED" });
  await expect(row.getByRole("link", { name: /Anzeige öffnen/ })).toHaveAttribute("href", `${FAKE_EBAY}/itm/${offer!.listing!.listingId}`);
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
