// A seller's long note is never cut (issue "the record is true"): a note of 3,000 and more
// characters with the price and the handover at its very end keeps them through the API, the
// offline writer and every copy; the Workers AI model is given the whole note (the price is read
// from the whole note before anything else, app/.server/app-worker/ads/create.ts); a note beyond the
// 4,000 characters the form counts is refused in the form's own German words, and nothing is stored.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads } from "~/.server/db/schema";
import { createWorkerApp } from "~/.server/app-worker/worker-app";
import { attemptGeneration, leaseDuration } from "~/.server/generator/generation/attempt";
import { createWorkersAiDouble } from "~/.server/generator/ai/workers-ai-double";
import type { WorkersAiMessagesInput } from "~/.server/generator/ai/workers-ai-contract";
import { DESCRIPTION_MAX } from "~/lib/ad-limits";
import { png } from "../fixtures/images";
import { longNote } from "../fixtures/long-note";
import { adWithPhoto, db, eventually, signedInUser, userById } from "./helpers";
import { workerContext } from "./worker-context";

const app = createWorkerApp(async () => new Response("page"));
const ENDING = "85 € VB, Abholung in Kassel";
const plain = (text: string) => text.replace(/\s/g, " ");

function call(path: string, init: RequestInit = {}) {
  return app.request(`http://localhost:8787${path}`, init, env, workerContext());
}

async function createWithNote(auth: Record<string, string>, description: string) {
  const form = new FormData();
  form.append("itemName", "Vitrine Eiche");
  form.append("category", "moebel");
  form.append("description", description);
  form.append("photos", new File([await png(16, 16)], "vitrine.png", { type: "image/png" }));
  return call("/api/ads", { method: "POST", headers: auth, body: form });
}

/** One generation attempt with the given settings over the test Worker's, then the finished row. */
async function generated(id: string, settings: Record<string, unknown>) {
  const generationEnv = { ...env, ...settings } as never;
  await attemptGeneration(generationEnv, db(), id, leaseDuration(generationEnv));
  return eventually(async () => {
    const [row] = await db().select().from(ads).where(eq(ads.id, id));
    return row.status === "completed" ? row : undefined;
  });
}

describe("a seller's long note", () => {
  it("keeps a 3,050-character note whole, with the price and handover from its end on every copy", async () => {
    const { auth } = await signedInUser();
    const note = longNote(3050, ENDING);
    const response = await createWithNote(auth, note);
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    const stored = await generated(id, { AI_PROVIDER: "offline" });
    expect(stored.description).toBe(note);
    expect({
      askingPrice: stored.askingPrice,
      priceType: stored.priceType,
      shipping: stored.shipping,
      pickup: stored.pickup,
      city: stored.city,
    }).toEqual({ askingPrice: 8500, priceType: "vb", shipping: null, pickup: "offered", city: "Kassel" });

    const own = (await (await call("/api/ads", { headers: auth })).json<Array<Record<string, unknown>>>()).find(
      (entry) => entry.id === id,
    ) as { priceLabel: string; variants: Array<{ platform: string; text: string; notice: string | null }> };
    expect(plain(own.priceLabel)).toBe("85 € VB");
    for (const variant of own.variants) expect(plain(variant.text), variant.platform).toContain("Preis: 85 € VB");
    // The ad's own platform takes all of it: its copy is not shortened.
    expect(own.variants.find((variant) => variant.platform === "kleinanzeigen")?.notice).toBeNull();
    expect(await (await call(`/api/ads/public/${id}`)).json()).toMatchObject({ price: 8500 });
  });

  it("gives the Workers AI model the whole note of 4,000 characters", async () => {
    // Stored directly (no queued generation of its own), so the one attempt below is the model call.
    const note = longNote(DESCRIPTION_MAX, ENDING);
    const { ad } = await adWithPhoto({
      itemName: "Vitrine Eiche",
      category: "moebel",
      description: note,
      askingPrice: 8500,
      priceType: "vb",
    });
    const prompts: string[] = [];
    const answer = (inputs: WorkersAiMessagesInput) => {
      for (const message of inputs.messages)
        for (const part of typeof message.content === "string" ? [message.content] : message.content)
          if (typeof part === "string") prompts.push(part);
          else if (part.type === "text") prompts.push(part.text);
      return {
        title: "Vitrine Eiche",
        description: "Schöne Vitrine aus Eiche, gepflegt und aus einem rauchfreien Haushalt.",
        notes: [],
        priceSuggestionEuro: 85,
        priceMinEuro: 70,
        priceMaxEuro: 100,
        bestImageIndex: 0,
        imageAnalysis: { brand: null, model: null, serialNumber: null, condition: null, defects: [] },
      };
    };
    const stored = await generated(ad.id, { AI_PROVIDER: "workers-ai", AI: createWorkersAiDouble({ answer }) });
    expect(prompts.join("\n")).toContain(note);
    expect(stored.description).toBe(note);
  });

  it("refuses a note one character over the limit in the form's words, and stores nothing", async () => {
    const { user, auth } = await signedInUser();
    const response = await createWithNote(auth, longNote(DESCRIPTION_MAX + 1, ENDING));
    expect(response.status).toBe(400);
    const message = "Die Beschreibung darf höchstens 4.000 Zeichen lang sein – bitte kürze sie um 1 Zeichen.";
    expect(await response.json()).toMatchObject({ message, fieldErrors: { description: message } });
    expect(await db().select().from(ads).where(eq(ads.userId, user.id))).toEqual([]);
    expect((await userById(user.id)).adCredits).toBe(1);
  });
});
