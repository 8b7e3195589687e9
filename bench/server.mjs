// Starts the product like `npm start` (fresh local state, no rebuild) for a benchmark and waits until it answers.
import { spawn } from "node:child_process";

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
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
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
  return { base, stop: () => process.kill(-child.pid, "SIGTERM") };
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
