// Failures of the Images binding say what they are (ADR 053): an unreadable photo is left out of
// the model call and named on the ad; an exhausted quota fails the ad at once with a German reason
// and a refund; a service fault is retried, then fails the same way. And the model copy a server
// makes never exceeds its 600 KB budget; an API-created ad has its model copies before its
// generation is queued. The binding is miniflare's (sharp in Node); where a failure is needed, a
// binding at the process boundary answers with the documented error code.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { MODEL_COPY_MAX_BYTES } from "~/.server/images/upload";
import { ads } from "~/.server/db/schema";
import { attemptGeneration, leaseDuration } from "~/.server/generator/generation/attempt";
import { MAX_ATTEMPTS } from "~/.server/generator/generation/policy";
import { encodeJpeg } from "~/.server/generator/images/codecs";
import { IMAGES_MESSAGES } from "~/.server/images/failures";
import { makeDisplayCopy } from "~/.server/generator/images/make-copies";
import { jpegBytes, openPhoto } from "~/.server/images/source";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { readImageSize } from "~/.server/storage/image-info";
import { modelKeyFor } from "~/.server/storage/photos";
import { unreadablePhotosNotice } from "~/lib/unreadable-photos";
import { png } from "../fixtures/images";
import { db, insertAd, insertUser, PRODUCTION_GENERATOR_SETTINGS, recordingAi, signedInUser, userById } from "./helpers";
import { workerContext } from "./worker-context";

/** The binding's own failure: an ImagesError with the documented numeric code. */
function imagesError(code: number) {
  return Object.assign(new Error(`IMAGES_TRANSFORM_ERROR ${code}: refused`), { code });
}

/**
 * miniflare's Images binding, except that `output()` rejects with `code` (the first `times` calls):
 * the service refusing the work, as production answers a transformation past the quota.
 */
function imagesFailingWith(code: number, times = Number.POSITIVE_INFINITY) {
  let failures = 0;
  const wrap = (transformer: ImageTransformer): ImageTransformer =>
    ({
      transform: (options: ImageTransform) => wrap(transformer.transform(options)),
      output: async (options: ImageOutputOptions) => {
        const result = transformer.output(options);
        if (failures >= times) return result;
        failures++;
        await result.catch(() => {});
        throw imagesError(code);
      },
    }) as ImageTransformer;
  return {
    get failures() {
      return failures;
    },
    binding: {
      info: (stream: ReadableStream<Uint8Array>) => env.IMAGES.info(stream),
      input: (stream: ReadableStream<Uint8Array>) => wrap(env.IMAGES.input(stream)),
    },
  };
}

async function stored(bytes: Uint8Array, extension = "png") {
  const key = `ads/${crypto.randomUUID()}/${"q".repeat(43)}.${extension}`;
  await env.PHOTOS.put(key, bytes);
  return key;
}

/** A JPEG whose header reads but whose image data is cut off (a truncated upload). */
async function truncatedJpeg() {
  const data = new Uint8ClampedArray(640 * 480 * 4).fill(200);
  const jpeg = await encodeJpeg({ data, width: 640, height: 480 }, 90);
  return jpeg.slice(0, Math.floor(jpeg.length / 2));
}

/** A processing API-created ad (no model copies yet) of a seller without credits left, its credit reserved. */
async function apiAd(photoKeys: string[], overrides: Partial<typeof ads.$inferInsert> = {}) {
  const user = await insertUser({ adCredits: 0 });
  const ad = await insertAd(user.id, {
    itemName: "Stehlampe",
    category: "moebel",
    imageUrls: photoKeys,
    creditSource: "credits",
    ...overrides,
  });
  return { user, ad };
}

function attempt(adId: string, bindings: Record<string, unknown>) {
  const generationEnv = { ...env, ...PRODUCTION_GENERATOR_SETTINGS, ...bindings } as unknown as GeneratorEnv;
  return attemptGeneration(generationEnv, db(), adId, leaseDuration(generationEnv));
}

async function adById(id: string) {
  const [ad] = await db().select().from(ads).where(eq(ads.id, id));
  return ad;
}

describe("Images binding failures", { timeout: 30_000 }, () => {
  it("a quota error (9422) fails the ad at once with a German message and a refund; the model is never asked", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user, ad } = await apiAd([await stored(await png(800, 600))]);
    const ai = recordingAi();
    const images = imagesFailingWith(9422);
    expect(await attempt(ad.id, { AI: ai.binding, IMAGES: images.binding })).toEqual({ kind: "done" });
    expect(await adById(ad.id)).toMatchObject({ status: "failed", errorMessage: IMAGES_MESSAGES.quota, creditSource: null, attempts: 1 });
    expect(IMAGES_MESSAGES.quota).toContain("Dein Guthaben wurde zurückgebucht");
    expect((await userById(user.id)).adCredits).toBe(1);
    expect(ai.calls).toBe(0);
    warn.mockRestore();
  });

  it("a service error (9522) is retried without a refund, and fails the ad with a refund after the last attempt", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user, ad } = await apiAd([await stored(await png(800, 600))]);
    const ai = recordingAi();
    const first = await attempt(ad.id, { AI: ai.binding, IMAGES: imagesFailingWith(9522).binding });
    expect(first.kind).toBe("retry");
    expect(await adById(ad.id)).toMatchObject({ status: "processing", errorMessage: null, creditSource: "credits" });
    expect((await userById(user.id)).adCredits).toBe(0);

    await db()
      .update(ads)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(ads.id, ad.id));
    expect(await attempt(ad.id, { AI: ai.binding, IMAGES: imagesFailingWith(9522).binding })).toEqual({ kind: "done" });
    expect(await adById(ad.id)).toMatchObject({ status: "failed", errorMessage: IMAGES_MESSAGES.service, creditSource: null });
    expect((await userById(user.id)).adCredits).toBe(1);
    expect(ai.calls).toBe(0);
    warn.mockRestore();
  });

  it("an unreadable photo is left out of the model call and named on the ad; the others are read", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const good = await stored(await png(800, 600));
    const damaged = await stored(await truncatedJpeg(), "jpg");
    const other = await stored(await png(600, 800, { seed: 3 }));
    const { ad } = await apiAd([good, damaged, other]);
    const ai = recordingAi();
    expect(await attempt(ad.id, { AI: ai.binding })).toEqual({ kind: "done" });
    const completed = await adById(ad.id);
    expect(completed.status).toBe("completed");
    expect({ calls: ai.calls, photos: ai.photos.length }).toEqual({ calls: 1, photos: 2 });
    // The seller keeps the photo, and is told which one the model did not see (in the ad's order).
    expect(completed.imageUrls).toEqual([good, damaged, other]);
    expect(completed.imageAnalysis?.unreadablePhotos).toEqual([1]);
    expect(unreadablePhotosNotice(completed.imageAnalysis?.unreadablePhotos ?? [])).toBe(
      "Foto 2 konnte nicht gelesen werden – die KI hat es nicht gesehen. Ersetze es im Editor durch ein anderes Foto.",
    );
    warn.mockRestore();
  });

  it("an ad none of whose photos can be read fails at once with a refund, without a model call", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user, ad } = await apiAd([await stored(await truncatedJpeg(), "jpg")]);
    const ai = recordingAi();
    expect(await attempt(ad.id, { AI: ai.binding })).toEqual({ kind: "done" });
    expect(await adById(ad.id)).toMatchObject({ status: "failed", errorMessage: IMAGES_MESSAGES.noPhotoReadable, attempts: 1 });
    expect((await userById(user.id)).adCredits).toBe(1);
    expect(ai.calls).toBe(0);
    warn.mockRestore();
  });

  it("a 9523 the service answers once (a passing fault) is tried again: the photo is read, not dropped", async () => {
    const photo = await stored(await png(800, 600));
    const { ad } = await apiAd([photo]);
    const ai = recordingAi();
    const images = imagesFailingWith(9523, 1);
    expect(await attempt(ad.id, { AI: ai.binding, IMAGES: images.binding })).toEqual({ kind: "done" });
    expect(images.failures).toBe(1);
    expect({ calls: ai.calls, photos: ai.photos.length }).toEqual({ calls: 1, photos: 1 });
    expect((await adById(ad.id)).imageAnalysis?.unreadablePhotos).toBeUndefined();
  });
});

describe("the model copy's 600 KB budget", { timeout: 30_000 }, () => {
  it("is kept by stepping down, even for a photo whose plain 1024 px copy is larger", async () => {
    // A 1024 px photo of pure noise: its copy at full size, only re-encoded, is over the budget.
    const photo = await openPhoto(env, await stored(await png(1024, 1024, { noise: true })));
    const plain = await jpegBytes(env.IMAGES.input(await photo!.stream()), 82);
    expect(plain.byteLength).toBeGreaterThan(MODEL_COPY_MAX_BYTES);
    const copy = await makeDisplayCopy(env, photo!);
    expect(copy.byteLength).toBeLessThanOrEqual(MODEL_COPY_MAX_BYTES);
    expect(Math.max(readImageSize(copy)!.width, readImageSize(copy)!.height)).toBeLessThan(1024);
  });
});

describe("an API-created ad", { timeout: 30_000 }, () => {
  it("has a model copy of every photo before its generation is queued", async () => {
    const { auth } = await signedInUser();
    const atHandOff: (boolean | null)[][] = [];
    const queue = {
      send: async (body: { adId: string }) => {
        const [ad] = await db().select({ imageUrls: ads.imageUrls }).from(ads).where(eq(ads.id, body.adId));
        atHandOff.push(await Promise.all(ad.imageUrls.map(async (key) => (await env.PHOTOS.head(modelKeyFor(key))) !== null)));
      },
      sendBatch: async () => {},
    };
    const form = new FormData();
    form.append("itemName", "Stehlampe Messing");
    form.append("category", "moebel");
    form.append("description", "Funktioniert, 40 € VB.");
    for (const seed of [1, 2, 3])
      form.append("photos", new File([await png(1400, 1000, { seed })], `foto-${seed}.png`, { type: "image/png" }));
    const app = createWorkerApp(async () => new Response("page"));
    const created = await app.request(
      "http://localhost:8787/api/ads",
      { method: "POST", headers: auth, body: form },
      { ...env, AD_QUEUE: queue },
      workerContext(),
    );
    expect(created.status).toBe(201);
    expect(atHandOff).toEqual([[true, true, true]]);
    const { id } = await created.json<{ id: string }>();
    for (const key of (await adById(id)).imageUrls) {
      const copy = new Uint8Array(await (await env.PHOTOS.get(modelKeyFor(key)))!.arrayBuffer());
      expect(readImageSize(copy)).toEqual({ width: 1024, height: 731 });
    }
  });
});
