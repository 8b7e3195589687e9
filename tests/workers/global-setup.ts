import type { TestProject } from "vitest/node";
import { startFakeKleinanzeigen } from "../../fakes/kleinanzeigen.mjs";
import { startFakeStripe } from "../fake-stripe";

declare module "vitest" {
  export interface ProvidedContext {
    stripePort: number;
    kleinanzeigenPort: number;
  }
}

export default async function setup(project: TestProject) {
  const { server, port } = await startFakeStripe();
  project.provide("stripePort", port);
  // The local fake of Kleinanzeigen's gateway for dealers (ADR 038).
  const kleinanzeigen = await startFakeKleinanzeigen();
  project.provide("kleinanzeigenPort", kleinanzeigen.port);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await kleinanzeigen.close();
  };
}
