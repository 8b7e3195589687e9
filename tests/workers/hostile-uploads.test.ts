// Hostile photos on creation (docs/SECURITY.md): random, truncated, polyglot and mislabelled files,
// and images whose real size hides behind a decoy in the marker stream or a header beyond the pixel
// limit. Each is answered with a German 4xx; nothing is stored and no credit spent; the generator
// never decodes a stored decoy itself.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ads } from "~/.server/db/schema";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { encodeJpeg } from "~/.server/generator/images/codecs";
import { ensureModelCopies } from "~/.server/generator/images/ensure";
import { openPhoto } from "~/.server/images/source";
import { modelKeyFor } from "~/.server/storage/photos";
import { concatBytes, png, TINY_JPEG } from "../fixtures/images";
import { allPhotoKeys, db, signedInUser, userById } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function call(path: string, init: RequestInit = {}) {
  return app.request(`http://localhost:8787${path}`, init, env, workerContext());
}

/** Deterministic pseudo-random bytes, so a failing case can be replayed. */
function randomBytes(seed: number, length: number) {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1664525 + 1013904223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/** UTF-8 bytes in an ArrayBuffer of their own (as a File part needs them). */
const utf8 = (text: string) => new Uint8Array(new TextEncoder().encode(text));

async function hostileFiles(): Promise<Array<{ name: string; type: string; bytes: Uint8Array<ArrayBuffer> }>> {
  const realPng = await png(32, 24);
  const files: Array<{ name: string; type: string; bytes: Uint8Array<ArrayBuffer> }> = [];
  for (let i = 0; i < 200; i++)
    files.push({ name: `zufall-${i}.jpg`, type: "image/jpeg", bytes: randomBytes(i + 1, 1 + ((i * 97) % 4000)) });
  for (let i = 0; i < 40; i++) files.push({ name: `kurz-${i}.png`, type: "image/png", bytes: realPng.slice(0, Math.min(7, i % 8)) });
  const html = utf8("<html><script>alert(document.cookie)</script></html>");
  const svg = utf8('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const gif = utf8("GIF89a\u0001\u0000\u0001\u0000");
  const pdf = utf8("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj");
  const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
  const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 3, 0, 0, 0]);
  for (const [name, bytes] of [
    ["bild.jpg", html],
    ["bild.png", svg],
    ["bild.webp", gif],
    ["foto.jpeg", pdf],
    ["foto.png", zip],
    ["foto.webp", exe],
  ] as const) {
    for (const type of ["image/jpeg", "image/png", "image/webp", "text/html", "application/octet-stream"])
      files.push({ name, type, bytes });
  }
  // Polyglots: a real image header followed by markup must not pass as anything but what its bytes say.
  const polyglot = new Uint8Array([...html, ...TINY_JPEG]);
  files.push({ name: "polyglot.jpg", type: "image/jpeg", bytes: polyglot });
  files.push({ name: "riff-ohne-webp.webp", type: "image/webp", bytes: utf8("RIFF\u0010\u0000\u0000\u0000AVI LIST") });
  return files;
}

type Size = { width: number; height: number };

const concat = concatBytes;
const segment = (marker: number, payload: ArrayLike<number>) =>
  concat([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff], payload);
const frame = ({ width, height }: Size) => [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];

/** A real small JPEG's segments before its first scan, and the scan data after it. */
async function realJpeg() {
  const data = new Uint8ClampedArray(64 * 48 * 4).fill(200);
  const jpeg = await encodeJpeg({ data, width: 64, height: 48 }, 80);
  let offset = 2;
  const tables: Uint8Array[] = [];
  while (jpeg[offset + 1] !== 0xda) {
    const length = (jpeg[offset + 2]! << 8) | jpeg[offset + 3]!;
    if (jpeg[offset + 1] !== 0xc0) tables.push(jpeg.subarray(offset, offset + 2 + length));
    offset += 2 + length;
  }
  return { tables, scans: jpeg.subarray(offset) };
}

/**
 * The attacker's JPEG: one 0xFF fill byte before the real frame header (`real`), and a comment
 * holding a decoy frame header (`decoy`) exactly where a reader that takes the fill byte for a
 * marker with length 0xC000 lands.
 */
async function jpegWithFillByteAndDecoy(real: Size, decoy: Size) {
  const { tables, scans } = await realJpeg();
  const head = concat([0xff, 0xd8], ...tables);
  const fill = head.length; // the fill byte's offset
  const realFrame = segment(0xc0, frame(real));
  const commentPayloadStart = fill + 1 + realFrame.length + 4;
  const decoyAt = fill + 2 + 0xc000;
  const comment = segment(
    0xfe,
    concat(new Array(decoyAt - commentPayloadStart).fill(0x20), segment(0xc0, frame(decoy)), new Array(20).fill(0x20)),
  );
  return concat(head, [0xff], realFrame, comment, scans);
}

/** A JPEG whose frame header comes after `commentBytes` of comments (as 60 KB segments). */
async function jpegWithLateFrame(real: Size, commentBytes: number) {
  const { tables, scans } = await realJpeg();
  const comments = Array.from({ length: Math.ceil(commentBytes / 60_000) }, () => segment(0xfe, new Array(60_000).fill(0x41)));
  return concat([0xff, 0xd8], ...tables, ...comments, segment(0xc0, frame(real)), scans);
}

function adForm(parts: Partial<Record<"photos" | "models" | "covers", { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }>>) {
  const form = new FormData();
  form.append("itemName", "Kaffeevollautomat DeLonghi");
  form.append("category", "elektronik");
  for (const [name, file] of Object.entries(parts)) form.append(name, new File([file.bytes], file.name, { type: file.type }));
  return form;
}

/** A new seller's create request with these parts. */
async function create(parts: Parameters<typeof adForm>[0]) {
  const { user, auth } = await signedInUser();
  return { userId: user.id, response: await call("/api/ads", { method: "POST", headers: auth, body: adForm(parts) }) };
}

async function expectRefusedAndNothingStored(response: Response, userId: string, message: string) {
  expect(response.status).toBe(400);
  expect((await response.json<{ message: string }>()).message).toContain(message);
  expect(await db().select().from(ads)).toEqual([]);
  expect(await allPhotoKeys()).toEqual([]);
  expect((await userById(userId)).adCredits).toBe(1);
}

describe("upload fuzzing", () => {
  it("answers hundreds of random, truncated, polyglot and mislabelled files with 4xx and stores nothing", async () => {
    const { user, auth } = await signedInUser({ subscriptionStatus: "active" });
    const files = await hostileFiles();
    expect(files.length).toBeGreaterThan(250);
    const statuses = new Set<number>();
    for (const [index, file] of files.entries()) {
      const form = new FormData();
      form.append("itemName", "Test");
      form.append("category", "sonstiges");
      form.append("photos", new File([file.bytes], file.name, { type: file.type }));
      // A fresh client address and no per-user limit would hide nothing: the rate limiter is per user,
      // so spread the requests over users after every few files.
      const response = await call("/api/ads", {
        method: "POST",
        headers: index % 9 === 8 ? (await signedInUser({ subscriptionStatus: "active" })).auth : auth,
        body: form,
      });
      statuses.add(response.status);
      expect(response.status, `${file.name} (${file.type}, ${file.bytes.length} B)`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      // Told by status and code (ADR 077): a photo it cannot take, or too many tries.
      expect((await response.json<{ code: string }>()).code).toBe(response.status === 429 ? "rate_limited" : "photo_upload_failed");
    }
    expect([...statuses].every((status) => [400, 413, 415, 429].includes(status))).toBe(true);
    expect(await db().select().from(ads)).toEqual([]);
    expect(await allPhotoKeys()).toEqual([]);
    expect((await userById(user.id)).adCredits).toBe(1);
  });
});

describe("image sizes read from the whole marker stream and the header", () => {
  it("refuses a 20000×20000 JPEG hiding behind a fill byte and a decoy 800×600 frame in a comment", async () => {
    const bytes = await jpegWithFillByteAndDecoy({ width: 20000, height: 20000 }, { width: 800, height: 600 });
    const { userId, response } = await create({ photos: { bytes, name: "bombe.jpg", type: "image/jpeg" } });
    await expectRefusedAndNothingStored(response, userId, "mehr als 40 Megapixel");
  });

  it("refuses a 20000×20000 JPEG whose frame header comes after 256 KB of comments", async () => {
    const bytes = await jpegWithLateFrame({ width: 20000, height: 20000 }, 300_000);
    const { userId, response } = await create({ photos: { bytes, name: "spaet.jpg", type: "image/jpeg" } });
    await expectRefusedAndNothingStored(response, userId, "mehr als 40 Megapixel");
  });

  it("refuses a photo whose size cannot be read (no frame header before the image data)", async () => {
    const { tables, scans } = await realJpeg();
    const bytes = concat([0xff, 0xd8], ...tables, scans);
    const { userId, response } = await create({ photos: { bytes, name: "ohne-groesse.jpg", type: "image/jpeg" } });
    await expectRefusedAndNothingStored(response, userId, "nicht eindeutig lesbar");
  });

  it("refuses a `models` copy that declares 1024×768 by a decoy but is 12000×12000 px", async () => {
    const model = await jpegWithFillByteAndDecoy({ width: 12000, height: 12000 }, { width: 1024, height: 768 });
    const photos = { bytes: await png(64, 48), name: "foto.png", type: "image/png" };
    const { userId, response } = await create({ photos, models: { bytes: model, name: "foto-model.jpg", type: "image/jpeg" } });
    await expectRefusedAndNothingStored(response, userId, "Kopie für die KI");
  });

  it("refuses a `covers` crop that declares 800×600 by a decoy but is 4000×3000 px", async () => {
    const cover = await jpegWithFillByteAndDecoy({ width: 4000, height: 3000 }, { width: 800, height: 600 });
    const photos = { bytes: await png(64, 48), name: "foto.png", type: "image/png" };
    const { userId, response } = await create({ photos, covers: { bytes: cover, name: "foto-cover.jpg", type: "image/jpeg" } });
    await expectRefusedAndNothingStored(response, userId, "Vorschaubild");
  });

  it("the generator never decodes a stored decoy itself: the Images service reads its real size and refuses what it cannot decode (ADR 024)", async () => {
    const key = `ads/${crypto.randomUUID()}/${"d".repeat(43)}.jpg`;
    await env.PHOTOS.put(key, await jpegWithFillByteAndDecoy({ width: 4000, height: 3000 }, { width: 800, height: 600 }), {
      httpMetadata: { contentType: "image/jpeg" },
    });
    expect(await openPhoto(env, key)).toMatchObject({ width: 4000, height: 3000 });
    // Its frame holds no decodable image: named unreadable (left out of the model call), no copy stored, nothing thrown.
    expect(await ensureModelCopies(env, [key])).toEqual({ readable: [], unreadable: [key] });
    expect(await env.PHOTOS.head(modelKeyFor(key))).toBeNull();
  });

  it("refuses a PNG that declares more than 40 megapixels by its header, and stores nothing", async () => {
    const bytes = await png(8, 8);
    // Patch the IHDR width/height to 30000 × 30000 (the CRC is not checked by the header reader).
    const view = new DataView(bytes.buffer);
    view.setUint32(16, 30000);
    view.setUint32(20, 30000);
    const { auth } = await signedInUser();
    const form = new FormData();
    form.append("itemName", "Riesenbild");
    form.append("category", "sonstiges");
    form.append("photos", new File([bytes], "bombe.png", { type: "image/png" }));
    const response = await call("/api/ads", { method: "POST", headers: auth, body: form });
    expect(response.status).toBe(400);
    expect((await response.json<{ message: string }>()).message).toContain("mehr als 40 Megapixel");
    expect(await allPhotoKeys()).toEqual([]);
  });
});
