// Photos uploaded while the form is filled in (ADR 082): POST /api/photos stores each photo with
// its copies under the draft's id; POST /api/ads with `uploads` claims them in the batch that
// inserts the ad. Another seller's upload or draft, a draft that is an ad already, a broken photo
// or a cap reached changes nothing; abandoned uploads are swept with their objects.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads, photoUploads } from "~/.server/db/schema";
import { sweepAbandonedUploads } from "~/.server/generator/maintenance";
import { OPEN_UPLOADS_PER_USER, UPLOAD_MESSAGES } from "~/.server/app-worker/ads/photo-uploads";
import { coverKeyFor, modelKeyFor } from "~/.server/storage/photos";
import { encodeJpeg } from "~/.server/generator/images/codecs";
import { MAX_PHOTOS, PHOTO_MESSAGES } from "~/lib/ad-input";
import { UPLOAD_RETENTION_MS } from "~/lib/photo-limits";
import { expectConsoleError } from "../console-guard";
import { png, TINY_JPEG } from "../fixtures/images";
import { carriedMetadata, withPhoneMetadata } from "../fixtures/photo-metadata";
import { allPhotoKeys, db, eventually, insertAd, signedInUser, userById } from "./helpers";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { workerContext } from "./worker-context";

type Auth = Record<string, string>;

const app = createWorkerApp(async () => new Response("page"));

function call(path: string, init: RequestInit = {}, bindings: Env = env) {
  return app.request(`http://localhost:8787${path}`, init, bindings, workerContext());
}

async function upload(
  auth: Auth,
  draft: string,
  photo: File,
  copies: { cover?: Uint8Array<ArrayBuffer>; model?: Uint8Array<ArrayBuffer> } = {},
) {
  const form = new FormData();
  form.append("draft", draft);
  form.append("photo", photo);
  if (copies.cover) form.append("cover", new File([copies.cover], "cover.jpg", { type: "image/jpeg" }));
  if (copies.model) form.append("model", new File([copies.model], "model.jpg", { type: "image/jpeg" }));
  return call("/api/photos", { method: "POST", headers: auth, body: form });
}

async function uploaded(auth: Auth, draft: string, photo: File, copies?: Parameters<typeof upload>[3]): Promise<string> {
  const response = await upload(auth, draft, photo, copies);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json<{ upload: string }>()).upload;
}

async function createFromUploads(auth: Auth, keys: string[], bindings: Env = env, extra: (form: FormData) => void = () => {}) {
  const form = new FormData();
  form.append("itemName", "Stehlampe Messing");
  form.append("category", "moebel");
  form.append("description", "Funktioniert, kleine Kratzer am Fuß. 40 € VB, Abholung in Leipzig.");
  form.append("uploads", keys.join(","));
  extra(form);
  return call("/api/ads", { method: "POST", headers: auth, body: form }, bindings);
}

const pngFile = async (name: string, width = 64, height = 48) => new File([await png(width, height)], name, { type: "image/png" });

/** A 1200×800 JPEG as a phone writes it: EXIF with GPS, camera, owner. */
async function phonePhoto() {
  const [width, height] = [1200, 800];
  const data = new Uint8ClampedArray(width * height * 4).fill(120);
  return withPhoneMetadata(await encodeJpeg({ data, width, height }, 85));
}

const uploadRows = (userId: string) => db().select().from(photoUploads).where(eq(photoUploads.userId, userId));

describe("photos uploaded before the ad", { timeout: 60_000 }, () => {
  it("an API client's phone photo: stored under the draft with a model copy made here and no metadata; the ad takes the draft's id and completes", async () => {
    const { user, auth } = await signedInUser();
    const draft = crypto.randomUUID();
    const key = await uploaded(auth, draft, new File([await phonePhoto()], "handy.jpg", { type: "image/jpeg" }));
    expect(key.startsWith(`ads/${draft}/`)).toBe(true);
    const copy = await env.PHOTOS.get(modelKeyFor(key));
    expect(carriedMetadata(new Uint8Array(await copy!.arrayBuffer()))).toEqual([]);
    expect(await uploadRows(user.id)).toHaveLength(1);

    const created = await createFromUploads(auth, [key]);
    expect(created.status, await created.clone().text()).toBe(201);
    const ad = await created.json<{ id: string; imageUrls: string[]; status: string }>();
    expect(ad.id).toBe(draft);
    expect(ad.imageUrls).toEqual([`/images/${key}`]);
    expect(await uploadRows(user.id)).toEqual([]);
    expect((await userById(user.id)).adCredits).toBe(0);
    const done = await eventually(async () => {
      const [row] = await db().select().from(ads).where(eq(ads.id, draft));
      return row?.status === "completed" ? row : undefined;
    }, 20_000);
    expect(done.optimizedTitle).toBeTruthy();
    // The photo itself stays private; the public JSON names the display copy.
    const publicAd = await (await call(`/api/ads/public/${draft}`)).json<{ imageUrls: string[] }>();
    expect(publicAd.imageUrls).toEqual([`/images/${modelKeyFor(key)}`]);
    expect((await call(`/images/${key}`)).status).toBe(404);
  });

  it("a browser's upload keeps its copies; photos removed before sending are deleted once the ad exists; the order is the seller's", async () => {
    const { user, auth } = await signedInUser();
    const draft = crypto.randomUUID();
    const cover = await encodeJpeg({ data: new Uint8ClampedArray(800 * 600 * 4).fill(90), width: 800, height: 600 }, 80);
    const [first, removed, second] = [
      await uploaded(auth, draft, await pngFile("a.png"), { cover, model: TINY_JPEG }),
      await uploaded(auth, draft, await pngFile("b.png"), { cover, model: TINY_JPEG }),
      await uploaded(auth, draft, await pngFile("c.png"), { model: TINY_JPEG }),
    ];
    const created = await createFromUploads(auth, [second, first]);
    expect(created.status).toBe(201);
    const [row] = await db().select().from(ads).where(eq(ads.id, draft));
    expect(row!.imageUrls).toEqual([second, first]);
    // The first photo shown has no cover of the browser's: the generator makes it (ADR 024).
    expect(row!.coverImageKey).toBeNull();
    await eventually(async () => ((await allPhotoKeys()).some((key) => key.startsWith(removed.replace(/\.png$/, ""))) ? undefined : true));
    const left = await allPhotoKeys();
    expect(left).toEqual(expect.arrayContaining([first, second, modelKeyFor(first), coverKeyFor(first)]));
    expect(await uploadRows(user.id)).toEqual([]);
  });

  it("another seller's upload or draft, and a draft that is an ad already, change nothing", async () => {
    const owner = await signedInUser();
    const stranger = await signedInUser();
    const draft = crypto.randomUUID();
    const key = await uploaded(owner.auth, draft, await pngFile("a.png"), { model: TINY_JPEG });
    const before = await allPhotoKeys();

    const foreign = await createFromUploads(stranger.auth, [key]);
    expect(foreign.status).toBe(400);
    expect((await foreign.json<{ message: string }>()).message).toBe(UPLOAD_MESSAGES.unknown);
    const intoForeignDraft = await upload(stranger.auth, draft, await pngFile("b.png"), { model: TINY_JPEG });
    expect(intoForeignDraft.status).toBe(409);
    const existing = await insertAd(stranger.user.id);
    const intoAd = await upload(stranger.auth, existing.id, await pngFile("c.png"), { model: TINY_JPEG });
    expect(intoAd.status).toBe(409);
    expect((await intoAd.json<{ message: string }>()).message).toBe(UPLOAD_MESSAGES.draftTaken);

    expect((await allPhotoKeys()).sort()).toEqual(before.sort());
    expect(await uploadRows(owner.user.id)).toHaveLength(1);
    expect(await uploadRows(stranger.user.id)).toEqual([]);
    expect((await userById(stranger.user.id)).adCredits).toBe(1);
    expect(await db().select().from(ads).where(eq(ads.id, draft))).toEqual([]);
  });

  it("refuses a broken photo, a sixth photo, too many open uploads, and files beside uploads — storing nothing", async () => {
    const { user, auth } = await signedInUser();
    const draft = crypto.randomUUID();
    const truncated = await upload(auth, draft, new File([TINY_JPEG.slice(0, TINY_JPEG.length - 2)], "kaputt.jpg", { type: "image/jpeg" }));
    expect(truncated.status).toBe(400);
    expect(await allPhotoKeys()).toEqual([]);

    const keys: string[] = [];
    for (let i = 0; i < MAX_PHOTOS; i++) keys.push(await uploaded(auth, draft, await pngFile(`${i}.png`, 40 + i), { model: TINY_JPEG }));
    const stored = await allPhotoKeys();
    const sixth = await upload(auth, draft, await pngFile("6.png"), { model: TINY_JPEG });
    expect(sixth.status).toBe(400);
    expect((await sixth.json<{ message: string }>()).message).toBe(PHOTO_MESSAGES.tooMany);
    expect((await allPhotoKeys()).sort()).toEqual(stored.sort());

    // Two more drafts' worth up to the cap; the next one is refused.
    await db()
      .insert(photoUploads)
      .values(
        Array.from({ length: OPEN_UPLOADS_PER_USER - MAX_PHOTOS }, (_, i) => ({
          key: `ads/${crypto.randomUUID()}/${"x".repeat(42)}${i % 10}.jpg`,
          draftId: crypto.randomUUID(),
          userId: user.id,
          hasCover: false,
          createdAt: Date.now(),
        })),
      );
    const overCap = await upload(auth, crypto.randomUUID(), await pngFile("z.png"), { model: TINY_JPEG });
    expect(overCap.status).toBe(429);
    expect((await allPhotoKeys()).sort()).toEqual(stored.sort());

    const both = await createFromUploads(auth, keys.slice(0, 1), env, (form) =>
      form.append("photos", new File([TINY_JPEG], "x.jpg", { type: "image/jpeg" })),
    );
    expect(both.status).toBe(400);
    expect((await both.json<{ message: string }>()).message).toBe(UPLOAD_MESSAGES.both);
    const twice = await createFromUploads(auth, [keys[0]!, keys[0]!]);
    expect(twice.status).toBe(400);
    expect(await db().select().from(ads).where(eq(ads.userId, user.id))).toEqual([]);
    expect((await userById(user.id)).adCredits).toBe(1);
  });

  it("an upload whose draft became an ad while its photo was being stored keeps nothing and answers 409", async () => {
    const { user, auth } = await signedInUser();
    const draft = crypto.randomUUID();
    // The draft's ad is created (its upload rows claimed) while this photo's objects are written.
    const bucket = new Proxy(env.PHOTOS, {
      get(target, property) {
        if (property !== "put") return Reflect.get(target, property).bind(target);
        return async (...args: Parameters<R2Bucket["put"]>) => {
          await db().delete(photoUploads).where(eq(photoUploads.draftId, draft));
          return target.put(...args);
        };
      },
    });
    const form = new FormData();
    form.append("draft", draft);
    form.append("photo", await pngFile("spaet.png"));
    form.append("model", new File([TINY_JPEG], "model.jpg", { type: "image/jpeg" }));
    const late = await call("/api/photos", { method: "POST", headers: auth, body: form }, { ...env, PHOTOS: bucket } as Env);
    expect(late.status).toBe(409);
    expect(await allPhotoKeys()).toEqual([]);
    expect(await uploadRows(user.id)).toEqual([]);
  });

  it("a create that fails after claiming the uploads gives them back with the credit", async () => {
    const { user, auth } = await signedInUser();
    const draft = crypto.randomUUID();
    const key = await uploaded(auth, draft, await pngFile("a.png"), { model: TINY_JPEG });
    const queue = { send: async () => Promise.reject(new Error("queue down")), sendBatch: async () => {} } as unknown as Queue;
    expectConsoleError();
    const failed = await createFromUploads(auth, [key], { ...env, AD_QUEUE: queue } as Env);
    expect(failed.status).toBe(503);
    expect(await db().select().from(ads).where(eq(ads.id, draft))).toEqual([]);
    expect((await userById(user.id)).adCredits).toBe(1);
    expect((await uploadRows(user.id)).map((row) => row.key)).toEqual([key]);
    expect(await allPhotoKeys()).toContain(key);
    // The next try succeeds with the same uploads.
    expect((await createFromUploads(auth, [key])).status).toBe(201);
  });

  it("the cron deletes uploads older than a day with their objects, and keeps newer ones", async () => {
    const { user, auth } = await signedInUser();
    const old = await uploaded(auth, crypto.randomUUID(), await pngFile("alt.png"), { model: TINY_JPEG });
    const fresh = await uploaded(auth, crypto.randomUUID(), await pngFile("neu.png"), { model: TINY_JPEG });
    await db()
      .update(photoUploads)
      .set({ createdAt: Date.now() - UPLOAD_RETENTION_MS - 1 })
      .where(eq(photoUploads.key, old));
    expect(await sweepAbandonedUploads(env.DB, env.PHOTOS)).toBe(1);
    expect((await uploadRows(user.id)).map((row) => row.key)).toEqual([fresh]);
    const left = await allPhotoKeys();
    expect(left).not.toContain(old);
    expect(left).not.toContain(modelKeyFor(old));
    expect(left).toEqual(expect.arrayContaining([fresh, modelKeyFor(fresh)]));
  });

  it("deleting the account deletes its open uploads", async () => {
    const { user, auth } = await signedInUser();
    await uploaded(auth, crypto.randomUUID(), await pngFile("a.png"), { model: TINY_JPEG });
    const deleted = await call("/api/account", { method: "DELETE", headers: auth });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await allPhotoKeys()).toEqual([]);
    expect(await uploadRows(user.id)).toEqual([]);
  });
});
