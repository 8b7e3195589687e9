// Where a listing is on eBay (ADR 045): the ad's own place, else the profile's, as an inventory
// location of the seller's — an existing one with that postal code, or one created on first use with
// the key `ap-plz-<PLZ>`. A warehouse location needs only its postal code and country:
// https://developer.ebay.com/api-docs/sell/inventory/resources/location/methods/createInventoryLocation
// https://developer.ebay.com/api-docs/sell/inventory/types/api:Address
// https://developer.ebay.com/api-docs/sell/static/inventory/managing-inventory-locations.html
import { eq } from "drizzle-orm";
import type { Ad, User } from "../db/schema";
import { users } from "../db/schema";
import { ebayRead } from "./account";
import { ebayRequest, type EbaySession } from "./client";
import { ebayPublishError } from "./errors";
import { locationsSchema, type InventoryLocation, type InventoryLocationFull } from "./types";

export type Place = { postalCode: string; city: string | null };

/** A German PLZ: the only kind an EBAY_DE location is created from here (country DE). */
const GERMAN_PLZ = /^\d{5}$/;

export function placeOf(holder: Pick<User, "postalCode" | "city"> | Pick<Ad, "postalCode" | "city">): Place | null {
  const postalCode = holder.postalCode?.trim() ?? "";
  return GERMAN_PLZ.test(postalCode) ? { postalCode, city: holder.city?.trim() || null } : null;
}

/** The key of the location created for a PLZ: alphanumerics and hyphens, far below eBay's 36. */
export function locationKeyOf(place: Place): string {
  return `ap-plz-${place.postalCode}`;
}

/**
 * The key of the seller's location at this place: an enabled one with its postal code, else a new
 * one. Creating a key that exists (a parallel request was first) is no error: eBay answers 409/25803.
 */
export async function ensureLocation(session: EbaySession, place: Place, known?: InventoryLocation[]): Promise<string> {
  const locations = known ?? (await ebayRead(session, "/sell/inventory/v1/location", locationsSchema, { limit: "100" })).locations;
  const existing = locations.find(
    (location) => location.merchantLocationStatus !== "DISABLED" && location.location?.address?.postalCode === place.postalCode,
  );
  if (existing) return existing.merchantLocationKey;
  const key = locationKeyOf(place);
  const body: InventoryLocationFull = {
    name: [place.postalCode, place.city].filter(Boolean).join(" "),
    locationTypes: ["WAREHOUSE"],
    location: { address: { postalCode: place.postalCode, ...(place.city ? { city: place.city } : {}), country: "DE" } },
  };
  const answer = await ebayRequest(session, { method: "POST", path: `/sell/inventory/v1/location/${encodeURIComponent(key)}`, body });
  const alreadyThere = answer.status === 409 || answer.errors.some((error) => error.errorId === 25803);
  if (answer.status >= 400 && !alreadyThere) throw ebayPublishError(answer.status, answer.errors);
  return key;
}

/** The listing's location: the ad's PLZ, else the profile's, else the location the seller chose. */
export async function listingLocationKey(session: EbaySession, ad: Pick<Ad, "postalCode" | "city">, chosenKey: string): Promise<string> {
  const [profile] = await session.db
    .select({ postalCode: users.postalCode, city: users.city })
    .from(users)
    .where(eq(users.id, session.userId));
  const place = placeOf(ad) ?? (profile ? placeOf(profile) : null);
  return place ? ensureLocation(session, place) : chosenKey;
}
