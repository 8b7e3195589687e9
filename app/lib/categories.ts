// Ad categories (docs/PRODUCT.md, "Categories"): value → label. The one list for the
// landing page, the create form and the API.
export const CATEGORIES = {
  elektronik: "Elektronik & Computer",
  moebel: "Möbel & Wohnen",
  kleidung: "Kleidung & Accessoires",
  freizeit: "Sport & Freizeit",
  spielzeug: "Spielzeug & Hobbys",
  garten: "Haus & Garten",
  familie: "Familie, Kind & Baby",
  // Car parts, tyres and rims (ADR 043, "Auto, Rad & Boot"); bicycles stay in "freizeit".
  auto: "Auto, Rad & Boot",
  sonstiges: "Sonstiges",
} as const;

export type Category = keyof typeof CATEGORIES;

export const CATEGORY_VALUES = Object.keys(CATEGORIES) as [Category, ...Category[]];

export function categoryLabel(value: string): string {
  return (CATEGORIES as Record<string, string>)[value] ?? value;
}
