import type { Page } from "@playwright/test";
import { demoPort } from "../../playwright.config";
import { finishedAdFromForm, signInNewSeller } from "./dashboard-helpers";
import { expect, toastWith, waitForHydration, type Photos } from "./fixtures";

/** The fake eBay beside the demo server (`npm start` runs it on PORT+10). */
export const FAKE_EBAY = `http://127.0.0.1:${demoPort + 10}`;

export type FakeOffer = {
  sku: string;
  seller: string;
  status: string;
  merchantLocationKey: string;
  pricingSummary: { price: { value: string } };
  listingPolicies: {
    fulfillmentPolicyId: string;
    bestOfferTerms?: { bestOfferEnabled: boolean };
    shippingCostOverrides?: Array<Record<string, unknown>>;
  };
  listing?: { listingId: string };
};
export type FakeAccount = {
  seller: string;
  programs: string[];
  fulfillmentPolicies: Array<{
    fulfillmentPolicyId: string;
    name: string;
    localPickup?: boolean;
    shippingOptions?: Array<{ shippingServices: Array<{ shippingServiceCode: string }> }>;
  }>;
  locations: Array<{ merchantLocationKey: string; location: { address: { postalCode: string; city?: string } } }>;
};

export async function fakeEbayState() {
  return (await (await fetch(`${FAKE_EBAY}/__state`)).json()) as { offers: FakeOffer[]; accounts: FakeAccount[] };
}

export async function offerAtEbay(adId: string): Promise<FakeOffer | undefined> {
  return (await fakeEbayState()).offers.find((offer) => offer.sku === `ap-${adId}`);
}

/**
 * Profile: PLZ and Ort, "eBay verbinden" → the fake's consent page (a new eBay account: nothing set
 * up) → "eBay einrichten", which lists what it will create, confirmed (ADR 045).
 */
export async function connectAndSetUpEbay(page: Page, place = { postalCode: "10115", city: "Berlin" }) {
  await page.goto("/profile");
  await waitForHydration(page);
  const profile = page.getByRole("form", { name: "Profil" });
  await profile.getByRole("button", { name: "Bearbeiten" }).click();
  await profile.getByLabel("Postleitzahl").fill(place.postalCode);
  await profile.getByLabel("Ort", { exact: true }).fill(place.city);
  await profile.getByRole("button", { name: "Speichern" }).click();
  await expect(toastWith(page, "Profil aktualisiert")).toBeVisible();

  const ebay = page.getByTestId("ebay-connection");
  await ebay.getByRole("button", { name: "eBay verbinden" }).click();
  await page.getByRole("button", { name: "Zugriff erlauben" }).click();
  await expect(page).toHaveURL(/\/profile/);
  await expect(toastWith(page, "eBay verbunden")).toBeVisible();
  const setup = ebay.getByRole("form", { name: "eBay einrichten" });
  await expect(setup.getByTestId("ebay-setup-steps")).toContainText(
    `Artikelstandort „${place.postalCode} ${place.city}“ aus deinem Profil`,
  );
  await setup.getByRole("button", { name: "eBay einrichten" }).click();
  await expect(toastWith(page, "eBay ist eingerichtet")).toBeVisible();
  await expect(ebay.getByText("Richtlinien und Standort sind gewählt")).toBeVisible();
  return ebay;
}

/**
 * A new seller's finished ad for a coffee machine, made through the create form; `note`: what the
 * seller typed. Answers the ad's card and its id.
 */
export async function finishedCoffeeMachine(page: Page, photos: Photos, note: string) {
  await signInNewSeller(page);
  return finishedAdFromForm(page, photos, {
    item: "Kaffeevollautomat DeLonghi",
    category: "elektronik",
    note,
    photo: { name: "kaffee.jpg", colour: "#6b4f3a" },
  });
}
