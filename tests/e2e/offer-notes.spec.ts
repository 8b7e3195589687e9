// The offer record (ADR 041) on a phone (390×844): one note typed the way sellers type it (a shipping
// cost with its parcel service and a price) goes through the create form (its one-line reading), the
// offline writer and back out through every surface a seller opens: the card, its copies, the
// Anzeigen-Check, the Verkaufshelfer, the public page and the eBay draft. Price, price type and
// handover agree on all of them, and the text makes none of the claims sellers never made. The
// other combinations (price types × handover × shipping × seller type) are the workers matrix of
// tests/workers/offer-surfaces.test.ts, which reads the same surfaces from the server; the form's
// one-line reading of each is tests/unit (offer-line).
import { copiedText } from "./clipboard";
import { signInNewSeller } from "./dashboard-helpers";
import { connectAndSetUpEbay } from "./ebay-helpers";
import { AD_READY_MS, expect, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

type Note = {
  name: string;
  item: string;
  category: string;
  note: string;
  dealer?: boolean;
  /** The create form's one-line reading, as stored. */
  reading: string;
  label: string;
  /** The handover words on the card's copies and the public page. */
  handover: RegExp;
  /** Kit: the Verkaufshelfer's price line. */
  kit: RegExp;
  /** eBay draft: the price in the form and the note on VB/Festpreis; null = no eBay (giveaway). */
  ebay: { price: string; type: RegExp; handover?: RegExp } | null;
  /** Words the seller never wrote, which the text must not claim. */
  neverClaimed: RegExp;
};

const INVENTED = /Zustand: (?:Gut|Sehr gut|Neuwertig)|neuwertigem Zustand|gutem Zustand|Gekauft: \d{4}|Besichtigung|Rechnung vorhanden/;

const NOTES: Note[] = [
  {
    name: "a shipping cost with its parcel service",
    item: "Regenjacke Vaude",
    category: "kleidung",
    note: "Vaude Regenjacke Damen Gr. 38, einmal getragen. Versand 5,49 € mit DHL, nur Versand. 45 €",
    reading: "45 € · Versand 5,49 € (DHL) · Keine Abholung",
    label: "45 €",
    handover: /Versand 5,49 € \(DHL\) · Keine Abholung/,
    kit: /45 € – ohne „VB“ oder „Festpreis“: die Antworten nennen ihn, ohne zu handeln/,
    ebay: { price: "45", type: /ohne Preisvorschläge/, handover: /Versand 5,49 € mit DHL/ },
    neverClaimed: INVENTED,
  },
];

const plain = (text: string) => text.replace(/\s/g, " ");

for (const entry of NOTES) {
  test(`one offer on every surface: ${entry.name}`, async ({ page, context, photos, demoDb }) => {
    // One generation, the eBay consent and about fifteen page interactions: ~20 s here.
    test.setTimeout(90_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const email = await signInNewSeller(page);
    if (entry.dealer) {
      await demoDb.all(
        "update users set business_type = 'commercial', company_name = 'Büromöbel Meyer GmbH', address = 'Lagerweg 4', postal_code = '20095', city = 'Hamburg' where email = ?",
        email,
      );
    }
    if (entry.ebay) await connectAndSetUpEbay(page, entry.dealer ? { postalCode: "20095", city: "Hamburg" } : undefined);
    await page.goto("/");

    // The create form reads the note into one line before anything is written.
    await page.getByRole("tab", { name: "Neue Anzeige" }).click();
    await page.getByLabel("Was verkaufst du? *").fill(entry.item);
    await page.getByLabel("Kategorie *").selectOption(entry.category);
    await page.getByLabel("Beschreibung (optional)").fill(entry.note);
    await expect(page.getByTestId("offer-reading")).toHaveText(`So steht es in deiner Anzeige: ${entry.reading}`.replace(/ €/g, "\u00a0€"));
    await page
      .getByLabel("Fotos auswählen")
      .setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: await photos.ofColour("#4a6b8a") });
    await expect(page.getByRole("img", { name: /Vorschau 1/ })).toBeVisible();
    await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
    const card = page.getByTestId("ad-card").first();
    await expect(card.getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });
    const adId = (await card.getByRole("link", { name: "Öffentliche Seite" }).getAttribute("href"))!.split("/").pop()!;

    // The Anzeigen-Check, on the card without opening it.
    await expect(card.getByRole("region", { name: /Anzeigen-Check/ })).toContainText("von 100");

    // The card's price and text; the text claims nothing the seller did not say.
    if ((await card.getByRole("button", { name: "Details anzeigen" }).count()) > 0)
      await card.getByRole("button", { name: "Details anzeigen" }).click();
    await expect(card.getByTestId("card-price")).toContainText(entry.label.replace(/ €/g, "\u00a0€"));
    expect(plain((await card.textContent()) ?? "")).not.toMatch(entry.neverClaimed);

    // Every copy: the seller's price and the record's handover; Vinted's copy without pickup lines.
    const copyOf = (platform: string, label: string) =>
      copiedText(page, card.getByTestId(`variant-${platform}`).getByRole("button", { name: `Text kopieren für ${label}` }));
    for (const [platform, label] of [
      ["kleinanzeigen", "Kleinanzeigen"],
      ["ebay", "eBay"],
      ["willhaben", "willhaben"],
      ["facebook", "Facebook Marketplace"],
    ]) {
      const copied = plain(await copyOf(platform, label));
      expect(copied, platform).toContain(`Preis: ${entry.label}`);
      expect(copied, platform).toMatch(entry.handover);
      expect(copied, platform).not.toMatch(entry.neverClaimed);
    }
    const vinted = plain(await copyOf("vinted", "Vinted"));
    expect(vinted).toContain(`Preis: ${entry.label}`);
    expect(vinted).not.toMatch(/Abholung in/);

    // The Verkaufshelfer states the same price and type.
    await card.getByRole("button", { name: /Verkaufshelfer/ }).click();
    await expect(card.getByTestId("kit-price")).toHaveText(new RegExp(`Anzeigenpreis: ${entry.kit.source}`.replace(/ €/g, "\\s€")));

    // The eBay draft: the same price, VB as price proposals, the record's handover.
    if (entry.ebay) {
      const life = card.getByTestId("listing-life");
      await life.getByRole("button", { name: "Auf eBay veröffentlichen" }).click();
      const form = life.getByRole("form", { name: "Auf eBay veröffentlichen" });
      await expect(form.getByLabel("Preis (€)")).toHaveValue(entry.ebay.price);
      const notes = form.getByTestId("ebay-offer-notes");
      await expect(notes).toContainText(entry.ebay.type);
      if (entry.ebay.handover) await expect(notes).toContainText(entry.ebay.handover);
    }

    // The public page: the same price and handover.
    await page.goto(`/ad/${adId}`);
    await expect(page.getByTestId("public-price")).toContainText(entry.label.replace(/ €/g, "\u00a0€"));
    expect(plain((await page.getByTestId("public-offer").textContent()) ?? "")).toMatch(entry.handover);
    expect(plain((await page.locator("main").textContent()) ?? "")).not.toMatch(entry.neverClaimed);
  });
}
