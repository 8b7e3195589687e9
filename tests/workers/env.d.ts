// Test-only bindings added by vitest.config.ts (the rest comes from `wrangler types`).
import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      FAKE_STRIPE_URL: string;
      /** The local fake of Kleinanzeigen's gateway for dealers (fakes/kleinanzeigen.mjs). */
      FAKE_KLEINANZEIGEN_URL: string;
      /** The local fake eBay (fakes/ebay.mjs), started by the global setup. */
      FAKE_EBAY_URL: string;
      /** No delay before the edge cache's second purge pass (vitest.config.ts). */
      EDGE_CACHE_SECOND_PASS_MS?: string;
      /** The generator's Images binding (vitest.config.ts; wrangler.generator.toml). */
      IMAGES: ImagesBinding;
      // The tests run with the app's wrangler.toml, which sets these; the generator's file declares
      // them optional (set there for production only), and the merged `Cloudflare.Env` would too.
      PUBLIC_BASE_URL: string;
      MAIL_MODE: string;
      MAIL_API_URL: string;
      MAIL_FROM: string;
      KLEINANZEIGEN_API_URL: string;
      KLEINANZEIGEN_CLIENT_ID: string;
    }
  }
}
