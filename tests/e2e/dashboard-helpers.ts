import { execFileSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";

/** Signs a new seller in through the landing dialog (demo mode) and leaves the tour as the test wants. */
export async function signInNewSeller(page: Page, tour: "skip" | "keep" = "skip") {
  const email = `verkaeufer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.de`;
  await page.goto("/?login=1");
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByRole("button", { name: "Magic Link senden" }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);
  if (tour === "skip") await page.getByRole("dialog").getByRole("button", { name: "Überspringen" }).click();
  return email;
}

/** A real 12-megapixel JPEG, painted and encoded by Chromium. */
export async function twelveMegapixelPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext("2d")!;
    const gradient = context.createLinearGradient(0, 0, 4000, 3000);
    gradient.addColorStop(0, "#8a3b2e");
    gradient.addColorStop(1, "#2e6f8a");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 4000, 3000);
    for (let i = 0; i < 30000; i++) {
      context.fillStyle = `hsl(${(i * 37) % 360},55%,${30 + (i % 40)}%)`;
      context.fillRect((i * 7919) % 4000, (i * 104729) % 3000, 9, 9);
    }
    const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.95));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, "base64");
}

/**
 * Runs SQL against the local D1 of the demo server (to stage states the offline AI never produces)
 * and returns the rows. The running server holds the same SQLite file: a statement that meets one
 * of its write transactions gets SQLITE_BUSY, and is simply run again.
 */
export function demoD1(sql: string): Array<Record<string, unknown>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const output = execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", ".wrangler/e2e-demo", "--json", "--command", sql], {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      }).toString();
      return (JSON.parse(output) as Array<{ results: Array<Record<string, unknown>> }>)[0]!.results;
    } catch (error) {
      const busy = /SQLITE_BUSY/.test(String((error as { stderr?: Buffer }).stderr ?? error));
      if (!busy || attempt === 5) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200 * attempt);
    }
  }
}
