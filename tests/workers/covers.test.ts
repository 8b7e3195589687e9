// The generator's cover maker (ADR 019) on its own: real codecs in workerd, R2 for the sources.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { decodeImage, encodeJpeg } from "~/.server/covers/codecs";
import { ensureCover } from "~/.server/covers/ensure";
import { CoverSourceError, makeCover, makeDisplayCopy, MAX_COVER_SOURCE_PIXELS } from "~/.server/covers/make-cover";
import { readImageSize } from "~/.server/storage/image-info";
import { coverKeyFor, modelKeyFor } from "~/.server/storage/photos";

type Colour = [number, number, number];
const RED: Colour = [220, 30, 30];
const BLUE: Colour = [30, 60, 220];

/** A JPEG whose left half is `left` and right half is `right`. */
async function halvesJpeg(width: number, height: number, left: Colour, right: Colour) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([...(x < width / 2 ? left : right), 255], (y * width + x) * 4);
  return encodeJpeg({ data, width, height }, 90);
}

/** The same JPEG with an EXIF block saying how the camera was held (orientation tag 0x0112). */
function withOrientation(jpeg: Uint8Array, orientation: number) {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const payload = [...new TextEncoder().encode("Exif\0\0"), ...tiff];
  const length = payload.length + 2;
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 0xff, ...payload, ...jpeg.slice(2)]);
}

/** A JPEG header that declares a huge image (over the decoding budget); the rest does not matter. */
function hugeJpegHeader(width: number, height: number) {
  return new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, ...new Array(200).fill(0)]);
}

async function colourAt(cover: Uint8Array, x: number, y: number): Promise<Colour> {
  const image = await decodeImage(cover, { mime: "image/jpeg", extension: "jpg" });
  const offset = (y * image.width + x) * 4;
  return [image.data[offset], image.data[offset + 1], image.data[offset + 2]];
}

function expectColour(actual: Colour, expected: Colour) {
  for (const [index, channel] of actual.entries()) expect(Math.abs(channel - expected[index]), `${actual} ≈ ${expected}`).toBeLessThan(30);
}

// Decoding and encoding photos in WebAssembly takes seconds on a busy 2-core machine.
describe("makeCover", { timeout: 30_000 }, () => {
  it("turns a phone photo upright by its EXIF orientation before cropping", async () => {
    // Stored landscape (red left, blue right), shown rotated 90° clockwise: red on top, blue below.
    const cover = await makeCover(withOrientation(await halvesJpeg(800, 400, RED, BLUE), 6));
    expect(readImageSize(cover)).toEqual({ width: 800, height: 600 });
    expectColour(await colourAt(cover, 400, 40), RED);
    expectColour(await colourAt(cover, 400, 560), BLUE);
  });

  it("handles a 4K photo (3840×2160) within the decoding budget, and refuses a larger one before decoding", async () => {
    expect(3840 * 2160).toBeLessThanOrEqual(MAX_COVER_SOURCE_PIXELS);
    const photo = await halvesJpeg(3840, 2160, RED, BLUE);
    const started = Date.now();
    const cover = await makeCover(photo);
    console.log(`cover of an 8.3 MP JPEG made in ${Date.now() - started} ms`);
    expect(readImageSize(cover)).toEqual({ width: 800, height: 600 });
    expectColour(await colourAt(cover, 100, 300), RED);
    expectColour(await colourAt(cover, 700, 300), BLUE);
    await expect(makeCover(hugeJpegHeader(4032, 3024))).rejects.toThrow(CoverSourceError);
  }, 60_000);
});

// Decoding and encoding photos in WebAssembly takes seconds on a busy 2-core machine.
describe("makeDisplayCopy", { timeout: 30_000 }, () => {
  it("keeps the whole photo at a long edge of 1024 px, upright by its EXIF orientation", async () => {
    // Stored 1600×1000 (red left, blue right), shown rotated 90° clockwise: 640×1024, red on top.
    const copy = await makeDisplayCopy(withOrientation(await halvesJpeg(1600, 1000, RED, BLUE), 6));
    expect(readImageSize(copy)).toEqual({ width: 640, height: 1024 });
    expectColour(await colourAt(copy, 320, 10), RED);
    expectColour(await colourAt(copy, 320, 1013), BLUE);
  });

  it("does not enlarge a small photo", async () => {
    const copy = await makeDisplayCopy(await halvesJpeg(300, 200, RED, BLUE));
    expect(readImageSize(copy)).toEqual({ width: 300, height: 200 });
    expectColour(await colourAt(copy, 2, 100), RED);
    expectColour(await colourAt(copy, 297, 100), BLUE);
  });
});

// Decoding and encoding photos in WebAssembly takes seconds on a busy 2-core machine.
describe("ensureCover", { timeout: 30_000 }, () => {
  it("uses the browser's model copy of a photo over the decoding budget", async () => {
    const key = `ads/${crypto.randomUUID()}/huge.jpg`;
    await env.PHOTOS.put(key, hugeJpegHeader(8000, 5000));
    await env.PHOTOS.put(modelKeyFor(key), await halvesJpeg(1024, 768, RED, RED));
    expect(await ensureCover(env.PHOTOS, key)).toBe(coverKeyFor(key));
    const cover = new Uint8Array(await (await env.PHOTOS.get(coverKeyFor(key)))!.arrayBuffer());
    expectColour(await colourAt(cover, 400, 300), RED);
  });

  it("gives up with a warning (no cover, no failure) when there is neither a photo it may decode nor a model copy", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const key = `ads/${crypto.randomUUID()}/huge.jpg`;
    await env.PHOTOS.put(key, hugeJpegHeader(8000, 5000));
    expect(await ensureCover(env.PHOTOS, key)).toBeNull();
    expect(await env.PHOTOS.head(coverKeyFor(key))).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("no cover could be made"), expect.objectContaining({ photoKey: key }));
    warn.mockRestore();
  });

  it("keeps an existing cover (the browser's) untouched", async () => {
    const key = `ads/${crypto.randomUUID()}/foto.jpg`;
    const browserCover = await halvesJpeg(800, 600, BLUE, BLUE);
    await env.PHOTOS.put(key, await halvesJpeg(400, 300, RED, RED));
    await env.PHOTOS.put(coverKeyFor(key), browserCover);
    expect(await ensureCover(env.PHOTOS, key)).toBe(coverKeyFor(key));
    expect(new Uint8Array(await (await env.PHOTOS.get(coverKeyFor(key)))!.arrayBuffer())).toEqual(browserCover);
  });
});
