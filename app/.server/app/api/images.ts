// GET /images/{key}: photos from R2 with their stored type and nosniff. Keys are unguessable and
// never reused, so the viewer's browser may keep a photo for long; the edge cache in front of this
// route (edge-cache/, ADR 020) is purged when the photo leaves its ad, shared caches elsewhere may
// not keep it at all.
import { z } from "zod";
import { endpoint, mountEndpoints } from "../endpoint/endpoint";
import { createRouter, errorJson, onError } from "../endpoint/router";
import type { AuthedBindings } from "../endpoint/require-user";
import { CLIENT_CACHE_CONTROL, isPreconditionFailed } from "../edge-cache/policy";
import { PHOTO_KEY } from "../../storage/photo-keys";

export const IMAGE_NOT_FOUND = "Bild nicht gefunden.";
export const IMAGE_PRECONDITION_FAILED = "Das Bild entspricht nicht der angefragten Version (If-Match/If-Unmodified-Since).";
const imageKey = z.string().regex(PHOTO_KEY);

export const IMAGE_ENDPOINTS = [
  endpoint({
    method: "get",
    path: "/images/{key}",
    // The key spans several path segments (ads/<id>/<name>.jpg).
    routePattern: "/:key{.+}",
    summary: "Foto aus R2 (gespeicherter Typ, nosniff, lange Cache-Dauer im Browser, Edge-Cache)",
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
      headers.set("Content-Length", String(object.size));
      headers.forEach((value, name) => c.header(name, value));
      return c.body(object.body, 200);
    },
  }),
];

export function createImagesRouter() {
  const router = createRouter<AuthedBindings>();
  router.onError(onError);
  mountEndpoints(router, IMAGE_ENDPOINTS, "/images");
  router.get("/*", (c) => errorJson(c, 404, IMAGE_NOT_FOUND));
  // Photos are only read: any other method answers 405 instead of falling through to the pages.
  router.all("/*", (c) => {
    c.header("Allow", "GET, HEAD");
    return errorJson(c, 405, "Diese Methode ist hier nicht erlaubt.");
  });
  return router;
}
