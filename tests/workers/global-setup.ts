import { UNSAFE_flatRoutes as flatRoutes, type UNSAFE_RouteManifest as RouteManifest } from "@remix-run/dev";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startFakeKleinanzeigen } from "../../fakes/kleinanzeigen.mjs";
import { startFakeStripe } from "../fake-stripe";

declare module "vitest" {
  export interface ProvidedContext {
    stripePort: number;
    kleinanzeigenPort: number;
    /** The app's routes as the build finds them (app/routes.ts: Remix's flat-routes convention). */
    routeManifest: RouteManifest;
  }
}

export default async function setup(project: TestProject) {
  const { server, port } = await startFakeStripe();
  project.provide("stripePort", port);
  project.provide("routeManifest", flatRoutes(fileURLToPath(new URL("../../app", import.meta.url)), [], "routes"));
  // The local fake of Kleinanzeigen's gateway for dealers (ADR 038).
  const kleinanzeigen = await startFakeKleinanzeigen();
  project.provide("kleinanzeigenPort", kleinanzeigen.port);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await kleinanzeigen.close();
  };
}
