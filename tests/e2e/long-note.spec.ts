// A seller's long note on a phone (390×844), issue "the record is true": a 3,000-character note
// arrives whole and the price at its very end is in the form's reading; a note over the 4,000
// characters stays whole in the field, is counted as too long, refused in German and not sent; an
// amount the reader cannot place is asked, and one tap makes it the price (ADR 064).
import { signInNewSeller } from "./dashboard-helpers";
import { expect, test } from "./fixtures";
import { longNote } from "../fixtures/long-note";

test.use({ viewport: { width: 390, height: 844 } });

test("a long note keeps its price; one over the limit is refused and not sent; an unplaced amount is asked", async ({ page, photos }) => {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/ads") sent.push(request.url());
  });
  await signInNewSeller(page);
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  await page.getByLabel("Was verkaufst du? *").fill("Vitrine Eiche");
  await page.getByLabel("Kategorie *").selectOption("moebel");
  const note = page.getByLabel("Beschreibung (optional)");

  await note.fill(longNote(3000, "… 85 € VB, Abholung in Kassel"));
  const reading = page.getByTestId("offer-reading");
  await expect(reading).toContainText("85\u00a0€ VB");
  await expect(reading).toContainText("Abholung in Kassel");
  await expect(page.getByTestId("character-count")).toHaveText("3.000 / 4.000 Zeichen");

  await note.fill(longNote(4050, "… 85 € VB, Abholung in Kassel"));
  expect((await note.inputValue()).length).toBe(4050);
  await expect(page.getByTestId("character-count")).toHaveText("4.050 / 4.000 Zeichen – 50 zu viel");
  await page
    .getByLabel("Fotos auswählen")
    .setInputFiles({ name: "vitrine.jpg", mimeType: "image/jpeg", buffer: await photos.ofColour("#8a6b4a") });
  await expect(page.getByRole("img", { name: /Vorschau 1/ })).toBeVisible();
  await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
  await expect(page.getByText("Die Beschreibung darf höchstens 4.000 Zeichen lang sein – bitte kürze sie um 50 Zeichen.")).toBeVisible();
  await expect(note).toBeFocused();
  await expect(note).toHaveAttribute("aria-invalid", "true");
  expect(sent).toEqual([]);

  // A bare number the reader cannot place is not dropped: the form asks, and one tap takes it.
  await note.fill("Waschmaschine Bosch 8 kg, läuft einwandfrei, 250, nur Abholung");
  const questions = page.getByTestId("offer-questions");
  await expect(questions).toContainText("„250“ – ist das dein Preis?");
  await questions.getByRole("button", { name: "Ja, 250 € ist mein Preis" }).click();
  await expect(page.getByLabel("Dein Preis in €")).toHaveValue("250");
  await expect(questions).toHaveCount(0);
  await expect(reading).toContainText("250\u00a0€ · Kein Versand · Abholung möglich");
});
