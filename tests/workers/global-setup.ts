import type { TestProject } from "vitest/node";
import { startFakeEbay } from "../../fakes/ebay.mjs";
import { startFakeStripe } from "../fake-stripe";

declare module "vitest" {
  export interface ProvidedContext {
    stripePort: number;
    ebayPort: number;
  }
}

/** Where the fake eBay's consent sends the browser back to (the tests read the Location header). */
export const EBAY_TEST_CALLBACK = "http://localhost:8787/api/ebay/callback";

export default async function setup(project: TestProject) {
  const stripe = await startFakeStripe();
  const ebay = await startFakeEbay({ acceptUrl: EBAY_TEST_CALLBACK });
  project.provide("stripePort", stripe.port);
  project.provide("ebayPort", ebay.port);
  const close = (server: { close(callback: () => void): void }) => new Promise<void>((resolve) => server.close(() => resolve()));
  return () => Promise.all([close(stripe.server), close(ebay.server)]).then(() => undefined);
}
