// GET /images/{key}: photos from R2 with their stored type, nosniff and a long cache lifetime
// (keys are unguessable and never reused, so the content behind a URL never changes).
import { createRouter, errorJson } from "../http/router";

export function createImagesRouter() {
  const router = createRouter();
  router.get("/*", async (c) => {
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.replace(/^\/images\//, ""));
    } catch {
      // A malformed escape ("/images/%") names no image.
      return errorJson(c, 404, "Bild nicht gefunden.");
    }
    if (!/^ads\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}(-cover|-model)?\.(jpg|png|webp)$/.test(key)) {
      return errorJson(c, 404, "Bild nicht gefunden.");
    }
    const object = await c.env.PHOTOS.get(key, { onlyIf: c.req.raw.headers });
    if (!object) return errorJson(c, 404, "Bild nicht gefunden.");
    const headers = new Headers();
    object.writeHttpMetadata(headers);
    headers.set("ETag", object.httpEtag);
    headers.set("Cache-Control", "public, max-age=31536000, immutable");
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Content-Disposition", "inline");
    if (!("body" in object)) return new Response(null, { status: 304, headers });
    headers.set("Content-Length", String(object.size));
    return new Response(object.body, { headers });
  });
  // Photos are only read: any other method answers 405 instead of falling through to the pages.
  router.all("/*", (c) => {
    c.header("Allow", "GET, HEAD");
    return errorJson(c, 405, "Diese Methode ist hier nicht erlaubt.");
  });
  return router;
}
