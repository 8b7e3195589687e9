import autocannon from "autocannon";
import { readFileSync } from "node:fs";
import { createFinishedAd, startServer } from "./server.mjs";
const server = await startServer({ port: 8830, persistTo: ".wrangler/bench-probe5" });
try {
  const { id } = await createFinishedAd(server.base, { png: readFileSync("public/og-default.png") });
  const ad = await (await fetch(`${server.base}/api/ads/public/${id}`)).json();
  const targets = { static: "/favicon.svg", page: `/ad/${id}`, json: `/api/ads/public/${id}`, health: "/api/health" };
  for (const p of Object.values(targets)) { await (await fetch(server.base + p)).arrayBuffer(); await (await fetch(server.base + p)).arrayBuffer(); }
  const res = {};
  for (let r = 0; r < 3; r++) for (const [n, p] of Object.entries(targets)) {
    const run = await autocannon({ url: server.base + p, connections: 10, duration: 3 });
    (res[n] ??= []).push(Math.round(run.requests.average));
  }
  console.log(JSON.stringify(res), "page/static", (res.page.reduce((a, b) => a + b) / res.static.reduce((a, b) => a + b)).toFixed(2));
} finally { server.stop(); }
