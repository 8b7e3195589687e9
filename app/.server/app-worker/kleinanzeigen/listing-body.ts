// The listing Kleinanzeigen receives, filled from the ad's offer record (ADR 041, ADR 048): the
// platform-ready text, the seller's price and its type, and the attributes Kleinanzeigen shows as
// fields — the condition and whether the item is shipped — in the shapes of contract.ts. The
// category is the one the dealer chose in the review (else the suggestion).
import { listingPrice, offeredPriceType } from "../../../lib/ad-price";
import type { Ad, User } from "../../db/schema";
import { suggestCategoryPath } from "./category";
import { kleinanzeigenText } from "../../kleinanzeigen/listing-text";
import {
  ATTRIBUTE_KEYS,
  SHIPPING_VALUES,
  type KleinanzeigenCondition,
  type KleinanzeigenPriceType,
  type ListingAttributes,
  type ListingBody,
} from "../../kleinanzeigen/contract";

export const PRICE_TYPE_OF = { festpreis: "FIXED", vb: "NEGOTIABLE", verschenken: "GIVE_AWAY" } as const satisfies Record<
  string,
  KleinanzeigenPriceType
>;

/** The record's condition words → Kleinanzeigen's condition; the first rule that matches wins. */
const CONDITION_RULES: ReadonlyArray<[RegExp, KleinanzeigenCondition]> = [
  [/defekt|bastler|ersatzteil|kaputt/i, "defect"],
  [/^neu\b|originalverpackt|ungeöffnet|unbenutzt|ungetragen/i, "new"],
  [/neuwertig|wie neu|fast neu|sehr gut|hervorragend|\btop\b|einwandfrei|tadellos/i, "like_new"],
  [/in ordnung|akzeptabel|deutliche gebrauchsspuren|abgenutzt/i, "alright"],
  [/\bgut\b/i, "ok"],
];

/** Kleinanzeigen's condition for the record's words; null when the record states none (nothing is invented). */
export function kleinanzeigenConditionOf(words: string | null | undefined): KleinanzeigenCondition | null {
  const text = (words ?? "").trim();
  if (!text) return null;
  return CONDITION_RULES.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** A condition chosen in the review, in the record's words (the generator's labels, ADR 043). */
export const CONDITION_WORDS: Record<KleinanzeigenCondition, string> = {
  new: "Neu",
  like_new: "Sehr gut",
  ok: "Gut",
  alright: "Akzeptabel",
  defect: "Defekt – für Bastler",
};

/** Condition and shipping from the record; a fact the record does not state is left out. */
export function listingAttributes(ad: Pick<Ad, "imageAnalysis" | "shipping">): ListingAttributes {
  const condition = kleinanzeigenConditionOf(ad.imageAnalysis?.condition);
  const shipping = ad.shipping === null ? null : ad.shipping === "excluded" ? SHIPPING_VALUES.pickupOnly : SHIPPING_VALUES.possible;
  return {
    ...(condition ? { [ATTRIBUTE_KEYS.condition]: condition } : {}),
    ...(shipping ? { [ATTRIBUTE_KEYS.shipping]: shipping } : {}),
  };
}

/** The listing as Kleinanzeigen takes it: the platform-ready text, the seller's price in euros, the record's attributes. */
export function listingBody(ad: Ad, user: User, category: string = suggestCategoryPath(ad)): ListingBody {
  const { title, description } = kleinanzeigenText(ad);
  const price = listingPrice(ad);
  const cents = price?.cents ?? 0;
  // The record's type; a price given without one is a Festpreis here as on every surface (ADR 041).
  const type = PRICE_TYPE_OF[offeredPriceType(cents, price?.type ?? null)];
  const contactPerson = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.companyName || undefined;
  return {
    title,
    description,
    category,
    adType: "OFFER",
    price: { type, amount: type === "GIVE_AWAY" ? 0 : cents / 100 },
    attributes: listingAttributes(ad),
    customReference: ad.id,
    ...(contactPerson ? { contactPerson } : {}),
    ...(user.phone ? { phoneNumber: user.phone } : {}),
    buyNow: false,
  };
}
