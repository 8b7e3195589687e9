/* global document */
// npm run bench: side-by-side figures against the product as `npm start` serves it.
//  1. page serving: requests/s and p99 of /, /ad/{id} and /api/ads/public/{id} vs a static asset;
//  2. ad pipeline: POST /api/ads answered → completed, p50/p95 over 50 sequential and 50 concurrent
//     ads (offline adapter), and the request-path time of POST /api/ads vs GET /api/health;
//  3. upload weight: bytes stored after the browser's downscaling vs 12-megapixel originals made in Chromium.
// Writes bench/results/bench.json.
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { percentile, seedSellers } from "./seed.mjs";
import { createFinishedAd, startServer } from "./server.mjs";

const persistTo = ".wrangler/bench";
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 8798), persistTo });
const results = {};
try {
  const photo = readFileSync("public/og-default.png");
  const { id } = await createFinishedAd(server.base, { png: photo });

  // 1. Page serving.
  const targets = { static: "/favicon.svg", landing: "/", adPage: `/ad/${id}`, publicApi: `/api/ads/public/${id}` };
  results.serving = {};
  for (const [name, path] of Object.entries(targets)) {
    const run = await autocannon({ url: `${server.base}${path}`, connections: 10, duration: 6 });
    results.serving[name] = { requestsPerSecond: Math.round(run.requests.average), p99Ms: run.latency.p99, non2xx: run.non2xx };
  }
  for (const name of ["landing", "adPage", "publicApi"]) {
    results.serving[name].throughputVsStatic = Number((results.serving[name].requestsPerSecond / results.serving.static.requestsPerSecond).toFixed(2));
  }

  // 2. Pipeline.
  const sellers = seedSellers(persistTo, 100, 1);
  const create = async (seller) => {
    const form = new FormData();
    form.append("itemName", "Kinderfahrrad 20 Zoll");
    form.append("category", "freizeit");
    form.append("description", "Gut erhalten, neue Reifen. Abholung in Köln.");
    form.append("photos", new File([photo], "foto.png", { type: "image/png" }));
    const sent = performance.now();
    const response = await fetch(`${server.base}/api/ads`, { method: "POST", headers: { Authorization: `Bearer ${seller.token}` }, body: form });
    const answered = performance.now();
    const ad = await response.json();
    for (;;) {
      const publicAd = await fetch(`${server.base}/api/ads/public/${ad.id}`);
      if (publicAd.ok) return { requestMs: answered - sent, toCompletedMs: performance.now() - answered };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const sequential = [];
  for (const seller of sellers.slice(0, 50)) sequential.push(await create(seller));
  const concurrent = await Promise.all(sellers.slice(50).map(create));
  const summary = (runs, key) => ({ p50Ms: Math.round(percentile(runs.map((run) => run[key]), 50)), p95Ms: Math.round(percentile(runs.map((run) => run[key]), 95)) });
  const health = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    await (await fetch(`${server.base}/api/health`)).text();
    health.push(performance.now() - started);
  }
  results.pipeline = {
    sequential: { answeredToCompleted: summary(sequential, "toCompletedMs"), createRequest: summary(sequential, "requestMs") },
    concurrent: { answeredToCompleted: summary(concurrent, "toCompletedMs"), createRequest: summary(concurrent, "requestMs") },
    healthRequest: { p50Ms: Math.round(percentile(health, 50) * 10) / 10 },
  };
  results.pipeline.createVsHealthP50 = Number((results.pipeline.sequential.createRequest.p50Ms / Math.max(1, results.pipeline.healthRequest.p50Ms)).toFixed(1));

  // 3. Upload weight: the real create form in Chromium, photos made there.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const [seller] = seedSellers(persistTo, 1, 1);
    await context.addCookies([{ name: "ap_session", value: seller.token, url: server.base }]);
    const page = await context.newPage();
    await page.goto(server.base);
    await page.evaluate(() => localStorage.setItem("anzeigenpilot.onboardingCompleted", "true"));
    const originals = [];
    for (let n = 0; n < 3; n++) {
      const base64 = await page.evaluate(async (seed) => {
        const canvas = document.createElement("canvas");
        canvas.width = 4000;
        canvas.height = 3000;
        const context2d = canvas.getContext("2d");
        const gradient = context2d.createLinearGradient(0, 0, 4000, 3000);
        gradient.addColorStop(0, `hsl(${seed * 90},40%,35%)`);
        gradient.addColorStop(1, `hsl(${seed * 90 + 120},45%,60%)`);
        context2d.fillStyle = gradient;
        context2d.fillRect(0, 0, 4000, 3000);
        for (let i = 0; i < 40000; i++) {
          context2d.fillStyle = `hsl(${(i * 37 + seed * 11) % 360},50%,${25 + (i % 50)}%)`;
          context2d.fillRect((i * 7919 + seed) % 4000, (i * 104729) % 3000, 7, 7);
        }
        const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.92));
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = "";
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(binary);
      }, n);
      originals.push(Buffer.from(base64, "base64"));
    }
    await page.getByRole("tab", { name: "Neue Anzeige" }).click();
    await page.getByLabel("Was verkaufst du? *").fill("Gemälde");
    await page.getByLabel("Kategorie *").selectOption("sonstiges");
    await page.getByLabel("Fotos auswählen").setInputFiles(originals.map((buffer, i) => ({ name: `foto${i}.jpg`, mimeType: "image/jpeg", buffer })));
    await page.getByRole("button", { name: "KI-Anzeige erstellen" }).click();
    await page.getByTestId("ad-card").first().waitFor();
    const ads = await (await fetch(`${server.base}/api/ads`, { headers: { Authorization: `Bearer ${seller.token}` } })).json();
    const stored = await Promise.all(ads[0].imageUrls.map(async (url) => (await (await fetch(`${server.base}${url}`)).arrayBuffer()).byteLength));
    const originalBytes = originals.reduce((sum, buffer) => sum + buffer.length, 0);
    const storedBytes = stored.reduce((sum, size) => sum + size, 0);
    results.uploadWeight = { photos: originals.length, originalBytes, uploadedBytes: storedBytes, ratio: Number((storedBytes / originalBytes).toFixed(3)) };
  } finally {
    await browser.close();
  }

  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/bench.json", JSON.stringify({ date: new Date().toISOString(), ...results }, null, 2));
  console.log(JSON.stringify(results, null, 2));
} finally {
  server.stop();
}
