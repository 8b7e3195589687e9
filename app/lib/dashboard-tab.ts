// The dashboard's tab lives in the address (`?tab=neu`), so Back and reload keep the seller's place.
// Switching it changes nothing the server knows: no route loads its data again, so the tab switches
// at once, also on a slow connection (the root's and the home page's `shouldRevalidate`).
import type { ShouldRevalidateFunction } from "@remix-run/react";

/** The search parameter that holds the tab. */
export const TAB_PARAM = "tab";
/** Its value for "Neue Anzeige"; without it, "Meine Anzeigen" shows. */
export const CREATE_TAB = "neu";

function withoutTab(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete(TAB_PARAM);
  return params.toString();
}

/**
 * No loader runs again when only the tab changed. Everything else keeps Remix's default. A
 * revalidation asked for while a tab switch is under way is skipped with it, so the page asks for it
 * once the switch has ended (DashboardPage).
 */
export const skipTabSwitch: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return defaultShouldRevalidate;
  return withoutTab(currentUrl) === withoutTab(nextUrl) ? false : defaultShouldRevalidate;
};
