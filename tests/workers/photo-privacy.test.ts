// No public byte carries metadata (ADR 070, docs/SECURITY.md): a phone photo's GPS position,
// camera, owner name, XMP, IPTC and trailer reach no buyer, crawler, marketplace or model. The
// copies anyone may load are re-encoded and stripped; the photo as uploaded answers only its seller.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { encodeJpeg } from "~/.server/generator/images/codecs";
import { ads } from "~/.server/db/schema";
import { photoForUpload } from "~/.server/storage/photo-upload";
import { readImageSize } from "~/.server/storage/image-info";
import { coverKeyFor, modelKeyFor } from "~/.server/storage/photos";
import { carriedMetadata, withPhoneMetadata } from "../fixtures/photo-metadata";
import { allPhotoKeys, db, eventually, insertAd, signedInUser, userById } from "./helpers";
import { call, fetchPage, metaContent } from "./render-pages";

/** A 1200×800 JPEG (left half dark, right half light) as a phone writes it: EXIF with GPS and the rest. */
async function phonePhoto(orientation = 1) {
  const [width, height] = [1200, 800];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set(x < width / 2 ? [40, 40, 40, 255] : [230, 230, 230, 255], (y * width + x) * 4);
  return withPhoneMetadata(await encodeJpeg({ data, width, height }, 85), { orientation });
}

async function createThroughApi(
  auth: Record<string, string>,
  photos: Uint8Array<ArrayBuffer>[],
  extra: (form: FormData) => void = () => {},
) {
  const form = new FormData();
  form.append("itemName", "Stehlampe Messing");
  form.append("category", "moebel");
  form.append("description", "Funktioniert, kleine Kratzer am Fuß. 40 € VB, Abholung in Leipzig.");
  photos.forEach((bytes, index) => form.append("photos", new File([bytes], `foto-${index + 1}.jpg`, { type: "image/jpeg" })));
  extra(form);
  return call("/api/ads", { method: "POST", headers: auth, body: form });
}

async function bytesOf(path: string, headers: Record<string, string> = {}) {
  const response = await call(path, { headers });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Every image URL a buyer's browser or a crawler finds on the public page. */
function pageImages(html: string): string[] {
  const sources = [...html.matchAll(/<img\b[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!);
  const og = metaContent(html, "og:image");
  return [...new Set([...sources, ...(og ? [new URL(og).pathname] : [])])].filter((src) => src.startsWith("/images/"));
}

// Encoding and decoding photos takes seconds on a busy 2-core machine.
describe("photo privacy", { timeout: 60_000 }, () => {
  it("an API upload of a phone photo with GPS: no public image carries it, nor the model copy, and the photo itself answers only its seller", async () => {
    const { auth } = await signedInUser();
    const upright = await phonePhoto(6); // turned on the phone: upright, it is 800×1200
    const created = await createThroughApi(auth, [upright, await phonePhoto()]);
    expect(created.status).toBe(201);
    const { id, imageUrls: uploaded } = await created.json<{ id: string; imageUrls: string[] }>();
    const turnedKey = uploaded[0]!.slice("/images/".length);
    const ad = await eventually(async () => {
      const [row] = await db().select().from(ads).where(eq(ads.id, id));
      if (row?.status !== "completed" || !row.coverImageKey) return undefined;
      const copies = await Promise.all(row.imageUrls.map((key) => env.PHOTOS.head(modelKeyFor(key))));
      return copies.every(Boolean) ? row : undefined;
    }, 30_000);

    // What the model read: the copies, without metadata, the turned photo upright.
    for (const key of ad.imageUrls) {
      const copy = new Uint8Array(await (await env.PHOTOS.get(modelKeyFor(key)))!.arrayBuffer());
      expect(carriedMetadata(copy)).toEqual([]);
    }
    const turned = new Uint8Array(await (await env.PHOTOS.get(modelKeyFor(turnedKey)))!.arrayBuffer());
    expect(readImageSize(turned)).toEqual({ width: 683, height: 1024 });

    // The public JSON and page name only the copies, and every one of them is clean.
    const json = await (await call(`/api/ads/public/${id}`)).json<{ imageUrls: string[]; coverImageUrl: string }>();
    expect(json.imageUrls).toEqual(ad.imageUrls.map((key) => `/images/${modelKeyFor(key)}`));
    expect(json.coverImageUrl).toBe(`/images/${coverKeyFor(ad.imageUrls[0]!)}`);
    const html = await (await fetchPage(`/ad/${id}`)).text();
    const shown = pageImages(html);
    expect(shown).toEqual(expect.arrayContaining([...json.imageUrls, json.coverImageUrl]));
    for (const key of ad.imageUrls) expect(html).not.toContain(`/images/${key}"`);
    for (const url of new Set([...shown, ...json.imageUrls, json.coverImageUrl])) {
      const image = await bytesOf(url);
      expect(image.status, url).toBe(200);
      expect(carriedMetadata(image.bytes), url).toEqual([]);
    }

    // A marketplace gets the same clean copies.
    for (const key of ad.imageUrls) expect(carriedMetadata((await photoForUpload(env.PHOTOS, key))!.bytes)).toEqual([]);

    // The photo as uploaded: its seller gets it back; nobody else learns it exists.
    const original = `/images/${turnedKey}`;
    const own = await bytesOf(original, auth);
    expect(own.status).toBe(200);
    expect(own.bytes).toEqual(upright);
    const stranger = await signedInUser();
    for (const headers of [{}, stranger.auth]) {
      const answer = await call(original, { headers });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ message: "Bild nicht gefunden.", code: "not_found" });
    }
  });

  it("copies the browser sends are stored without the metadata they carry", async () => {
    const { auth } = await signedInUser();
    const [width, height] = [800, 600];
    const pixels = new Uint8ClampedArray(width * height * 4).fill(200);
    const copy = withPhoneMetadata(await encodeJpeg({ data: pixels, width, height }, 80));
    const created = await createThroughApi(auth, [await phonePhoto()], (form) => {
      form.append("covers", new File([copy], "cover.jpg", { type: "image/jpeg" }));
      form.append("models", new File([copy], "model.jpg", { type: "image/jpeg" }));
    });
    expect(created.status).toBe(201);
    const { imageUrls } = await created.json<{ imageUrls: string[] }>();
    const key = imageUrls[0]!.slice("/images/".length);
    for (const stored of [coverKeyFor(key), modelKeyFor(key)]) {
      const bytes = new Uint8Array(await (await env.PHOTOS.get(stored))!.arrayBuffer());
      expect(carriedMetadata(bytes), stored).toEqual([]);
    }
  });

  it("a copy stored before copies were stripped is served, and sent to marketplaces, without its metadata", async () => {
    const { user } = await signedInUser();
    const key = `ads/${crypto.randomUUID()}/${"m".repeat(43)}.jpg`;
    const legacy = await phonePhoto();
    await env.PHOTOS.put(modelKeyFor(key), legacy, { httpMetadata: { contentType: "image/jpeg" } });
    await insertAd(user.id, { id: key.split("/")[1], status: "completed", imageUrls: [key] });

    const served = await bytesOf(`/images/${modelKeyFor(key)}`);
    expect(served.status).toBe(200);
    expect(carriedMetadata(served.bytes)).toEqual([]);
    expect(readImageSize(served.bytes)).toEqual({ width: 1200, height: 800 });
    expect(carriedMetadata((await photoForUpload(env.PHOTOS, key))!.bytes)).toEqual([]);

    // One that is no complete JPEG is not served as it is (and is no server error either).
    await env.PHOTOS.put(coverKeyFor(key), legacy.slice(0, 2000), { httpMetadata: { contentType: "image/jpeg" } });
    const broken = await call(`/images/${coverKeyFor(key)}`);
    expect(broken.status).toBe(404);
    expect(await broken.json()).toEqual({ message: "Bild nicht gefunden.", code: "not_found" });
  });

  it("a photo cut off in transfer is refused in German, and nothing is stored or spent", async () => {
    const { user, auth } = await signedInUser();
    const before = await allPhotoKeys();
    const whole = await phonePhoto();
    const answer = await createThroughApi(auth, [whole.slice(0, Math.floor(whole.length * 0.7))]);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      message:
        "Bildupload fehlgeschlagen: „foto-1.jpg“ ist unvollständig – die Datei endet mitten im Bild. Bitte lade das Foto noch einmal hoch.",
      code: "photo_upload_failed",
    });
    expect(await allPhotoKeys()).toEqual(before);
    expect(await db().select().from(ads).where(eq(ads.userId, user.id))).toEqual([]);
    expect((await userById(user.id))?.adCredits).toBe(user.adCredits);
  });
});
