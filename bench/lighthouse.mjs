// npm run lighthouse: Lighthouse (mobile) with the system Chromium against the product as `npm start`
// serves it, for /, /blog, /investors and a public ad page. Writes bench/results/lighthouse.json.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { createFinishedAd, startServer } from "./server.mjs";

const port = Number(process.env.BENCH_PORT ?? 8797);
const server = await startServer({ port, persistTo: ".wrangler/bench-lighthouse" });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
try {
  const photo = readFileSync("public/og-default.png");
  const { id } = await createFinishedAd(server.base, { png: photo });
  const pages = ["/", "/blog", "/investors", `/ad/${id}`];
  const results = [];
  for (const path of pages) {
    const run = await lighthouse(`${server.base}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      formFactor: "mobile",
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      throttlingMethod: "simulate",
    });
    const categories = run.lhr.categories;
    const score = (key) => Math.round((categories[key].score ?? 0) * 100);
    const failed = Object.values(run.lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === "binary")
      .map((audit) => ({ id: audit.id, items: JSON.stringify(audit.details?.items?.slice(0, 3) ?? []).slice(0, 600) }));
    // JavaScript the page loaded, measured as gzip of the built files (the local server does not compress).
    const scripts = run.lhr.audits["network-requests"].details.items.filter((item) => item.resourceType === "Script" && item.url.includes("/assets/"));
    const jsGzipBytes = scripts.reduce((sum, item) => sum + gzipSync(readFileSync(`build/client${new URL(item.url).pathname}`)).length, 0);
    results.push({
      path: path.startsWith("/ad/") ? "/ad/{id}" : path,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      largestContentfulPaintMs: Math.round(run.lhr.audits["largest-contentful-paint"].numericValue),
      totalBlockingTimeMs: Math.round(run.lhr.audits["total-blocking-time"].numericValue),
      jsGzipKiB: Math.round(jsGzipBytes / 102.4) / 10,
      failedAudits: failed,
    });
  }
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/lighthouse.json", JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
  console.table(results.map(({ failedAudits, ...row }) => ({ ...row, failed: failedAudits.map((audit) => audit.id).join(" ") })));
} finally {
  await chrome.kill();
  server.stop();
}
