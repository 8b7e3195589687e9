// "Wo ist die Anzeige online?": the seller pastes the address of the posted ad; only addresses on
// the known marketplace hosts are taken, so the public page never sends buyers anywhere else.
// No zod here: the public ad page loads this module (the request schema is in .server/ads/listing.ts).
import { PLATFORMS, type Platform } from "./platforms";

export const MARKETPLACE_HOSTS: Record<Platform, readonly string[]> = {
  kleinanzeigen: ["kleinanzeigen.de"],
  ebay: ["ebay.de", "ebay.at", "ebay.ch", "ebay.com"],
  vinted: ["vinted.de", "vinted.at", "vinted.com"],
  willhaben: ["willhaben.at"],
  facebook: ["facebook.com"],
};

export const LISTING_URL_MAX = 500;

export const LISTING_URL_MESSAGE =
  "Bitte füge den Link zu deiner Anzeige bei Kleinanzeigen, eBay, Vinted, willhaben oder Facebook Marketplace ein (https://…).";

/**
 * The subdomains a listing is shown on. Any other subdomain may be a service of the marketplace
 * that forwards anywhere (eBay's rover.ebay.com, Facebook's l.facebook.com), so it is refused.
 */
const LISTING_SUBDOMAINS: Record<Platform, readonly string[]> = {
  kleinanzeigen: ["", "www.", "m."],
  // sandbox.ebay.de: where eBay's sandbox shows a listing (the `webUrl` of app/.server/ebay/config.ts).
  ebay: ["", "www.", "m.", "sandbox."],
  vinted: ["", "www."],
  willhaben: ["", "www."],
  facebook: ["", "www.", "m."],
};

/** The marketplace an address belongs to (its host, or the subdomain a listing is shown on), or null. */
export function marketplaceOf(address: string): Platform | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  for (const [platform, hosts] of Object.entries(MARKETPLACE_HOSTS) as Array<[Platform, readonly string[]]>) {
    if (hosts.some((known) => LISTING_SUBDOMAINS[platform].some((sub) => host === `${sub}${known}`))) return platform;
  }
  return null;
}

/** "Zur Anzeige bei eBay" */
export function listingButtonLabel(address: string): string | null {
  const platform = marketplaceOf(address);
  return platform ? `Zur Anzeige bei ${PLATFORMS[platform].label}` : null;
}
