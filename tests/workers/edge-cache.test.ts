// The edge cache of the public ad page, its JSON and its photos (ADR 020), observed through the
// app Worker: the real route loader of /ad/{id} renders behind it, the Workers Cache API of the
// test runtime stores the answers.
import { waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ads } from "~/.server/db/schema";
import { IMAGE_WAIT_MS } from "~/.server/app-worker/edge-cache/policy";
import { coverKeyFor, modelKeyFor } from "~/.server/storage/photos";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { getLoadContext } from "~/load-context";
import { loader } from "~/routes/ad.$id";
import { png, TINY_JPEG } from "../fixtures/images";
import { db, insertAd, signedInUser } from "./helpers";
import { settleWorkerContexts, workerContext } from "./worker-context";

/** The page renderer: the route's real loader (D1 reads) and a small document with a nonce'd script. */
function createApp(pageBuild = "build-1") {
  return createWorkerApp(
    async (request, pageEnv, ctx, nonce) => {
      const id = new URL(request.url).pathname.split("/")[2] ?? "";
      const context = getLoadContext({ request, context: { nonce, cloudflare: { env: pageEnv, cf: {}, ctx, caches } as never } });
      try {
        const { data, init } = await loader({ request, params: { id }, context });
        const title = data.ad.optimizedTitle ?? data.ad.itemName;
        const headers = new Headers(init?.headers);
        headers.set("Content-Type", "text/html; charset=utf-8");
        return new Response(`<!doctype html><h1>${title}</h1><p>${data.ad.sellerCity ?? ""}</p><script nonce="${nonce}">0</script>`, {
          headers,
        });
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    },
    { pageBuild },
  );
}

const app = createApp();

/** One request; what it hands to waitUntil (the cache write) is finished before it returns. */
async function call(path: string, init: RequestInit = {}, worker = app, bindings: Env = env) {
  const ctx = workerContext();
  const response = await worker.request(`http://localhost:8787${path}`, init, bindings, ctx);
  const bytes = await response.arrayBuffer();
  const body = /^(text|application\/json)/.test(response.headers.get("Content-Type") ?? "") ? new TextDecoder().decode(bytes) : "";
  await waitOnExecutionContext(ctx);
  return { response, body, nonce: response.headers.get("Content-Security-Policy")?.match(/'nonce-([^']+)'/)?.[1] };
}

/** An edit or delete: its second purge pass (no delay in the tests) runs on; the setup waits for it after the test. */
function change(path: string, init: RequestInit) {
  return app.request(`http://localhost:8787${path}`, init, env, workerContext());
}

async function publicAd(title = "Kaffeevollautomat DeLonghi") {
  const session = await signedInUser({ city: "Köln" });
  const photoKey = `ads/${crypto.randomUUID()}/${"p".repeat(43)}.png`;
  const ad = await insertAd(session.user.id, {
    status: "completed",
    optimizedTitle: title,
    optimizedDescription: "Sehr gut erhalten.",
    imageUrls: [photoKey],
  });
  // The photo lives under the ad's own prefix, as uploads put it.
  const key = photoKey.replace(/^ads\/[^/]+\//, `ads/${ad.id}/`);
  // With its cover and display copy, as the browser or the generator makes them (an ad still
  // waiting for them is not stored).
  await db()
    .update(ads)
    .set({ imageUrls: [key], coverImageKey: coverKeyFor(key) })
    .where(eq(ads.id, ad.id));
  const bytes = await png(24, 16);
  await env.PHOTOS.put(key, bytes, { httpMetadata: { contentType: "image/png" } });
  await env.PHOTOS.put(modelKeyFor(key), TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
  // The photo anyone may load is its display copy; the photo itself is its seller's alone (ADR 070).
  return { ...session, ad: { ...ad, imageUrls: [key] }, photo: { key: modelKeyFor(key), bytes: TINY_JPEG } };
}

function editForm(title: string) {
  const form = new FormData();
  form.append("optimizedTitle", title);
  form.append("optimizedDescription", "Sehr gut erhalten, frisch entkalkt.");
  return form;
}

afterEach(() => vi.restoreAllMocks());

describe("edge cache: second request from the cache", () => {
  it("answers the page from the cache without D1: the row deleted behind its back still shows", async () => {
    const { ad } = await publicAd();
    const first = await call(`/ad/${ad.id}`);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("X-Edge-Cache")).toBe("miss");
    expect(first.body).toContain("<h1>Kaffeevollautomat DeLonghi</h1>");

    // Without a cache this request would read D1 and answer 404.
    await db().delete(ads).where(eq(ads.id, ad.id));
    const second = await call(`/ad/${ad.id}`);
    expect(second.response.status).toBe(200);
    expect(second.response.headers.get("X-Edge-Cache")).toBe("hit");
    expect(second.body).toContain("<h1>Kaffeevollautomat DeLonghi</h1>");
    expect(second.body).toContain("Köln");
    // The rendered answer's script runs by its nonce. The stored page is the same bytes for everyone:
    // no nonce in it, and its CSP names the script's SHA-256 instead.
    expect(first.nonce).toBeTruthy();
    expect(first.body).toContain(`<script nonce="${first.nonce}">0</script>`);
    expect(second.nonce).toBeUndefined();
    expect(second.body).toContain("<script>0</script>");
    expect(second.body).not.toContain("nonce");
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode("0")));
    expect(second.response.headers.get("Content-Security-Policy")).toContain(
      `script-src 'self' 'sha256-${btoa(String.fromCharCode(...digest))}' https://js.stripe.com`,
    );
    expect(second.response.headers.get("Cache-Control")).toBe("public, no-cache");
    expect(second.response.headers.get("ETag")).toBe(first.response.headers.get("ETag"));
    expect(second.response.headers.get("Cache-Tag")).toBeNull();
  });

  it("names on a hit only the scripts the render gave its nonce: markup injected into a page stays blocked", async () => {
    // This test's renderer writes the title unescaped (the real one escapes it): a script in the title
    // lands in the page without the nonce, and a browser blocks it on the render.
    const { ad } = await publicAd("Rad <script>steal()</script>");
    const first = await call(`/ad/${ad.id}`);
    expect(first.body).toContain("<script>steal()</script>");
    const second = await call(`/ad/${ad.id}`);
    expect(second.response.headers.get("X-Edge-Cache")).toBe("hit");
    const sha256 = async (text: string) =>
      `'sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))))}'`;
    const policy = second.response.headers.get("Content-Security-Policy") ?? "";
    expect(policy).toContain(await sha256("0"));
    expect(policy).not.toContain(await sha256("steal()"));
    expect(policy.match(/'sha256-/g)).toHaveLength(1);
  });

  it("answers the public JSON and the photo from the cache without D1 or R2", async () => {
    const { ad, photo } = await publicAd();
    const json = await call(`/api/ads/public/${ad.id}`);
    const image = await call(`/images/${photo.key}`);
    expect([json.response.headers.get("X-Edge-Cache"), image.response.headers.get("X-Edge-Cache")]).toEqual(["miss", "miss"]);

    await db().delete(ads).where(eq(ads.id, ad.id));
    await env.PHOTOS.delete(photo.key);
    const cachedJson = await call(`/api/ads/public/${ad.id}`);
    expect(cachedJson.response.status).toBe(200);
    expect(cachedJson.response.headers.get("X-Edge-Cache")).toBe("hit");
    expect(JSON.parse(cachedJson.body)).toMatchObject({ id: ad.id, optimizedTitle: "Kaffeevollautomat DeLonghi" });

    const cachedImage = await app.request(`http://localhost:8787/images/${photo.key}`, {}, env, workerContext());
    expect(cachedImage.status).toBe(200);
    expect(cachedImage.headers.get("X-Edge-Cache")).toBe("hit");
    expect(cachedImage.headers.get("Content-Type")).toBe("image/jpeg");
    expect(cachedImage.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(cachedImage.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(new Uint8Array(await cachedImage.arrayBuffer())).toEqual(photo.bytes);
  });

  it("keeps tracking parameters of shared links on the same entry, and renders data requests fresh", async () => {
    const { ad } = await publicAd();
    await call(`/ad/${ad.id}`);
    await db().update(ads).set({ optimizedTitle: "Hinter dem Rücken geändert" }).where(eq(ads.id, ad.id));
    const shared = await call(`/ad/${ad.id}?fbclid=IwAR0abc&utm_source=whatsapp`);
    expect(shared.response.headers.get("X-Edge-Cache")).toBe("hit");
    expect(shared.body).toContain("Kaffeevollautomat DeLonghi");
    const busted = await call(`/ad/${ad.id}?bench=1`);
    expect(busted.response.headers.get("X-Edge-Cache")).toBe("bypass");
    expect(busted.body).toContain("Hinter dem Rücken geändert");
  });

  it("never serves a page stored by another build (its asset links would be gone)", async () => {
    const { ad } = await publicAd();
    await call(`/ad/${ad.id}`);
    const next = await call(`/ad/${ad.id}`, {}, createApp("build-2"));
    expect(next.response.headers.get("X-Edge-Cache")).toBe("miss");
  });

  it("stores nothing but complete answers: unknown and unfinished ads stay 404", async () => {
    const { user } = await signedInUser();
    const processing = await insertAd(user.id, { status: "processing" });
    expect((await call(`/ad/${processing.id}`)).response.status).toBe(404);
    await db().update(ads).set({ status: "completed", optimizedTitle: "Jetzt fertig" }).where(eq(ads.id, processing.id));
    const done = await call(`/ad/${processing.id}`);
    expect(done.response.status).toBe(200);
    expect(done.body).toContain("Jetzt fertig");
  });
});

describe("edge cache: conditional requests", () => {
  it("answers 304 to a matching If-None-Match or If-Modified-Since, from the cache and on the first render", async () => {
    const { ad, photo } = await publicAd();
    for (const path of [`/ad/${ad.id}`, `/api/ads/public/${ad.id}`, `/images/${photo.key}`]) {
      const first = await call(path);
      const etag = first.response.headers.get("ETag");
      const lastModified = first.response.headers.get("Last-Modified");
      expect(etag, path).toBeTruthy();
      expect(lastModified, path).toBeTruthy();

      const revalidated = await call(path, { headers: { "If-None-Match": etag ?? "" } });
      expect(revalidated.response.status, path).toBe(304);
      expect(revalidated.response.headers.get("X-Edge-Cache"), path).toBe("hit");
      expect(revalidated.response.headers.get("ETag"), path).toBe(etag);
      expect(revalidated.response.body, path).toBeNull();
      // The browser keeps its stored copy and that copy's CSP: a new nonce would block its scripts.
      expect(revalidated.response.headers.get("Content-Security-Policy"), path).toBeNull();
      expect((await call(path, { headers: { "If-Modified-Since": lastModified ?? "" } })).response.status, path).toBe(304);
      // A stale validator gets the full answer.
      const changed = await call(path, { headers: { "If-None-Match": '"etwas-anderes"' } });
      expect(changed.response.status, path).toBe(200);
    }
    // On a miss (first request in a data center) the render is compared too.
    const { ad: other } = await publicAd("Zweite Anzeige");
    const etag = (await call(`/api/ads/public/${other.id}`)).response.headers.get("ETag") ?? "";
    const fresh = await call(`/api/ads/public/${other.id}`, { headers: { "If-None-Match": etag } }, createApp());
    expect(fresh.response.status).toBe(304);
  });
});

describe("edge cache: edits, deletes and owners", () => {
  it("shows the new title on the next request after an edit, and the JSON too", async () => {
    const { ad, auth } = await publicAd();
    expect((await call(`/ad/${ad.id}`)).body).toContain("Kaffeevollautomat DeLonghi");
    await call(`/api/ads/public/${ad.id}`);
    expect((await call(`/ad/${ad.id}`)).response.headers.get("X-Edge-Cache")).toBe("hit");

    const edited = await change(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: auth,
      body: editForm("Kaffeevollautomat, frisch entkalkt"),
    });
    expect(edited.status).toBe(200);

    const page = await call(`/ad/${ad.id}`);
    expect(page.response.headers.get("X-Edge-Cache")).toBe("miss");
    expect(page.body).toContain("<h1>Kaffeevollautomat, frisch entkalkt</h1>");
    const json = await call(`/api/ads/public/${ad.id}`);
    expect(JSON.parse(json.body)).toMatchObject({ optimizedTitle: "Kaffeevollautomat, frisch entkalkt" });
  });

  it("shows a new price on the cached public JSON right after the seller changed it (ADR 034)", async () => {
    const { ad, auth } = await publicAd();
    await call(`/api/ads/public/${ad.id}`);
    expect((await call(`/api/ads/public/${ad.id}`)).response.headers.get("X-Edge-Cache")).toBe("hit");

    const form = editForm("Kaffeevollautomat DeLonghi");
    for (const [key, value] of Object.entries({
      price: "180",
      priceType: "festpreis",
      shipping: "excluded",
      pickup: "offered",
      postalCode: "50823",
      city: "Köln",
    }))
      form.append(key, value);
    expect((await change(`/api/ads/${ad.id}`, { method: "PATCH", headers: auth, body: form })).status).toBe(200);

    const json = await call(`/api/ads/public/${ad.id}`);
    expect(json.response.headers.get("X-Edge-Cache")).toBe("miss");
    const body = JSON.parse(json.body) as { priceLabel: string };
    expect(body).toMatchObject({ price: 18000, priceType: "festpreis", priceBasis: "asking", priceSuggestion: null });
    expect(body.priceLabel).toMatch(/^180\s€ Festpreis$/);
  });

  it("answers 404 for the page, the JSON and the photos right after a delete", async () => {
    const { ad, auth, photo } = await publicAd();
    for (const path of [`/ad/${ad.id}`, `/api/ads/public/${ad.id}`, `/images/${photo.key}`]) {
      await call(path);
      expect((await call(path)).response.headers.get("X-Edge-Cache"), path).toBe("hit");
    }
    expect((await change(`/api/ads/${ad.id}`, { method: "DELETE", headers: auth })).status).toBe(200);
    for (const path of [`/ad/${ad.id}`, `/api/ads/public/${ad.id}`, `/images/${photo.key}`]) {
      expect((await call(path)).response.status, path).toBe(404);
    }
  });

  it("makes a replaced photo unreachable at once", async () => {
    const { ad, auth, photo } = await publicAd();
    await call(`/images/${photo.key}`);
    const form = editForm("Kaffeevollautomat DeLonghi");
    form.append("imageIndex", "0");
    form.append("image", new File([await png(30, 20)], "neu.png", { type: "image/png" }));
    expect((await change(`/api/ads/${ad.id}`, { method: "PATCH", headers: auth, body: form })).status).toBe(200);
    expect((await call(`/images/${photo.key}`)).response.status).toBe(404);
  });

  it("shows a changed seller city on the next request", async () => {
    const { ad, auth } = await publicAd();
    expect((await call(`/ad/${ad.id}`)).body).toContain("Köln");
    const saved = await change("/api/profile", {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ city: "Bonn", businessType: "private" }),
    });
    expect(saved.status).toBe(200);
    expect((await call(`/ad/${ad.id}`)).body).toContain("Bonn");
  });

  it("gives signed-in owners fresh data, past the cache and never stored by others", async () => {
    const { ad, auth, token } = await publicAd();
    await call(`/ad/${ad.id}`);
    await db().update(ads).set({ optimizedTitle: "Nur in D1 geändert" }).where(eq(ads.id, ad.id));
    expect((await call(`/ad/${ad.id}`)).body).toContain("Kaffeevollautomat DeLonghi");
    for (const headers of [auth, { Cookie: `theme=dark; ap_session=${token}` }]) {
      const owner = await call(`/ad/${ad.id}`, { headers });
      expect(owner.response.headers.get("X-Edge-Cache")).toBe("bypass");
      // A page rendered for a session — cookie or bearer token — is never stored anywhere (ADR 056).
      expect(owner.response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(owner.body).toContain("Nur in D1 geändert");
    }
    const json = await call(`/api/ads/public/${ad.id}`, { headers: auth });
    expect(json.response.headers.get("X-Edge-Cache")).toBe("bypass");
    expect(JSON.parse(json.body)).toMatchObject({ optimizedTitle: "Nur in D1 geändert" });
  });
});

describe("edge cache: purge in every data center (EDGE_CACHE_PURGE=zone)", () => {
  it("purges the ad's Cache-Tags through Cloudflare's purge API on an edit and a delete, and again in the second pass", async () => {
    const zone = { ...env, EDGE_CACHE_PURGE: "zone", CLOUDFLARE_ZONE_ID: "zone-123", CLOUDFLARE_CACHE_PURGE_TOKEN: "purge-token" } as Env;
    const realFetch = globalThis.fetch;
    const purges: Array<{ url: string; authorization: string | null; body: unknown }> = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      if (!request.url.startsWith("https://api.cloudflare.com/")) return realFetch(input, init);
      purges.push({ url: request.url, authorization: request.headers.get("Authorization"), body: await request.json() });
      return Response.json({ success: true, errors: [], messages: [], result: { id: "purge" } });
    });
    const { ad, auth } = await publicAd();
    const base = "http://localhost:8787";
    expect(
      (
        await app.request(
          `${base}/api/ads/${ad.id}`,
          { method: "PATCH", headers: auth, body: editForm("Neuer Titel") },
          zone,
          workerContext(),
        )
      ).status,
    ).toBe(200);
    const edit = {
      url: "https://api.cloudflare.com/client/v4/zones/zone-123/purge_cache",
      authorization: "Bearer purge-token",
      body: { tags: [`ad-${ad.id}`] },
    };
    const removal = {
      url: "https://api.cloudflare.com/client/v4/zones/zone-123/purge_cache",
      authorization: "Bearer purge-token",
      body: { tags: [`ad-${ad.id}`, `ad-${ad.id}-photos`] },
    };
    // The answer waits for the first pass only; the second runs after it (here without delay).
    expect(purges).toEqual([edit]);
    expect((await app.request(`${base}/api/ads/${ad.id}`, { method: "DELETE", headers: auth }, zone, workerContext())).status).toBe(200);
    expect(purges).toContainEqual(removal);
    // Both purges run once more in the requests' background work.
    await settleWorkerContexts();
    expect(purges.filter((purge) => JSON.stringify(purge) === JSON.stringify(edit))).toHaveLength(2);
    expect(purges.filter((purge) => JSON.stringify(purge) === JSON.stringify(removal))).toHaveLength(2);
    expect(purges).toHaveLength(4);
  });

  it("is required in production, with a zone and a token", async () => {
    const { configSchema } = await import("~/.server/app-worker/env");
    const production = {
      APP_ENV: "production",
      PUBLIC_BASE_URL: "https://anzeigenpilot.de",
      AI_PROVIDER: "workers-ai",
      MAIL_MODE: "http",
      MAIL_API_KEY: "key",
      SESSION_SECRET: "s".repeat(40),
      OPERATOR_NAME: "Muster GmbH",
      OPERATOR_ADDRESS: "Musterstraße 1",
      OPERATOR_EMAIL: "kontakt@anzeigenpilot.de",
    };
    const issues = (settings: Record<string, string>) =>
      configSchema.safeParse({ ...production, ...settings }).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({})).toEqual([
      expect.stringMatching(/EDGE_CACHE_PURGE=local leaves edited and deleted ads cached in other data centers/),
    ]);
    expect(issues({ EDGE_CACHE_PURGE: "zone" })).toEqual([
      "CLOUDFLARE_ZONE_ID is required when EDGE_CACHE_PURGE=zone",
      "CLOUDFLARE_CACHE_PURGE_TOKEN is required when EDGE_CACHE_PURGE=zone",
    ]);
    expect(issues({ EDGE_CACHE_PURGE: "zone", CLOUDFLARE_ZONE_ID: "z", CLOUDFLARE_CACHE_PURGE_TOKEN: "t" })).toEqual([]);
  });
});

describe("edge cache: an ad waiting for its server-made cover (ADR 019)", () => {
  it("is answered but not stored until the cover exists, so no preview keeps the brand image", async () => {
    const { ad } = await publicAd("Bürostuhl ohne Titelbild");
    await db().update(ads).set({ coverImageKey: null, updatedAt: Date.now() }).where(eq(ads.id, ad.id));
    for (const path of [`/ad/${ad.id}`, `/api/ads/public/${ad.id}`]) {
      for (let i = 0; i < 2; i++) {
        const { response } = await call(path);
        expect(response.status).toBe(200);
        expect(response.headers.get("X-Edge-Cache")).toBe("miss");
        expect(response.headers.get("Cache-Control")).toBe("no-store");
      }
    }
    // The generator writes the cover: from now on the answers are final and stored.
    await db()
      .update(ads)
      .set({ coverImageKey: coverKeyFor(ad.imageUrls[0]), updatedAt: Date.now() })
      .where(eq(ads.id, ad.id));
    expect((await call(`/api/ads/public/${ad.id}`)).response.headers.get("X-Edge-Cache")).toBe("miss");
    const cached = await call(`/api/ads/public/${ad.id}`);
    expect(cached.response.headers.get("X-Edge-Cache")).toBe("hit");
    expect(JSON.parse(cached.body).coverImageUrl).toBe(`/images/${coverKeyFor(ad.imageUrls[0])}`);
  });

  it("is final without a cover once the generator had its time (a photo it could not read)", async () => {
    const { ad } = await publicAd("Lampe mit unlesbarem Foto");
    await db()
      .update(ads)
      .set({ coverImageKey: null, updatedAt: Date.now() - IMAGE_WAIT_MS - 1000 })
      .where(eq(ads.id, ad.id));
    expect((await call(`/ad/${ad.id}`)).response.headers.get("X-Edge-Cache")).toBe("miss");
    expect((await call(`/ad/${ad.id}`)).response.headers.get("X-Edge-Cache")).toBe("hit");
  });
});

describe("edge cache: 'Verkauft' shows at once", () => {
  it("answers the public JSON as sold on the next request after the seller marks it sold", async () => {
    const { ad, auth } = await publicAd();
    await db()
      .update(ads)
      .set({
        listingUrl: "https://www.kleinanzeigen.de/s-anzeige/kaffee/1234567890-176-1",
        shipping: "excluded",
        pickup: "offered",
        postalCode: "50667",
        city: "Köln",
      })
      .where(eq(ads.id, ad.id));
    const path = `/api/ads/public/${ad.id}`;
    await call(path);
    const before = await call(path);
    expect(before.response.headers.get("X-Edge-Cache")).toBe("hit");
    expect(JSON.parse(before.body)).toMatchObject({ sold: false, offerLine: "Kein Versand · Abholung in 50667 Köln" });

    const sold = await change(`/api/ads/${ad.id}/sold`, { method: "POST", headers: auth });
    expect(sold.status).toBe(200);
    await sold.arrayBuffer();
    const after = await call(path);
    expect(after.response.headers.get("X-Edge-Cache")).toBe("miss");
    expect(JSON.parse(after.body)).toMatchObject({ sold: true });
  });
});
