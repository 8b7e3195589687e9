// Starts the product like `npm start` (fresh local state, no rebuild) for a benchmark and waits until it answers.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** The line the Workers log for each image transformation (TRANSFORMATION_LOG in app/.server/images/source.ts). */
export const TRANSFORMATION_LOG = "images: one transformation";
/** Linux counts process CPU time in clock ticks of 10 ms (`getconf CLK_TCK` = 100). */
const MS_PER_TICK = 10;

/**
 * CPU time (user + system, ms) used so far by the processes of one process group, by kind:
 * `workerd` (both Workers, D1, R2, the queues, the Durable Objects) and `node` (wrangler, which also
 * runs Miniflare's simulation of the Images binding with sharp). Read from /proc (Linux only).
 */
export function processCpuMs(groupId) {
  const cpu = { workerd: 0, node: 0 };
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces, so the fields are read after its ")".
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== groupId) continue;
    const ticks = Number(fields[11]) + Number(fields[12]);
    cpu[name === "workerd" ? "workerd" : "node"] += ticks * MS_PER_TICK;
  }
  return cpu;
}

export async function startServer({ port, persistTo, vars, generatorVars, appMain } = {}) {
  const child = spawn("node", ["scripts/start.mjs", "--fresh"], {
    env: {
      ...process.env,
      PORT: String(port),
      PERSIST_TO: persistTo,
      SKIP_BUILD: "1",
      INSPECTOR_PORT: String(port + 1000),
      WRANGLER_SEND_METRICS: "false",
      ...(vars ? { WRANGLER_VARS: vars } : {}),
      ...(generatorVars ? { GENERATOR_VARS: generatorVars } : {}),
      ...(appMain ? { APP_MAIN: appMain } : {}),
    },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  // The Workers' logs: each billed image transformation is one line (TRANSFORMATION_LOG,
  // app/.server/images/source.ts); everything else is read and dropped.
  let transformations = 0;
  let rest = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop();
    for (const line of lines) if (line.includes(TRANSFORMATION_LOG)) transformations++;
  });
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("server did not start within 120 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    stop: () => process.kill(-child.pid, "SIGTERM"),
    /** Image transformations the Workers logged so far. */
    transformations: () => transformations,
    /** CPU time so far of every process of the local product (processCpuMs). */
    cpu: () => processCpuMs(child.pid),
  };
}

/** Signs a demo seller in and creates one finished ad through the API; returns its id and the session cookie. */
export async function createFinishedAd(base, { png }) {
  const signIn = await fetch(`${base}/api/send-magic-link`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.de` }),
  });
  const { token } = await signIn.json();
  const form = new FormData();
  form.append("itemName", "Bosch Akkuschrauber GSR 18V-60 C");
  form.append("category", "garten");
  form.append("description", "Sehr gut erhalten. Inkl. 2 Akkus und L-Boxx. NP 329 €. Abholung in Hamburg.");
  form.append("photos", new File([png], "foto.png", { type: "image/png" }));
  const created = await fetch(`${base}/api/ads`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  const ad = await created.json();
  // Finished, and final: the generator has made the cover and display copies the API client did not
  // send (ADR 019, ADR 021); until then the page is answered `no-store` and never edge-cached.
  for (let i = 0; i < 400; i++) {
    const page = await fetch(`${base}/ad/${ad.id}`);
    await page.arrayBuffer();
    if (page.ok && !page.headers.get("Cache-Control")?.includes("no-store")) return { id: ad.id, token };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("ad did not complete with its images within 20 s");
}

/** CPU ms per ad between two readings of processCpuMs, by kind and in total. */
export function cpuPerAd(after, before, ads) {
  const per = (kind) => Math.round((after[kind] - before[kind]) / Math.max(ads, 1));
  return { workerd: per("workerd"), node: per("node"), total: per("workerd") + per("node") };
}

/** Waits until the product's processes use less than a tenth of one core for half a second (at most 30 s); their CPU then. */
export async function settledCpu(server) {
  let last = server.cpu();
  for (let waited = 0; waited < 30_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = server.cpu();
    if (now.workerd + now.node - last.workerd - last.node < 50) return now;
    last = now;
  }
  return last;
}
