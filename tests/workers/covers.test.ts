// Server-made images through the Images binding (ADR 024; covers ADR 019, display/model copies
// ADR 021): miniflare answers the binding with `sharp` in the Node process, as `npm start` does.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { ads } from "~/.server/db/schema";
import { runGenerationAttempt } from "~/.server/generator/generation/attempt";
import { decodeJpeg, encodeJpeg } from "~/.server/generator/images/codecs";
import { ensureCover, ensureModelCopies } from "~/.server/generator/images/ensure";
import { makeCover, makeDisplayCopy } from "~/.server/generator/images/make-copies";
import { openPhoto, UnreadablePhotoError } from "~/.server/images/source";
import { detectImageType, readImageSize } from "~/.server/storage/image-info";
import { coverKeyFor, modelKeyFor, readPhotoForModel } from "~/.server/storage/photos";
import generator from "../../workers/generator";
import { enlargedJpeg, png } from "../fixtures/images";
import { db, insertAd, insertUser, PRODUCTION_GENERATOR_SETTINGS, recordingAi } from "./helpers";

type Colour = [number, number, number];
const RED: Colour = [220, 30, 30];
const BLUE: Colour = [30, 60, 220];

/** A JPEG whose left half is `left` and right half is `right`. */
async function halvesJpeg(width: number, height: number, left: Colour, right: Colour) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([...(x < width / 2 ? left : right), 255], (y * width + x) * 4);
  return encodeJpeg({ data, width, height }, 90);
}

/** A camera-sized JPEG (red left, blue right), enlarged by the binding from a small one. */
async function bigHalvesJpeg(width: number, height: number) {
  const bytes = await enlargedJpeg(env.IMAGES, await halvesJpeg(width / 10, height / 10, RED, BLUE), width, height);
  expect(readImageSize(bytes)).toEqual({ width, height });
  return bytes;
}

/** The same JPEG with an EXIF block saying how the camera was held (orientation tag 0x0112). */
function withOrientation(jpeg: Uint8Array, orientation: number) {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const payload = [...new TextEncoder().encode("Exif\0\0"), ...tiff];
  const length = payload.length + 2;
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 0xff, ...payload, ...jpeg.slice(2)]);
}

async function stored(bytes: Uint8Array, extension = "jpg") {
  const key = `ads/${crypto.randomUUID()}/${"p".repeat(43)}.${extension}`;
  await env.PHOTOS.put(key, bytes);
  return key;
}

async function source(bytes: Uint8Array, extension = "jpg") {
  const photo = await openPhoto(env, await stored(bytes, extension));
  if (!photo) throw new Error("stored photo not found");
  return photo;
}

async function colourAt(jpeg: Uint8Array, x: number, y: number): Promise<Colour> {
  const image = await decodeJpeg(jpeg);
  const offset = (y * image.width + x) * 4;
  return [image.data[offset], image.data[offset + 1], image.data[offset + 2]];
}

function expectColour(actual: Colour, expected: Colour) {
  for (const [index, channel] of actual.entries()) expect(Math.abs(channel - expected[index]), `${actual} ≈ ${expected}`).toBeLessThan(30);
}

async function object(key: string) {
  const found = await env.PHOTOS.get(key);
  return found ? new Uint8Array(await found.arrayBuffer()) : null;
}

// The binding runs sharp in the Node process; the WebAssembly crop and the fixtures take a moment on a busy machine.
describe("images made through the Images binding", { timeout: 30_000 }, () => {
  it("a 12 MP photo gets a 1024×768 display copy and an 800×600 cover", async () => {
    const photo = await source(await bigHalvesJpeg(4000, 3000));
    const copy = await makeDisplayCopy(env, photo);
    expect(detectImageType(copy)?.mime).toBe("image/jpeg");
    expect(readImageSize(copy)).toEqual({ width: 1024, height: 768 });
    expect(copy.byteLength).toBeLessThanOrEqual(600 * 1024);
    expectColour(await colourAt(copy, 100, 384), RED);
    expectColour(await colourAt(copy, 924, 384), BLUE);
    const cover = await makeCover(env, photo);
    expect(readImageSize(cover)).toEqual({ width: 800, height: 600 });
    expectColour(await colourAt(cover, 100, 300), RED);
    expectColour(await colourAt(cover, 700, 300), BLUE);
  });

  it("a portrait photo gets a 768×1024 display copy, and its cover is the centred 4:3 crop, not a letterbox", async () => {
    const photo = await source(await png(600, 800), "png");
    // 600×800 is within bounds: kept as it is, only turned into a JPEG.
    expect(readImageSize(await makeDisplayCopy(env, photo))).toEqual({ width: 600, height: 800 });
    const tall = await source(await bigHalvesJpeg(3000, 4000));
    expect(readImageSize(await makeDisplayCopy(env, tall))).toEqual({ width: 768, height: 1024 });
    const cover = await makeCover(env, tall);
    expect(readImageSize(cover)).toEqual({ width: 800, height: 600 });
    // A letterbox would have black bars at the sides; the crop is photo from edge to edge.
    expectColour(await colourAt(cover, 2, 300), RED);
    expectColour(await colourAt(cover, 797, 300), BLUE);
  });

  it("an EXIF-rotated JPEG comes out upright", async () => {
    // Stored 1600×1000 (red left, blue right), shown rotated 90° clockwise: red on top, blue below.
    const photo = await source(withOrientation(await halvesJpeg(1600, 1000, RED, BLUE), 6));
    const copy = await makeDisplayCopy(env, photo);
    expect(readImageSize(copy)).toEqual({ width: 640, height: 1024 });
    expectColour(await colourAt(copy, 320, 10), RED);
    expectColour(await colourAt(copy, 320, 1013), BLUE);
    const cover = await makeCover(env, photo);
    expect(readImageSize(cover)).toEqual({ width: 800, height: 600 });
    expectColour(await colourAt(cover, 400, 40), RED);
    expectColour(await colourAt(cover, 400, 560), BLUE);
    // Upside down (3) and mirrored (2, a selfie) come out right as well.
    const upsideDown = await makeDisplayCopy(env, await source(withOrientation(await halvesJpeg(1600, 1000, RED, BLUE), 3)));
    expectColour(await colourAt(upsideDown, 10, 320), BLUE);
    const mirrored = await makeDisplayCopy(env, await source(withOrientation(await halvesJpeg(1600, 1000, RED, BLUE), 2)));
    expect(readImageSize(mirrored)).toEqual({ width: 1024, height: 640 });
    expectColour(await colourAt(mirrored, 10, 320), BLUE);
    expectColour(await colourAt(mirrored, 1013, 320), RED);
  });

  it("a photo already within 1024 px is not enlarged", async () => {
    const copy = await makeDisplayCopy(env, await source(await halvesJpeg(300, 200, RED, BLUE)));
    expect(readImageSize(copy)).toEqual({ width: 300, height: 200 });
    expectColour(await colourAt(copy, 2, 100), RED);
    expectColour(await colourAt(copy, 297, 100), BLUE);
  });
});

describe("ensureCover", { timeout: 30_000 }, () => {
  it("gives up with a warning (no cover, no failure) when the photo cannot be read", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const key = await stored(new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0x0b, 0xb8, 0x0f, 0xa0, 3, ...new Array(200).fill(0)]));
    expect(await ensureCover(env, key)).toBeNull();
    expect(await env.PHOTOS.head(coverKeyFor(key))).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("no cover could be made"), expect.objectContaining({ photoKey: key }));
    warn.mockRestore();
  });

  it("keeps an existing cover (the browser's) untouched", async () => {
    const key = await stored(await halvesJpeg(400, 300, RED, RED));
    const browserCover = await halvesJpeg(800, 600, BLUE, BLUE);
    await env.PHOTOS.put(coverKeyFor(key), browserCover);
    expect(await ensureCover(env, key)).toBe(coverKeyFor(key));
    expect(await object(coverKeyFor(key))).toEqual(browserCover);
  });
});

describe("model copies", { timeout: 30_000 }, () => {
  it("are made for every photo without one before the model reads it; the model never gets an original", async () => {
    const first = await stored(await bigHalvesJpeg(4000, 3000));
    const second = await stored(await png(1400, 700), "png");
    const browserCopy = await halvesJpeg(1024, 768, BLUE, BLUE);
    const third = await stored(await halvesJpeg(2048, 1536, RED, RED));
    await env.PHOTOS.put(modelKeyFor(third), browserCopy);
    await expect(readPhotoForModel(env.PHOTOS, first)).rejects.toThrow("never reads an original");

    expect(await ensureModelCopies(env, [first, second, third])).toEqual({ readable: [first, second, third], unreadable: [] });
    const copies = await Promise.all([first, second].map((key) => readPhotoForModel(env.PHOTOS, key)));
    expect(copies.map((copy) => [readImageSize(copy.bytes), detectImageType(copy.bytes)?.mime])).toEqual([
      [{ width: 1024, height: 768 }, "image/jpeg"],
      [{ width: 1024, height: 512 }, "image/jpeg"],
    ]);
    // The browser's copy is kept as it is.
    expect((await readPhotoForModel(env.PHOTOS, third)).bytes).toEqual(browserCopy);
  });

  it("leave out a photo the image service cannot read (a damaged upload), with a warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const good = await stored(await halvesJpeg(1200, 900, RED, BLUE));
    const damaged = await stored(new Uint8Array([...(await halvesJpeg(64, 48, RED, RED)).slice(0, 200), ...new Uint8Array(400).fill(7)]));
    expect(await ensureModelCopies(env, [damaged, good])).toEqual({ readable: [good], unreadable: [damaged] });
    expect(await env.PHOTOS.head(modelKeyFor(damaged))).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining("left out of the model call"),
      expect.objectContaining({ photoKey: damaged }),
    );
    warn.mockRestore();
  });
});

describe("a photo whose header reads but whose image data is damaged (a truncated upload)", { timeout: 30_000 }, () => {
  it("is refused by the image service as unreadable: left out of the model call, no cover, no copy, no retry", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const jpeg = await halvesJpeg(640, 480, RED, BLUE);
    const key = await stored(jpeg.slice(0, Math.floor(jpeg.length / 2)));
    // The service reads its size from the header…
    const photo = await openPhoto(env, key);
    expect(photo).toMatchObject({ width: 640, height: 480 });
    // …but cannot decode it: an UnreadablePhotoError, not an error the queue would retry.
    await expect(makeDisplayCopy(env, photo!)).rejects.toBeInstanceOf(UnreadablePhotoError);
    expect(await ensureModelCopies(env, [key])).toEqual({ readable: [], unreadable: [key] });
    expect(await ensureCover(env, key)).toBeNull();
    expect(await env.PHOTOS.head(modelKeyFor(key))).toBeNull();
    expect(await env.PHOTOS.head(coverKeyFor(key))).toBeNull();
    warn.mockRestore();
  });
});

/** A Workers AI binding at the process boundary that records the photos it was sent. */
/** A queue binding that records what is sent to it. */
function recordingQueue() {
  const sent: unknown[] = [];
  return { sent, binding: { send: async (body: unknown) => void sent.push(body), sendBatch: async () => {} } };
}

describe("the generator Worker", { timeout: 30_000 }, () => {
  it("sends the model only the model copy of a photo an API client uploaded without one, and asks the ad-images queue for the cover", async () => {
    const user = await insertUser();
    const photoKey = await stored(await bigHalvesJpeg(4000, 3000));
    const ad = await insertAd(user.id, { itemName: "Stehlampe", category: "moebel", imageUrls: [photoKey], creditSource: "credits" });
    const ai = recordingAi();
    const generationQueue = recordingQueue();
    const imagesQueue = recordingQueue();
    const productionEnv = {
      ...env,
      AI: ai.binding,
      AD_QUEUE: generationQueue.binding,
      IMAGES_QUEUE: imagesQueue.binding,
      ...PRODUCTION_GENERATOR_SETTINGS,
    } as unknown as GeneratorEnv;
    // The attempt the ad's runner makes (ADR 023), with the generator's production settings.
    expect(await runGenerationAttempt(productionEnv, ad.id)).toEqual({ kind: "done" });

    const [completed] = await db().select().from(ads).where(eq(ads.id, ad.id));
    expect(completed.status).toBe("completed");
    expect(ai.photos).toHaveLength(1);
    expect(readImageSize(ai.photos[0])).toEqual({ width: 1024, height: 768 });
    expect(ai.photos[0]).toEqual(await object(modelKeyFor(photoKey)));
    // Covers and display copies go through their own queue, never the generation's.
    expect(imagesQueue.sent).toEqual([{ adId: ad.id }]);
    expect(generationQueue.sent).toEqual([]);
  });

  it("forwards image requests queued on ad-generation before the ad-images queue existed", async () => {
    const imagesQueue = recordingQueue();
    const batch = createMessageBatch("ad-generation", [
      { id: "m-old-images", timestamp: new Date(), attempts: 1, body: { adId: "ad-1", task: "images" } },
      { id: "m-old-cover", timestamp: new Date(), attempts: 1, body: { adId: "ad-2", task: "cover" } },
    ]);
    const ctx = createExecutionContext();
    await generator.queue(batch, { ...env, IMAGES_QUEUE: imagesQueue.binding } as unknown as GeneratorEnv, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(["m-old-cover", "m-old-images"]);
    expect(imagesQueue.sent).toEqual(expect.arrayContaining([{ adId: "ad-1" }, { adId: "ad-2" }]));
  });

  it("makes the cover and display copies of an ad-images message", async () => {
    const user = await insertUser();
    const photoKey = await stored(await halvesJpeg(1600, 1200, RED, BLUE));
    const ad = await insertAd(user.id, {
      status: "completed",
      imageUrls: [photoKey],
      optimizedTitle: "Lampe",
      optimizedDescription: "Messing.",
    });
    const batch = createMessageBatch("ad-images", [{ id: "m-images", timestamp: new Date(), attempts: 1, body: { adId: ad.id } }]);
    const ctx = createExecutionContext();
    await generator.queue(batch, env as unknown as GeneratorEnv, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["m-images"]);
    const [refreshed] = await db().select().from(ads).where(eq(ads.id, ad.id));
    expect(refreshed.coverImageKey).toBe(coverKeyFor(photoKey));
    expect(readImageSize((await object(coverKeyFor(photoKey)))!)).toEqual({ width: 800, height: 600 });
    expect(readImageSize((await object(modelKeyFor(photoKey)))!)).toEqual({ width: 1024, height: 768 });
  });
});
