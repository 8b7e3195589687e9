// /api/ads: create, list, edit, retry, delete, and the public view of a finished ad.
import { z } from "zod";
import { adEditSchema, adTextFieldsSchema } from "../../lib/ad-input";
import { listingUrlSchema } from "../../lib/listing-url";
import { requestMeta } from "../activity/log";
import { requireUser, type AuthedBindings } from "../auth/middleware";
import { enforceRateLimit } from "../auth/rate-limit";
import { getDb } from "../db/client";
import { HttpError } from "../http/errors";
import { createRouter, firstIssueMessage } from "../http/router";
import { createAd, type AdsContext } from "./create";
import { sellerCity, setListingUrl } from "./listing";
import { deleteAd, retryAd, updateAd } from "./manage";
import { AD_NOT_FOUND, findPublicAd, getOwnAd, listOwnAds } from "./queries";
import { toAdJson, toPublicAdJson } from "./serialize";
import { checkCovers, checkModelCopies, checkPhoto, checkPhotos } from "./upload";
import type { Context } from "hono";

const adIdSchema = z.string().uuid();

function context(c: Context<AuthedBindings>): AdsContext {
  return {
    db: getDb(c.env.DB),
    photos: c.env.PHOTOS,
    queue: c.env.AD_QUEUE,
    meta: requestMeta(c.req.raw),
    generator: c.env.GENERATOR,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  };
}

async function multipart(c: Context<AuthedBindings>) {
  if (!c.req.header("Content-Type")?.startsWith("multipart/form-data")) {
    throw new HttpError(415, "Bitte sende die Anzeige als multipart/form-data (Bildupload).");
  }
  try {
    return await c.req.parseBody({ all: true });
  } catch {
    throw new HttpError(400, "Bildupload fehlgeschlagen: Die Formulardaten konnten nicht gelesen werden.");
  }
}

async function json(c: Context<AuthedBindings>): Promise<unknown> {
  if (!c.req.header("Content-Type")?.toLowerCase().startsWith("application/json")) {
    throw new HttpError(415, "Bitte sende die Daten als JSON (Content-Type: application/json).");
  }
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, "Die Anfrage enthält kein gültiges JSON.");
  }
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, firstIssueMessage(result.error));
  return result.data;
}

function adIdParam(c: Context<AuthedBindings>): string {
  const result = adIdSchema.safeParse(c.req.param("id"));
  if (!result.success) throw new HttpError(404, AD_NOT_FOUND);
  return result.data;
}

export function createAdsRouter() {
  const router = createRouter<AuthedBindings>();

  router.get("/ads/public/:id", async (c) => {
    const id = adIdSchema.safeParse(c.req.param("id"));
    const ad = id.success ? await findPublicAd(getDb(c.env.DB), id.data) : null;
    if (!ad) throw new HttpError(404, AD_NOT_FOUND);
    c.header("Cache-Control", "public, max-age=60");
    return c.json(toPublicAdJson(ad, { city: await sellerCity(getDb(c.env.DB), ad.userId) }));
  });

  router.get("/ads", requireUser, async (c) => {
    const ads = await listOwnAds(getDb(c.env.DB), c.get("user").id);
    c.header("Cache-Control", "private, no-store");
    return c.json(ads.map(toAdJson));
  });

  router.post("/ads", requireUser, async (c) => {
    const user = c.get("user");
    await enforceRateLimit(c.env.AD_CREATE_LIMITER, `user:${user.id}`);
    const body = await multipart(c);
    const { photos, covers, models, ...text } = body;
    const fields = parse(adTextFieldsSchema, Object.fromEntries(Object.entries(text).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
    const checked = await checkPhotos(photos === undefined ? [] : Array.isArray(photos) ? photos : [photos]);
    const checkedCovers = await checkCovers(covers === undefined ? [] : Array.isArray(covers) ? covers : [covers], checked.length);
    const checkedModels = await checkModelCopies(models === undefined ? [] : Array.isArray(models) ? models : [models], checked.length);
    const ad = await createAd(context(c), user, fields, checked, checkedCovers, checkedModels);
    return c.json(toAdJson(ad), 201);
  });

  router.patch("/ads/:id", requireUser, async (c) => {
    const id = adIdParam(c);
    const user = c.get("user");
    // Rate limit, existence and ownership before a byte of the body is read.
    await enforceRateLimit(c.env.AD_CREATE_LIMITER, `edit:${user.id}`);
    await getOwnAd(getDb(c.env.DB), user.id, id);
    const body = await multipart(c);
    const { image, cover, ...text } = body;
    const fields = parse(adEditSchema, text);
    const file = Array.isArray(image) ? image[0] : image;
    if (file !== undefined && !(file instanceof File)) throw new HttpError(400, "Bildupload fehlgeschlagen: Ungültige Datei.");
    const checked = file && file.size > 0 ? await checkPhoto(file) : undefined;
    const [checkedCover] = checked && cover !== undefined ? await checkCovers(Array.isArray(cover) ? cover : [cover], 1) : [];
    const ad = await updateAd(context(c), c.get("user"), id, {
      optimizedTitle: fields.optimizedTitle,
      optimizedDescription: fields.optimizedDescription,
      removeImage: fields.removeImage === "true",
      imageIndex: fields.imageIndex,
      image: checked,
      cover: checkedCover,
    });
    return c.json(toAdJson(ad));
  });

  router.put("/ads/:id/listing", requireUser, async (c) => {
    const id = adIdParam(c);
    const user = c.get("user");
    await getOwnAd(getDb(c.env.DB), user.id, id);
    const { listingUrl } = parse(listingUrlSchema, await json(c));
    return c.json(toAdJson(await setListingUrl(context(c), user, id, listingUrl)));
  });

  router.post("/ads/:id/retry", requireUser, async (c) => {
    const ad = await retryAd(context(c), c.get("user"), adIdParam(c));
    return c.json(toAdJson(ad));
  });

  router.delete("/ads/:id", requireUser, async (c) => {
    await deleteAd(context(c), c.get("user"), adIdParam(c));
    return c.json({ message: "Anzeige gelöscht" });
  });

  return router;
}
