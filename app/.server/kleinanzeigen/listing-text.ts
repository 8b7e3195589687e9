// The title and text a Kleinanzeigen listing carries, at publishing (app-worker/kleinanzeigen/listing-body.ts)
// and after every edit (ADR 076): the platform-ready variant of the ad.
import { adTextOf } from "../../lib/ad-text";
import { platformVariant } from "../../lib/platform-variants";
import type { Ad } from "../db/schema";

export function kleinanzeigenText(ad: Ad): { title: string; description: string } {
  // The price is the listing's own field (and follows price cuts there), so the text names none.
  const variant = platformVariant("kleinanzeigen", { ...adTextOf(ad), priceLabel: null });
  return { title: variant.title, description: variant.description };
}
