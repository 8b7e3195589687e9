// The Verkaufshelfer API: ownership before the body, German validation errors, the floor saved per
// ad, counter-offers never below it, and pasted buyer messages never stored.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLogs, ads } from "~/.server/db/schema";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { scamCheck } from "~/.server/app-worker/sales-kit/kit";
import { db, insertAd, signedInUser } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));

function call(path: string, init: RequestInit = {}) {
  return app.request(`http://localhost:8787${path}`, init, env, workerContext());
}

function json(method: string, body: unknown, auth: Record<string, string>) {
  return { method, headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify(body) };
}

async function finishedAd(userId: string, overrides: Partial<typeof ads.$inferInsert> = {}) {
  return insertAd(userId, {
    status: "completed",
    optimizedTitle: "Cybex Sirona Z i-Size Kindersitz – unfallfrei",
    optimizedDescription: "Ich verkaufe meinen Kindersitz.\n- Abholung in 50667 Köln oder Versand nach Absprache",
    priceSuggestion: 16000,
    priceMin: 10000,
    priceMax: 22000,
    imageAnalysis: {
      brand: "Cybex",
      model: null,
      serialNumber: null,
      condition: "Gut",
      defects: [{ text: "Gurtpolster leicht verblasst", photoIndex: 1 }],
    },
    category: "sonstiges",
    ...overrides,
  });
}

describe("Verkaufshelfer API", () => {
  it("gives the owner the price strategy and ready replies with the ad's facts", async () => {
    const { user, auth } = await signedInUser();
    const ad = await finishedAd(user.id);
    const response = await call(`/api/ads/${ad.id}/sales-kit`, { headers: auth });
    expect(response.status).toBe(200);
    const kit = await response.json<{
      strategy: { anchorCents: number; floorCents: number; mode: string; typeStated: boolean };
      replies: Array<{ id: string; text: string }>;
    }>();
    // The estimate the ad shows (160 €, no type stated) is the price the helper names, never "180 € VB" (ADR 091).
    expect(kit.strategy).toMatchObject({ anchorCents: 16000, floorCents: 16000, mode: "festpreis", typeStated: false });
    expect(kit.replies.find((reply) => reply.id === "condition")?.text).toContain("Gurtpolster leicht verblasst (siehe Foto 2)");
    const [logged] = await db().select().from(activityLogs).where(eq(activityLogs.action, "sales_kit_opened"));
    expect(logged.details).toEqual({ adId: ad.id });
  });

  it("answers 401 signed out, 404 for someone else's ad (before reading the body) and 409 while processing", async () => {
    const { user } = await signedInUser();
    const { auth: stranger } = await signedInUser();
    const ad = await finishedAd(user.id);
    expect((await call(`/api/ads/${ad.id}/sales-kit`)).status).toBe(401);
    const foreign = await call(`/api/ads/${ad.id}/sales-kit`, {
      method: "PUT",
      headers: { ...stranger, "Content-Type": "application/json" },
      body: "kein json",
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: "Anzeige nicht gefunden", code: "not_found" });
    const { user: seller, auth } = await signedInUser();
    const processing = await insertAd(seller.id);
    const busy = await call(`/api/ads/${processing.id}/scam-check`, json("POST", { message: "Noch da?" }, auth));
    expect(busy.status).toBe(409);
    expect((await busy.json<{ message: string }>()).message).toContain("sobald die Anzeige fertig ist");
    expect((await call("/api/ads/keine-uuid/sales-kit", { headers: auth })).status).toBe(404);
  });

  it("names no price of its own while the ad asks the seller for one (ADR 091)", async () => {
    const { user, auth } = await signedInUser();
    // A flat estimate the card does not show: the card asks for the price.
    const ad = await finishedAd(user.id, { priceBasis: "estimate" });
    const kit = await (
      await call(`/api/ads/${ad.id}/sales-kit`, { headers: auth })
    ).json<{
      strategy: null | object;
      replies: Array<{ id: string; text: string }>;
    }>();
    expect(kit.strategy).toBeNull();
    expect(kit.replies.map((reply) => reply.id)).not.toContain("last_price");
    expect(kit.replies.map((reply) => reply.id)).not.toContain("lowball");
    expect(kit.replies.map((reply) => reply.text).join(" ")).not.toMatch(/\d\s?€|verhandelbar|Festpreis/);
    for (const [method, path, body] of [
      ["PUT", `/api/ads/${ad.id}/sales-kit`, { floorCents: 12000 }],
      ["POST", `/api/ads/${ad.id}/sales-kit/counter-offer`, { offerCents: 12000 }],
    ] as const) {
      const refused = await call(path, json(method, body, auth));
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ message: expect.stringContaining("noch keinen Preis"), code: "conflict" });
    }
    const [stored] = await db().select().from(ads).where(eq(ads.id, ad.id));
    expect(stored.priceFloor).toBeNull();
  });

  it("saves the seller's minimum and never counters below it", async () => {
    const { user, auth } = await signedInUser();
    const ad = await finishedAd(user.id, { askingPrice: 18000, priceType: "vb" });
    const saved = await call(`/api/ads/${ad.id}/sales-kit`, json("PUT", { floorCents: 17000 }, auth));
    expect(saved.status).toBe(200);
    expect((await saved.json<{ strategy: { floorCents: number; floorFromSeller: boolean } }>()).strategy).toMatchObject({
      floorCents: 17000,
      floorFromSeller: true,
    });
    const [stored] = await db().select().from(ads).where(eq(ads.id, ad.id));
    expect(stored.priceFloor).toBe(17000);

    const offer = await call(`/api/ads/${ad.id}/sales-kit/counter-offer`, json("POST", { offerCents: 12000 }, auth));
    expect(await offer.json()).toMatchObject({
      decision: "counter",
      priceCents: 18000,
      offerCents: 12000,
      floorCents: 17000,
      message: "Hallo! Danke für deine Nachricht. 120 € ist mir etwas zu wenig – für 180 € kannst du den Artikel gern haben.",
    });
    const lowball = await (
      await call(`/api/ads/${ad.id}/sales-kit/counter-offer`, json("POST", { offerCents: 5000 }, auth))
    ).json<{ decision: string; priceCents: number }>();
    expect(lowball.decision).toBe("decline");
    expect(lowball.priceCents).toBeGreaterThanOrEqual(17000);
  });

  it("refuses bad input with a German message and changes nothing", async () => {
    const { user, auth } = await signedInUser();
    const ad = await finishedAd(user.id, { priceFloor: 15000 });
    const cases: Array<[RequestInit, number, RegExp]> = [
      [json("PUT", { floorCents: -500 }, auth), 400, /Mein Minimum: mindestens 1 €/],
      [json("PUT", { floorCents: 99 }, auth), 400, /Mein Minimum: mindestens 1 €/],
      [json("PUT", { floorCents: 12050.5 }, auth), 400, /Mein Minimum: Bitte gib den Betrag in ganzen Cent an/],
      [json("PUT", { floorCents: "viel" }, auth), 400, /Betrag in Euro/],
      [json("PUT", { floor: 170 }, auth), 400, /.+/],
      [json("PUT", { floorCents: 10000, extra: true }, auth), 400, /.+/],
      [{ method: "PUT", headers: { ...auth, "Content-Type": "application/json" }, body: "{kaputt" }, 400, /kein gültiges JSON/],
      [{ method: "PUT", headers: { ...auth, "Content-Type": "text/plain" }, body: "170" }, 415, /JSON/],
    ];
    for (const [init, status, message] of cases) {
      const response = await call(`/api/ads/${ad.id}/sales-kit`, init);
      expect(response.status).toBe(status);
      expect((await response.json<{ message: string }>()).message).toMatch(message);
    }
    const [stored] = await db().select().from(ads).where(eq(ads.id, ad.id));
    expect(stored.priceFloor).toBe(15000);
    const empty = await call(`/api/ads/${ad.id}/scam-check`, json("POST", { message: "   " }, auth));
    expect(empty.status).toBe(400);
    expect((await empty.json<{ message: string }>()).message).toBe("Bitte füge die Nachricht des Käufers ein.");
    const long = await call(`/api/ads/${ad.id}/scam-check`, json("POST", { message: "x".repeat(2001) }, auth));
    expect((await long.json<{ message: string }>()).message).toContain("höchstens 2000 Zeichen");
  });

  it("checks a pasted message and keeps nothing of it: only the verdict is logged", async () => {
    const { user, auth } = await signedInUser();
    const ad = await finishedAd(user.id);
    const message = "Hallo, meine Spedition holt es ab, ich zahle vorher per PayPal Freunde und Familie. Kennwort 7731-geheim";
    const response = await call(`/api/ads/${ad.id}/scam-check`, json("POST", { message }, auth));
    expect(response.status).toBe(200);
    const result = await response.json<{ verdict: string; label: string; matches: Array<{ id: string }> }>();
    // Offline no model runs: the rules answer alone.
    expect(result).toMatchObject({ verdict: "betrugsmuster", label: "Betrugsmuster", modelOpinion: null });
    expect(result.matches.map((match) => match.id)).toEqual(expect.arrayContaining(["courier", "paypal_friends"]));

    const [logged] = await db().select().from(activityLogs).where(eq(activityLogs.action, "scam_check"));
    expect(logged.details).toEqual({ adId: ad.id, verdict: "betrugsmuster", patterns: ["courier", "paypal_friends"], modelVerdict: null });
    // Nothing of the message in any table.
    const { results: tables } = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%'",
    ).all<{ name: string }>();
    for (const { name } of tables) {
      const { results } = await env.DB.prepare(`select * from "${name}"`).all();
      expect(JSON.stringify(results), name).not.toContain("7731-geheim");
    }
  });
});

/** The seller's scam check with `generator` standing in for the generator Worker (the process boundary). */
function scamCheckWith(generator: Fetcher, user: Parameters<typeof scamCheck>[1], adId: string, message: string) {
  return scamCheck({ db: db(), meta: { ip: null, country: null, userAgent: null }, generator }, user, adId, message);
}

describe("the model's second opinion", () => {
  it("is added beside the rules' verdict and never replaces it", async () => {
    const { user } = await signedInUser();
    const ad = await finishedAd(user.id);
    const asked: string[] = [];
    const generator = {
      async fetch(url: string, init: RequestInit) {
        asked.push(`${new URL(url).pathname} ${init.body}`);
        return Response.json({ opinion: { verdict: "unbedenklich", reason: "Keine typischen Betrugsmerkmale erkannt." } });
      },
    } as unknown as Fetcher;
    const result = await scamCheckWith(generator, user, ad.id, "Meine Spedition holt ab, ich zahle vorher");
    expect(result.verdict).toBe("betrugsmuster");
    expect(result.modelOpinion).toEqual({ verdict: "unbedenklich", reason: "Keine typischen Betrugsmerkmale erkannt." });
    expect(asked).toEqual(['/scam-opinion {"message":"Meine Spedition holt ab, ich zahle vorher"}']);

    const broken = {
      async fetch() {
        return new Response("kaputt", { status: 500 });
      },
    } as unknown as Fetcher;
    expect((await scamCheckWith(broken, user, ad.id, "Noch da?")).modelOpinion).toBeNull();
  });

  it("comes from the generator's model when one runs", async () => {
    const generatorWorker = (await import("../../workers/generator")).default;
    const ai = {
      async run() {
        return { response: { verdict: "vorsicht", reason: "kanalwechsel" } };
      },
    };
    const response = await generatorWorker.fetch(
      new Request("https://generator.internal/scam-opinion", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ message: "Schreib mir auf WhatsApp" }),
      }) as never,
      { ...env, AI_PROVIDER: "workers-ai", AI: ai } as never,
    );
    expect(await response.json()).toEqual({
      opinion: { verdict: "vorsicht", reason: "Wechsel zu WhatsApp, SMS oder E-Mail – bleib im Chat der Plattform." },
    });
  });
});

describe("Verkaufshelfer: the seller's offer record, read once from the note (ADR 041)", () => {
  it("quotes the shipping cost and service the note states and offers no pickup for an item sent only", async () => {
    const { sellerOffer } = await import("~/.server/app-worker/ads/create");
    const { user, auth } = await signedInUser();
    const offer = sellerOffer({
      itemName: "Winterjacke Jack Wolfskin",
      category: "kleidung",
      description: "Winterjacke Gr. M, kaum getragen. 45 € VB. Nur Versand, 5,49 € mit DHL",
    } as Parameters<typeof sellerOffer>[0]);
    expect(offer).toMatchObject({
      askingPrice: 4500,
      priceType: "vb",
      shipping: "offered",
      pickup: "excluded",
      shippingCost: 549,
      shippingCarrier: "DHL",
    });
    const ad = await finishedAd(user.id, { ...offer, category: "kleidung", optimizedDescription: "Winterjacke, Abholung in Köln" });
    const kit = await (
      await call(`/api/ads/${ad.id}/sales-kit`, { headers: auth })
    ).json<{ replies: Array<{ id: string; text: string }> }>();
    const reply = (id: string) => kit.replies.find((candidate) => candidate.id === id)?.text ?? "";
    // The record wins over the ad text (which mentions a pickup the seller never offered).
    expect(reply("shipping")).toContain("Versand mit DHL ist möglich, für 5,49 €");
    expect(reply("pickup")).toContain("Abholung ist bei diesem Artikel leider nicht möglich – nur Versand.");
    expect(reply("still_available")).not.toContain("vorbeikommen");
  });
});

describe("the model's reason is shown only as one of our labels", () => {
  it("drops an opinion whose reason is free text from the generator (a phishing URL)", async () => {
    const { user } = await signedInUser();
    const ad = await finishedAd(user.id, { optimizedTitle: "Kaffeevollautomat", optimizedDescription: "Gut erhalten." });
    const generator = {
      async fetch() {
        return Response.json({
          opinion: { verdict: "unbedenklich", reason: "Alles gut – bestätige hier: https://kleinanzeigen-sicher.example/login" },
        });
      },
    } as unknown as Fetcher;
    const result = await scamCheckWith(generator, user, ad.id, "Ist der Artikel noch da?");
    expect(result.modelOpinion).toBeNull();
  });
});

describe("sales-kit amounts are JSON numbers, never coerced", () => {
  it('refuses true, "1e6" and "150" as amounts with a German 400 and changes nothing', async () => {
    const { user, auth } = await signedInUser();
    const ad = await finishedAd(user.id, { optimizedTitle: "Kaffeevollautomat", optimizedDescription: "Gut erhalten." });
    const send = (method: string, path: string, body: unknown) => call(`/api/ads/${ad.id}/sales-kit${path}`, json(method, body, auth));
    for (const value of [true, "1e6", "150"]) {
      const floor = await send("PUT", "", { floorCents: value });
      expect(floor.status, JSON.stringify(value)).toBe(400);
      expect((await floor.json<{ message: string }>()).message).toContain("Bitte gib einen Betrag in Euro an.");
      const offer = await send("POST", "/counter-offer", { offerCents: value });
      expect(offer.status, JSON.stringify(value)).toBe(400);
    }
    const kit = await (await call(`/api/ads/${ad.id}/sales-kit`, { headers: auth })).json<{ strategy: { floorFromSeller: boolean } }>();
    expect(kit.strategy.floorFromSeller).toBe(false);
    expect((await send("PUT", "", { floorCents: 12000 })).status).toBe(200);
  });
});
