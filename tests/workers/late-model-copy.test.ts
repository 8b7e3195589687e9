// A model copy the create request could not finish by its deadline (ADR 053) is not made a second
// time: the seller is answered, and the generation is queued once the copy has ended (ADR 080).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adTextFieldsSchema } from "~/lib/ad-input";
import { createAd, type AdsContext } from "~/.server/app-worker/ads/create";
import { makeModelCopiesAtUpload } from "~/.server/app-worker/ads/photos-at-upload";
import { checkPhotos } from "~/.server/images/upload";
import { modelKeyFor } from "~/.server/storage/photos";
import { png } from "../fixtures/images";
import { db, signedInUser } from "./helpers";

/** The Images binding whose outputs wait for `gate` (a slow image service); counts the outputs made. */
function slowImages(gate: Promise<unknown>) {
  let outputs = 0;
  const wrap = (transformer: ImageTransformer): ImageTransformer =>
    ({
      transform: (options: ImageTransform) => wrap(transformer.transform(options)),
      draw: (...args: Parameters<ImageTransformer["draw"]>) => wrap(transformer.draw(...args)),
      output: async (options: ImageOutputOptions) => {
        await gate;
        outputs++;
        return transformer.output(options);
      },
    }) as ImageTransformer;
  const images = {
    info: (stream, options) => env.IMAGES.info(stream, options),
    input: (stream, options) => wrap(env.IMAGES.input(stream, options)),
  } as ImagesBinding;
  return { images, outputs: () => outputs };
}

function opened() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { gate, open };
}

async function photoUpload(name: string) {
  return checkPhotos([new File([await png(64, 48)], name, { type: "image/png" })]);
}

describe("a model copy past its deadline", () => {
  it("is reported late while it is still made, and stored once it has ended", async () => {
    const { gate, open } = opened();
    const { images, outputs } = slowImages(gate);
    const [photo] = await photoUpload("a.png");
    const key = `ads/late-${crypto.randomUUID()}/a.png`;
    const copies = makeModelCopiesAtUpload({ PHOTOS: env.PHOTOS, IMAGES: images }, [{ key, file: photo.file, size: photo.size }], 50);
    expect(await copies.stored).toBe(0);
    expect(await copies.late).toBe(true);
    expect(await env.PHOTOS.head(modelKeyFor(key))).toBeNull();
    open();
    await copies.ended;
    expect(await env.PHOTOS.head(modelKeyFor(key))).not.toBeNull();
    expect(outputs()).toBe(1);

    const onTime = makeModelCopiesAtUpload(
      { PHOTOS: env.PHOTOS, IMAGES: images },
      [{ key: `${key}-2`, file: photo.file, size: photo.size }],
      5_000,
    );
    expect(await onTime.stored).toBe(1);
    expect(await onTime.late).toBe(false);
  });

  it(
    "answers the seller and queues the generation only once the copy has ended (the create request's own deadline)",
    { timeout: 30_000 },
    async () => {
      const { gate, open } = opened();
      const { images, outputs } = slowImages(gate);
      const { user } = await signedInUser({ adCredits: 1 });
      const queued: unknown[] = [];
      const afterAnswer: Promise<unknown>[] = [];
      const context: AdsContext = {
        db: db(),
        photos: env.PHOTOS,
        queue: { send: async (body: unknown) => void queued.push(body), sendBatch: async () => {} } as unknown as Queue,
        imagesQueue: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue,
        images,
        purgeEdgeCache: async () => {},
        waitUntil: (promise) => void afterAnswer.push(promise),
      };
      const fields = adTextFieldsSchema.parse({ itemName: "Bosch Akkuschrauber", category: "garten" });
      const ad = await createAd(context, { id: user.id, email: user.email }, fields, await photoUpload("a.png"));
      expect(ad.status).toBe("processing");
      // Answered after the deadline, with the copy still under way: nothing queued yet.
      expect(queued).toEqual([]);
      expect(await env.PHOTOS.head(modelKeyFor(ad.imageUrls[0]))).toBeNull();
      open();
      await Promise.all(afterAnswer);
      expect(queued).toHaveLength(1);
      expect(JSON.stringify(queued[0])).toContain(ad.id);
      // The generation finds the copy: one transformation for the photo, none to make again.
      expect(await env.PHOTOS.head(modelKeyFor(ad.imageUrls[0]))).not.toBeNull();
      expect(outputs()).toBe(1);
    },
  );
});
