// Every page test fails on an uncaught script error or a console error (CSP violations included).
import { test as base, expect, type Page } from "@playwright/test";

export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A page served with status 404 on purpose logs its own document "failing to load".
        const documentStatus = message.text().startsWith("Failed to load resource") && message.location().url === page.url();
        if (!documentStatus) errors.push(`console.error: ${message.text()} (${message.location().url})`);
      });
      await use(errors);
      expect(errors, "the page reported script errors").toEqual([]);
    },
    { auto: true },
  ],
});

/** Waits until Remix has hydrated the page, so client-side behaviour is live. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
}

export { expect };
