// What the Verkaufshelfer knows about an ad, read from the finished ad itself: title, condition,
// defects with their photo, pickup place and whether shipping was offered.
import type { Ad, User } from "../db/schema";

export type AdFacts = {
  title: string;
  condition: string | null;
  defects: Array<{ text: string; photoIndex: number | null }>;
  place: string | null;
  shipping: "yes" | "no" | "unknown";
  category: string;
};

type Analysis = { condition?: unknown; defects?: unknown };

export function adFacts(
  ad: Pick<Ad, "optimizedTitle" | "itemName" | "optimizedDescription" | "imageAnalysis" | "category">,
  owner: Pick<User, "city" | "postalCode">,
): AdFacts {
  const text = ad.optimizedDescription ?? "";
  const analysis = (ad.imageAnalysis ?? {}) as Analysis;
  const defects = Array.isArray(analysis.defects)
    ? analysis.defects.filter((defect): defect is { text: string; photoIndex: number | null } => typeof defect?.text === "string")
    : [];
  const pickup = text.match(
    /(?:[Aa]bhol\p{L}*|[Üü]bergabe)[^\n.,;]*?\s(?:in|aus|bei)\s+((?:\d{5}\s+)?[A-ZÄÖÜ][\p{L}-]+(?:[ -][A-ZÄÖÜ][\p{L}-]+)?)/u,
  );
  const ownerPlace = [owner.postalCode, owner.city].filter(Boolean).join(" ") || null;
  const shipping = /nur abholung|kein versand|keinen versand|versand nicht möglich/i.test(text)
    ? "no"
    : /versand|verschick|versende/i.test(text)
      ? "yes"
      : "unknown";
  return {
    title: ad.optimizedTitle ?? ad.itemName,
    condition: typeof analysis.condition === "string" ? analysis.condition : null,
    defects,
    place: pickup?.[1] ?? ownerPlace,
    shipping,
    category: ad.category,
  };
}
