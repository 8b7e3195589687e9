// Private details on the photos from the ad's one model call (ADR 069): an ad created through the
// API and written by the production Workers AI adapter against the strict double. What the model
// saw lands on the ad keyed by photo and in the owner's API answer aligned with imageUrls — in the
// seller's order (the best-scored photo moves none), through a removal and a replacement in the
// editor — with exactly one model call.
// The double's own findings come from the photos' pixels; the offline writer checks nothing.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { ads } from "~/.server/db/schema";
import { createWorkersAiDouble, type WorkersAiDoubleOptions } from "~/.server/generator/ai/workers-ai-double";
import { attemptGeneration, leaseDuration } from "~/.server/generator/generation/attempt";
import type { PhotoHints } from "~/lib/privacy-hints";
import { png } from "../fixtures/images";
import { db, signedInUser } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));
// The generation is run below with the model under test, not by the queue's consumer.
const appEnv = { ...env, AD_QUEUE: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue };

function call(path: string, init: RequestInit = {}) {
  return app.request(`http://localhost:8787${path}`, init, appEnv, workerContext());
}

/** A skin tone by any rule (the double's person), and a grey that is none. */
const SKIN: [number, number, number] = [224, 172, 138];

const answer = {
  title: "Kinderwagen Bugaboo Fox",
  description: "📦 **Kinderwagen**\nIch verkaufe unseren Kinderwagen, er ist gut erhalten und fährt leicht.",
  notes: [],
  priceSuggestionEuro: 300,
  priceMinEuro: 250,
  priceMaxEuro: 350,
  imageAnalysis: { brand: null, model: null, serialNumber: null, condition: null, defects: [] },
  offer: { price: null, priceType: null, shipping: null, pickup: null, shippingCost: null },
};

type Card = { id: string; imageUrls: string[]; privacyHints: PhotoHints[]; provider: string | null };

async function cardOf(auth: Record<string, string>, id: string): Promise<Card> {
  const list = await (await call("/api/ads", { headers: auth })).json<Card[]>();
  return list.find((entry) => entry.id === id)!;
}

async function storedAd(id: string) {
  const [stored] = await db().select().from(ads).where(eq(ads.id, id));
  return stored;
}

/** Creates the ad as the create form does with these photos, then writes it with `provider` (the double by default). */
async function writtenAd(photos: Uint8Array<ArrayBuffer>[], model: WorkersAiDoubleOptions | "offline" = {}) {
  const { auth } = await signedInUser({ adCredits: 1 });
  const form = new FormData();
  form.append("itemName", "Kinderwagen Bugaboo Fox");
  form.append("category", "familie");
  photos.forEach((photo, index) => form.append("photos", new File([photo], `foto-${index + 1}.png`, { type: "image/png" })));
  const created = await call("/api/ads", { method: "POST", headers: auth, body: form });
  expect(created.status).toBe(201);
  const { id } = await created.json<{ id: string }>();
  const uploaded = (await storedAd(id)).imageUrls;
  const ai = createWorkersAiDouble(model === "offline" ? {} : model);
  const generationEnv = { ...env, AI_PROVIDER: model === "offline" ? "offline" : "workers-ai", AI: ai } as never;
  expect(await attemptGeneration(generationEnv, db(), id, leaseDuration(generationEnv))).toEqual({ kind: "done" });
  return { id, auth, uploaded, calls: ai.calls.length };
}

async function edit(auth: Record<string, string>, id: string, fields: Record<string, string>, image?: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append("optimizedTitle", "Kinderwagen Bugaboo Fox");
  form.append("optimizedDescription", "Gut erhalten, fährt leicht.");
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (image) form.append("image", new File([image], "neu.png", { type: "image/png" }));
  const response = await call(`/api/ads/${id}`, { method: "PATCH", headers: auth, body: form });
  expect(response.status).toBe(200);
}

describe("private details on the photos, from the one model call", () => {
  it("land on the ad keyed by photo and in the API answer in the ad's order, with one model call", async () => {
    const photos = await Promise.all([png(16, 12), png(16, 12, { seed: 2 }), png(16, 12, { seed: 3 })]);
    const { id, auth, uploaded, calls } = await writtenAd(photos, {
      answer: () => ({
        ...answer,
        // The third photo scores best: a suggestion only, the seller's order stays.
        bestImageIndex: 2,
        privacyHints: [
          { photoIndex: 0, seen: [] },
          { photoIndex: 1, seen: ["face"] },
          { photoIndex: 2, seen: ["licensePlate", "document"] },
        ],
      }),
    });
    expect(calls).toBe(1);
    const stored = await storedAd(id);
    expect(stored.imageUrls).toEqual([uploaded[0], uploaded[1], uploaded[2]]);
    expect(stored.privacyHints).toEqual({ [uploaded[0]]: [], [uploaded[1]]: ["face"], [uploaded[2]]: ["licensePlate", "document"] });
    const card = await cardOf(auth, id);
    expect(card.privacyHints).toEqual([
      { checked: true, seen: [] },
      { checked: true, seen: ["face"] },
      { checked: true, seen: ["licensePlate", "document"] },
    ]);

    // The photo with the face removed in the editor: its finding goes with it.
    await edit(auth, id, { imageIndex: "1", removeImage: "true" });
    expect((await cardOf(auth, id)).privacyHints).toEqual([
      { checked: true, seen: [] },
      { checked: true, seen: ["licensePlate", "document"] },
    ]);
    expect((await storedAd(id)).privacyHints).toEqual({ [uploaded[0]]: [], [uploaded[2]]: ["licensePlate", "document"] });

    // The photo with the plate replaced: nothing is known about the new one — not checked, not clean.
    await edit(auth, id, { imageIndex: "1" }, await png(16, 12, { seed: 9 }));
    const replaced = await cardOf(auth, id);
    expect(replaced.imageUrls[1]).not.toContain(uploaded[2]);
    expect(replaced.privacyHints).toEqual([
      { checked: true, seen: [] },
      { checked: false, seen: [] },
    ]);
    expect((await storedAd(id)).privacyHints).toEqual({ [uploaded[0]]: [] });
  });

  it("from the strict double: what it can tell from the photos' pixels — a skin-toned photo shows a person", async () => {
    const { id, auth, calls } = await writtenAd([await png(40, 30), await png(40, 30, { rgb: SKIN })]);
    expect(calls).toBe(1);
    const card = await cardOf(auth, id);
    // The double's best photo is the first; the order stays.
    expect(card.privacyHints).toEqual([
      { checked: true, seen: [] },
      { checked: true, seen: ["person"] },
    ]);
  });

  it("an answer without them, and the offline writer, check no photo", async () => {
    const withoutField = await writtenAd([await png(16, 12)], { answer: () => ({ ...answer, bestImageIndex: 0 }) });
    expect(withoutField.calls).toBe(1);
    expect((await cardOf(withoutField.auth, withoutField.id)).privacyHints).toEqual([{ checked: false, seen: [] }]);

    const offline = await writtenAd([await png(16, 12), await png(16, 12, { rgb: SKIN })], "offline");
    const card = await cardOf(offline.auth, offline.id);
    expect(card.provider).toBe("offline");
    expect(card.privacyHints).toEqual([
      { checked: false, seen: [] },
      { checked: false, seen: [] },
    ]);
    expect((await storedAd(offline.id)).privacyHints).toBeNull();
  });
});
