// A phone photo with its GPS position, camera and owner name in EXIF (plus XMP, IPTC, a comment and
// a trailer), chosen in the create form: the browser sends only re-encoded pixels, and no image
// a buyer or crawler can load carries any of it (ADR 070, docs/SECURITY.md).
import { readFileSync } from "node:fs";
import { signInNewSeller } from "./dashboard-helpers";
import { AD_READY_MS, expect, test } from "./fixtures";
import { carriedMetadata, withPhoneMetadata } from "../fixtures/photo-metadata";

test.use({ viewport: { width: 390, height: 844 } });

test("a photo with GPS chosen in the form: the upload and every public image are without its metadata", async ({ page, request }) => {
  const phonePhoto = Buffer.from(withPhoneMetadata(readFileSync("tests/fixtures/photos/kaffeebecher.jpg")));
  expect(carriedMetadata(phonePhoto)).toContain("owner");

  await signInNewSeller(page);
  await page.getByRole("tab", { name: "Neue Anzeige" }).click();
  await page.getByLabel("Was verkaufst du? *").fill("Kaffeebecher Steingut");
  await page.getByLabel("Kategorie *").selectOption("garten");
  await page.getByLabel("Beschreibung (optional)").fill("Zwei Becher, kaum benutzt, 8 € zusammen, Abholung in Leipzig");
  await page.getByLabel("Fotos auswählen").setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: phonePhoto });
  await expect(page.getByRole("img", { name: /Vorschau 1/ })).toBeVisible();
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/ads",
  );
  await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();

  const { id, imageUrls: uploaded } = (await (await answered).json()) as { id: string; imageUrls: string[] };

  // The photo as the browser sent it, which only its seller can load: re-encoded on the phone.
  const own = await page.request.get(uploaded[0]!);
  expect(own.status()).toBe(200);
  expect(carriedMetadata(await own.body())).toEqual([]);
  expect((await request.get(uploaded[0]!)).status()).toBe(404);

  // A stranger (no cookie) reads the public JSON and the page: only copies, none with metadata.
  let ad = { imageUrls: [] as string[], coverImageUrl: null as string | null };
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/ads/public/${id}`);
        if (answer.status() !== 200) return null;
        ad = (await answer.json()) as typeof ad;
        return ad.imageUrls.length === 1 && ad.coverImageUrl !== null;
      },
      { timeout: AD_READY_MS },
    )
    .toBe(true);
  const html = await (await request.get(`/ad/${id}`)).text();
  const onPage = [...html.matchAll(/\/images\/ads\/[^\s"&,)\\]+/g)].map((match) => match[0]);
  expect(onPage.length).toBeGreaterThan(0);
  for (const url of new Set([...onPage, ...ad.imageUrls, ad.coverImageUrl!])) {
    expect(url, "only copies are public").toMatch(/-(model|cover)\.jpg$/);
    const image = await request.get(url);
    expect(image.status(), url).toBe(200);
    expect(carriedMetadata(await image.body()), url).toEqual([]);
  }
});
