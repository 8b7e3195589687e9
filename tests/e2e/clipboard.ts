// Copy buttons write to the clipboard asynchronously. These helpers empty it first and then wait
// until the copy has arrived, so a test never reads what the previous button left there.
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

function clearClipboard(page: Page) {
  return page.evaluate(() => navigator.clipboard.writeText(""));
}

/** Clicks a copy button and returns the plain text it put on the clipboard. */
export async function copiedText(page: Page, button: Locator): Promise<string> {
  await clearClipboard(page);
  await button.click();
  let copied = "";
  await expect
    .poll(async () => {
      copied = await page.evaluate(() => navigator.clipboard.readText());
      return copied.length;
    })
    .toBeGreaterThan(0);
  return copied;
}

/** Clicks a copy button that writes formatted text and returns the clipboard item's types and contents. */
export async function copiedFormatted(page: Page, button: Locator) {
  await clearClipboard(page);
  await button.click();
  await expect.poll(() => page.evaluate(async () => (await navigator.clipboard.read())[0]?.types ?? [])).toContain("text/html");
  return page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return {
      types: item.types,
      html: await (await item.getType("text/html")).text(),
      plain: await (await item.getType("text/plain")).text(),
    };
  });
}
