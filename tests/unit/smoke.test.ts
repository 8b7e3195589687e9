// `npm run smoke` (ADR 054): which finished ads pass the fact-guard check, which settings are
// refused, and that a failing run still deletes its ad — against a local HTTP server that answers
// as the product's API does (the e2e test runs the command against the real local product).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { AdJson } from "~/.server/app-worker/ads/serialize";
import { readSmokeSettings, runSmoke, SMOKE_AD, smokeAdProblems, SmokeFailure } from "~/.server/tools/smoke";
import { LEGAL_HEADING, PRIVATE_SALE_NOTE } from "~/lib/legal-notes";

const TOKEN = "MemVPmwl18fKgkLk_6ong2fOJjl1sY2oq9u27FYMa9g";

/** The offline writer's ad for the smoke note, as the local product stores it. */
const WRITTEN = [
  "📦 **Keramik-Kaffeebecher blau**",
  "Ich verkaufe hier: Keramik-Kaffeebecher blau.",
  "",
  "✨ **Zustand**",
  "- Kaum benutzt",
  "",
  "🔧 **Details**",
  "- Kaffeebecher aus Keramik",
  "- Blau",
  "- 350 ml",
  "- Spülmaschinenfest",
  "",
  "📋 **Lieferumfang**",
  "- Ohne OVP",
  "- Keine Rechnung",
  "",
  "Bei Fragen einfach melden.",
].join("\n");

function finishedAd(description = WRITTEN, changes: Partial<AdJson> = {}): AdJson {
  return {
    id: "3f1c9a2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b",
    userId: "u1",
    itemName: SMOKE_AD.itemName,
    category: SMOKE_AD.category,
    description: SMOKE_AD.description,
    originalDescription: SMOKE_AD.description,
    optimizedTitle: "Keramik-Kaffeebecher blau – kaum benutzt",
    optimizedDescription: `${description}\n\n${LEGAL_HEADING}\n${PRIVATE_SALE_NOTE}`,
    imageUrls: ["/api/images/u1/a.jpg"],
    status: "completed",
    platform: "kleinanzeigen",
    price: 800,
    priceLabel: "8 € Festpreis",
    priceSuggestion: null,
    priceMin: null,
    priceMax: null,
    priceBasis: "asking",
    askingPrice: 800,
    priceType: "festpreis",
    shipping: "excluded",
    pickup: "offered",
    postalCode: "50823",
    city: "Köln",
    shippingCost: null,
    shippingCarrier: null,
    swap: false,
    bestImageIndex: 0,
    imageAnalysis: { brand: null, model: null, serialNumber: null, condition: null, defects: [] },
    errorMessage: null,
    attempts: 1,
    provider: "workers-ai",
    generationMs: 7400,
    progressPhase: null,
    partialDescription: null,
    listingUrl: null,
    variants: [],
    check: null,
    createdAt: 1,
    updatedAt: 2,
    ...changes,
  } as AdJson;
}

describe("the fact-guard check of the smoke ad", () => {
  it("passes the ad the guard let through", () => {
    expect(smokeAdProblems(finishedAd())).toEqual([]);
  });

  it("fails an ad that raises the condition or adds what the note did not say", () => {
    const problems = smokeAdProblems(finishedAd(WRITTEN.replace("- Kaum benutzt", "- Kaum benutzt\n- Neuwertig aus Nichtraucherhaushalt")));
    expect(problems).toEqual(['fact guard: the ad claims "neuwertig", which the note does not say: - Neuwertig aus Nichtraucherhaushalt']);
  });

  it("fails an ad that offers shipping or a price to negotiate against a record of pickup at a fixed price", () => {
    const problems = smokeAdProblems(finishedAd(WRITTEN.replace("Bei Fragen", "Versand gegen Aufpreis möglich, Preis VB.\n\nBei Fragen")));
    expect(problems.join("\n")).toContain('claims "Versand"');
  });

  it("fails an ad that drops an exclusion the seller stated", () => {
    const problems = smokeAdProblems(finishedAd(WRITTEN.replace("- Keine Rechnung\n", "")));
    expect(problems).toEqual(['fact guard: the ad drops the seller\'s fact "Keine Rechnung"']);
  });

  it("lets a condition stand that the model read from the photo, as the generator does", () => {
    const fromPhoto = finishedAd(WRITTEN.replace("- Kaum benutzt", "- Kaum benutzt\n- Zustand laut Foto: sehr gut erhalten"), {
      imageAnalysis: { brand: null, model: null, serialNumber: null, condition: "Sehr gut erhalten", defects: [] },
    });
    expect(smokeAdProblems(fromPhoto)).toEqual([]);
    // The offline writer looks at no photo: the same claim is invented there.
    expect(smokeAdProblems({ ...fromPhoto, provider: "offline" })).not.toEqual([]);
  });

  it("names a failed ad's message, a lost photo and a missing legal block", () => {
    expect(smokeAdProblems(finishedAd(WRITTEN, { status: "failed", errorMessage: "Die KI ist gerade nicht erreichbar." }))).toEqual([
      'the ad ended "failed": Die KI ist gerade nicht erreichbar.',
    ]);
    const broken = finishedAd(WRITTEN, { imageUrls: [], optimizedDescription: WRITTEN });
    expect(smokeAdProblems(broken)).toEqual(["the ad's description lacks the legal block", "the ad has 0 photos, 1 was uploaded"]);
  });
});

describe("the smoke settings", () => {
  it("takes an https origin or a loopback http one, a session token and a wait in seconds", () => {
    expect(readSmokeSettings({ url: "https://anzeigenpilot.de/", token: TOKEN, timeoutSeconds: undefined }).settings).toEqual({
      url: "https://anzeigenpilot.de",
      token: TOKEN,
      timeoutSeconds: 600,
    });
    expect(readSmokeSettings({ url: "http://127.0.0.1:8787", token: TOKEN, timeoutSeconds: "60" }).settings?.timeoutSeconds).toBe(60);
  });

  it("refuses plain http to another host, a path, a missing or malformed token and a wait out of range, naming each", () => {
    expect(readSmokeSettings({ url: "http://anzeigenpilot.de", token: undefined, timeoutSeconds: "5" }).problems).toEqual([
      "the URL must be https:// (plain http only for localhost/127.0.0.1/[::1]): the session token must not travel in clear text",
      "SMOKE_TOKEN is not set: the smoke account's session token (docs/DEPLOY.md, step 9)",
      "SMOKE_TIMEOUT_S must be at least 30",
    ]);
    expect(readSmokeSettings({ url: "https://anzeigenpilot.de/dashboard", token: "abc", timeoutSeconds: "zehn" }).problems).toEqual([
      "the URL must be the product's origin only, without path, query or credentials",
      "SMOKE_TOKEN is not a session token (43 characters of A–Z a–z 0–9 _ -): docs/DEPLOY.md, step 9",
      "SMOKE_TIMEOUT_S must be a number of seconds",
    ]);
    expect(readSmokeSettings({ url: undefined, token: TOKEN, timeoutSeconds: undefined }).problems).toEqual([
      "the product's URL is missing: npm run smoke -- https://<host>",
    ]);
  });
});

describe("a smoke run", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A product whose ad comes back with `ready`, answering DELETE with `deleteStatus`; records every request. */
  async function product(ready: AdJson, deleteStatus = 200) {
    const seen: string[] = [];
    server = createServer((request: IncomingMessage, response) => {
      seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? "-"}`);
      request.resume();
      const send = (status: number, body: unknown) =>
        response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      if (request.url === "/api/health") return send(200, { status: "ok" });
      if (request.url === "/api/auth/user") return send(200, { email: "smoke@anzeigenpilot.de" });
      if (request.method === "POST" && request.url === "/api/ads") return send(201, { ...ready, status: "processing" });
      if (request.url === "/api/ads") return send(200, [ready]);
      if (request.url?.startsWith("/api/ads/public/"))
        return send(200, { coverImageUrl: "/api/images/c.jpg", imageUrls: ["/api/images/d.jpg"] });
      if (request.method === "DELETE")
        return send(deleteStatus, { message: deleteStatus === 200 ? "Anzeige gelöscht" : "Interner Fehler" });
      return send(200, {});
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const settings = readSmokeSettings({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: TOKEN,
      timeoutSeconds: "30",
    });
    return { seen, settings: settings.settings! };
  }

  const io = (lines: string[]) => ({ photo: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), log: (line: string) => lines.push(line), pollMs: 1 });

  it("reports the generation's latency and the wait, having sent the token and deleted the ad", async () => {
    const { seen, settings } = await product(finishedAd());
    const lines: string[] = [];
    const report = await runSmoke(settings, io(lines));
    expect(report).toMatchObject({ provider: "workers-ai", generationMs: 7400, attempts: 1 });
    expect(seen).toContain(`DELETE /api/ads/${report.adId} Bearer ${TOKEN}`);
    expect(seen).toContain("GET /api/health -");
    expect(seen).toContain(`GET /api/ads/public/${report.adId} -`);
    expect(lines.at(-1)).toBe(`ok   ad ${report.adId} deleted`);
  });

  it("fails on an invented claim and still deletes the ad", async () => {
    const invented = finishedAd(WRITTEN.replace("- Blau", "- Blau\n- Mit Originalverpackung und Rechnung"));
    const { seen, settings } = await product(invented);
    const run = runSmoke(settings, io([]));
    await expect(run).rejects.toThrow(SmokeFailure);
    await expect(run).rejects.toThrow(/check: fact guard: the ad claims "OVP", which the note does not say/);
    expect(seen.filter((line) => line.startsWith("DELETE"))).toHaveLength(1);
  });

  it("says so when the ad could not be deleted", async () => {
    const { settings } = await product(finishedAd(), 500);
    await expect(runSmoke(settings, io([]))).rejects.toThrow(
      /delete: DELETE \/api\/ads\/\S+ answered 500 \(expected 200\): Interner Fehler — delete ad \S+ of the smoke account by hand/,
    );
  });
});
