// The walk on eBay at 390×844 (ADR 045): a new seller — a new eBay account in the fake,
// without location or policies — connects eBay, sets location and policies up from zero in the
// profile, publishes a pickup-only VB pram that stands in München while the seller lives in Berlin
// (the fake's /__state: Best Offer on, the pickup policy, the ad's place), an approved price cut
// reaches eBay, the card and the public page (the cron run by hand via /dev/housekeeping, the plan's
// due date moved with the demo D1, never a sleep), and "Verkauft" ends it and the public page says so.
import { demoPort } from "../../playwright.config";
import { finishedAdFromForm, signInNewSeller } from "./dashboard-helpers";
import { connectAndSetUpEbay, fakeEbayState, offerAtEbay } from "./ebay-helpers";
import { expect, test, toastWith } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

const plain = (text: string | null) => (text ?? "").replace(/\s/g, " ");

test("a new seller sets eBay up from zero, lists a pickup-only VB pram at its own place, cuts the price and sells it", async ({
  page,
  photos,
  demoDb,
}) => {
  // One generation, a consent, the setup, about twenty round trips to the fake eBay and a cron run.
  test.setTimeout(120_000);
  await signInNewSeller(page);

  // Profile: PLZ and Ort; eBay verbinden; "eBay einrichten" lists what it creates and does so on the click.
  const ebay = await connectAndSetUpEbay(page, { postalCode: "10115", city: "Berlin" });
  await expect(ebay.getByRole("form", { name: "eBay einrichten" })).toHaveCount(0);

  // A pram, only to be picked up in München, VB.
  await page.goto("/");
  const { card, adId } = await finishedAdFromForm(page, photos, {
    item: "Kinderwagen Bugaboo Fox",
    category: "familie",
    note: "Kinderwagen Bugaboo Fox, sehr gut, nur Abholung in 81373 München, 450 VB",
    photo: { name: "kinderwagen.jpg", colour: "#3a4b6b" },
  });

  // The eBay draft says what the record does there: VB, pickup only, the ad's place.
  await card.getByTestId("card-selling").scrollIntoViewIfNeeded();
  const life = card.getByTestId("listing-life");
  await life.getByRole("button", { name: "Auf eBay veröffentlichen" }).click();
  const form = life.getByRole("form", { name: "Auf eBay veröffentlichen" });
  await expect(form.getByLabel("Preis (€)")).toHaveValue("450");
  const notes = form.getByTestId("ebay-offer-notes");
  await expect(notes).toContainText("Preisvorschläge senden");
  await expect(notes).toContainText("Nur Abholung");
  await expect(notes).toContainText("Artikelstandort: 81373 München, wie in deiner Anzeige.");
  // Required aspects the ad did not fill: a free value, or the first of eBay's list.
  for (const required of await form.getByLabel(/\*$/).all()) {
    if ((await required.inputValue()) !== "") continue;
    if ((await required.evaluate((element) => element.tagName)) === "SELECT") await required.selectOption({ index: 1 });
    else await required.fill("Bugaboo");
  }
  await form.getByRole("button", { name: "Jetzt auf eBay veröffentlichen" }).click();
  await expect(toastWith(page, "Auf eBay veröffentlicht")).toBeVisible();
  const row = life.getByTestId("listing-row").filter({ hasText: "eBay" });
  await expect(row.getByText("Live")).toBeVisible();

  // At eBay: Best Offer on, the pickup-only policy the setup created, listed in München.
  const state = await fakeEbayState();
  const offer = state.offers.find((entry) => entry.sku === `ap-${adId}`)!;
  const account = state.accounts.find((entry) => entry.seller === offer.seller)!;
  const pickup = account.fulfillmentPolicies.find((policy) => policy.localPickup)!;
  expect(offer).toMatchObject({
    status: "PUBLISHED",
    pricingSummary: { price: { value: "450.00" } },
    listingPolicies: { fulfillmentPolicyId: pickup.fulfillmentPolicyId, bestOfferTerms: { bestOfferEnabled: true } },
    merchantLocationKey: "ap-plz-81373",
  });
  expect(pickup.name).toBe("AnzeigenPilot: Nur Abholung");
  expect(account.locations.find((location) => location.merchantLocationKey === offer.merchantLocationKey)!.location.address).toEqual({
    postalCode: "81373",
    city: "München",
    country: "DE",
  });

  // An approved plan: −20 € every 3 days, never below 380 €.
  await life.getByRole("button", { name: "Preisplan festlegen" }).click();
  const plan = life.getByRole("form", { name: "Preisplan" });
  await plan.getByLabel("Senken um (€)").fill("20");
  await plan.getByLabel("Alle … Tage").fill("3");
  await plan.getByLabel("Mindestpreis (€)").fill("380");
  await plan.getByRole("button", { name: "Preisplan freigeben" }).click();
  await expect(life.getByTestId("price-plan")).toContainText("alle 3 Tage");

  // Three days later, as the cron sees it: eBay, the card and the public page show 430 € VB.
  await demoDb.all("update price_cut_plans set next_cut_at = ? where ad_id = ?", Date.now() - 1000, adId);
  const housekeeping = await fetch(`http://localhost:${demoPort}/dev/housekeeping`, {
    method: "POST",
    // A write to /dev/* shows the instance's own origin (ADR 067).
    headers: { Origin: `http://localhost:${demoPort}` },
  });
  expect(housekeeping.status).toBe(200);
  expect((await offerAtEbay(adId))?.pricingSummary.price.value).toBe("430.00");
  await page.reload();
  await expect(row).toContainText(/450\s€\s*430\s€/);
  await card.getByRole("button", { name: "Details anzeigen" }).click();
  await expect(card.getByTestId("card-price")).toHaveText(/^Dein Preis430\s€ VB$/);
  await page.goto(`/ad/${adId}`);
  expect(plain(await page.getByTestId("public-price").textContent())).toBe("430 € VB");
  await expect(page.getByTestId("public-sold")).toHaveCount(0);

  // Verkauft: the listing ends at eBay, and the public page says sold.
  await page.goto("/");
  await life.getByRole("button", { name: "Verkauft" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Verkauft – Angebote beenden" }).click();
  await expect(life.getByTestId("sold-note")).toContainText("Verkauft am");
  await expect(row.getByText("Beendet")).toBeVisible();
  expect((await offerAtEbay(adId))?.status).toBe("UNPUBLISHED");
  await page.goto(`/ad/${adId}`);
  await expect(page.getByTestId("public-sold")).toHaveText("Verkauft");
});
