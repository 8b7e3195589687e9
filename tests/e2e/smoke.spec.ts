// `npm run smoke -- <url>` (scripts/smoke.mjs, ADR 054) against the local demo instance, as the
// operator runs it against production after `npm run deploy`: the command itself, in its own
// process, with a session token in SMOKE_TOKEN.
import type { APIRequestContext } from "@playwright/test";
import { spawn } from "node:child_process";
import { AD_READY_MS, expect, test } from "./fixtures";

type Run = { code: number | null; stdout: string; stderr: string };

function smoke(url: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "smoke", "--", url], {
      env: { ...process.env, SMOKE_TOKEN: "", SMOKE_TIMEOUT_S: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function signIn(request: APIRequestContext, name: string): Promise<string> {
  const answer = await request.post("/api/send-magic-link", { data: { email: `${name}-${Date.now()}@example.de` } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).token;
}

test("the smoke test makes one ad with the photo, checks it against the fact guard, deletes it and reports the latency", async ({
  request,
  baseURL,
}) => {
  // Starting the script (Vite loads its TypeScript), the upload and the ad's wait, on a loaded machine.
  test.setTimeout(180_000);
  const token = await signIn(request, "smoke");
  const run = await smoke(baseURL!, { SMOKE_TOKEN: token, SMOKE_TIMEOUT_S: String((3 * AD_READY_MS) / 1000) });
  const output = `${run.stdout}\n${run.stderr}`;
  expect(run.code, output).toBe(0);
  expect(run.stdout).toContain("ok   signed in as smoke-");
  expect(run.stdout).toContain("ok   fact guard: nothing the note did not say, every fact it said");
  expect(run.stdout).toMatch(/^PASS generation \(model call, server-measured\) \d+\.\d s · seller's wait \d+\.\d s · .*provider offline$/m);
  const id = run.stdout.match(/^ok {3}ad (\S+) created/m)?.[1];
  expect(id, output).toBeTruthy();
  expect(run.stdout).toContain(`ok   public page /ad/${id} with cover and display copies after`);
  expect(run.stdout).toContain(`ok   ad ${id} deleted`);

  // Nothing stays behind: the account has no ad, the public page is gone.
  expect(await (await request.get("/api/ads")).json()).toEqual([]);
  expect((await request.get(`/api/ads/public/${id}`)).status()).toBe(404);
});

test("a refused token fails with what to do, before any ad is made", async ({ request, baseURL }) => {
  test.setTimeout(90_000);
  const token = await signIn(request, "smoke-ended");
  expect((await request.post("/api/logout", { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);

  const run = await smoke(baseURL!, { SMOKE_TOKEN: token });
  expect(run.code, run.stdout).toBe(1);
  expect(run.stdout).toContain("ok   health");
  expect(run.stdout).not.toContain("created");
  expect(run.stderr).toContain("FAIL sign-in: GET /api/auth/user answered 401 (expected 200)");
  expect(run.stderr).toContain("sign the account in again (docs/DEPLOY.md, step 9)");
});

test("the settings are checked before any request: a remote URL over plain http and a missing token", async () => {
  test.setTimeout(90_000);
  const run = await smoke("http://anzeigenpilot.de", {});
  expect(run.code).toBe(1);
  expect(run.stdout).not.toContain("health");
  expect(run.stderr).toContain("FAIL settings: the URL must be https://");
  expect(run.stderr).toContain("FAIL settings: SMOKE_TOKEN is not set");
});
