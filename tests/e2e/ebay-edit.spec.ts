// ADR 076, against the local fake eBay that `npm start` runs beside the demo
// server: a price changed in "Bearbeiten" on a published ad reaches the live eBay offer after the
// edit's answer, and "Live auf" shows the price eBay holds now — read back from eBay, so a price
// the seller changes at eBay itself shows there too.
import { connectAndSetUpEbay, finishedCoffeeMachine, FAKE_EBAY, offerAtEbay } from "./ebay-helpers";
import { expect, test, toastWith } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("a price edit on a published ad reaches the eBay offer and the Live auf line", async ({ page, photos }) => {
  // One generation, a consent and about twenty round trips to the fake eBay.
  test.setTimeout(90_000);
  // A finished ad with the seller's price.
  const { card, adId } = await finishedCoffeeMachine(page, photos, "DeLonghi Magnifica, sehr gut, entkalkt. 120 VB");

  await connectAndSetUpEbay(page);
  await page.goto("/");
  const life = card.getByTestId("listing-life");
  await life.getByRole("button", { name: "Auf eBay veröffentlichen" }).click();
  const form = life.getByRole("form", { name: "Auf eBay veröffentlichen" });
  const brand = form.getByLabel("Marke *");
  if ((await brand.inputValue()) === "") await brand.fill("DeLonghi");
  await form.getByRole("button", { name: "Jetzt auf eBay veröffentlichen" }).click();
  await expect(toastWith(page, "Auf eBay veröffentlicht")).toBeVisible();
  const row = life.getByTestId("listing-row").filter({ hasText: "eBay" });
  await expect(row.getByText("Live")).toBeVisible();
  await expect(row).toContainText(/120\s€/);
  expect((await offerAtEbay(adId))?.pricingSummary.price.value).toBe("120.00");

  // "Bearbeiten": 120 → 99 €. The answer comes at once; eBay gets the price after it.
  await card.getByRole("button", { name: "Bearbeiten" }).click();
  const editor = card.getByRole("form", { name: "Anzeige bearbeiten" });
  await editor.getByLabel("Dein Preis in €").fill("99");
  await editor.getByRole("button", { name: "Speichern" }).click();
  await expect(toastWith(page, "Anzeige aktualisiert")).toBeVisible();

  // "Live auf" reads the price back from eBay once the edit is there.
  await expect(row.getByText(/^99\s€$/)).toBeVisible();
  // Below the price it started at: the start price struck through (ADR 037).
  await expect(row.locator("s")).toHaveText(/^120\s€$/);
  await expect(row.getByTestId("edit-state")).toHaveCount(0);
  expect((await offerAtEbay(adId))?.pricingSummary.price.value).toBe("99.00");
  // The buyer's page at eBay shows it too.
  const listingId = (await offerAtEbay(adId))!.listing!.listingId;
  expect(await (await fetch(`${FAKE_EBAY}/itm/${listingId}`)).text()).toContain("EUR 99.00");
});
