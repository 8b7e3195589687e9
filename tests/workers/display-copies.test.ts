// ADR 021: every photo of a public ad gets a 1024 px display copy (the browser's model copy, or one
// the generator Worker makes), and the public page shows it, first photo first — only it: the
// photo itself stays private (ADR 070).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { decodeJpeg, encodeJpeg } from "~/.server/generator/images/codecs";
import { ads } from "~/.server/db/schema";
import { IMAGE_WAIT_MS } from "~/.server/app-worker/edge-cache/policy";
import { detectImageType, readImageSize } from "~/.server/storage/image-info";
import { coverKeyFor, modelKeyFor } from "~/.server/storage/photos";
import { png } from "../fixtures/images";
import { db, eventually, insertAd, signedInUser } from "./helpers";
import { call, fetchPage } from "./render-pages";

/** A JPEG whose top half is red and bottom half blue. */
async function redOverBlue(width: number, height: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set(y < height / 2 ? [220, 30, 30, 255] : [30, 60, 220, 255], (y * width + x) * 4);
  return encodeJpeg({ data, width, height }, 90);
}

/** Creates an ad through the API, without the copies the browser would send; its id. */
async function createAd(auth: Record<string, string>, photos: File[]) {
  const form = new FormData();
  form.append("itemName", "Stehlampe Messing");
  form.append("category", "moebel");
  form.append("description", "Funktioniert, kleine Kratzer am Fuß. Abholung in Leipzig.");
  for (const photo of photos) form.append("photos", photo);
  const created = await call("/api/ads", { method: "POST", headers: auth, body: form });
  expect(created.status).toBe(201);
  return (await created.json<{ id: string }>()).id;
}

/** The large gallery photo of a public page: its attributes as the server rendered them. */
function mainPhoto(html: string) {
  const tag = html.match(/<img\b[^>]*Foto 1 von \d[^>]*>/)?.[0] ?? "";
  // Attribute names in HTML are case-insensitive (React writes `srcSet`).
  const attribute = (name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"))?.[1] ?? null;
  return { src: attribute("src"), srcset: attribute("srcset"), sizes: attribute("sizes"), fetchpriority: attribute("fetchpriority") };
}

async function displayCopy(photoKey: string) {
  const object = await env.PHOTOS.get(modelKeyFor(photoKey));
  if (!object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  return { bytes, size: readImageSize(bytes), mime: detectImageType(bytes)?.mime };
}

// Decoding and encoding photos in WebAssembly takes seconds on a busy 2-core machine.
describe("display copies", { timeout: 30_000 }, () => {
  it("are made by the server for an ad created through the API, and the page shows them", async () => {
    const { auth } = await signedInUser();
    const id = await createAd(auth, [
      new File([await redOverBlue(1800, 1200)], "lampe.jpg", { type: "image/jpeg" }),
      new File([await png(600, 800)], "detail.png", { type: "image/png" }),
    ]);
    const ad = await eventually(async () => {
      const [row] = await db().select().from(ads).where(eq(ads.id, id));
      const copies = row ? await Promise.all(row.imageUrls.map(displayCopy)) : [];
      return row?.coverImageKey && copies.every(Boolean) ? row : undefined;
    }, 20_000);

    // The whole photo (not a crop), long edge 1024 px, JPEG; a small photo keeps its size.
    const [first, second] = await Promise.all(ad.imageUrls.map(displayCopy));
    expect(first).toMatchObject({ size: { width: 1024, height: 683 }, mime: "image/jpeg" });
    expect(second).toMatchObject({ size: { width: 600, height: 800 }, mime: "image/jpeg" });
    const decoded = await decodeJpeg(first!.bytes);
    expect(decoded.data[(5 * 1024 + 512) * 4]).toBeGreaterThan(180); // red at the top
    expect(decoded.data[(677 * 1024 + 512) * 4 + 2]).toBeGreaterThan(180); // blue at the bottom
    expect(ad.coverImageKey).toBe(coverKeyFor(ad.imageUrls[0]));

    const page = await fetchPage(`/ad/${id}`);
    expect(page.headers.get("Cache-Control")).not.toContain("no-store");
    const photo = mainPhoto(await page.text());
    const copyUrl = `/images/${modelKeyFor(ad.imageUrls[0])}`;
    // Only the copy: the photo itself stays private (ADR 070).
    expect(photo).toEqual({ src: copyUrl, srcset: null, sizes: null, fetchpriority: "high" });
    const served = await call(copyUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
  });

  it("are made for a photo an edit added (the editor sends none)", async () => {
    const { auth } = await signedInUser();
    const id = await createAd(auth, [new File([await redOverBlue(400, 300)], "lampe.jpg", { type: "image/jpeg" })]);
    const ad = await eventually(async () => {
      const [row] = await db().select().from(ads).where(eq(ads.id, id));
      return row?.status === "completed" && row.coverImageKey ? row : undefined;
    }, 20_000);
    const edit = new FormData();
    edit.append("optimizedTitle", ad.optimizedTitle!);
    edit.append("optimizedDescription", ad.optimizedDescription!);
    edit.append("imageIndex", "1");
    edit.append("image", new File([await redOverBlue(1300, 1300)], "neu.jpg", { type: "image/jpeg" }));
    expect((await call(`/api/ads/${id}`, { method: "PATCH", headers: auth, body: edit })).status).toBe(200);
    const [edited] = await db().select().from(ads).where(eq(ads.id, id));
    expect(edited.imageUrls).toHaveLength(2);
    const copy = await eventually(() => displayCopy(edited.imageUrls[1]).then((found) => found ?? undefined), 20_000);
    expect(copy.size).toEqual({ width: 1024, height: 1024 });
  });

  it("while one is still missing the page is not stored and leaves the photo out (never the photo itself); an ad older than the wait is final without it", async () => {
    const { user } = await signedInUser();
    const adId = crypto.randomUUID();
    const photoKey = `ads/${adId}/${"f".repeat(43)}.png`;
    await env.PHOTOS.put(photoKey, await png(640, 480), { httpMetadata: { contentType: "image/png" } });
    await env.PHOTOS.put(coverKeyFor(photoKey), await redOverBlue(800, 600), { httpMetadata: { contentType: "image/jpeg" } });
    await insertAd(user.id, {
      id: adId,
      status: "completed",
      imageUrls: [photoKey],
      coverImageKey: coverKeyFor(photoKey),
      optimizedTitle: "Stehlampe",
      optimizedDescription: "Messing.",
      updatedAt: Date.now(),
    });

    const waiting = await fetchPage(`/ad/${adId}`);
    expect(waiting.headers.get("Cache-Control")).toContain("no-store");
    const waitingHtml = await waiting.text();
    expect(mainPhoto(waitingHtml).src).toBeNull();
    expect(waitingHtml).not.toContain(`/images/${photoKey}`);

    await db()
      .update(ads)
      .set({ updatedAt: Date.now() - IMAGE_WAIT_MS - 1000 })
      .where(eq(ads.id, adId));
    const final = await fetchPage(`/ad/${adId}`);
    expect(final.headers.get("Cache-Control")).not.toContain("no-store");
    const finalHtml = await final.text();
    expect(mainPhoto(finalHtml).src).toBeNull();
    expect(finalHtml).not.toContain(`/images/${photoKey}`);
  });
});
