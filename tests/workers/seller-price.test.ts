// The seller's price through the API (ADR 028): form fields stored exactly, a note's "… 250 VB"
// read when the fields are left out, bad fields refused in German with nothing stored, and the
// same price and type on the public JSON and in the Verkaufshelfer — whatever the writer suggested.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads } from "~/.server/db/schema";
import { createWorkerApp } from "~/.server/http/worker-app";
import { png } from "../fixtures/images";
import { db, insertAd, signedInUser, userById } from "./helpers";

const app = createWorkerApp(async () => new Response("page"));
const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

function call(path: string, init: RequestInit = {}) {
  return app.request(`http://localhost:8787${path}`, init, env, ctx);
}

async function adForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ itemName: "Glasvitrine", category: "moebel", ...fields })) form.append(key, value);
  form.append("photos", new File([await png(16, 16)], "vitrine.png", { type: "image/png" }));
  return form;
}

async function storedAd(id: string) {
  const [ad] = await db().select().from(ads).where(eq(ads.id, id));
  return ad;
}

describe("the seller's price on creation", () => {
  it("stores the form's price, type, handover and place exactly", async () => {
    const { auth } = await signedInUser();
    const response = await call("/api/ads", { method: "POST", headers: auth, body: await adForm({ price: "1.250,50", priceType: "festpreis", handover: "beides", postalCode: "81373", city: "München" }) });
    expect(response.status).toBe(201);
    const created = await response.json<{ id: string; askingPrice: number; priceType: string }>();
    expect(created).toMatchObject({ askingPrice: 125050, priceType: "festpreis", handover: "beides", postalCode: "81373", city: "München" });
    expect(await storedAd(created.id)).toMatchObject({ askingPrice: 125050, priceType: "festpreis" });
  });

  it("reads price, type, handover and place from the note when an API client sends only the note", async () => {
    const { auth } = await signedInUser();
    const response = await call("/api/ads", { method: "POST", headers: auth, body: await adForm({ description: "glasvitrine mit beleuchtung, nur abholung 81373 münchen. 250 VB" }) });
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    expect(await storedAd(id)).toMatchObject({ askingPrice: 25000, priceType: "vb", handover: "abholung", postalCode: "81373", city: "München" });
  });

  it("refuses a price, type or PLZ it cannot read with a German message and stores nothing", async () => {
    const { user, auth } = await signedInUser();
    for (const [fields, message] of [
      [{ price: "zweihundert" }, "Bitte gib den Preis als Betrag in Euro an, z. B. 250 oder 12,50."],
      [{ price: "-5" }, "Bitte gib den Preis als Betrag in Euro an, z. B. 250 oder 12,50."],
      [{ priceType: "tausch" }, "Bitte wähle Festpreis, VB oder Zu verschenken."],
      [{ postalCode: "8137" }, "Bitte gib eine fünfstellige Postleitzahl an."],
    ] as const) {
      const response = await call("/api/ads", { method: "POST", headers: auth, body: await adForm(fields) });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(JSON.stringify(await response.json()), JSON.stringify(fields)).toContain(message);
    }
    expect(await db().select().from(ads).where(eq(ads.userId, user.id))).toEqual([]);
    expect((await userById(user.id)).adCredits).toBe(1);
  });
});

describe("the seller's price after generation", () => {
  const finished = {
    status: "completed" as const,
    optimizedTitle: "Glasvitrine mit Beleuchtung – nur Abholung",
    optimizedDescription: "Ich verkaufe meine Glasvitrine.\n- Nur Abholung in 81373 München",
    // What a writer suggested: it never replaces the seller's own price.
    priceSuggestion: 60000,
    priceMin: 39000,
    priceMax: 81000,
    priceBasis: "estimate" as const,
    askingPrice: 25000,
    priceType: "vb" as const,
    category: "moebel" as const,
  };

  it("is the public page's price with its type", async () => {
    const { user } = await signedInUser();
    const ad = await insertAd(user.id, finished);
    const body = await (await call(`/api/ads/public/${ad.id}`)).json<{ priceSuggestion: number; priceType: string; priceLabel: string }>();
    expect(body).toMatchObject({ priceSuggestion: 25000, priceType: "vb" });
    expect(body.priceLabel).toMatch(/^250\s€ VB$/);
  });

  it("is the Verkaufshelfer's listing price, and a Festpreis is answered as a Festpreis", async () => {
    const { user, auth } = await signedInUser();
    const ad = await insertAd(user.id, finished);
    const kit = await (await call(`/api/ads/${ad.id}/sales-kit`, { headers: auth })).json<{ strategy: { anchor: number; mode: string }; replies: Array<{ text: string }> }>();
    expect(kit.strategy).toMatchObject({ anchor: 250, mode: "vb" });
    expect(JSON.stringify(kit.replies)).not.toMatch(/600|660/);

    const fixed = await insertAd(user.id, { ...finished, askingPrice: 7000, priceType: "festpreis" });
    const answer = await (await call(`/api/ads/${fixed.id}/sales-kit/counter-offer`, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify({ offer: 65 }) })).json<{ decision: string; price: number; message: string }>();
    expect(answer).toMatchObject({ decision: "fixed", price: 70 });
    expect(answer.message).toContain("Der Preis von 70 € ist ein Festpreis");
  });

  it("is in every paste-ready variant the API hands out, with Vinted's handover lines its own", async () => {
    const { user, auth } = await signedInUser();
    const ad = await insertAd(user.id, { ...finished, handover: "abholung" });
    const [listed] = await (await call("/api/ads", { headers: auth })).json<Array<{ id: string; variants: Array<{ platform: string; title: string; text: string; html: string | null; notice: string | null }> }>>();
    expect(listed.id).toBe(ad.id);
    expect(listed.variants.map((variant) => variant.platform)).toEqual(["kleinanzeigen", "ebay", "vinted", "willhaben", "facebook"]);
    for (const variant of listed.variants) {
      expect(variant.text, variant.platform).toMatch(/Preis: 250\s€ VB/);
      expect(variant.text + variant.title, variant.platform).not.toMatch(/[\u{1D400}-\u{1D7FF}]/u);
    }
    const vinted = listed.variants.find((variant) => variant.platform === "vinted")!;
    expect(vinted.text).toContain("Versand über Vinted");
    expect(vinted.text).not.toContain("81373");
    expect(vinted.notice).toMatch(/^Nur Abholung/);
    expect(listed.variants.find((variant) => variant.platform === "ebay")!.html).toMatch(/<p>/);
  });

  it("asks for a price instead of publishing a flat estimate", async () => {
    const { user } = await signedInUser();
    const ad = await insertAd(user.id, { ...finished, askingPrice: null, priceType: null });
    const body = await (await call(`/api/ads/public/${ad.id}`)).json<{ priceSuggestion: number | null; priceLabel: string | null }>();
    expect(body).toMatchObject({ priceSuggestion: null, priceLabel: null });
  });
});
