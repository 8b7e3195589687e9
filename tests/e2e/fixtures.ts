// The fixtures every end-to-end test runs with.
// - Every page test fails on an uncaught script error or a console error (CSP violations included).
//   A test that provokes an HTTP error on purpose lists its URL in `expectedFailures`.
// - Every test is its own client: its requests carry their own `CF-Connecting-IP`, as each seller's
//   do behind Cloudflare's edge, so no test spends another test's rate limits (the e2e servers run
//   with APP_ENV=test, which reads the header; playwright.config.ts).
// - Slow preparation is made once per worker: photos painted by Chromium (`photos`) and the direct
//   line to the demo server's D1 (`demoDb`).
import { test as base, expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { demoDb, type DemoDb } from "./demo-db";

export type Photos = {
  /** A real 12-megapixel JPEG (4000×3000), painted and encoded by Chromium. */
  twelveMegapixel(): Promise<Buffer>;
  /** A small real JPEG (1200×900) of one colour, so two photos differ. */
  ofColour(colour: string): Promise<Buffer>;
};

export const test = base.extend<{ expectedFailures: RegExp[]; pageErrors: string[] }, { photos: Photos; demoDb: DemoDb }>({
  extraHTTPHeaders: async ({}, use) => {
    // An address from the IPv6 documentation range, new for every test.
    await use({ "CF-Connecting-IP": `2001:db8::${randomBytes(6).toString("hex").match(/.{4}/g)!.join(":")}` });
  },
  expectedFailures: async ({}, use) => {
    await use([]);
  },
  pageErrors: [
    async ({ page, expectedFailures }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const url = message.location().url;
        const failedLoad = message.text().startsWith("Failed to load resource");
        // A page served with status 404 on purpose logs its own document "failing to load".
        if (failedLoad && (url === page.url() || expectedFailures.some((pattern) => pattern.test(url)))) return;
        // A cancellation, not a failure: Remix's single fetch logs the AbortError of a revalidation
        // (the dashboard's poll while an ad is processing) that a navigation cancelled mid-stream.
        if (message.text().startsWith("AbortError: ")) return;
        errors.push(`console.error: ${message.text()} (${url})`);
      });
      await use(errors);
      expect(errors, "the page reported script errors").toEqual([]);
    },
    { auto: true },
  ],
  photos: [
    async ({ browser }, use) => {
      const painter = lazyPainter(browser);
      const made = new Map<string, Promise<Buffer>>();
      const once = (key: string, paint: (page: Page) => Promise<string>) => {
        if (!made.has(key))
          made.set(
            key,
            painter
              .page()
              .then(paint)
              .then((base64) => Buffer.from(base64, "base64")),
          );
        return made.get(key)!;
      };
      await use({
        twelveMegapixel: () =>
          once("12mp", (page) => paint(page, { width: 4000, height: 3000, colour: "#8a3b2e", detailed: true, quality: 0.95 })),
        ofColour: (colour) => once(colour, (page) => paint(page, { width: 1200, height: 900, colour, detailed: false, quality: 0.9 })),
      });
      await painter.close();
    },
    { scope: "worker" },
  ],
  demoDb: [
    async ({}, use) => {
      await use(demoDb);
    },
    { scope: "worker" },
  ],
});

/**
 * Waits until React has hydrated the page (root.tsx marks the document when the first render's
 * effects have run), so client-side behaviour — event listeners included — is live.
 */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export { expect };

/** A toast in the toast region. */
export function toastWith(page: Page, text: string | RegExp) {
  return page
    .getByRole("region", { name: /Benachrichtigungen/ })
    .getByRole("listitem")
    .filter({ hasText: text });
}

/** One blank page per worker that paints test photos, opened on first use. */
function lazyPainter(browser: Browser) {
  let opened: Promise<Page> | undefined;
  return {
    page: () => (opened ??= browser.newContext().then((context) => context.newPage())),
    close: async () => {
      if (opened) await (await opened).context().close();
    },
  };
}

/**
 * Paints a JPEG in Chromium and returns it as base64: one colour, or (`detailed`) a gradient with
 * 30 000 coloured squares, so the encoder has real detail to compress.
 */
async function paint(
  page: Page,
  photo: { width: number; height: number; colour: string; detailed: boolean; quality: number },
): Promise<string> {
  return page.evaluate(async ({ width, height, colour, detailed, quality }) => {
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d")!;
    if (detailed) {
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, colour);
      gradient.addColorStop(1, "#2e6f8a");
      context.fillStyle = gradient;
    } else {
      context.fillStyle = colour;
    }
    context.fillRect(0, 0, width, height);
    for (let i = 0; detailed && i < 30000; i++) {
      context.fillStyle = `hsl(${(i * 37) % 360},55%,${30 + (i % 40)}%)`;
      context.fillRect((i * 7919) % width, (i * 104729) % height, 9, 9);
    }
    const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", quality));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, photo);
}

/** How long an ad may take from "KI-Anzeige erstellen" to "Fertig": upload, queue, generator, on a loaded machine. */
export const AD_READY_MS = 20_000;

/**
 * A new seller's ad sent through the API (`POST /api/ads` with one photo), once its public JSON
 * answers: its id and the seller's bearer token.
 */
export async function adThroughApi(request: APIRequestContext, itemName: string) {
  const email = `api-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.de`;
  const { token } = await (await request.post("/api/send-magic-link", { data: { email } })).json();
  const photo = { name: "foto.png", mimeType: "image/png", buffer: readFileSync("public/og-default.png") };
  const created = await request.post("/api/ads", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { itemName, category: "freizeit", photos: photo },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await expect.poll(async () => (await request.get(`/api/ads/public/${id}`)).status(), { timeout: AD_READY_MS }).toBe(200);
  return { id, token: token as string };
}

/**
 * Opens /dev/outbox as the developer's own browser would: from this machine. The test's own
 * documentation-range address (above) is not let in (app/.server/app-worker/dev-outbox.ts).
 */
export async function openOutbox(page: Page) {
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": "::1" });
  const response = await page.goto("/dev/outbox");
  await page.setExtraHTTPHeaders({});
  return response;
}
