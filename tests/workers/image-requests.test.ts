// What /images/* answers besides the photo itself: a JSON 404 for a malformed path, 405 with Allow
// for other methods, 412 for a failed If-Match / If-Unmodified-Since (from R2 and from the edge
// cache) and 304 for a matching If-None-Match.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { TINY_JPEG } from "../fixtures/images";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function call(path: string, init: RequestInit = {}) {
  return app.request(`http://localhost:8787${path}`, init, env, workerContext());
}

describe("photo requests that are not a plain GET", () => {
  it("a malformed image URL answers a JSON 404", async () => {
    const response = await call("/images/%");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Bild nicht gefunden.", code: "not_found" });
  });

  it("answers non-GET requests to photos with 405 instead of a page", async () => {
    const response = await call(`/images/ads/${crypto.randomUUID()}/${"a".repeat(43)}.jpg`, { method: "POST", body: "x" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
  });
});

describe("photos answer a failed If-Match / If-Unmodified-Since with 412", () => {
  it("412 for a failed If-Match or If-Unmodified-Since (from R2 and from the edge cache); 304 stays for If-None-Match", async () => {
    // A display copy: what anyone may load (ADR 070).
    const key = `ads/${crypto.randomUUID()}/${"a".repeat(43)}-model.jpg`;
    await env.PHOTOS.put(key, TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
    // Each answer is read to its end: a body left open holds a stream from R2 or the cache into the next test's reset().
    const photo = async (headers: Record<string, string> = {}) => {
      const response = await call(`/images/${key}`, { headers });
      const body = await response.arrayBuffer();
      return new Response(response.status === 304 ? null : body, response);
    };
    const past = new Date(Date.now() - 24 * 60 * 60 * 1000).toUTCString();
    // First from R2 (nothing cached yet), then from the edge cache.
    for (const round of ["r2", "edge cache"]) {
      const mismatch = await photo({ "If-Match": '"nicht-diese-version"' });
      expect(mismatch.status, round).toBe(412);
      expect((await mismatch.json<{ message: string }>()).message).toContain("If-Match");
      expect((await photo({ "If-Unmodified-Since": past })).status, round).toBe(412);
      const fresh = await photo();
      expect(fresh.status).toBe(200);
      const etag = fresh.headers.get("ETag")!;
      expect((await photo({ "If-Match": etag })).status, round).toBe(200);
      expect((await photo({ "If-None-Match": etag })).status, round).toBe(304);
    }
  });
});
