// The Workers AI contract of ADR 051, proven at the process boundary: the local double refuses
// each request the service refuses (an unknown model, too many images, input beyond the context
// window, an invalid JSON Schema) with the service's error code; the model's `response` completes
// an ad whether it arrives as an object or as a JSON string; failures are told apart by their
// error code, never by their message text.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ads } from "~/.server/db/schema";
import { attemptGeneration, leaseDuration } from "~/.server/generator/generation/attempt";
import { getGeneratorConfig } from "~/.server/generator/env";
import { AD_SCHEMA, classifyModelError } from "~/.server/generator/ai/model-call";
import { createWorkersAiProvider } from "~/.server/generator/ai/workers-ai";
import { createWorkersAiDouble } from "~/.server/generator/ai/workers-ai-double";
import { WorkersAiError } from "~/.server/generator/ai/workers-ai-contract";
import { encodeJpeg } from "~/.server/generator/images/codecs";
import { png, TINY_JPEG } from "../fixtures/images";
import { db, insertAd, insertUser } from "./helpers";

const MISTRAL = "@cf/mistralai/mistral-small-3.1-24b-instruct";
const JPEG_URL = `data:image/jpeg;base64,${btoa(String.fromCharCode(...TINY_JPEG))}`;
const text = [{ role: "user", content: "Hallo" }];

/** A whole-ad answer of the model (JSON mode). */
const answer = {
  title: "Stehlampe Messing, 160 cm",
  description: "Schöne Stehlampe aus Messing. Funktioniert einwandfrei, kleiner Kratzer am Fuß.",
  notes: [],
  priceSuggestionEuro: 45,
  priceMinEuro: 35,
  priceMaxEuro: 55,
  bestImageIndex: 0,
  imageAnalysis: { brand: null, model: null, serialNumber: null, condition: "gut", defects: [] },
};

function withImages(count: number) {
  const images = Array.from({ length: count }, () => ({ type: "image_url", image_url: { url: JPEG_URL } }));
  return [{ role: "user", content: [{ type: "text", text: "Beschreibe die Fotos." }, ...images] }];
}

/** One call to the double, as the binding is called; the double's record of calls is returned with it. */
function ask(inputs: Record<string, unknown>, model = MISTRAL) {
  const ai = createWorkersAiDouble();
  const answer = ai.run(model, inputs);
  return { answer, ai };
}

describe("the double refuses what Workers AI refuses", () => {
  it("refuses an unknown model id with 5007 and does no model work", async () => {
    const { answer, ai } = ask({ messages: text }, "@cf/mistralai/mistral-small-3.1-24b-instruct-v2");
    await expect(answer).rejects.toThrow(/^5007: No such model @cf\/mistralai\/mistral-small-3\.1-24b-instruct-v2 or task$/);
    expect(ai.calls).toHaveLength(0);
    // The same request to the model we use is answered.
    await expect(ask({ messages: text }).answer).resolves.toMatchObject({ response: expect.any(String) });
  });

  it("refuses more images than the model takes in one request", async () => {
    await expect(ask({ messages: withImages(11) }).answer).rejects.toThrow(
      /^5006: Invalid input: at most 10 images may be provided in one request \(got 11\)$/,
    );
    await expect(ask({ messages: withImages(10) }).answer).resolves.toMatchObject({ response: expect.any(String) });
  });

  it("refuses input that, with max_tokens, exceeds the model's 128,000-token context window", async () => {
    const long = [{ role: "user", content: "ä".repeat(63_000) }]; // 126,000 UTF-8 bytes: at most as many tokens
    await expect(ask({ messages: long, max_tokens: 2048 }).answer).rejects.toThrow(
      /^5021: The estimated number of input and maximum output tokens \(128056\) exceeded this model context window limit \(128000\)\.$/,
    );
    // Without max_tokens the model page's default (256) is reserved, and the request fits.
    await expect(ask({ messages: long }).answer).resolves.toMatchObject({ response: expect.any(String) });
  });

  it("refuses guided_json that is not a valid JSON Schema, and takes the schema the adapter sends", async () => {
    const invalid = [
      { type: "objekt" },
      { type: "object", properties: { title: { type: "text" } } },
      { type: "object", required: "title" },
      { type: "object", required: ["title", "title"] },
      { type: "string", pattern: "([" },
      { type: "array", minItems: -1 },
    ];
    for (const schema of invalid) {
      await expect(ask({ messages: text, guided_json: schema }).answer).rejects.toThrow(
        /^5006: Invalid input: guided_json is not a valid JSON Schema: /,
      );
    }
    await expect(ask({ messages: text, guided_json: AD_SCHEMA }).answer).resolves.toMatchObject({
      response: expect.objectContaining({ title: expect.any(String) }),
    });
  });

  it("is checked by the production adapter before the binding is called", async () => {
    let calls = 0;
    const binding = {
      async run() {
        calls++;
        return { response: answer };
      },
    };
    const unknown = createWorkersAiProvider(binding, "@cf/meta/llama-3.2-11b-vision-instruct");
    await expect(unknown.assessBuyerMessage!("Ist der Artikel noch da?")).rejects.toThrow(/^5007: No such model/);
    expect(calls).toBe(0);
    await expect(createWorkersAiProvider(binding, MISTRAL).assessBuyerMessage!("Ist der Artikel noch da?")).resolves.toBeNull();
    expect(calls).toBe(1);
  });

  it("is the contract the generator's configuration holds AI_MODEL to", () => {
    const workersAi = { AI_PROVIDER: "workers-ai" };
    expect(() => getGeneratorConfig({ ...workersAi, AI_MODEL: "@cf/meta/llama-3.2-11b-vision-instruct" })).toThrow(
      /AI_MODEL: AI_MODEL=@cf\/meta\/llama-3\.2-11b-vision-instruct has no written-down contract/,
    );
    expect(getGeneratorConfig({ ...workersAi })).toMatchObject({ AI_MODEL: MISTRAL });
    expect(getGeneratorConfig({ AI_PROVIDER: "offline", AI_MODEL: "@cf/meta/llama-3.2-11b-vision-instruct" })).toMatchObject({
      AI_PROVIDER: "offline",
    });
  });
});

/** A data URI of a JPEG of one colour, encoded as the model copies are. */
async function jpegUrl(rgb: [number, number, number]) {
  const data = new Uint8Array(32 * 24 * 4).map((_, index) => (index % 4 === 3 ? 255 : rgb[index % 4]));
  const bytes = await encodeJpeg({ data, width: 32, height: 24 }, 90);
  return `data:image/jpeg;base64,${btoa(String.fromCharCode(...bytes))}`;
}

describe("the double's private details per photo (ADR 069)", () => {
  it("answers every field the ad's schema requires, privacyHints from what it can tell of the pixels", async () => {
    const images = [
      await jpegUrl([224, 172, 138]),
      await jpegUrl([120, 120, 120]),
      `data:image/png;base64,${btoa(String.fromCharCode(...(await png(8, 8))))}`,
    ];
    const messages = [
      {
        role: "user",
        content: [{ type: "text", text: "Beschreibe die Fotos." }, ...images.map((url) => ({ type: "image_url", image_url: { url } }))],
      },
    ];
    const { response } = (await ask({ messages, guided_json: AD_SCHEMA }).answer) as { response: Record<string, unknown> };
    expect(Object.keys(response)).toEqual(expect.arrayContaining(AD_SCHEMA.required as string[]));
    // A skin-toned photo shows a person (Kovač's rule on most pixels), a grey one nothing; the PNG
    // it cannot decode gets no entry: not checked, never clean.
    expect(response.privacyHints).toEqual([
      { photoIndex: 0, seen: ["person"] },
      { photoIndex: 1, seen: [] },
    ]);
  });
});

async function adWithPhoto() {
  const user = await insertUser({ adCredits: 0 });
  const key = `ads/${crypto.randomUUID()}/${"k".repeat(43)}.jpg`;
  await env.PHOTOS.put(key, TINY_JPEG, { httpMetadata: { contentType: "image/jpeg" } });
  return insertAd(user.id, { imageUrls: [key], creditSource: "credits", itemName: "Stehlampe" });
}

/** One generation attempt against the given Workers AI binding. */
async function attemptWith(adId: string, ai: unknown) {
  const generationEnv = { ...env, AI_PROVIDER: "workers-ai", AI: ai } as never;
  const outcome = await attemptGeneration(generationEnv, db(), adId, leaseDuration(generationEnv));
  const [ad] = await db().select().from(ads).where(eq(ads.id, adId));
  return { outcome, ad };
}

describe("the model's response, as an object or as a JSON string", () => {
  for (const jsonResponseAs of ["object", "string"] as const) {
    it(`completes an ad in one call when JSON mode's response is ${jsonResponseAs === "object" ? "an object" : "a JSON string"}`, async () => {
      const ad = await adWithPhoto();
      const ai = createWorkersAiDouble({ answer: () => answer, jsonResponseAs });
      const { outcome, ad: done } = await attemptWith(ad.id, ai);
      expect(outcome).toEqual({ kind: "done" });
      expect(done).toMatchObject({
        status: "completed",
        provider: "workers-ai",
        optimizedTitle: "Stehlampe Messing, 160 cm",
        priceSuggestion: 4500,
      });
      expect(done.optimizedDescription).toContain("Schöne Stehlampe aus Messing.");
      expect(ai.calls).toHaveLength(1);
    });
  }
});

describe("failures told apart by the service's error code", () => {
  it("reads the code of the binding's error (`${code}: ${description}`) and of the double's", () => {
    const cases: Array<[Error, string, boolean]> = [
      [new Error("5024: JSON Mode couldn't be met"), "json-unmet", false],
      [new Error("3021: rate limiting: inference request per min rate reached"), "rate", true],
      [new Error("3040: Capacity temporarily exceeded, please try again."), "capacity", true],
      [
        new Error(
          "5021: The estimated number of input and maximum output tokens (130000) exceeded this model context window limit (128000).",
        ),
        "input-too-long",
        false,
      ],
      [new Error("3006: Request is too large"), "input-too-long", false],
      [new Error("4006: you have used up your daily free allocation of 10,000 neurons"), "quota", false],
      [new WorkersAiError(3036, "You have used up your daily free allocation of 10,000 neurons."), "quota", false],
      [new Error("AiError: 3007: Request timeout"), "other", true],
      [new Error("5007: No such model @cf/x/y or task"), "other", false],
    ];
    for (const [error, kind, retryable] of cases) {
      expect({ message: error.message, ...classifyModelError(error) }).toMatchObject({ message: error.message, kind, retryable });
    }
  });

  it("never reads the message text: the JSON-mode wording under another code, or without one, is no JSON-mode failure", () => {
    expect(classifyModelError(new Error("3040: JSON Mode couldn't be met"))).toEqual({ kind: "capacity", retryable: true, code: 3040 });
    expect(classifyModelError(new Error("JSON Mode couldn't be met"))).toEqual({ kind: "other", retryable: true, code: null });
  });

  it("sends the repair call without JSON mode after the binding's 5024, and not after a capacity error", async () => {
    const unmet = createWorkersAiDouble({ answer: () => answer });
    let first = true;
    const binding = {
      calls: unmet.calls,
      async run(model: string, inputs: Record<string, unknown>, options?: { signal?: AbortSignal }) {
        if (!first) return unmet.run(model, inputs, options);
        first = false;
        unmet.calls.push({ model, inputs: inputs as never, startedAt: Date.now() });
        throw new Error("5024: JSON Mode couldn't be met");
      },
    };
    const repaired = await attemptWith((await adWithPhoto()).id, binding);
    expect(repaired.ad).toMatchObject({ status: "completed", priceSuggestion: 4500 });
    expect(unmet.calls.map((call) => Boolean(call.inputs.guided_json))).toEqual([true, false]);

    const busy = {
      calls: 0,
      async run() {
        busy.calls++;
        throw new Error("3040: Capacity temporarily exceeded, please try again.");
      },
    };
    const failed = await attemptWith((await adWithPhoto()).id, busy);
    expect(failed.outcome).toMatchObject({ kind: "retry" });
    expect(busy.calls).toBe(1);
  });
});
