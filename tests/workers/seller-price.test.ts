// The seller's price through the API (ADR 028): form fields stored exactly, a note's "… 250 VB"
// read when the fields are left out, bad fields refused in German with nothing stored, and the
// same price and type on the public JSON and in the Verkaufshelfer — whatever the writer suggested.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads } from "~/.server/db/schema";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { png } from "../fixtures/images";
import { db, insertAd, signedInUser, userById } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function call(path: string, init: RequestInit = {}) {
  return app.request(`http://localhost:8787${path}`, init, env, workerContext());
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
    const response = await call("/api/ads", {
      method: "POST",
      headers: auth,
      body: await adForm({
        price: "1.250,50",
        priceType: "festpreis",
        shipping: "offered",
        pickup: "offered",
        postalCode: "81373",
        city: "München",
      }),
    });
    expect(response.status).toBe(201);
    const created = await response.json<{ id: string; askingPrice: number; priceType: string }>();
    expect(created).toMatchObject({
      askingPrice: 125050,
      priceType: "festpreis",
      shipping: "offered",
      pickup: "offered",
      postalCode: "81373",
      city: "München",
    });
    expect(await storedAd(created.id)).toMatchObject({ askingPrice: 125050, priceType: "festpreis" });
  });

  it("reads price, type, handover and place from the note when an API client sends only the note", async () => {
    const { auth } = await signedInUser();
    const response = await call("/api/ads", {
      method: "POST",
      headers: auth,
      body: await adForm({ description: "glasvitrine mit beleuchtung, nur abholung 81373 münchen. 250 VB" }),
    });
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    expect(await storedAd(id)).toMatchObject({
      askingPrice: 25000,
      priceType: "vb",
      shipping: "excluded",
      pickup: "offered",
      postalCode: "81373",
      city: "München",
    });
  });

  it("takes shipping cost, parcel service and swap from the form over the note", async () => {
    const { auth } = await signedInUser();
    const response = await call("/api/ads", {
      method: "POST",
      headers: auth,
      body: await adForm({
        description: "Vitrine, Versand ca. 7 € mit Hermes, 250 VB",
        shippingCost: "5,49",
        shippingCarrier: "DHL",
        swap: "nein",
      }),
    });
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    expect(await storedAd(id)).toMatchObject({ askingPrice: 25000, shippingCost: 549, shippingCarrier: "DHL", swap: false });
  });

  it("refuses a price, type or PLZ it cannot read with a German message and stores nothing", async () => {
    const { user, auth } = await signedInUser();
    for (const [fields, message] of [
      [{ price: "zweihundert" }, "Bitte gib den Preis als Betrag in Euro an, z. B. 250 oder 12,50."],
      [{ price: "-5" }, "Bitte gib den Preis als Betrag in Euro an, z. B. 250 oder 12,50."],
      [{ priceType: "tausch" }, "Bitte wähle Festpreis, VB oder Zu verschenken."],
      [{ postalCode: "8137" }, "Bitte gib eine fünfstellige Postleitzahl an."],
      [{ shippingCost: "-3" }, "Bitte gib die Versandkosten als Betrag in Euro an"],
      [{ shippingCarrier: "Brieftaube" }, "Bitte wähle einen Versanddienst aus der Liste."],
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

  it("is the public JSON's price with its type and basis, never called a suggestion", async () => {
    const { user, auth } = await signedInUser();
    const ad = await insertAd(user.id, finished);
    const body = await (await call(`/api/ads/public/${ad.id}`)).json<Record<string, unknown>>();
    expect(body).toMatchObject({ price: 25000, priceType: "vb", priceBasis: "asking", priceSuggestion: null });
    expect(body.priceLabel).toMatch(/^250\s€ VB$/);
    // The seller's own list: the shown price apart from the writer's suggestion.
    const [own] = await (await call("/api/ads", { headers: auth })).json<Array<Record<string, unknown>>>();
    expect(own).toMatchObject({ price: 25000, priceSuggestion: 60000, priceBasis: "estimate" });
    expect(own.priceLabel).toMatch(/^250\s€ VB$/);
  });

  it("names an estimate from the new price as such on the public JSON", async () => {
    const { user } = await signedInUser();
    const ad = await insertAd(user.id, {
      ...finished,
      askingPrice: null,
      priceType: null,
      priceSuggestion: 22000,
      priceBasis: "new_price",
    });
    const body = await (await call(`/api/ads/public/${ad.id}`)).json<Record<string, unknown>>();
    expect(body).toMatchObject({ price: 22000, priceType: null, priceBasis: "new_price", priceSuggestion: 22000 });
  });

  it("is the Verkaufshelfer's listing price, and a Festpreis is answered as a Festpreis", async () => {
    const { user, auth } = await signedInUser();
    const ad = await insertAd(user.id, finished);
    const kit = await (
      await call(`/api/ads/${ad.id}/sales-kit`, { headers: auth })
    ).json<{ strategy: { anchorCents: number; mode: string }; replies: Array<{ text: string }> }>();
    expect(kit.strategy).toMatchObject({ anchorCents: 25000, mode: "vb" });
    expect(JSON.stringify(kit.replies)).not.toMatch(/600|660/);

    const fixed = await insertAd(user.id, { ...finished, askingPrice: 7000, priceType: "festpreis" });
    const answer = await (
      await call(`/api/ads/${fixed.id}/sales-kit/counter-offer`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ offerCents: 6500 }),
      })
    ).json<{ decision: string; priceCents: number; message: string }>();
    expect(answer).toMatchObject({ decision: "fixed", priceCents: 7000 });
    expect(answer.message).toContain("Der Preis von 70 € ist ein Festpreis");
  });

  it("is in every paste-ready variant the API hands out, with Vinted's handover lines its own", async () => {
    const { user, auth } = await signedInUser();
    const ad = await insertAd(user.id, { ...finished, shipping: "excluded", pickup: "offered" });
    const [listed] = await (
      await call("/api/ads", { headers: auth })
    ).json<
      Array<{ id: string; variants: Array<{ platform: string; title: string; text: string; html: string | null; notice: string | null }> }>
    >();
    expect(listed.id).toBe(ad.id);
    expect(listed.variants.map((variant) => variant.platform)).toEqual(["kleinanzeigen", "ebay", "vinted", "willhaben", "facebook"]);
    for (const variant of listed.variants) {
      expect(variant.text, variant.platform).toMatch(/Preis: 250\s€ VB/);
      expect(variant.text + variant.title, variant.platform).not.toMatch(/[\u{1D400}-\u{1D7FF}]/u);
    }
    const vinted = listed.variants.find((variant) => variant.platform === "vinted")!;
    // Pickup only: no shipping line, and the notice says that Vinted needs shipping.
    expect(vinted.text).not.toMatch(/versand/i);
    expect(vinted.text).not.toContain("81373");
    expect(vinted.notice).toMatch(/^Nur Abholung/);
    expect(listed.variants.find((variant) => variant.platform === "ebay")!.html).toMatch(/<p>/);
  });

  it("asks for a price instead of publishing a flat estimate", async () => {
    const { user } = await signedInUser();
    const ad = await insertAd(user.id, { ...finished, askingPrice: null, priceType: null });
    const body = await (
      await call(`/api/ads/public/${ad.id}`)
    ).json<{ price: number | null; priceSuggestion: number | null; priceLabel: string | null }>();
    expect(body).toMatchObject({ price: null, priceBasis: null, priceSuggestion: null, priceLabel: null });
  });
});

describe("the seller's price after creation (ADR 034)", () => {
  const finished = {
    status: "completed" as const,
    optimizedTitle: "Glasvitrine mit Beleuchtung",
    optimizedDescription: "Ich verkaufe meine Glasvitrine.\n- Abholung oder Versand",
    priceSuggestion: 60000,
    priceMin: 39000,
    priceMax: 81000,
    priceBasis: "estimate" as const,
    askingPrice: 25000,
    priceType: "vb" as const,
    category: "moebel" as const,
  };

  function editForm(fields: Record<string, string>) {
    const form = new FormData();
    form.append("optimizedTitle", finished.optimizedTitle);
    form.append("optimizedDescription", finished.optimizedDescription);
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return form;
  }

  it("changes price, type, handover and place, and the card, public JSON, variants and Verkaufshelfer follow", async () => {
    const { user, auth } = await signedInUser();
    const ad = await insertAd(user.id, finished);
    const response = await call(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: auth,
      body: editForm({
        price: "199,50",
        priceType: "festpreis",
        shipping: "excluded",
        pickup: "offered",
        postalCode: "50823",
        city: "Köln",
      }),
    });
    expect(response.status).toBe(200);
    const edited = await response.json<{
      askingPrice: number;
      priceLabel: string;
      variants: Array<{ platform: string; text: string; notice: string | null }>;
    }>();
    expect(edited).toMatchObject({
      askingPrice: 19950,
      priceType: "festpreis",
      shipping: "excluded",
      pickup: "offered",
      postalCode: "50823",
      city: "Köln",
      price: 19950,
    });
    expect(edited.priceLabel).toMatch(/^199,50\s€ Festpreis$/);
    for (const variant of edited.variants) expect(variant.text, variant.platform).toMatch(/Preis: 199,50\s€ Festpreis/);
    expect(edited.variants.find((variant) => variant.platform === "vinted")!.notice).toMatch(/^Nur Abholung/);

    const pub = await (await call(`/api/ads/public/${ad.id}`)).json<Record<string, unknown>>();
    expect(pub).toMatchObject({ price: 19950, priceType: "festpreis", priceBasis: "asking", sellerCity: "Köln" });
    const kit = await (
      await call(`/api/ads/${ad.id}/sales-kit`, { headers: auth })
    ).json<{ strategy: { anchorCents: number; mode: string } }>();
    expect(kit.strategy).toMatchObject({ anchorCents: 19950, mode: "festpreis" });
  });

  it("changes shipping cost, parcel service and swap, and every copy and the public page follow (ADR 041)", async () => {
    const { user, auth } = await signedInUser();
    const ad = await insertAd(user.id, { ...finished, shipping: "offered", pickup: "offered" });
    const response = await call(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: auth,
      body: editForm({ shippingCost: "6,99", shippingCarrier: "Hermes", swap: "nein" }),
    });
    expect(response.status).toBe(200);
    const edited = await response.json<{ variants: Array<{ platform: string; text: string }> }>();
    expect(edited).toMatchObject({ shippingCost: 699, shippingCarrier: "Hermes", swap: false, askingPrice: 25000 });
    for (const variant of edited.variants.filter((entry) => entry.platform !== "vinted"))
      expect(variant.text, variant.platform).toMatch(/Übergabe: Versand 6,99\s€ \(Hermes\) · Abholung möglich/);
    const pub = await (await call(`/api/ads/public/${ad.id}`)).json<{ offerLine: string }>();
    expect(pub.offerLine).toMatch(/^Versand 6,99\s€ \(Hermes\) · Abholung möglich · Kein Tausch$/);

    const refused = await call(`/api/ads/${ad.id}`, {
      method: "PATCH",
      headers: auth,
      body: editForm({ shippingCost: "teuer", swap: "vielleicht" }),
    });
    expect(refused.status).toBe(400);
    const message = JSON.stringify(await refused.json());
    expect(message).toContain("Bitte gib die Versandkosten als Betrag in Euro an");
    expect(message).toContain("Bitte wähle „Tausch möglich“ oder „Kein Tausch“.");
    expect(await storedAd(ad.id)).toMatchObject({ shippingCost: 699, swap: false });

    expect(
      (await call(`/api/ads/${ad.id}`, { method: "PATCH", headers: auth, body: editForm({ shippingCost: "", shippingCarrier: "" }) }))
        .status,
    ).toBe(200);
    expect(await storedAd(ad.id)).toMatchObject({ shippingCost: null, shippingCarrier: null, swap: false });
  });

  it("makes an item a giveaway, and removes the price with an empty field", async () => {
    const { user, auth } = await signedInUser();
    const ad = await insertAd(user.id, finished);
    expect(
      (await call(`/api/ads/${ad.id}`, { method: "PATCH", headers: auth, body: editForm({ price: "", priceType: "verschenken" }) })).status,
    ).toBe(200);
    expect(await storedAd(ad.id)).toMatchObject({ askingPrice: 0, priceType: "verschenken" });
    expect((await (await call(`/api/ads/public/${ad.id}`)).json<{ priceLabel: string }>()).priceLabel).toBe("Zu verschenken");

    expect((await call(`/api/ads/${ad.id}`, { method: "PATCH", headers: auth, body: editForm({ price: "", priceType: "" }) })).status).toBe(
      200,
    );
    expect(await storedAd(ad.id)).toMatchObject({ askingPrice: null, priceType: null });
    // No price now: the flat estimate is not published in its place.
    expect(await (await call(`/api/ads/public/${ad.id}`)).json()).toMatchObject({ price: null, priceLabel: null });
  });

  it("keeps the price when an edit leaves the fields out (title only)", async () => {
    const { user, auth } = await signedInUser();
    const ad = await insertAd(user.id, finished);
    expect((await call(`/api/ads/${ad.id}`, { method: "PATCH", headers: auth, body: editForm({}) })).status).toBe(200);
    expect(await storedAd(ad.id)).toMatchObject({ askingPrice: 25000, priceType: "vb" });
  });

  it("refuses a price, type or PLZ it cannot read with a German message and changes nothing", async () => {
    const { user, auth } = await signedInUser();
    const ad = await insertAd(user.id, finished);
    for (const [fields, message] of [
      [{ price: "zweihundert" }, "Bitte gib den Preis als Betrag in Euro an, z. B. 250 oder 12,50."],
      [{ price: "2000000" }, "Bitte gib den Preis als Betrag in Euro an, z. B. 250 oder 12,50."],
      [{ priceType: "tausch" }, "Bitte wähle Festpreis, VB oder Zu verschenken."],
      [{ shipping: "post" }, "Bitte wähle beim Versand „Versand möglich“ oder „Kein Versand“."],
      [{ postalCode: "8137" }, "Bitte gib eine fünfstellige Postleitzahl an."],
    ] as Array<[Record<string, string>, string]>) {
      const response = await call(`/api/ads/${ad.id}`, { method: "PATCH", headers: auth, body: editForm({ price: "300", ...fields }) });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect((await response.json<{ message: string }>()).message, JSON.stringify(fields)).toBe(message);
    }
    expect(await storedAd(ad.id)).toMatchObject({ askingPrice: 25000, priceType: "vb", shipping: null, pickup: null, postalCode: null });
  });
});
