// What the Verkaufshelfer knows about an ad: title, defects with their photo from the finished ad;
// the condition only as the seller stated it — their own words from the note and a grade only where
// they named or picked it (app/lib/condition-grade.ts) — and the payment methods they named;
// shipping, pickup, shipping cost and carrier and the pickup place from the seller's offer record
// (the ad's fields, ADR 041, 064) — never read again from the ad text.
import { conditionWords, paymentMethods, paymentWords, statedCondition } from "../../../lib/condition-grade";
import type { Availability, Carrier } from "../../../lib/offer-facts";
import type { Ad, User } from "../../db/schema";
import { readItem } from "../../ai/item";
import { readSellerFacts } from "../../../lib/seller-price";
import { nounFirst, sellersWords } from "../../ai/spelling";
import type { Gender } from "../../ai/lexicon";

export type AdFacts = {
  title: string;
  /** The item noun's gender ("pl" for "Gartenstühle"): the replies' verb and pronoun; null = not known. */
  gender: Gender | null;
  /** The grade the seller named or picked ("Neuwertig"); null = none stated. */
  condition: string | null;
  /** The seller's own condition words from the note ("funktioniert tadellos", "zweimal benutzt"). */
  conditionWords: string[];
  /** Payment methods the seller named ("PayPal", "bar"); empty = none. */
  payment: string[];
  /** The seller's payment clauses where they say more than the methods ("PayPal Freunde nur wenn …"); empty = the methods say it. */
  paymentWords: string[];
  defects: Array<{ text: string; photoIndex: number | null }>;
  place: string | null;
  /** Shipping and pickup as the seller said them (ADR 064); null = not stated, answered as a question the seller answers. */
  shipping: Availability | null;
  pickup: Availability | null;
  /** Euro cents the buyer pays for shipping (0 = included); null = not stated. */
  shippingCost: number | null;
  /** Whether the seller gave the shipping cost as an estimate ("ca 15€"). */
  shippingCostApprox: boolean;
  carrier: Carrier | null;
  category: string;
  /** Euro cents of one piece beside the lot's price ("20 € (einzeln je 8 €)"); null = none stated. */
  perPiece: number | null;
};

type Analysis = { defects?: unknown };

/** Whether the note's shipping cost comes with "ca.", "etwa", "ungefähr" or "rund" before it. */
function approximateShippingCost(note: string | null): boolean {
  const words = readSellerFacts(note).words.shippingCost;
  if (!note || !words) return false;
  const at = note.indexOf(words);
  return at > 0 && /(?:ca\.?|circa|etwa|ungefähr|rund)\s*$/iu.test(note.slice(Math.max(0, at - 12), at));
}

export function adFacts(
  ad: Pick<
    Ad,
    | "optimizedTitle"
    | "itemName"
    | "originalDescription"
    | "description"
    | "imageAnalysis"
    | "category"
    | "shipping"
    | "pickup"
    | "shippingCost"
    | "shippingCarrier"
    | "postalCode"
    | "city"
  > & { perPiecePrice?: number | null; askingPrice?: number | null },
  owner: Pick<User, "city" | "postalCode">,
): AdFacts {
  const analysis = (ad.imageAnalysis ?? {}) as Analysis;
  const defects = Array.isArray(analysis.defects)
    ? analysis.defects.filter((defect): defect is { text: string; photoIndex: number | null } => typeof defect?.text === "string")
    : [];
  const note = ad.originalDescription ?? ad.description;
  const adPlace = [ad.postalCode, ad.city].filter(Boolean).join(" ");
  const ownerPlace = [owner.postalCode, owner.city].filter(Boolean).join(" ");
  // The item's name as the ad's heading gives it ("📦 **Logitech MX Master 3 Maus**"), else the title's head:
  // what comes with it ("mit USB-Empfänger und Ladekabel") and its qualifiers after a dash ("– mit OVP") do not read in a sentence.
  const heading = /^📦\s*\*\*(.+?)\*\*\s*$/mu.exec(ad.description ?? "")?.[1]?.trim();
  const title = heading || (ad.optimizedTitle ?? ad.itemName).split(/\s+[–—|]\s+/)[0].trim() || ad.itemName;
  return {
    title,
    // The article of the name's head, where it has a gender ("das HABA Kullerbü Kugelbahn Grundpaket"), else of the typed
    // name, else of the seller's possessive in the note ("unseren sodastream").
    // The seller's own possessive in the note decides first ("verkaufe meine … french press").
    gender: readItem(title, note ?? "").gender ?? readItem(ad.itemName, "").gender,
    condition: statedCondition(ad),
    // The seller's words as a careful seller writes them ("2 saisons getragen" → "2 Saisons getragen"; ADR 086).
    // Each clause may stand inside a sentence: a noun at its start keeps its capital ("…, Wassertank hat …").
    conditionWords: conditionWords(note).map((clause) => nounFirst(sellersWords(clause))),
    payment: paymentMethods(note),
    paymentWords: paymentWords(note).map((clause) => nounFirst(sellersWords(clause))),
    defects,
    place: adPlace || ownerPlace || null,
    shipping: ad.shipping,
    pickup: ad.pickup,
    shippingCost: ad.shippingCost,
    shippingCostApprox: ad.shippingCost !== null && approximateShippingCost(note),
    carrier: ad.shippingCarrier,
    // A piece's price that is the lot's says nothing beside it ("8 € (einzeln je 8 €)").
    perPiece: ad.perPiecePrice && ad.perPiecePrice !== ad.askingPrice ? ad.perPiecePrice : null,
    category: ad.category,
  };
}
