// What the one request reader (app/.server/app-worker/endpoint/read-body.ts, ADR 017) refuses before a handler
// parses anything: a body of another content type or over the route's limit (while it arrives), too
// many multipart parts counted by the real boundary, a boundary named twice, and an edit of an ad
// that is not the caller's.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { insertAd, signedInUser } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function call(path: string, init: RequestInit = {}) {
  return app.request(`http://localhost:8787${path}`, init, env, workerContext());
}

describe("request limits before parsing", () => {
  it("refuses a 50 MB body with a lying Content-Type before reading it, and stops reading an oversized JSON body at the limit", async () => {
    const { auth } = await signedInUser();
    // A body that counts what the server pulls from it: 50 MB of a JSON array, 64 KB per chunk.
    const streamed = () => {
      const pulled = { bytes: 0 };
      const chunk = new TextEncoder().encode("1,".repeat(32 * 1024));
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode("["));
          if (sent >= 50 * 1024 * 1024) {
            controller.enqueue(new TextEncoder().encode("1]"));
            controller.close();
            return;
          }
          sent += chunk.byteLength;
          pulled.bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      return { body, pulled };
    };
    const put = (contentType: string, body: ReadableStream<Uint8Array>) =>
      call("/api/profile", { method: "PUT", headers: { ...auth, "Content-Type": contentType }, body, duplex: "half" } as RequestInit);
    const lying = streamed();
    const asMultipart = await put("multipart/form-data; boundary=x", lying.body);
    expect(asMultipart.status).toBe(415);
    expect(await asMultipart.json()).toEqual({
      message: "Bitte sende die Daten als JSON (Content-Type: application/json).",
      code: "unsupported_media_type",
    });
    expect(lying.pulled.bytes).toBeLessThanOrEqual(256 * 1024);

    const json = streamed();
    const asJson = await put("application/json", json.body);
    expect(asJson.status).toBe(413);
    expect((await asJson.json<{ message: string }>()).message).toMatch(/zu groß/i);
    // Reading stopped just past the route's 64 KB limit, not after 50 MB.
    expect(json.pulled.bytes).toBeLessThanOrEqual(512 * 1024);
  });

  it("caps the parts of a multipart body before parsing it", async () => {
    const { user, auth } = await signedInUser();
    const ad = await insertAd(user.id, { status: "completed" });
    const parts =
      Array.from({ length: 5_000 }, (_, index) => `--b\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nx\r\n`).join("") +
      "--b--\r\n";
    const response = await call(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: { ...auth, "Content-Type": "multipart/form-data; boundary=b" },
      body: parts,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Die Formulardaten enthalten zu viele Felder.", code: "too_large" });
  });

  it("checks that an edited ad exists and belongs to the caller before reading its body", async () => {
    const { user } = await signedInUser();
    const { auth: stranger } = await signedInUser();
    const ad = await insertAd(user.id, { status: "completed" });
    // A body that would fail to parse: the answer is the ownership's 404, not a parsing error.
    const response = await call(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: { ...stranger, "Content-Type": "multipart/form-data; boundary=kaputt" },
      body: "--kaputt\r\nkein gültiges multipart",
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Anzeige nicht gefunden", code: "not_found" });
  });
});

describe("one multipart boundary for counting and parsing", () => {
  const manyParts = (boundary: string, count: number) =>
    Array.from({ length: count }, (_, index) => `--${boundary}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nx\r\n`).join("") +
    `--${boundary}--\r\n`;

  it("counts the parts by the real boundary when a decoy parameter (xboundary=) comes first", async () => {
    const { user, auth } = await signedInUser();
    const ad = await insertAd(user.id, { status: "completed" });
    const response = await call(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: { ...auth, "Content-Type": "multipart/form-data; xboundary=NOPE; boundary=REAL" },
      body: manyParts("REAL", 5_000),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Die Formulardaten enthalten zu viele Felder.", code: "too_large" });
  });

  it("refuses a body that names its boundary twice", async () => {
    const { user, auth } = await signedInUser();
    const ad = await insertAd(user.id, { status: "completed" });
    const body = manyParts("B", 1);
    for (const contentType of ["multipart/form-data; boundary=A; boundary=B", 'multipart/form-data; boundary="B"; BOUNDARY=A']) {
      const response = await call(`/api/ads/${ad.id}`, { method: "PATCH", headers: { ...auth, "Content-Type": contentType }, body });
      expect(response.status, contentType).toBe(400);
      expect(await response.json()).toEqual({
        message: "Bildupload fehlgeschlagen: Die Formulardaten konnten nicht gelesen werden.",
        code: "photo_upload_failed",
      });
    }
  });
});
