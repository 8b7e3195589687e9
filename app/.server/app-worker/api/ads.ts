// /api/ads: create, list, edit, retry, delete, and the public view of a finished ad.
import type { Context } from "hono";
import { z } from "zod";
import { adEditSchema, adTextFieldsSchema, MAX_PHOTO_BYTES, MAX_PHOTO_MEGABYTES, MAX_PHOTOS, PHOTO_MESSAGES } from "../../../lib/ad-input";
import { MAX_PHOTO_MEGAPIXELS, UPLOAD_RETENTION_MS } from "../../../lib/photo-limits";
import { requestMeta } from "../../activity-log";
import type { AuthedBindings } from "../endpoint/require-user";
import { getDb } from "../../db/client";
import { edgeCachePurge } from "../edge-cache/purge";
import { getConfig } from "../env";
import { endByHandHint } from "../listings/end";
import { deletedSchema } from "../listings/serialize";
import { endpoint, json, JSON_BODY_LIMIT } from "../endpoint/endpoint";
import { errorJson } from "../endpoint/router";
import { photoRefused } from "../../http-error";
import type { MultipartBodySpec } from "../endpoint/read-body";
import { createAd, createAdFromUploads, type AdsContext } from "../ads/create";
import { OPEN_UPLOADS_PER_USER, readStagedPhotos, stagePhoto, UPLOAD_MESSAGES } from "../ads/photo-uploads";
import { ORIGINAL_PHOTO_KEY } from "../../storage/photo-keys";
import { listingUrlSchema, setListingUrl } from "../ads/listing";
import { deleteAd, retryAd, updateAd } from "../ads/manage";
import { AD_NOT_FOUND, getOwnAd } from "../ads/queries";
import { adJsonSchema, publicAdJsonSchema, toAdJson } from "../ads/serialize";
import { CLIENT_CACHE_CONTROL, NOT_FINAL_CACHE_CONTROL, PRIVATE_CACHE_CONTROL } from "../edge-cache/policy";
import { adIdParams, adIdSchema } from "../ads/ad-id";
import { CHANGES_MAX_WAIT_SECONDS, CHANGES_PATH, changesQuerySchema, waitForChanges } from "../ads/changes";
import { OPEN_WAITS_PER_ADDRESS, OPEN_WAITS_PER_USER } from "../ads/open-waits";
import { runnerNotices } from "../ads/runner-notices";
import { clientAddress } from "../endpoint/client";
import { readOwnAds, readPublicAd } from "../ads/views";
import {
  checkCovers,
  checkModelCopies,
  checkPhoto,
  checkPhotos,
  COVER_MAX_BYTES,
  COVER_MESSAGE,
  MODEL_COPY_MAX_BYTES,
  MODEL_COPY_MESSAGE,
} from "../../images/upload";

/** The photos at their largest, their browser-made copies and the text fields. */
export const MULTIPART_BODY_LIMIT = MAX_PHOTOS * MAX_PHOTO_BYTES + 512 * 1024;

const photoFile = `JPEG/PNG/WebP, höchstens ${MAX_PHOTO_MEGABYTES} MB und ${MAX_PHOTO_MEGAPIXELS} Megapixel`;

function context(c: Context<AuthedBindings>): AdsContext {
  return {
    db: getDb(c.env.DB),
    photos: c.env.PHOTOS,
    queue: c.env.AD_QUEUE,
    imagesQueue: c.env.IMAGES_QUEUE,
    images: c.env.IMAGES,
    meta: requestMeta(c.req.raw),
    purgeEdgeCache: edgeCachePurge(c),
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  };
}

/** `uploads`: the ids `POST /api/photos` answered, comma-separated, in the order the ad shows them. */
const uploadsField = z
  .string()
  .meta({
    description: `statt der Dateien: die Kennungen vorab hochgeladener Fotos (POST /api/photos), kommagetrennt, in der Reihenfolge der Anzeige; alle aus einem Entwurf (höchstens ${MAX_PHOTOS})`,
    examples: ["ads/3f2b8c1e-7a4d-4e9b-9c2f-1d5e6a7b8c9d/Xk3pQ9vT2mW8rY5nB7cD4fG6hJ1kL0zA_sE-uI2oP9q.webp"],
  })
  .transform((value) => value.split(",").map((key) => key.trim()))
  .pipe(
    z
      .array(z.string().regex(ORIGINAL_PHOTO_KEY, { error: UPLOAD_MESSAGES.unknown }))
      .min(1, { error: PHOTO_MESSAGES.none })
      .max(MAX_PHOTOS, { error: PHOTO_MESSAGES.tooMany }),
  )
  .optional();

const createBody = {
  type: "multipart",
  fields: adTextFieldsSchema.extend({ uploads: uploadsField }),
  files: {
    photos: {
      min: 0,
      max: MAX_PHOTOS,
      description: `${photoFile}; mindestens eins, außer mit uploads`,
      tooMany: PHOTO_MESSAGES.tooMany,
    },
    covers: {
      min: 0,
      max: MAX_PHOTOS,
      description: "optional: 800×600-JPEG je Foto (alle oder keins); ohne sie macht der Server das Vorschaubild",
      tooMany: COVER_MESSAGE,
    },
    models: {
      min: 0,
      max: MAX_PHOTOS,
      description: "optional: Kopie für die KI je Foto (JPEG, längste Kante ≤ 1024 px; alle oder keins)",
      tooMany: MODEL_COPY_MESSAGE,
    },
  },
  maxBytes: MULTIPART_BODY_LIMIT,
  maxParts: 40,
} satisfies MultipartBodySpec;

/** One photo with the browser's copies of it (each optional) and the draft it belongs to (ADR 082). */
const uploadBody = {
  type: "multipart",
  fields: z.object({
    draft: adIdSchema.optional().meta({
      description:
        "optional: die Entwurfskennung aus der Antwort auf das erste Foto; ohne sie beginnt ein neuer Entwurf. Alle Fotos einer Anzeige tragen dieselbe, und die Anzeige bekommt sie als ID",
    }),
  }),
  files: {
    photo: { min: 1, max: 1, description: photoFile, tooFew: PHOTO_MESSAGES.none },
    cover: { min: 0, max: 1, description: "optional: 800×600-JPEG des Fotos; ohne es macht der Server das Vorschaubild" },
    model: { min: 0, max: 1, description: "optional: Kopie für die KI (JPEG, längste Kante ≤ 1024 px); ohne sie macht der Server sie" },
  },
  maxBytes: MAX_PHOTO_BYTES + COVER_MAX_BYTES + MODEL_COPY_MAX_BYTES + 64 * 1024,
  maxParts: 4,
} satisfies MultipartBodySpec;

const editBody = {
  type: "multipart",
  fields: adEditSchema,
  files: {
    image: { min: 0, max: 1, description: `optional: neues Foto an Stelle imageIndex (${photoFile})` },
    cover: { min: 0, max: 1, description: "optional: 800×600-JPEG des neuen Fotos; ohne es macht der Server das Vorschaubild" },
  },
  maxBytes: MULTIPART_BODY_LIMIT,
  // Every text field of the edit (nine) and its two files, with room to spare.
  maxParts: 16,
} satisfies MultipartBodySpec;

export const ADS_ENDPOINTS = [
  endpoint({
    method: "get",
    path: "/api/ads/public/{id}",
    summary: "Öffentliche Ansicht einer fertigen Anzeige",
    auth: "none",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    // Served from the edge cache after the first request per data center (ADR 020, edge-cache/).
    responses: {
      200: json("Anzeige ohne Eigentümerdaten", publicAdJsonSchema),
      304: "unverändert (If-None-Match/If-Modified-Since)",
      404: AD_NOT_FOUND,
    },
    cacheControl: {
      value: CLIENT_CACHE_CONTROL.json,
      otherwise: {
        [PRIVATE_CACHE_CONTROL]: "angemeldet oder mit anderen Abfrageparametern als Tracking-Parametern: am Edge-Cache vorbei",
        [NOT_FINAL_CACHE_CONTROL]: "solange Vorschaubild oder Anzeigekopien der Fotos noch entstehen (noch nicht endgültig)",
      },
    },
    handler: async (c, { params }) => {
      // The same read as the page /ad/{id} (ADR 031).
      const view = await readPublicAd(c.env, params.id);
      if (!view) return errorJson(c, 404, AD_NOT_FOUND);
      if (!view.final) c.header("Cache-Control", NOT_FINAL_CACHE_CONTROL);
      return c.json(view.ad, 200);
    },
  }),
  endpoint({
    method: "get",
    path: "/api/ads",
    summary: "Eigene Anzeigen, neueste zuerst",
    auth: "session",
    responses: { 200: json("Anzeigen", z.array(adJsonSchema)) },
    cacheControl: "private, no-store",
    // The same read as the dashboard's loader (ADR 031).
    handler: async (c, { user }) => c.json(await readOwnAds(getDb(c.env.DB), user.id), 200),
  }),
  endpoint({
    method: "get",
    path: CHANGES_PATH,
    summary: `Auf eigene Anzeigen in Arbeit warten (bis zu ${CHANGES_MAX_WAIT_SECONDS} s)`,
    auth: "session",
    query: changesQuerySchema,
    responses: {
      200: json(
        "sobald eine der Anzeigen fertig, fehlgeschlagen, gelöscht ist oder neuen Text hat (`changed: true`, mit den Anzeigen, wie die Liste sie zeigt), sonst nach `wait` Sekunden (`changed: false`; dann erneut fragen, ADR 063)",
        z.object({
          changed: z.boolean(),
          ads: z.array(adJsonSchema).optional().meta({
            description:
              "bei `changed: true`: die erfragten Anzeigen, die noch dem Konto gehören, wie `GET /api/ads` sie zeigt; eine fehlende ist gelöscht (ADR 081)",
          }),
        }),
      ),
      401: "nicht angemeldet, auch sobald die Sitzung während des Wartens endet (Abmelden, auf allen Geräten abmelden)",
      429: `zu viele offene Wartevorgänge (höchstens ${OPEN_WAITS_PER_USER} je Konto und ${OPEN_WAITS_PER_ADDRESS} je Adresse, ADR 066)`,
    },
    cacheControl: "private, no-store",
    handler: async (c, { user, query }) => {
      const request = {
        userId: user.id,
        sessionId: c.get("sessionId"),
        client: clientAddress(c.req.raw, getConfig(c.env)),
        signal: c.req.raw.signal,
        waitUntil: (work: Promise<unknown>) => c.executionCtx.waitUntil(work),
      };
      const db = getDb(c.env.DB);
      const changed = await waitForChanges(db, request, query, runnerNotices(c.env.GENERATOR));
      // The changed ads themselves, from the read that saw the change: the page updates its cards
      // without reading its whole list again.
      return c.json(changed ? { changed: true, ads: changed.map(toAdJson) } : { changed: false }, 200);
    },
  }),
  endpoint({
    method: "post",
    path: "/api/ads",
    summary: `Anzeige erstellen (bis zu ${MAX_PHOTOS} Fotos)`,
    auth: "session",
    body: createBody,
    responses: { 201: json("Anzeige (processing)", adJsonSchema), 402: "Limit erreicht", 429: "zu viele Anzeigen in kurzer Zeit" },
    rateLimit: { limiter: "AD_CREATE_LIMITER", per: "je Konto", key: (_c, { user }) => `user:${user.id}` },
    handler: async (c, { user, body }) => {
      const { fields, files } = await body();
      if (fields.uploads) {
        // Photos uploaded while the form was filled in (ADR 082): this request carries none.
        if (files.photos.length + files.covers.length + files.models.length > 0) throw photoRefused(400, UPLOAD_MESSAGES.both);
        const staged = await readStagedPhotos(getDb(c.env.DB), user.id, fields.uploads);
        const ad = await createAdFromUploads(context(c), user, fields, staged);
        return c.json(toAdJson(ad), 201);
      }
      const photos = await checkPhotos(files.photos);
      const covers = await checkCovers(files.covers, photos.length);
      const models = await checkModelCopies(files.models, photos.length);
      const ad = await createAd(context(c), user, fields, photos, covers, models);
      return c.json(toAdJson(ad), 201);
    },
  }),
  endpoint({
    method: "post",
    path: "/api/photos",
    summary: "Foto vorab hochladen, solange die Anzeige noch entsteht (danach POST /api/ads mit uploads)",
    auth: "session",
    body: uploadBody,
    responses: {
      201: json(
        `hochgeladen; \`upload\` ist die Kennung für POST /api/ads (Feld uploads), \`draft\` die Entwurfskennung für die weiteren Fotos dieser Anzeige. Nicht verwendete Fotos werden nach ${UPLOAD_RETENTION_MS / 3_600_000} Stunden gelöscht; beim ${OPEN_UPLOADS_PER_USER + 1}. offenen Foto eines Kontos der älteste andere Entwurf`,
        z.object({ upload: z.string(), draft: z.string() }),
      ),
      409: "der Entwurf ist nicht (mehr) offen: seine Anzeige ist erstellt, seine Fotos sind abgelaufen, oder er gehört einem anderen Konto",
      429: `zu viele Uploads in kurzer Zeit, oder schon ${OPEN_UPLOADS_PER_USER} Fotos in diesem Entwurf`,
    },
    rateLimit: { limiter: "PHOTO_UPLOAD_LIMITER", per: "Fotos je Konto", key: (_c, { user }) => `user:${user.id}` },
    handler: async (c, { user, body }) => {
      const { fields, files } = await body();
      const photo = await checkPhoto(files.photo[0]);
      const [cover] = await checkCovers(files.cover, 1);
      const [model] = await checkModelCopies(files.model, 1);
      const staged = await stagePhoto(context(c), user.id, fields.draft, photo, { cover, model });
      return c.json({ upload: staged.key, draft: staged.draft }, 201);
    },
  }),
  endpoint({
    method: "patch",
    path: "/api/ads/{id}",
    summary: "Titel/Beschreibung, Preis, Preisart, Übergabe und PLZ/Ort ändern, Foto ersetzen oder entfernen",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    body: editBody,
    responses: { 200: json("Anzeige", adJsonSchema), 409: "wird gerade erstellt", 429: "zu viele Änderungen in kurzer Zeit" },
    // Rate limit (declared: the router runs it first), existence and ownership before a byte of the body is read.
    rateLimit: { limiter: "AD_CREATE_LIMITER", per: "Änderungen je Konto", key: (_c, { user }) => `edit:${user.id}` },
    handler: async (c, { user, params, body }) => {
      await getOwnAd(getDb(c.env.DB), user.id, params.id);
      const { fields, files } = await body();
      const file = files.image[0];
      const checked = file ? await checkPhoto(file) : undefined;
      const [cover] = checked ? await checkCovers(files.cover, 1) : [];
      const ad = await updateAd(
        context(c),
        user,
        params.id,
        {
          optimizedTitle: fields.optimizedTitle,
          optimizedDescription: fields.optimizedDescription,
          removeImage: fields.removeImage === "true",
          imageIndex: fields.imageIndex,
          image: checked,
          cover,
          offer: {
            price: fields.price,
            priceType: fields.priceType,
            shipping: fields.shipping,
            pickup: fields.pickup,
            postalCode: fields.postalCode,
            city: fields.city,
            shippingCost: fields.shippingCost,
            shippingCarrier: fields.shippingCarrier,
            swap: fields.swap,
            deliveryKm: fields.deliveryKm,
          },
        },
        getConfig(c.env),
      );
      return c.json(toAdJson(ad), 200);
    },
  }),
  endpoint({
    method: "put",
    path: "/api/ads/{id}/listing",
    summary: "Wo ist die Anzeige online? Link zur Anzeige beim Marktplatz (nur bekannte Marktplätze; null entfernt ihn)",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    body: { type: "json", schema: listingUrlSchema, maxBytes: JSON_BODY_LIMIT },
    responses: { 200: json("Anzeige", adJsonSchema) },
    handler: async (c, { user, params, body }) => {
      await getOwnAd(getDb(c.env.DB), user.id, params.id);
      const { listingUrl } = await body();
      return c.json(toAdJson(await setListingUrl(context(c), user, params.id, listingUrl)), 200);
    },
  }),
  endpoint({
    method: "post",
    path: "/api/ads/{id}/retry",
    summary: "Fehlgeschlagene Anzeige erneut erstellen",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    responses: { 200: json("Anzeige (processing)", adJsonSchema), 402: "Limit erreicht", 409: "nicht fehlgeschlagen" },
    handler: async (c, { user, params }) => c.json(toAdJson(await retryAd(context(c), user, params.id)), 200),
  }),
  endpoint({
    method: "delete",
    path: "/api/ads/{id}",
    summary: "Anzeige und Fotos endgültig löschen",
    auth: "session",
    params: adIdParams,
    notFound: AD_NOT_FOUND,
    responses: { 200: json("gelöscht; wo die Anzeige noch online ist", deletedSchema) },
    handler: async (c, { user, params }) => {
      const { remaining } = await deleteAd(context(c), user, params.id, getConfig(c.env));
      return c.json({ message: "Anzeige gelöscht", remaining, hint: endByHandHint(remaining) }, 200);
    },
  }),
];
