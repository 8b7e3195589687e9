// One getLoadContext for the Worker entry (workers/app.ts) and the Vite dev proxy (vite.config.ts).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { getConfig, getPublicConfig, type Config, type PublicConfig } from "./.server/env";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** CSP nonce of this response ("" under the Vite dev server, which sets no CSP). */
    nonce: string;
    config: Config;
    publicConfig: PublicConfig;
  }
}

export function getLoadContext({
  context,
}: {
  request: Request;
  context: { cloudflare: Cloudflare; nonce?: string };
}): AppLoadContext {
  const config = getConfig(context.cloudflare.env);
  return {
    cloudflare: context.cloudflare,
    nonce: context.nonce ?? "",
    config,
    publicConfig: getPublicConfig(config),
  };
}
