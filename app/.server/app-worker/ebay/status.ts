// What the profile shows about eBay: set up here, connected, settings chosen. One function for the
// page's loader and GET /api/ebay.
import type { Db } from "../../db/client";
import { ebayConfigOf } from "../../ebay/config";
import { getEbayConnection, sellerSettingsOf } from "../../ebay/connection";

export async function ebayStatus(db: Db, config: Parameters<typeof ebayConfigOf>[0], userId: string) {
  const configured = ebayConfigOf(config) !== null;
  const connection = configured ? await getEbayConnection(db, userId) : null;
  return { configured, connected: connection !== null, settings: sellerSettingsOf(connection) };
}
