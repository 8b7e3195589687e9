// One read per view (ADR 031): the public page /ad/{id} and GET /api/ads/public/{id} come from
// readPublicAd, the dashboard's loader and GET /api/ads from readOwnAds. Observed as a browser and
// an API client get them, through the app Worker with its real Remix pages.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getLoadContext } from "~/load-context";
import { loader as dashboardLoader } from "~/routes/_index";
import { coverKeyFor, modelKeyFor } from "~/.server/storage/photo-keys";
import { png, TINY_JPEG } from "../fixtures/images";
import { insertAd, signedInUser } from "./helpers";
import { call, fetchPage } from "./render-pages";

type PublicJson = {
  imageUrls: string[];
  priceSuggestion: number | null;
  price: number | null;
  priceType: string | null;
  priceLabel: string | null;
  coverImageUrl: string | null;
};

/** A finished ad with two photos; the first has its display copy, the second only when `bothCopies`. */
async function finishedAd({ bothCopies, ageMs = 0 }: { bothCopies: boolean; ageMs?: number }) {
  const session = await signedInUser({ city: "Leipzig" });
  const id = crypto.randomUUID();
  const keys = [`ads/${id}/${"a".repeat(43)}.png`, `ads/${id}/${"b".repeat(43)}.png`];
  const ad = await insertAd(session.user.id, {
    id,
    status: "completed",
    optimizedTitle: "Rennrad Peugeot, Rahmenhöhe 56",
    optimizedDescription: "Gut gepflegt, neue Reifen.",
    imageUrls: keys,
    coverImageKey: coverKeyFor(keys[0]!),
    askingPrice: 25_000,
    priceType: "vb",
    updatedAt: Date.now() - ageMs,
  });
  const bytes = await png(32, 24);
  for (const key of keys) await env.PHOTOS.put(key, bytes, { httpMetadata: { contentType: "image/png" } });
  await env.PHOTOS.put(coverKeyFor(keys[0]!), TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
  for (const key of bothCopies ? keys : keys.slice(0, 1))
    await env.PHOTOS.put(modelKeyFor(key), TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
  return { ...session, ad, keys };
}

/** Every photo URL the page's gallery shows (src and srcset of its images). */
function galleryUrls(html: string): Set<string> {
  const gallery = html.match(/<section aria-roledescription="Galerie"[\s\S]*?<\/section>/)?.[0] ?? "";
  return new Set([...gallery.matchAll(/\/images\/ads\/[^\s"&,]+/g)].map((match) => match[0]));
}

/** The schema.org Product the page carries for search engines. */
function productOf(html: string): { image: string[]; offers?: { price: string } } {
  return JSON.parse(html.match(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/)![1]!) as {
    image: string[];
    offers?: { price: string };
  };
}

async function both(id: string) {
  const page = await fetchPage(`/ad/${id}`);
  const api = await call(`/api/ads/public/${id}`);
  return { page, html: await page.text(), api, json: await api.json<PublicJson>() };
}

describe("the public ad page and its JSON", () => {
  it("show the same display copies and price for the same ad", async () => {
    const { ad, keys } = await finishedAd({ bothCopies: false, ageMs: 60 * 60 * 1000 });
    const { page, html, api, json } = await both(ad.id);
    expect(page.status).toBe(200);
    expect(api.status).toBe(200);

    // The JSON names each photo's display copy where one exists; the photos themselves stay private (ADR 070).
    expect(json.imageUrls).toEqual([`/images/${modelKeyFor(keys[0]!)}`]);
    // The gallery and the structured data show exactly those.
    expect(galleryUrls(html)).toEqual(new Set(json.imageUrls));
    expect(productOf(html).image).toEqual(json.imageUrls.map((url) => `http://localhost:8787${url}`));

    // One price: the seller's, with its label on the page and in the structured data.
    expect(json.price).toBe(25_000);
    expect(json.priceType).toBe("vb");
    expect(json.priceLabel).toBe("250 € VB");
    expect(html).toMatch(new RegExp(`data-testid="public-price"[^>]*>${json.priceLabel}<`));
    expect(productOf(html).offers?.price).toBe((json.price! / 100).toFixed(2));
  });

  it("are both not final (never stored by a cache) while a display copy is still being made", async () => {
    const { ad } = await finishedAd({ bothCopies: false });
    const waiting = await both(ad.id);
    expect(waiting.page.headers.get("Cache-Control")).toBe("no-store");
    expect(waiting.api.headers.get("Cache-Control")).toBe("no-store");

    const { ad: ready } = await finishedAd({ bothCopies: true });
    const final = await both(ready.id);
    expect(final.page.headers.get("Cache-Control")).toBe("public, no-cache");
    expect(final.api.headers.get("Cache-Control")).toBe("public, no-cache");
    expect(final.json.imageUrls).toHaveLength(2);
  });

  it("refuse the same ids: only an id as randomUUID makes it names an ad", async () => {
    const { ad } = await finishedAd({ bothCopies: true });
    for (const id of [ad.id.toUpperCase(), `${ad.id}0`, ad.id.replaceAll("-", ""), "kein-uuid"]) {
      const { page, api } = await both(id);
      expect([page.status, api.status], id).toEqual([404, 404]);
    }
  });
});

describe("the seller's own ads", () => {
  it("are the same list in the dashboard's loader and in GET /api/ads", async () => {
    const session = await signedInUser();
    await insertAd(session.user.id, { itemName: "Sofa", createdAt: Date.now() - 2000 });
    await insertAd(session.user.id, {
      itemName: "Lampe",
      status: "completed",
      optimizedTitle: "Stehlampe",
      optimizedDescription: "Funktioniert.",
      askingPrice: 1500,
      createdAt: Date.now() - 1000,
    });
    const request = new Request("http://localhost:8787/", { headers: { Cookie: `ap_session=${session.token}` } });
    const context = getLoadContext({ request, context: { nonce: "", cloudflare: { env, cf: {}, ctx: {}, caches } as never } });
    const { ads } = await dashboardLoader({ request, params: {}, context });
    const api = await call("/api/ads", { headers: session.auth });
    expect(api.status).toBe(200);
    const listed = await api.json<Array<{ itemName: string }>>();
    expect(listed.map((item) => item.itemName)).toEqual(["Lampe", "Sofa"]);
    expect(listed).toEqual(ads);
  });
});
