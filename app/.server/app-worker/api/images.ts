// GET /images/{key}: photos from R2 with their stored type and nosniff. Keys are unguessable and
// never reused, so the viewer's browser may keep a photo for long; the edge cache in front of this
// route (edge-cache/, ADR 020) is purged when the photo leaves its ad, shared caches elsewhere may
// not keep it at all. Anyone may load the copies (cover, display copy), which carry no metadata;
// the photo as uploaded only its seller (ADR 070).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { endpoint, mountEndpoints } from "../endpoint/endpoint";
import { createRouter, errorJson, onError, readOnly } from "../endpoint/router";
import type { AuthedBindings } from "../endpoint/require-user";
import { CLIENT_CACHE_CONTROL, isPreconditionFailed } from "../edge-cache/policy";
import { isDerivedKey, PHOTO_KEY } from "../../storage/photo-keys";
import { isStripped, withoutMetadata } from "../../storage/photos";
import { getDb } from "../../db/client";
import { ads } from "../../db/schema";
import { readSessionToken } from "../auth/cookie";
import { getSessionUser } from "../auth/sessions";

export const IMAGE_NOT_FOUND = "Bild nicht gefunden.";
export const IMAGE_PRECONDITION_FAILED = "Das Bild entspricht nicht der angefragten Version (If-Match/If-Unmodified-Since).";
const imageKey = z.string().regex(PHOTO_KEY);

export const IMAGE_ENDPOINTS = [
  endpoint({
    method: "get",
    path: "/images/{key}",
    // The key spans several path segments (ads/<id>/<name>.jpg).
    routePattern: "/:key{.+}",
    summary:
      "Foto aus R2: Vorschaubild und Anzeigekopie (JPEG ohne Metadaten) für alle, das hochgeladene Foto selbst nur für den Verkäufer (nosniff, lange Cache-Dauer im Browser, Edge-Cache nur für Kopien)",
    auth: "none",
    params: z.object({ key: imageKey.describe("R2-Schlüssel aus imageUrls, z. B. ads/<id>/<name>.jpg") }),
    notFound: IMAGE_NOT_FOUND,
    responses: {
      200: { description: "Bild", contentType: "image/*" },
      304: "unverändert (If-None-Match/If-Modified-Since)",
      404: IMAGE_NOT_FOUND,
      412: IMAGE_PRECONDITION_FAILED,
    },
    // Photos: kept by the viewer's browser (the URL never shows other bytes); errors: by nobody.
    cacheControl: { value: "no-store", otherwise: { [CLIENT_CACHE_CONTROL.image]: "das Foto und seine 304-Antwort" } },
    handler: async (c, { params }) => {
      // The photo as uploaded may carry the seller's GPS position: to anyone else it does not exist.
      if (!isDerivedKey(params.key) && !(await isSellersPhoto(c.env.DB, c.req.raw.headers, params.key)))
        return errorJson(c, 404, IMAGE_NOT_FOUND);
      const object = await c.env.PHOTOS.get(params.key, { onlyIf: c.req.raw.headers });
      if (!object) return errorJson(c, 404, IMAGE_NOT_FOUND);
      const headers = new Headers();
      object.writeHttpMetadata(headers);
      headers.set("ETag", object.httpEtag);
      headers.set("Last-Modified", object.uploaded.toUTCString());
      headers.set("Cache-Control", CLIENT_CACHE_CONTROL.image);
      headers.set("X-Content-Type-Options", "nosniff");
      headers.set("Content-Disposition", "inline");
      if (!("body" in object)) {
        // R2 evaluated the conditions: a failed If-Match/If-Unmodified-Since is 412, not 304.
        if (isPreconditionFailed(c.req.raw, object.httpEtag, object.uploaded.toUTCString()))
          return errorJson(c, 412, IMAGE_PRECONDITION_FAILED);
        headers.forEach((value, name) => c.header(name, value));
        return c.body(null, 304);
      }
      // A copy stored before copies were stripped as they are stored (ADR 070) is stripped here; one
      // that is no complete JPEG is not served at all.
      const legacy = isDerivedKey(params.key) && !isStripped(object);
      const bytes = legacy ? withoutMetadata(new Uint8Array(await object.arrayBuffer())) : null;
      if (legacy && !bytes) return errorJson(c, 404, IMAGE_NOT_FOUND);
      headers.forEach((value, name) => c.header(name, value));
      c.header("Content-Length", String(bytes ? bytes.byteLength : object.size));
      return c.body(bytes ?? object.body, 200);
    },
  }),
];

export function createImagesRouter() {
  const router = createRouter<AuthedBindings>();
  router.onError(onError);
  mountEndpoints(router, IMAGE_ENDPOINTS, "/images");
  router.get("/*", (c) => errorJson(c, 404, IMAGE_NOT_FOUND));
  // Photos are only read: any other method answers 405 instead of falling through to the pages.
  router.all("/*", readOnly);
  return router;
}

/** Whether the request is signed in (cookie or bearer) as the seller of the ad the photo belongs to. */
async function isSellersPhoto(d1: D1Database, headers: Headers, key: string): Promise<boolean> {
  const token = readSessionToken(headers);
  const adId = PHOTO_KEY.exec(key)?.[1];
  if (!token || !adId) return false;
  const db = getDb(d1);
  const [session, [ad]] = await Promise.all([
    getSessionUser(db, token),
    db.select({ userId: ads.userId }).from(ads).where(eq(ads.id, adId)),
  ]);
  return session !== null && ad !== undefined && ad.userId === session.user.id;
}
