import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/** The signed-in user from the root loader, or null for visitors. */
export function useOptionalUser() {
  return useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
}

export function usePublicConfig() {
  return useRouteLoaderData<typeof rootLoader>("root")?.publicConfig ?? null;
}
