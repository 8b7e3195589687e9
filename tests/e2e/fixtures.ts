// Every page test fails on an uncaught script error or a console error (CSP violations included).
// A test that provokes an HTTP error on purpose lists its URL in `expectedFailures`.
import { test as base, expect, type Page } from "@playwright/test";

export const test = base.extend<{ expectedFailures: RegExp[]; pageErrors: string[] }>({
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
        errors.push(`console.error: ${message.text()} (${url})`);
      });
      await use(errors);
      expect(errors, "the page reported script errors").toEqual([]);
    },
    { auto: true },
  ],
});

/** Waits until Remix has hydrated the page, so client-side behaviour is live. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true,
  );
}

export { expect };

/** A toast in the toast region (Radix also mirrors its text into a live announcer). */
export function toastWith(page: Page, text: string | RegExp) {
  return page.getByRole("region", { name: /Benachrichtigungen/ }).getByRole("listitem").filter({ hasText: text });
}
