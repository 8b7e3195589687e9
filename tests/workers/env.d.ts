// Test-only bindings added by vitest.config.ts (the rest comes from `wrangler types`).
import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      FAKE_STRIPE_URL: string;
      /** The local fake of Kleinanzeigen's gateway for dealers (fakes/kleinanzeigen.mjs). */
      FAKE_KLEINANZEIGEN_URL: string;
      /** The generator's Images binding (vitest.config.ts; wrangler.generator.toml). */
      IMAGES: ImagesBinding;
    }
  }
}
