// What the Verkaufshelfer knows about an ad: title, condition and defects with their photo from the
// finished ad; shipping, pickup, shipping cost and carrier and the pickup place from the seller's offer
// record (the ad's fields, ADR 041) — never read again from the ad text.
import type { Availability, Carrier } from "../../../lib/offer-facts";
import type { Ad, User } from "../../db/schema";

export type AdFacts = {
  title: string;
  condition: string | null;
  defects: Array<{ text: string; photoIndex: number | null }>;
  place: string | null;
  /** Shipping and pickup as the seller said them (ADR 064); null = not stated, answered as a question the seller answers. */
  shipping: Availability | null;
  pickup: Availability | null;
  /** Euro cents the buyer pays for shipping (0 = included); null = not stated. */
  shippingCost: number | null;
  carrier: Carrier | null;
  category: string;
};

type Analysis = { condition?: unknown; defects?: unknown };

export function adFacts(
  ad: Pick<
    Ad,
    | "optimizedTitle"
    | "itemName"
    | "imageAnalysis"
    | "category"
    | "shipping"
    | "pickup"
    | "shippingCost"
    | "shippingCarrier"
    | "postalCode"
    | "city"
  >,
  owner: Pick<User, "city" | "postalCode">,
): AdFacts {
  const analysis = (ad.imageAnalysis ?? {}) as Analysis;
  const defects = Array.isArray(analysis.defects)
    ? analysis.defects.filter((defect): defect is { text: string; photoIndex: number | null } => typeof defect?.text === "string")
    : [];
  const adPlace = [ad.postalCode, ad.city].filter(Boolean).join(" ");
  const ownerPlace = [owner.postalCode, owner.city].filter(Boolean).join(" ");
  return {
    title: ad.optimizedTitle ?? ad.itemName,
    condition: typeof analysis.condition === "string" ? analysis.condition : null,
    defects,
    place: adPlace || ownerPlace || null,
    shipping: ad.shipping,
    pickup: ad.pickup,
    shippingCost: ad.shippingCost,
    carrier: ad.shippingCarrier,
    category: ad.category,
  };
}
