// Photos uploaded while the form is filled in (ADR 082): POST /api/photos stores each photo with
// its copies under a draft the server names; POST /api/ads with `uploads` claims them in the batch
// that inserts the ad. Another seller's upload or draft, an id the client makes up, a broken photo
// or a cap reached changes nothing; abandoned uploads are swept with their objects.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads, photoUploads } from "~/.server/db/schema";
import { sweepAbandonedUploads } from "~/.server/generator/maintenance";
import { OPEN_UPLOADS_PER_USER, UPLOAD_MESSAGES } from "~/.server/app-worker/ads/photo-uploads";
import { coverKeyFor, modelKeyFor } from "~/.server/storage/photos";
import { encodeJpeg } from "~/.server/generator/images/codecs";
import { PHOTO_MESSAGES } from "~/lib/ad-input";
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

type Copies = { cover?: Uint8Array<ArrayBuffer>; model?: Uint8Array<ArrayBuffer> };

async function upload(auth: Auth, draft: string | undefined, photo: File, copies: Copies = {}, bindings: Env = env) {
  const form = new FormData();
  if (draft) form.append("draft", draft);
  form.append("photo", photo);
  if (copies.cover) form.append("cover", new File([copies.cover], "cover.jpg", { type: "image/jpeg" }));
  if (copies.model) form.append("model", new File([copies.model], "model.jpg", { type: "image/jpeg" }));
  return call("/api/photos", { method: "POST", headers: auth, body: form }, bindings);
}

/** Uploads a photo (the first of a new draft without `draft`): its upload id and the draft. */
async function uploaded(auth: Auth, draft: string | undefined, photo: File, copies?: Copies) {
  const response = await upload(auth, draft, photo, copies);
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json<{ upload: string; draft: string }>();
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

const messageOf = async (response: Response) => (await response.json<{ message: string }>()).message;

describe("photos uploaded before the ad", { timeout: 60_000 }, () => {
  it("an API client's phone photo: stored under a draft the server names, with a model copy made here and no metadata; the ad takes the draft's id and completes", async () => {
    const { user, auth } = await signedInUser();
    const { upload: key, draft } = await uploaded(auth, undefined, new File([await phonePhoto()], "handy.jpg", { type: "image/jpeg" }));
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

  it("a browser's uploads join the first one's draft and keep their copies; photos removed before sending are deleted once the ad exists", async () => {
    const { user, auth } = await signedInUser();
    const cover = await encodeJpeg({ data: new Uint8ClampedArray(800 * 600 * 4).fill(90), width: 800, height: 600 }, 80);
    const first = await uploaded(auth, undefined, await pngFile("a.png"), { cover, model: TINY_JPEG });
    const removed = (await uploaded(auth, first.draft, await pngFile("b.png"), { cover, model: TINY_JPEG })).upload;
    const second = (await uploaded(auth, first.draft, await pngFile("c.png"), { model: TINY_JPEG })).upload;
    const created = await createFromUploads(auth, [second, first.upload]);
    expect(created.status).toBe(201);
    const [row] = await db().select().from(ads).where(eq(ads.id, first.draft));
    expect(row!.imageUrls).toEqual([second, first.upload]);
    // The first photo shown has no cover of the browser's: the generator makes it (ADR 024).
    expect(row!.coverImageKey).toBeNull();
    await eventually(async () => ((await allPhotoKeys()).some((key) => key.startsWith(removed.replace(/\.png$/, ""))) ? undefined : true));
    const left = await allPhotoKeys();
    expect(left).toEqual(expect.arrayContaining([first.upload, second, modelKeyFor(first.upload), coverKeyFor(first.upload)]));
    expect(await uploadRows(user.id)).toEqual([]);
    // The draft is closed now: a late photo for it is refused.
    const late = await upload(auth, first.draft, await pngFile("d.png"), { model: TINY_JPEG });
    expect(late.status).toBe(409);
  });

  it("another seller's upload or draft, an id the client makes up and a deleted ad's id change nothing", async () => {
    const owner = await signedInUser();
    const stranger = await signedInUser();
    const { upload: key, draft } = await uploaded(owner.auth, undefined, await pngFile("a.png"), { model: TINY_JPEG });
    const before = await allPhotoKeys();

    const foreign = await createFromUploads(stranger.auth, [key]);
    expect(foreign.status).toBe(400);
    expect(await messageOf(foreign)).toBe(UPLOAD_MESSAGES.unknown);
    const intoForeignDraft = await upload(stranger.auth, draft, await pngFile("b.png"), { model: TINY_JPEG });
    expect(intoForeignDraft.status).toBe(409);
    expect(await messageOf(intoForeignDraft)).toBe(UPLOAD_MESSAGES.draftClosed);
    // An ad's id (existing, or deleted long ago) is never a draft: only the server names drafts.
    const existing = await insertAd(stranger.user.id);
    for (const madeUp of [existing.id, crypto.randomUUID()]) {
      const refused = await upload(stranger.auth, madeUp, await pngFile("c.png"), { model: TINY_JPEG });
      expect(refused.status).toBe(409);
    }

    expect((await allPhotoKeys()).sort()).toEqual(before.sort());
    expect(await uploadRows(owner.user.id)).toHaveLength(1);
    expect(await uploadRows(stranger.user.id)).toEqual([]);
    expect((await userById(stranger.user.id)).adCredits).toBe(1);
    expect(await db().select().from(ads).where(eq(ads.id, draft))).toEqual([]);
  });

  it("refuses a broken photo, files beside uploads, a photo named twice, six photos and an upload about to expire — storing nothing", async () => {
    const { user, auth } = await signedInUser();
    const truncated = await upload(
      auth,
      undefined,
      new File([TINY_JPEG.slice(0, TINY_JPEG.length - 2)], "kaputt.jpg", { type: "image/jpeg" }),
    );
    expect(truncated.status).toBe(400);
    expect(await allPhotoKeys()).toEqual([]);
    expect(await uploadRows(user.id)).toEqual([]);

    const first = await uploaded(auth, undefined, await pngFile("0.png", 40), { model: TINY_JPEG });
    const keys = [first.upload];
    for (let i = 1; i < 6; i++)
      keys.push((await uploaded(auth, first.draft, await pngFile(`${i}.png`, 40 + i), { model: TINY_JPEG })).upload);

    const both = await createFromUploads(auth, keys.slice(0, 1), env, (form) =>
      form.append("photos", new File([TINY_JPEG], "x.jpg", { type: "image/jpeg" })),
    );
    expect(both.status).toBe(400);
    expect(await messageOf(both)).toBe(UPLOAD_MESSAGES.both);
    expect((await createFromUploads(auth, [keys[0]!, keys[0]!])).status).toBe(400);
    const six = await createFromUploads(auth, keys);
    expect(six.status).toBe(400);
    expect(await messageOf(six)).toBe(PHOTO_MESSAGES.tooMany);
    // An hour before the cron may delete it, an upload is no longer taken.
    await db()
      .update(photoUploads)
      .set({ createdAt: Date.now() - UPLOAD_RETENTION_MS + 30 * 60 * 1000 })
      .where(eq(photoUploads.key, keys[0]!));
    const expiring = await createFromUploads(auth, keys.slice(0, 2));
    expect(expiring.status).toBe(400);
    expect(await messageOf(expiring)).toBe(UPLOAD_MESSAGES.unknown);
    expect(await db().select().from(ads).where(eq(ads.userId, user.id))).toEqual([]);
    expect((await userById(user.id)).adCredits).toBe(1);
    expect(await uploadRows(user.id)).toHaveLength(6);
  });

  it("at the account's cap the oldest other draft gives way; one draft alone at the cap is refused (429), storing nothing", async () => {
    const { user, auth } = await signedInUser();
    const old = await uploaded(auth, undefined, await pngFile("alt.png"), { model: TINY_JPEG });
    // Fill the account up to the cap with a newer draft's rows.
    const newer = crypto.randomUUID();
    await db()
      .insert(photoUploads)
      .values(
        Array.from({ length: OPEN_UPLOADS_PER_USER - 1 }, (_, i) => ({
          key: `ads/${newer}/${"x".repeat(41)}${String(i).padStart(2, "0")}.jpg`,
          draftId: newer,
          userId: user.id,
          hasCover: false,
          createdAt: Date.now() + 1 + i,
        })),
      );
    const fresh = await uploaded(auth, undefined, await pngFile("neu.png"), { model: TINY_JPEG });
    const rows = await uploadRows(user.id);
    expect(rows.map((row) => row.key)).not.toContain(old.upload);
    expect(rows.map((row) => row.key)).toContain(fresh.upload);
    expect(await allPhotoKeys()).not.toContain(old.upload);
    expect(await allPhotoKeys()).not.toContain(modelKeyFor(old.upload));

    // Now only the newer draft and this one hold rows; the newer one gives way too, and then a
    // draft that alone holds the cap is refused.
    await db().delete(photoUploads).where(eq(photoUploads.draftId, fresh.draft));
    await db().update(photoUploads).set({ draftId: fresh.draft }).where(eq(photoUploads.userId, user.id));
    await db()
      .insert(photoUploads)
      .values({
        key: `ads/${fresh.draft}/${"y".repeat(43)}.jpg`,
        draftId: fresh.draft,
        userId: user.id,
        hasCover: false,
        createdAt: Date.now(),
      });
    const stored = await allPhotoKeys();
    const full = await upload(auth, fresh.draft, await pngFile("zu-viel.png"), { model: TINY_JPEG });
    expect(full.status).toBe(429);
    expect(await messageOf(full)).toBe(UPLOAD_MESSAGES.tooManyOpen);
    expect((await allPhotoKeys()).sort()).toEqual(stored.sort());
    expect(await uploadRows(user.id)).toHaveLength(OPEN_UPLOADS_PER_USER);
  });

  it("an upload whose draft became an ad while its photo was being stored keeps nothing and answers 409", async () => {
    const { user, auth } = await signedInUser();
    const first = await uploaded(auth, undefined, await pngFile("a.png"), { model: TINY_JPEG });
    // The draft's ad is created (its upload rows claimed) while the next photo's objects are written.
    const bucket = new Proxy(env.PHOTOS, {
      get(target, property) {
        if (property !== "put") return Reflect.get(target, property).bind(target);
        return async (...args: Parameters<R2Bucket["put"]>) => {
          await db().delete(photoUploads).where(eq(photoUploads.draftId, first.draft));
          return target.put(...args);
        };
      },
    });
    const late = await upload(auth, first.draft, await pngFile("spaet.png"), { model: TINY_JPEG }, { ...env, PHOTOS: bucket } as Env);
    expect(late.status).toBe(409);
    expect((await allPhotoKeys()).filter((key) => !key.startsWith(first.upload.replace(/\.png$/, "")))).toEqual([]);
    expect(await uploadRows(user.id)).toEqual([]);
  });

  it("a create that fails after claiming the uploads gives them back with the credit", async () => {
    const { user, auth } = await signedInUser();
    const { upload: key, draft } = await uploaded(auth, undefined, await pngFile("a.png"), { model: TINY_JPEG });
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
    const old = (await uploaded(auth, undefined, await pngFile("alt.png"), { model: TINY_JPEG })).upload;
    const fresh = (await uploaded(auth, undefined, await pngFile("neu.png"), { model: TINY_JPEG })).upload;
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
    await uploaded(auth, undefined, await pngFile("a.png"), { model: TINY_JPEG });
    const deleted = await call("/api/account", { method: "DELETE", headers: auth });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await allPhotoKeys()).toEqual([]);
    expect(await uploadRows(user.id)).toEqual([]);
  });
});
