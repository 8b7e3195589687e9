// The OpenAI-compatible adapter against a real local HTTP endpoint (the process boundary).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AiServiceError, createOpenAiProvider } from "~/.server/ai/openai";
import { AiOutputError, type GenerationInput } from "~/.server/ai/types";
import { DEFAULT_PROMPTS } from "~/lib/prompts";
import { png } from "../fixtures/images";

type Seen = { authorization?: string; body: Record<string, unknown> };
let server: Server;
let baseUrl: string;
let answer: { status: number; body: unknown } = { status: 200, body: {} };
const seen: Seen[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    request.on("data", (chunk) => (data += chunk));
    request.on("end", () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request));
    seen.push({ authorization: request.headers.authorization, body });
    if (request.url !== "/v1/chat/completions") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function input(): Promise<GenerationInput> {
  return {
    itemName: "Stehlampe",
    category: "moebel",
    categoryLabel: "Möbel & Wohnen",
    description: "Funktioniert einwandfrei",
    platform: "kleinanzeigen",
    photos: [
      { bytes: await png(20, 10), contentType: "image/png" },
      { bytes: await png(10, 20), contentType: "image/png" },
    ],
    prompts: { ...DEFAULT_PROMPTS, title: "Eigener Titel-Prompt für {itemName} auf {platform}" },
    seller: { type: "private", companyName: null },
  };
}

const chat = (content: string) => ({ choices: [{ message: { role: "assistant", content } }] });

describe("OpenAI-compatible adapter", () => {
  const provider = () => createOpenAiProvider({ baseUrl, apiKey: "sk-test", model: "gpt-test" });

  it("sends the photos as data URIs with the seller's prompts and parses the JSON answer", async () => {
    answer = {
      status: 200,
      body: chat(
        JSON.stringify({
          title: "Stehlampe aus Messing, voll funktionsfähig",
          description: "📦 **Stehlampe**\n- Funktioniert einwandfrei",
          notes: ["Abholung in Leipzig"],
          priceSuggestionEuro: 35,
          priceMinEuro: 25,
          priceMaxEuro: 45,
          bestImageIndex: 1,
          imageAnalysis: { brand: null, model: null, serialNumber: null, condition: "gut", defects: [{ text: "Kleiner Fleck am Schirm", photoIndex: 1 }] },
        }),
      ),
    };
    const output = await provider().generate(await input());
    expect(output).toMatchObject({
      title: "Stehlampe aus Messing, voll funktionsfähig",
      priceSuggestion: 3500,
      priceMin: 2500,
      priceMax: 4500,
      bestImageIndex: 1,
      imageAnalysis: { condition: "gut", defects: [{ text: "Kleiner Fleck am Schirm", photoIndex: 1 }] },
    });
    const request = seen.at(-1)!;
    expect(request.authorization).toBe("Bearer sk-test");
    expect(request.body.model).toBe("gpt-test");
    expect(request.body.response_format).toMatchObject({ type: "json_schema" });
    const text = JSON.stringify(request.body.messages);
    expect(text).toContain("Eigener Titel-Prompt für Stehlampe auf Kleinanzeigen");
    expect(text.match(/data:image\/png;base64,/g)).toHaveLength(2);
  });

  it("repairs JSON wrapped in prose or code fences", async () => {
    answer = {
      status: 200,
      body: chat(
        'Gern! ```json\n{"title":"Stehlampe","description":"Eine schöne Stehlampe, voll funktionsfähig.","notes":[],"priceSuggestionEuro":"30","priceMinEuro":20,"priceMaxEuro":40,"bestImageIndex":9,"imageAnalysis":{"brand":"unbekannt","model":null,"serialNumber":null,"condition":null,"defects":[]}}\n```',
      ),
    };
    const output = await provider().generate(await input());
    expect(output.priceSuggestion).toBe(3000);
    expect(output.bestImageIndex).toBe(0); // out of range → the first photo
    expect(output.imageAnalysis.brand).toBeNull();
  });

  it("fails clearly on malformed output and on service errors", async () => {
    answer = { status: 200, body: chat("Ich kann dabei leider nicht helfen.") };
    await expect(provider().generate(await input())).rejects.toBeInstanceOf(AiOutputError);
    answer = { status: 200, body: chat(JSON.stringify({ title: "x" })) };
    await expect(provider().generate(await input())).rejects.toBeInstanceOf(AiOutputError);
    answer = { status: 200, body: { choices: [] } };
    await expect(provider().generate(await input())).rejects.toBeInstanceOf(AiOutputError);
    answer = { status: 503, body: { error: { message: "overloaded" } } };
    await expect(provider().generate(await input())).rejects.toBeInstanceOf(AiServiceError);
  });
});
