import type { TestProject } from "vitest/node";
import { startFakeStripe } from "../fake-stripe";

declare module "vitest" {
  export interface ProvidedContext {
    stripePort: number;
  }
}

export default async function setup(project: TestProject) {
  const { server, port } = await startFakeStripe();
  project.provide("stripePort", port);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
