// The real AI adapters at the process boundary: the OpenAI-compatible one against a local HTTP
// endpoint (streaming like the real API), the Workers AI one against a fake binding. One call per
// ad with every photo, structured output as documented, tolerant parsing, repair, abort.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AD_SCHEMA, parseModelAnswer, partialDescription } from "~/.server/generator/ai/model-call";
import { AiServiceError, createOpenAiProvider } from "~/.server/generator/ai/openai";
import { AiOutputError, type GenerationInput, type GenerationProgress } from "~/.server/ai/types";
import { offlineProvider } from "~/.server/generator/ai/offline/adapter";
import { createWorkersAiProvider } from "~/.server/generator/ai/workers-ai";
import { DEFAULT_AI_MODEL as MISTRAL } from "~/.server/generator/env";
import { DEFAULT_PROMPTS } from "~/lib/prompts";
import { png } from "../fixtures/images";

const GOOD = {
  title: "Stehlampe Messing, 160 cm",
  description: "Schöne Stehlampe aus Messing. Funktioniert einwandfrei, kleiner Kratzer am Fuß (Foto 2).",
  notes: ["Abholung in Bonn"],
  priceSuggestionEuro: 45,
  priceMinEuro: 35,
  priceMaxEuro: 55,
  bestImageIndex: 1,
  imageAnalysis: { brand: null, model: null, serialNumber: null, condition: "gut", defects: [{ text: "Kratzer am Fuß", photoIndex: 1 }] },
  offer: { price: null, priceType: null, shipping: null, pickup: null, shippingCost: null },
};

type Script = { status?: number; content: string; stream?: boolean; delayMs?: number };
type Seen = { authorization?: string; body: Record<string, unknown> };
let server: Server;
let baseUrl: string;
let scripts: Script[] = [];
const seen: Seen[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    request.on("data", (chunk) => (data += chunk));
    request.on("end", () => resolve(data));
  });
}

async function answer(response: ServerResponse, script: Script) {
  if (script.delayMs) await new Promise((resolve) => setTimeout(resolve, script.delayMs));
  if (script.status && script.status !== 200) return response.writeHead(script.status).end(script.content);
  if (!script.stream) {
    return response
      .writeHead(200, { "Content-Type": "application/json" })
      .end(JSON.stringify({ choices: [{ message: { role: "assistant", content: script.content } }] }));
  }
  response.writeHead(200, { "Content-Type": "text/event-stream" });
  for (let index = 0; index < script.content.length; index += 12) {
    response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: script.content.slice(index, index + 12) } }] })}\n\n`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  response.end("data: [DONE]\n\n");
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request));
    seen.push({ authorization: request.headers.authorization, body });
    if (request.url !== "/v1/chat/completions") return response.writeHead(404).end();
    await answer(response, scripts.shift() ?? { status: 500, content: "no script" }).catch(() => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
  scripts = [];
});

async function input(photoCount = 3): Promise<GenerationInput> {
  return {
    itemName: "Stehlampe",
    category: "moebel",
    categoryLabel: "Möbel & Wohnen",
    description: "Funktioniert einwandfrei",
    platform: "kleinanzeigen",
    photos: await Promise.all(
      Array.from({ length: photoCount }, async (_, index) => ({ bytes: await png(20 + index, 10), contentType: "image/png" })),
    ),
    prompts: { ...DEFAULT_PROMPTS, title: "Eigener Titel-Prompt für {itemName} auf {platform}" },
    seller: { type: "private", companyName: null },
  };
}

function imageParts(body: Record<string, unknown>) {
  const messages = body.messages as Array<{ role: string; content: unknown }>;
  return messages
    .flatMap((message) => (Array.isArray(message.content) ? message.content : []))
    .filter((part: { type?: string }) => part.type === "image_url");
}

describe("OpenAI-compatible adapter", () => {
  const provider = () => createOpenAiProvider({ baseUrl, apiKey: "sk-test", model: "gpt-test" });

  it("writes the whole ad in one streamed call with every photo and a strict JSON schema, reporting progress", async () => {
    scripts = [{ content: JSON.stringify(GOOD), stream: true }];
    const progress: GenerationProgress[] = [];
    const output = await provider().generate(await input(3), { onProgress: (step) => progress.push(step) });
    expect(seen).toHaveLength(1);
    const [{ authorization, body }] = seen;
    expect(authorization).toBe("Bearer sk-test");
    expect(body).toMatchObject({
      model: "gpt-test",
      stream: true,
      response_format: { type: "json_schema", json_schema: { name: "anzeige", strict: true, schema: AD_SCHEMA } },
    });
    expect((AD_SCHEMA as { additionalProperties?: boolean }).additionalProperties).toBe(false);
    expect(imageParts(body)).toHaveLength(3);
    expect(imageParts(body)[0]).toMatchObject({ image_url: { url: expect.stringMatching(/^data:image\/png;base64,/) } });
    expect(JSON.stringify(body.messages)).toContain("Eigener Titel-Prompt für Stehlampe auf Kleinanzeigen");
    expect(output).toMatchObject({ title: GOOD.title, priceSuggestion: 4500, priceMin: 3500, priceMax: 5500, bestImageIndex: 1 });
    expect(output.imageAnalysis.defects).toEqual([{ text: "Kratzer am Fuß", photoIndex: 1 }]);
    // Phases in order, and the description visible while it was written.
    expect(progress[0]).toEqual({ phase: "photos" });
    expect(progress.some((step) => step.phase === "text" && step.partialText && step.partialText.length < GOOD.description.length)).toBe(
      true,
    );
    expect(progress.at(-1)).toMatchObject({ phase: "price", partialText: GOOD.description });
  });

  it("asks for the private details on each photo in the same call, and reads them (ADR 069)", async () => {
    const privacyHints = [
      { photoIndex: 0, seen: [] },
      { photoIndex: 1, seen: ["face", "houseNumber", "face", "pet"] },
      { photoIndex: 7, seen: ["screen"] },
    ];
    scripts = [{ content: JSON.stringify({ ...GOOD, privacyHints }), stream: true }];
    const output = await provider().generate(await input(3));
    expect(seen).toHaveLength(1);
    const schema = (seen[0].body.response_format as { json_schema: { schema: { required: string[] } } }).json_schema.schema;
    expect(schema.required).toContain("privacyHints");
    expect(JSON.stringify(seen[0].body.messages)).toMatch(
      /Gesichter \(face\).*Autokennzeichen \(licensePlate\).*Hausnummern \(houseNumber\)/,
    );
    // Unknown kinds and photos the call did not have are dropped; a kind counts once.
    expect(output.privacyHints).toEqual([
      { photoIndex: 0, seen: [] },
      { photoIndex: 1, seen: ["face", "houseNumber"] },
    ]);
    // An answer without them checked no photo.
    expect(parseModelAnswer(JSON.stringify(GOOD), await input(1)).privacyHints).toBeNull();
  });

  it("accepts an endpoint that ignores streaming and answers with one JSON body", async () => {
    scripts = [{ content: JSON.stringify(GOOD) }];
    expect((await provider().generate(await input(1))).title).toBe(GOOD.title);
  });

  it("repairs a truncated answer with one more call that names the error", async () => {
    const truncated = JSON.stringify(GOOD).slice(0, 70);
    scripts = [
      { content: truncated, stream: true },
      { content: JSON.stringify(GOOD), stream: true },
    ];
    const output = await provider().generate(await input(1));
    expect(output.title).toBe(GOOD.title);
    expect(seen).toHaveLength(2);
    const repair = (seen[1].body.messages as Array<{ role: string; content: unknown }>).slice(-2);
    expect(repair[0]).toEqual({ role: "assistant", content: truncated });
    expect(repair[1].content).toMatch(/nicht verwendbar .*JSON/);
  });

  it("makes the repair call only when the ad's budget allows it (ADR 052)", async () => {
    const truncated = JSON.stringify(GOOD).slice(0, 70);
    scripts = [
      { content: truncated, stream: true },
      { content: JSON.stringify(GOOD), stream: true },
    ];
    let asked = 0;
    const spent = async () => (asked++, false);
    await expect(provider().generate(await input(1), { allowRepairCall: spent })).rejects.toBeInstanceOf(AiOutputError);
    expect(asked).toBe(1);
    expect(seen).toHaveLength(1);
  });

  it("counts two unusable answers as a failed attempt, and a server error as a service failure", async () => {
    scripts = [{ content: "Hier ist deine Anzeige!" }, { content: "Leider nein." }];
    await expect(provider().generate(await input(1))).rejects.toBeInstanceOf(AiOutputError);
    scripts = [{ status: 503, content: "overloaded" }];
    await expect(provider().generate(await input(1))).rejects.toBeInstanceOf(AiServiceError);
  });

  it("stops the call when the deadline's signal fires", async () => {
    scripts = [{ content: JSON.stringify(GOOD), delayMs: 2000 }];
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error("deadline")), 100);
    await expect(provider().generate(await input(1), { signal: controller.signal })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe("Workers AI adapter", () => {
  function binding(answers: unknown[]) {
    const calls: Array<{ model: string; inputs: Record<string, unknown>; options?: { signal?: AbortSignal } }> = [];
    return {
      calls,
      ai: {
        async run(model: string, inputs: Record<string, unknown>, options?: { signal?: AbortSignal }) {
          calls.push({ model, inputs, options });
          return answers.shift();
        },
      },
    };
  }

  it("makes one call per ad, whatever the number of photos, with guided_json, never streamed, and the signal", async () => {
    const fake = binding([{ response: GOOD }]);
    const controller = new AbortController();
    const output = await createWorkersAiProvider(fake.ai, "@cf/mistralai/mistral-small-3.1-24b-instruct").generate(await input(5), {
      signal: controller.signal,
    });
    expect(fake.calls).toHaveLength(1);
    const [{ model, inputs, options }] = fake.calls;
    expect(model).toBe("@cf/mistralai/mistral-small-3.1-24b-instruct");
    expect(inputs).toMatchObject({ guided_json: AD_SCHEMA, max_tokens: 2048 });
    expect(inputs).not.toHaveProperty("stream");
    expect(imageParts(inputs)).toHaveLength(5);
    expect(options?.signal).toBe(controller.signal);
    expect(output).toMatchObject({ priceSuggestion: 4500, bestImageIndex: 1 });
  });

  it("reads a non-streamed answer whose response is already an object", async () => {
    const fake = binding([{ response: GOOD }]);
    expect((await createWorkersAiProvider(fake.ai, MISTRAL).generate(await input(1))).title).toBe(GOOD.title);
  });

  it("reports the photos' phase until the ad is done, and the text's only for a repair call (ADR 083)", async () => {
    const progress: GenerationProgress[] = [];
    await createWorkersAiProvider(binding([{ response: GOOD }]).ai, MISTRAL).generate(await input(1), {
      onProgress: (step) => progress.push(step),
    });
    // The answer arrives whole: a phase written after it would show for the few milliseconds until the ad is done.
    expect(progress).toEqual([{ phase: "photos" }]);
    progress.length = 0;
    const repaired = binding([{ response: "{ kein JSON" }, { response: GOOD }]);
    await createWorkersAiProvider(repaired.ai, MISTRAL).generate(await input(1), { onProgress: (step) => progress.push(step) });
    expect(repaired.calls).toHaveLength(2);
    expect(progress).toEqual([{ phase: "photos" }, { phase: "text" }]);
  });
});

describe("offline writer as a provider", () => {
  it("reports the photos' phase and then nothing until the ad is done (ADR 083)", async () => {
    const progress: GenerationProgress[] = [];
    const output = await offlineProvider.generate(await input(1), { onProgress: (step) => progress.push(step) });
    expect(output.description.length).toBeGreaterThan(0);
    expect(progress).toEqual([{ phase: "photos" }]);
  });
});

describe("second opinion on a buyer's message", () => {
  it("asks Workers AI with guided_json and reads the opinion; an unusable answer is no opinion", async () => {
    const calls: Array<Record<string, unknown>> = [];
    const answers: unknown[] = [{ response: { verdict: "betrugsmuster", reason: "vorkasse_kurier" } }, { response: "weiß nicht" }];
    const ai = {
      async run(_model: string, inputs: Record<string, unknown>) {
        calls.push(inputs);
        return answers.shift();
      },
    };
    const provider = createWorkersAiProvider(ai, MISTRAL);
    expect(await provider.assessBuyerMessage!("Meine Spedition holt ab")).toEqual({
      verdict: "betrugsmuster",
      reason: "Kurier oder Spedition nach Vorkasse – ein bekanntes Betrugsmuster.",
    });
    expect(calls[0]).toMatchObject({ guided_json: { type: "object", additionalProperties: false } });
    expect(JSON.stringify(calls[0].messages)).toContain("Meine Spedition holt ab");
    expect(await provider.assessBuyerMessage!("Noch da?")).toBeNull();
  });

  it("asks an OpenAI-compatible endpoint with a strict schema", async () => {
    scripts = [{ content: JSON.stringify({ verdict: "vorsicht", reason: "kanalwechsel" }) }];
    const opinion = await createOpenAiProvider({ baseUrl, apiKey: "sk-test", model: "gpt-test" }).assessBuyerMessage!(
      "Schreib mir auf WhatsApp",
    );
    expect(opinion).toEqual({ verdict: "vorsicht", reason: "Wechsel zu WhatsApp, SMS oder E-Mail – bleib im Chat der Plattform." });
    expect(seen[0].body).toMatchObject({ response_format: { type: "json_schema", json_schema: { strict: true } } });
  });
});

describe("tolerant parsing of model answers", () => {
  it("reads prose around JSON, numbers written as strings, and drops unknown keys", async () => {
    const raw = `Gern! Hier ist die Anzeige:\n\`\`\`json\n${JSON.stringify({ ...GOOD, priceSuggestionEuro: "1.200,50 €", priceMinEuro: "1000", priceMaxEuro: 1400, bestImageIndex: "2", hacker: "<script>" })}\n\`\`\`\nViel Erfolg!`;
    const output = parseModelAnswer(raw, await input(3));
    expect(output).toMatchObject({ priceSuggestion: 120050, priceMin: 100000, priceMax: 140000, bestImageIndex: 2 });
    expect(output).not.toHaveProperty("hacker");
  });

  it("fills missing optional fields: no title → the item name, no price → an estimate, no analysis → empty", async () => {
    const output = parseModelAnswer(JSON.stringify({ description: GOOD.description }), await input(1));
    expect(output.title).toBe("Stehlampe");
    expect(output.notes).toEqual([]);
    expect(output.priceSuggestion).toBeGreaterThan(0);
    expect(output.imageAnalysis).toEqual({ brand: null, model: null, serialNumber: null, condition: null, defects: [] });
    expect(output.bestImageIndex).toBe(0);
  });

  it("keeps the seller's price over the model's (ADR 028: '… 250 VB' became 600 €)", async () => {
    const base = await input(1);
    const fromNote = parseModelAnswer(JSON.stringify({ ...GOOD, priceSuggestionEuro: 600, priceMinEuro: 390, priceMaxEuro: 810 }), {
      ...base,
      description: "nur abholung 81373 münchen. 250 VB",
    });
    expect(fromNote).toMatchObject({ priceSuggestion: 25000, priceBasis: "asking" });
    const fromForm = parseModelAnswer(JSON.stringify({ ...GOOD, priceSuggestionEuro: 45 }), {
      ...base,
      description: null,
      sellerPrice: { cents: 7000, type: "festpreis" },
    });
    expect(fromForm).toMatchObject({ priceSuggestion: 7000, priceBasis: "asking" });
  });

  it("bounds the model's number by the new-price model: never at or above the new price", async () => {
    const output = parseModelAnswer(JSON.stringify({ ...GOOD, priceSuggestionEuro: 400 }), {
      ...(await input(1)),
      description: "NP 329 €, gekauft 2024, guter Zustand",
    });
    expect(output.priceBasis).toBe("new_price");
    expect(output.priceSuggestion).toBeLessThan(32900);
    expect(output.priceSuggestion).toBeLessThanOrEqual(output.priceMax);
    // Without a new price the model's own estimate stays, marked as the model's (basis null).
    expect(parseModelAnswer(JSON.stringify(GOOD), await input(1))).toMatchObject({ priceSuggestion: 4500, priceBasis: null });
  });

  it("reads the model's reading of the offer, amounts written as strings too; an answer without one has none", async () => {
    const offer = { price: "250 €", priceType: "vb", shipping: "offered", pickup: "gern", shippingCost: "4,99" };
    expect(parseModelAnswer(JSON.stringify({ ...GOOD, offer }), await input(1)).offer).toEqual({
      price: 250,
      priceType: "vb",
      shipping: "offered",
      pickup: null,
      shippingCost: 4.99,
    });
    expect(parseModelAnswer(JSON.stringify({ description: GOOD.description }), await input(1)).offer).toBeNull();
  });

  it("declares the schema as strict modes take it: every object closed, every property required, unknowns nullable", () => {
    const objects: Array<Record<string, unknown>> = [];
    const walk = (node: unknown) => {
      if (!node || typeof node !== "object") return;
      const schema = node as Record<string, unknown>;
      if (schema.type === "object") objects.push(schema);
      Object.values(schema).forEach(walk);
    };
    walk(AD_SCHEMA);
    expect(objects.length).toBeGreaterThan(3);
    for (const object of objects) {
      expect(object.additionalProperties).toBe(false);
      expect([...(object.required as string[])].sort()).toEqual(Object.keys(object.properties as object).sort());
    }
    const offer = (AD_SCHEMA.properties as Record<string, { properties: Record<string, { type: string[]; description: string }> }>).offer;
    for (const fact of Object.values(offer.properties)) {
      expect(fact.type).toContain("null");
      expect(fact.description).toMatch(/null, wenn die Angaben des Verkäufers es nicht nennen/);
    }
  });

  it("refuses an answer without a usable description", async () => {
    expect(() => parseModelAnswer(JSON.stringify({ ...GOOD, description: "kurz" }), { ...GOOD_INPUT })).toThrow(AiOutputError);
    expect(() => parseModelAnswer("kein JSON", { ...GOOD_INPUT })).toThrow(AiOutputError);
  });

  it("reads the description out of partial JSON while it streams", () => {
    expect(partialDescription('{"title":"X","description":"Schöne Lam')).toEqual({ text: "Schöne Lam", complete: false });
    expect(partialDescription('{"title":"X","description":"Zeile 1\\nZeile \\"2\\"","notes')).toEqual({
      text: 'Zeile 1\nZeile "2"',
      complete: true,
    });
    expect(partialDescription('{"title":"X"')).toBeNull();
  });
});

const GOOD_INPUT: GenerationInput = {
  itemName: "Stehlampe",
  category: "moebel",
  categoryLabel: "Möbel & Wohnen",
  description: null,
  platform: "kleinanzeigen",
  photos: [],
  prompts: DEFAULT_PROMPTS,
  seller: { type: "private", companyName: null },
};
