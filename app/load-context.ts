// One getLoadContext for the Worker entry (workers/app.ts) and the Vite dev proxy (vite.config.ts).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { getCurrentUser, type CurrentUser } from "./.server/app-worker/auth/current-user";
import { getConfig, getPublicConfig, type Config, type PublicConfig } from "./.server/app-worker/env";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  // Single Fetch (enabled in vite.config.ts): loaders' data keeps its types in useLoaderData.
  interface Future {
    v3_singleFetch: true;
  }
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** CSP nonce of this response ("" under the Vite dev server, which sets no CSP). */
    nonce: string;
    config: Config;
    publicConfig: PublicConfig;
    /** The signed-in user of this request; read once, however many loaders ask. */
    currentUser: () => Promise<CurrentUser>;
  }
}

export function getLoadContext({
  request,
  context,
}: {
  request: Request;
  context: { cloudflare: Cloudflare; nonce?: string };
}): AppLoadContext {
  const config = getConfig(context.cloudflare.env);
  let currentUser: Promise<CurrentUser> | undefined;
  return {
    cloudflare: context.cloudflare,
    nonce: context.nonce ?? "",
    config,
    publicConfig: getPublicConfig(config),
    currentUser: () => (currentUser ??= getCurrentUser(context.cloudflare.env, request)),
  };
}
