// ADR 019: every shared link previews well. Pages are rendered by the real Remix routes
// (render-pages.ts) and read as a social crawler reads them.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { decodeJpeg, encodeJpeg } from "~/.server/generator/images/codecs";
import { ads } from "~/.server/db/schema";
import { IMAGES_MESSAGES } from "~/.server/images/failures";
import { detectImageType, readImageSize } from "~/.server/storage/image-info";
import { coverKeyFor } from "~/.server/storage/photos";
import { png, TINY_WEBP } from "../fixtures/images";
import { db, eventually, signedInUser, userById } from "./helpers";
import { call, fetchPage, metaContent } from "./render-pages";

const BASE = "http://localhost:8787";

type Colour = [number, number, number];
const RED: Colour = [220, 30, 30];
const GREEN: Colour = [30, 180, 60];
const BLUE: Colour = [30, 60, 220];

/** A JPEG photo in horizontal bands of colour, top to bottom. */
async function bandedJpeg(width: number, height: number, bands: Colour[]) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const [r, g, b] = bands[Math.min(bands.length - 1, Math.floor((y * bands.length) / height))];
    for (let x = 0; x < width; x++) data.set([r, g, b, 255], (y * width + x) * 4);
  }
  return encodeJpeg({ data, width, height }, 90);
}

function pixel(image: { data: Uint8Array | Uint8ClampedArray; width: number }, x: number, y: number): Colour {
  const offset = (y * image.width + x) * 4;
  return [image.data[offset], image.data[offset + 1], image.data[offset + 2]];
}

function expectColour(actual: Colour, expected: Colour) {
  for (const [index, channel] of actual.entries()) expect(Math.abs(channel - expected[index]), `${actual} ≈ ${expected}`).toBeLessThan(25);
}

/** The JPEG without its segments of one marker type (before the first scan). */
function withoutSegment(jpeg: Uint8Array, marker: number): Uint8Array<ArrayBuffer> {
  const kept: number[] = [0xff, 0xd8];
  let offset = 2;
  while (jpeg[offset + 1] !== 0xda) {
    const length = (jpeg[offset + 2]! << 8) | jpeg[offset + 3]!;
    if (jpeg[offset + 1] !== marker) kept.push(...jpeg.subarray(offset, offset + 2 + length));
    offset += 2 + length;
  }
  return new Uint8Array([...kept, ...jpeg.subarray(offset)]);
}

function adForm(photos: Uint8Array<ArrayBuffer>[], fields: Record<string, string> = {}) {
  const form = new FormData();
  const values = {
    itemName: "Kaffeevollautomat DeLonghi Magnifica S",
    category: "elektronik",
    description: "Sehr gut erhalten, entkalkt. Inkl. Milchbehälter und Anleitung. NP 399 €. Abholung in Köln.",
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  for (const [index, bytes] of photos.entries()) form.append("photos", new File([bytes], `foto-${index}.jpg`, { type: "image/jpeg" }));
  return form;
}

async function finished(id: string) {
  return eventually(async () => {
    const [ad] = await db().select().from(ads).where(eq(ads.id, id));
    return ad?.status === "completed" || ad?.status === "failed" ? ad : undefined;
  }, 15_000);
}

/** The finished ad once it has a cover (the server's is made in its own queue message after completion). */
async function withCover(id: string) {
  return eventually(async () => {
    const [ad] = await db().select().from(ads).where(eq(ads.id, id));
    return ad?.status === "completed" && ad.coverImageKey ? ad : undefined;
  }, 15_000);
}

/** The og:image of the public page, checked to be a JPEG cover of 800×600 that exists in R2. */
async function previewCover(adId: string) {
  const html = await (await fetchPage(`/ad/${adId}`)).text();
  const ogImage = metaContent(html, "og:image")!;
  expect(ogImage.startsWith(`${BASE}/images/ads/${adId}/`), ogImage).toBe(true);
  expect(metaContent(html, "twitter:image")).toBe(ogImage);
  const key = ogImage.slice(`${BASE}/images/`.length);
  const object = await env.PHOTOS.get(key);
  expect(object, `${key} in R2`).not.toBeNull();
  const bytes = new Uint8Array(await object!.arrayBuffer());
  expect(detectImageType(bytes)?.mime).toBe("image/jpeg");
  expect(readImageSize(bytes)).toEqual({ width: 800, height: 600 });
  const served = await call(`/images/${key}`);
  expect(served.status).toBe(200);
  expect(served.headers.get("Content-Type")).toBe("image/jpeg");
  return { key, image: await decodeJpeg(bytes), html };
}

// Decoding and encoding photos in WebAssembly takes seconds on a busy 2-core machine.
describe("an ad created through the API without covers", { timeout: 30_000 }, () => {
  it("previews with an 800×600 cover the server made from its own first photo", async () => {
    const { auth } = await signedInUser({ city: "Köln" });
    // A portrait photo: red top, green middle, blue bottom. The centred 4:3 crop is the green middle.
    const photo = await bandedJpeg(900, 1800, [RED, GREEN, GREEN, BLUE]);
    const response = await call("/api/ads", { method: "POST", headers: auth, body: adForm([photo]) });
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    const ad = await withCover(id);
    expect(ad.coverImageKey).toBe(coverKeyFor(ad.imageUrls[0]));

    const { key, image, html } = await previewCover(id);
    expect(key).toBe(ad.coverImageKey);
    // The photo, cropped — not letterboxed: the middle and the left and right edges are green.
    expectColour(pixel(image, 400, 300), GREEN);
    expectColour(pixel(image, 2, 300), GREEN);
    expectColour(pixel(image, 797, 300), GREEN);
    expect(metaContent(html, "og:image:width")).toBe("800");
    expect(metaContent(html, "og:image:height")).toBe("600");
  });

  it("keeps the browser's own crop when it sent one (the fast path)", async () => {
    const { auth } = await signedInUser();
    const browserCover = await bandedJpeg(800, 600, [BLUE]);
    const form = adForm([await bandedJpeg(400, 300, [RED])]);
    form.append("covers", new File([browserCover], "cover.jpg", { type: "image/jpeg" }));
    const { id } = await (await call("/api/ads", { method: "POST", headers: auth, body: form })).json<{ id: string }>();
    await finished(id);
    const { key } = await previewCover(id);
    expect(new Uint8Array(await (await env.PHOTOS.get(key))!.arrayBuffer())).toEqual(browserCover);
  });

  it("makes covers from PNG and WebP photos too, large and tiny", async () => {
    const photos = [
      { bytes: await png(1000, 700, { noise: true }), name: "foto.png" },
      { bytes: await png(40, 30), name: "klein.png" },
      { bytes: TINY_WEBP, name: "foto.webp" },
    ];
    for (const photo of photos) {
      const { auth } = await signedInUser();
      const form = adForm([]);
      form.append("photos", new File([photo.bytes], photo.name));
      const response = await call("/api/ads", { method: "POST", headers: auth, body: form });
      expect(response.status).toBe(201);
      const { id } = await response.json<{ id: string }>();
      expect((await withCover(id)).coverImageKey, photo.name).toMatch(/-cover\.jpg$/);
      await previewCover(id);
    }
  });

  it("fails with a refund and says why when its only photo cannot be decoded: no ad the model never saw a photo of (ADR 053)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user, auth } = await signedInUser();
    const credits = (await userById(user.id)).adCredits;
    // A JPEG whose size is readable (the upload takes it, ADR 027) but whose quantisation tables
    // (DQT) are missing: no decoder can make an image of it.
    const broken = withoutSegment(await bandedJpeg(64, 48, [RED]), 0xdb);
    const { id } = await (await call("/api/ads", { method: "POST", headers: auth, body: adForm([broken]) })).json<{ id: string }>();
    const ad = await finished(id);
    warn.mockRestore();
    expect(ad).toMatchObject({ status: "failed", errorMessage: IMAGES_MESSAGES.noPhotoReadable, coverImageKey: null });
    expect((await userById(user.id)).adCredits).toBe(credits);
    expect((await fetchPage(`/ad/${id}`)).status).toBe(404);
  });
});

// Decoding and encoding photos in WebAssembly takes seconds on a busy 2-core machine.
describe("an ad whose first photo was replaced by an edit", { timeout: 30_000 }, () => {
  async function editFirstPhoto(
    auth: Record<string, string>,
    ad: typeof ads.$inferSelect,
    photo: Uint8Array<ArrayBuffer>,
    cover?: Uint8Array<ArrayBuffer>,
  ) {
    const form = new FormData();
    form.append("optimizedTitle", ad.optimizedTitle!);
    form.append("optimizedDescription", ad.optimizedDescription!);
    form.append("imageIndex", "0");
    form.append("image", new File([photo], "neu.jpg", { type: "image/jpeg" }));
    if (cover) form.append("cover", new File([cover], "cover.jpg", { type: "image/jpeg" }));
    const response = await call(`/api/ads/${ad.id}`, { method: "PATCH", headers: auth, body: form });
    expect(response.status).toBe(200);
    const [row] = await db().select().from(ads).where(eq(ads.id, ad.id));
    return row;
  }

  it("previews with the cover of the new photo, made by the server", async () => {
    const { auth } = await signedInUser();
    const { id } = await (
      await call("/api/ads", { method: "POST", headers: auth, body: adForm([await bandedJpeg(800, 600, [RED])]) })
    ).json<{ id: string }>();
    const ad = await withCover(id);
    expectColour(pixel((await previewCover(id)).image, 400, 300), RED);

    const edited = await editFirstPhoto(auth, ad, await bandedJpeg(1600, 900, [BLUE]));
    const newCover = coverKeyFor(edited.imageUrls[0]);
    await eventually(
      async () => ((await db().select().from(ads).where(eq(ads.id, id)))[0].coverImageKey === newCover ? true : undefined),
      10_000,
    );
    const { key, image } = await previewCover(id);
    expect(key).toBe(newCover);
    expectColour(pixel(image, 400, 300), BLUE);
    // The old photo's cover went with the old photo.
    expect(await env.PHOTOS.head(coverKeyFor(ad.imageUrls[0]))).toBeNull();
  });

  it("uses the browser's crop of the new photo at once when the editor sent it", async () => {
    const { auth } = await signedInUser();
    const { id } = await (
      await call("/api/ads", { method: "POST", headers: auth, body: adForm([await bandedJpeg(800, 600, [RED])]) })
    ).json<{ id: string }>();
    const ad = await finished(id);
    const edited = await editFirstPhoto(auth, ad, await bandedJpeg(800, 600, [GREEN]), await bandedJpeg(800, 600, [GREEN]));
    expect(edited.coverImageKey).toBe(coverKeyFor(edited.imageUrls[0]));
    expectColour(pixel((await previewCover(id)).image, 400, 300), GREEN);
  });
});

describe("og:description of a public ad", () => {
  it("is a written summary: price, condition, place — no marketplace for an ad posted nowhere — not the raw ad text", async () => {
    const { auth } = await signedInUser({ city: "Köln" });
    const { id } = await (
      await call("/api/ads", { method: "POST", headers: auth, body: adForm([await bandedJpeg(400, 300, [RED])]) })
    ).json<{ id: string }>();
    const ad = await finished(id);
    const html = await (await fetchPage(`/ad/${id}`)).text();
    const og = metaContent(html, "og:description")!;
    expect(og).toBe(
      "Preis: 220 € · Zustand: Sehr gut · Standort: Köln. Ich verkaufe meinen De'Longhi Kaffeevollautomaten Magnifica S in sehr gutem Zustand.",
    );
    expect(og).not.toContain("📦");
    expect(og).not.toContain("**");
    expect(og).not.toContain(ad.optimizedTitle!);
    expect(og.length).toBeLessThanOrEqual(300);
    expect(metaContent(html, "twitter:description")!.length).toBeLessThanOrEqual(200);
    expect(metaContent(html, "description")!.length).toBeLessThanOrEqual(160);
    expect(metaContent(html, "og:title")).toBe(ad.optimizedTitle);
  });
});

describe("every public page", () => {
  it.each([
    ["/", "/og-default.png"],
    ["/blog", "/og-blog.png"],
    ["/investors", "/og-investors.png"],
    ["/impressum", "/og-legal.png"],
    ["/datenschutz", "/og-legal.png"],
    ["/agb", "/og-legal.png"],
  ])("%s has complete Open Graph and Twitter tags with an absolute image", async (path, image) => {
    const response = await fetchPage(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    const url = `${BASE}${path}`;
    expect(metaContent(html, "og:url")).toBe(url);
    expect(metaContent(html, "og:image")).toBe(`${BASE}${image}`);
    expect(metaContent(html, "twitter:image")).toBe(`${BASE}${image}`);
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "og:type")).toMatch(/^(website|article)$/);
    for (const key of ["og:title", "og:description", "og:site_name", "og:image:alt", "twitter:title", "twitter:description"]) {
      expect(metaContent(html, key), key).toBeTruthy();
    }
    expect(metaContent(html, "og:image:width")).toBe("800");
    expect(metaContent(html, "og:image:height")).toBe("600");
  });
});
