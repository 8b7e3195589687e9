// Publishing on eBay (ADR 036), against the local fake eBay that `npm start` runs beside the demo server
// (fakes/ebay.mjs on PORT+10): connect eBay on the fake's consent page → set location and policies
// up from zero (ADR 045) → publish a finished ad → the live link on the dashboard → an approved price cut reaches
// the fake (the cron run by hand via /dev/housekeeping, the plan's due date moved with the demo D1,
// never a sleep) → "Verkauft" withdraws the offer.
import { demoPort } from "../../playwright.config";
import { connectAndSetUpEbay, finishedCoffeeMachine, FAKE_EBAY, offerAtEbay } from "./ebay-helpers";
import { expect, test, toastWith } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("connect eBay, publish, an approved price cut reaches eBay, Verkauft withdraws it", async ({ page, photos, demoDb }) => {
  // One generation, a consent, about twenty round trips to the fake eBay and a cron run: ~25 s here.
  test.setTimeout(90_000);
  // A finished ad with the seller's price.
  const { card, adId } = await finishedCoffeeMachine(page, photos, "DeLonghi Magnifica, sehr gut, entkalkt. 120 VB");

  // Profile → eBay verbinden → the fake's consent page → back, connected; "eBay einrichten" creates
  // location and policies in the new eBay account (ADR 045); the seller can still choose others.
  const ebay = await connectAndSetUpEbay(page);
  await ebay.getByRole("button", { name: "Richtlinien ändern" }).click();
  await expect(ebay.getByLabel("Versand", { exact: true }).locator("option:checked")).toHaveText("AnzeigenPilot: DHL Paket 5,49 €");
  await expect(ebay.getByLabel("Artikelstandort").locator("option:checked")).toHaveText("10115 Berlin");
  await ebay.getByRole("button", { name: "Speichern" }).click();
  await expect(toastWith(page, "eBay-Einstellungen gespeichert")).toBeVisible();

  // The card: "Auf eBay veröffentlichen" (on the card, no need to open its details) with the
  // suggested category and the ad's brand and price.
  await page.goto("/");
  const life = card.getByTestId("listing-life");
  await life.getByRole("button", { name: "Auf eBay veröffentlichen" }).click();
  const form = life.getByRole("form", { name: "Auf eBay veröffentlichen" });
  await expect(form.getByLabel("eBay-Kategorie")).toHaveValue("20667");
  const brand = form.getByLabel("Marke *");
  if ((await brand.inputValue()) === "") await brand.fill("DeLonghi");
  await expect(form.getByLabel("Preis (€)")).toHaveValue("120");
  await form.getByRole("button", { name: "Jetzt auf eBay veröffentlichen" }).click();
  await expect(toastWith(page, "Auf eBay veröffentlicht")).toBeVisible();

  // The live link on the dashboard, to the listing at eBay (the fake's page).
  const row = life.getByTestId("listing-row").filter({ hasText: "eBay" });
  await expect(row.getByText("Live")).toBeVisible();
  const link = row.getByRole("link", { name: /Anzeige öffnen/ });
  const offer = await offerAtEbay(adId);
  expect(offer).toMatchObject({ status: "PUBLISHED", pricingSummary: { price: { value: "120.00" } } });
  await expect(link).toHaveAttribute("href", `${FAKE_EBAY}/itm/${offer!.listing!.listingId}`);

  // An approved plan: −15 € every 3 days, never below 90 €.
  await life.getByRole("button", { name: "Preisplan festlegen" }).click();
  const plan = life.getByRole("form", { name: "Preisplan" });
  await plan.getByLabel("Senken um (€)").fill("15");
  await plan.getByLabel("Alle … Tage").fill("3");
  await plan.getByLabel("Mindestpreis (€)").fill("90");
  await plan.getByRole("button", { name: "Preisplan freigeben" }).click();
  await expect(life.getByTestId("price-plan")).toContainText("alle 3 Tage");

  // Three days later, as the cron sees it: the due date moved back instead of waiting.
  await demoDb.all("update price_cut_plans set next_cut_at = ? where ad_id = ?", Date.now() - 1000, adId);
  const housekeeping = await fetch(`http://localhost:${demoPort}/dev/housekeeping`, {
    method: "POST",
    // A write to /dev/* shows the instance's own origin (ADR 067).
    headers: { Origin: `http://localhost:${demoPort}` },
  });
  expect(housekeeping.status).toBe(200);
  expect((await offerAtEbay(adId))?.pricingSummary.price.value).toBe("105.00");
  await page.reload();
  await expect(row).toContainText(/120\s€\s*105\s€/);

  // Verkauft: the offer is withdrawn; the seller is told where to end it by hand.
  await life.getByRole("button", { name: "Verkauft" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Verkauft – Angebote beenden" }).click();
  await expect(life.getByTestId("sold-note")).toContainText("Verkauft am");
  await expect(row.getByText("Beendet")).toBeVisible();
  expect((await offerAtEbay(adId))?.status).toBe("UNPUBLISHED");
});
