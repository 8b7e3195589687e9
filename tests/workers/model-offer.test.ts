// The one model call reads the offer too (ADR 064, "The model reads the offer too"): an ad created
// through the API, written by the production Workers AI adapter against the strict double. Where
// the model's reading disagrees with the rule reader on a fact the seller has not confirmed, the
// owner's card asks "Bitte prüfen" with a doubt and the record keeps the reader's value; where they
// agree nothing changes; a confirmed fact is the seller's word. Exactly one model call each time.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { ads } from "~/.server/db/schema";
import type { ModelOffer } from "~/.server/ai/types";
import { createWorkersAiDouble } from "~/.server/generator/ai/workers-ai-double";
import { attemptGeneration, leaseDuration } from "~/.server/generator/generation/attempt";
import type { OfferReading } from "~/lib/offer-facts";
import { png } from "../fixtures/images";
import { db, signedInUser } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));
// The generation is run below with the model under test, not by the queue's consumer.
const appEnv = { ...env, AD_QUEUE: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue };

function call(path: string, init: RequestInit = {}) {
  return app.request(`http://localhost:8787${path}`, init, appEnv, workerContext());
}

/** Creates the ad as the create form does, then writes it with the Workers AI adapter and a double that reads the offer `misread`. */
async function writtenAd(fields: Record<string, string>, misreadOffer?: Partial<ModelOffer>) {
  const { auth } = await signedInUser({ adCredits: 1 });
  const form = new FormData();
  for (const [key, value] of Object.entries({ itemName: "Glasvitrine", category: "moebel", ...fields })) form.append(key, value);
  form.append("photos", new File([await png(16, 16)], "vitrine.png", { type: "image/png" }));
  const created = await call("/api/ads", { method: "POST", headers: auth, body: form });
  expect(created.status).toBe(201);
  const { id } = await created.json<{ id: string }>();
  const ai = createWorkersAiDouble({ misreadOffer });
  const generationEnv = { ...env, AI_PROVIDER: "workers-ai", AI: ai } as never;
  expect(await attemptGeneration(generationEnv, db(), id, leaseDuration(generationEnv))).toEqual({ kind: "done" });
  const [stored] = await db().select().from(ads).where(eq(ads.id, id));
  const card = (await (await call("/api/ads", { headers: auth })).json<Array<{ id: string; offerReading: OfferReading | null }>>()).find(
    (entry) => entry.id === id,
  );
  return { stored, card: card!, calls: ai.calls.length };
}

describe("the model reads the offer in the same call", () => {
  it("agreeing with the rule reader: the card asks as before, without a doubt", async () => {
    const { stored, card, calls } = await writtenAd({ description: "Glasvitrine, 250 VB, Versand möglich" });
    expect(calls).toBe(1);
    expect(stored).toMatchObject({ status: "completed", provider: "workers-ai", askingPrice: 25000, priceType: "vb", shipping: "offered" });
    expect(card.offerReading?.unconfirmed).toEqual([
      { fact: "price", words: "250 VB", doubt: false },
      { fact: "priceType", words: "250 VB", doubt: false },
      { fact: "shipping", words: "Versand", doubt: false },
    ]);
  });

  it("disagreeing on the price: the card asks with a doubt, and the record keeps the reader's price", async () => {
    const { stored, card, calls } = await writtenAd({ description: "Glasvitrine, 250 VB, Versand möglich" }, { price: 25 });
    expect(calls).toBe(1);
    expect(stored).toMatchObject({ status: "completed", askingPrice: 25000, priceType: "vb" });
    expect(card.offerReading?.unconfirmed).toContainEqual({ fact: "price", words: "250 VB", doubt: true });
    expect(card.offerReading?.unconfirmed).toContainEqual({ fact: "shipping", words: "Versand", doubt: false });
  });

  it("a price only the model read: asked in the model's words, the record stays without a price", async () => {
    const { stored, card, calls } = await writtenAd({ description: "Glasvitrine aus Eiche, kaum benutzt" }, { price: 50 });
    expect(calls).toBe(1);
    expect(stored.askingPrice).toBeNull();
    expect(card.offerReading?.unconfirmed).toEqual([{ fact: "price", words: "KI liest: 50 €", doubt: true }]);
  });

  it("a price the seller confirmed in the form is left alone", async () => {
    const { stored, card, calls } = await writtenAd({ description: "Glasvitrine, Versand möglich", price: "180" }, { price: 25 });
    expect(calls).toBe(1);
    expect(stored.askingPrice).toBe(18000);
    expect(card.offerReading?.unconfirmed.some((entry) => entry.fact === "price")).toBe(false);
  });
});
