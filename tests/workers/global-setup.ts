import { UNSAFE_flatRoutes as flatRoutes, type UNSAFE_RouteManifest as RouteManifest } from "@remix-run/dev";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startFakeKleinanzeigen } from "../../fakes/kleinanzeigen.mjs";
import { startFakeEbay } from "../../fakes/ebay.mjs";
import { startFakeStripe } from "../../fakes/stripe";

declare module "vitest" {
  export interface ProvidedContext {
    stripePort: number;
    kleinanzeigenPort: number;
    /** The app's routes as the build finds them (app/routes.ts: Remix's flat-routes convention). */
    routeManifest: RouteManifest;
    ebayPort: number;
  }
}

/** Where the fake eBay's consent sends the browser back to (the tests read the Location header). */
export const EBAY_TEST_CALLBACK = "http://localhost:8787/api/ebay/callback";

export default async function setup(project: TestProject) {
  const stripe = await startFakeStripe();
  const ebay = await startFakeEbay({ acceptUrl: EBAY_TEST_CALLBACK });
  // The local fake of Kleinanzeigen's gateway for dealers (ADR 038).
  const kleinanzeigen = await startFakeKleinanzeigen();
  project.provide("stripePort", stripe.port);
  project.provide("ebayPort", ebay.port);
  project.provide("kleinanzeigenPort", kleinanzeigen.port);
  project.provide("routeManifest", flatRoutes(fileURLToPath(new URL("../../app", import.meta.url)), [], "routes"));
  const close = (server: { close(callback: () => void): void }) => new Promise<void>((resolve) => server.close(() => resolve()));
  return () => Promise.all([close(stripe.server), close(ebay.server), kleinanzeigen.close()]).then(() => undefined);
}
