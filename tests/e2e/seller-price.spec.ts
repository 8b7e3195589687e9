// The seller's price (ADR 028) on a phone (390×844): the seller's "250 VB" typed at the end of the note is
// prefilled in the form and kept on the card, the public page and in the Verkaufshelfer;
// counter-offers rise with the offer and never name the floor; "Titel kopieren" and "Text
// kopieren" per platform; eBay's copy is text/html with a plain fallback; no Unicode mathematical
// letter in any copy; the Kleinanzeigen copy of a Vinted ad never mentions Vinted.
import { copiedFormatted, copiedText } from "./clipboard";
import { finishedAdFromForm, signInNewSeller } from "./dashboard-helpers";
import { AD_READY_MS, expect, test, toastWith } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

const LABELS = ["Kleinanzeigen", "eBay", "Vinted", "willhaben", "Facebook Marketplace"];
const MATH_LETTERS = /[\u{1D400}-\u{1D7FF}]/u;

test("the seller's price as typed, everywhere; paste-ready copies per platform", async ({ page, context, photos }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInNewSeller(page);
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  await page.getByRole("combobox", { name: "Wo willst du verkaufen?" }).selectOption("vinted");
  await page.getByLabel("Was verkaufst du? *").fill("Glasvitrine");
  await page.getByLabel("Kategorie *").selectOption("moebel");
  await page
    .getByLabel("Beschreibung (optional)")
    .fill("glasvitrine mit beleuchtung, 4 böden, versand über vinted oder abholung 81373 münchen. 250 VB");
  // Prefilled from the note as it was typed.
  await expect(page.getByLabel("Dein Preis in €")).toHaveValue("250");
  await expect(page.getByLabel("Preisart")).toHaveValue("vb");
  await expect(page.getByLabel("PLZ")).toHaveValue("81373");
  await page
    .getByLabel("Fotos auswählen")
    .setInputFiles({ name: "vitrine.jpg", mimeType: "image/jpeg", buffer: await photos.ofColour("#5b7f95") });
  await expect(page.getByRole("img", { name: /Vorschau 1/ })).toBeVisible();
  // Every toast the page shows, however briefly: the offline writer finishes in a blink and the
  // dashboard's wait answers at once (ADR 083), so the creation's toast may have given way to the
  // finished one before a look could find it.
  await page.evaluate(() => {
    const shown: string[] = [];
    Object.assign(window, { shownToasts: shown });
    new MutationObserver(() => {
      for (const item of document.querySelectorAll('[role="region"][aria-label^="Benachrichtigungen"] li')) {
        const text = item.textContent ?? "";
        if (!shown.includes(text)) shown.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts))
    .toContainEqual(expect.stringMatching(/Anzeige erstellt!.*Die KI schreibt jetzt deine Anzeige/));
  const card = page.getByTestId("ad-card").first();
  await expect(card.getByText("Fertig")).toBeVisible({ timeout: AD_READY_MS });

  // The finished ad opens itself, in view; the "KI schreibt" toast has ended, a short note says it is done.
  await expect(card.getByRole("button", { name: "Details ausblenden" })).toBeVisible();
  await expect(card.getByTestId("card-price")).toBeInViewport();
  await expect(toastWith(page, "Die KI schreibt jetzt deine Anzeige")).toHaveCount(0);
  await expect(toastWith(page, "Deine Anzeige ist fertig!")).toBeVisible();

  // The card: the seller's price exactly.
  await expect(card.getByTestId("card-price")).toContainText(/250\s€ VB/);

  // Copies: title and text apart for every platform, none with mathematical letters.
  const variants = card.getByRole("region", { name: "Für jede Plattform" });
  for (const label of LABELS) {
    for (const what of ["Titel", "Text"]) {
      const copied = await copiedText(page, variants.getByRole("button", { name: `${what} kopieren für ${label}` }));
      expect(copied.length, `${what} ${label}`).toBeGreaterThan(0);
      expect(copied, `${what} ${label}`).not.toMatch(MATH_LETTERS);
      if (what === "Text" && label !== "Vinted") expect(copied, label).not.toMatch(/vinted/i);
      if (what === "Text") expect(copied, label).toMatch(/Preis: 250\s€ VB/);
    }
  }
  const ebay = await copiedFormatted(page, variants.getByRole("button", { name: "Text kopieren für eBay" }));
  expect(ebay.types).toEqual(expect.arrayContaining(["text/html", "text/plain"]));
  expect(ebay.html).toMatch(/<(p|ul|li|b)>/);
  expect(ebay.html).not.toMatch(MATH_LETTERS);

  // The Verkaufshelfer: the same price; counters rise with the offer and never name the floor.
  const helper = card.getByRole("region", { name: "Verkaufshelfer" });
  await helper.getByRole("button", { name: /Verkaufshelfer/ }).click();
  await expect(helper.getByTestId("kit-price")).toHaveText(/Anzeigenpreis:\s*250\s€\s*VB/);
  const floor = await helper.getByLabel("Mein Minimum (€)").inputValue();
  let previous = 0;
  for (const offer of [100, 150, 200]) {
    await helper.getByLabel("Angebot des Käufers (€)").fill(String(offer));
    await helper.getByRole("button", { name: "Antwort vorschlagen" }).click();
    const answer = helper.getByTestId("offer-answer");
    await expect(answer).toContainText(`${offer} €`);
    const text = (await answer.textContent())!;
    const counter = Number(/Gegenangebot:? (\d+) €/.exec(text)?.[1] ?? offer);
    expect(counter, text).toBeGreaterThanOrEqual(previous);
    expect(counter, text).toBeLessThanOrEqual(250);
    expect(text).not.toContain(`${floor} €`);
    previous = counter;
  }
  // Typed the German way, "1.200" is 1.200 € (above the price), not 1,20 €; a word is no amount.
  await helper.getByLabel("Angebot des Käufers (€)").fill("1.200");
  await helper.getByRole("button", { name: "Antwort vorschlagen" }).click();
  await expect(helper.getByTestId("offer-answer")).toContainText("Mehr als dein Preis – zu 250 € annehmen");
  await helper.getByLabel("Angebot des Käufers (€)").fill("viel");
  await helper.getByRole("button", { name: "Antwort vorschlagen" }).click();
  await expect(helper.getByText("Angebot: Bitte gib einen Betrag in Euro an.")).toBeVisible();
  await expect(helper.getByTestId("offer-answer")).toHaveCount(0);

  // The public page a buyer sees.
  await card.getByRole("link", { name: "Öffentliche Seite" }).click();
  await expect(page.getByTestId("public-price")).toHaveText(/^250\s€ VB$/);
});

test("the seller changes price, type, handover and place after creation; card, copies, Verkaufshelfer and public page follow", async ({
  page,
  photos,
}) => {
  await signInNewSeller(page);
  const { card } = await finishedAdFromForm(page, photos, {
    item: "Kinderwagen Bugaboo Fox",
    category: "familie",
    note: "bugaboo fox 2, guter zustand, mit regenschutz. 250 VB",
    photo: { name: "wagen.jpg", colour: "#4a5b7f" },
  });
  await expect(card.getByTestId("card-price")).toContainText(/250\s€ VB/);

  await card.getByRole("button", { name: "Bearbeiten" }).click();
  const editor = card.getByRole("form", { name: "Anzeige bearbeiten" });
  await expect(editor.getByLabel("Dein Preis in €")).toHaveValue("250");
  await expect(editor.getByLabel("Preisart")).toHaveValue("vb");
  // A PLZ it cannot read is named in German, nothing is sent.
  await editor.getByLabel("PLZ").fill("503");
  await editor.getByRole("button", { name: "Speichern" }).click();
  await expect(editor.getByText("Bitte gib eine fünfstellige Postleitzahl an.")).toBeVisible();
  await editor.getByLabel("Dein Preis in €").fill("199");
  await editor.getByLabel("Preisart").selectOption("festpreis");
  await editor.getByLabel("Versand", { exact: true }).selectOption("excluded");
  await editor.getByLabel("Abholung", { exact: true }).selectOption("offered");
  await editor.getByLabel("PLZ").fill("50823");
  await editor.getByLabel("Ort").fill("Köln");
  await editor.getByRole("button", { name: "Speichern" }).click();
  await expect(toastWith(page, "Anzeige aktualisiert")).toBeVisible();

  await expect(card.getByTestId("card-price")).toContainText(/199\s€ Festpreis/);
  await expect(card.getByTestId("card-price")).not.toContainText("250");
  const vinted = card.getByRole("region", { name: "Für jede Plattform" }).getByTestId("variant-vinted");
  await expect(vinted).toContainText("Nur Abholung");
  const helper = card.getByRole("region", { name: "Verkaufshelfer" });
  await helper.getByRole("button", { name: /Verkaufshelfer/ }).click();
  await expect(helper.getByTestId("kit-price")).toHaveText(/Anzeigenpreis:\s*199\s€\s*Festpreis/);

  await card.getByRole("link", { name: "Öffentliche Seite" }).click();
  await expect(page.getByTestId("public-price")).toHaveText(/^199\s€ Festpreis$/);
});
