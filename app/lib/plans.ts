// The one plan catalogue: landing, investor page, subscribe page and plan enforcement read it.
// Prices are what consumers pay, VAT included (Preisangabenverordnung); amounts in cents.

export const PLAN_IDS = ["free", "pro_pack", "power", "pro_weekly"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The plans an account's `plan_type` holds; the weekly plan is its subscription status beside it. */
export const ACCOUNT_PLANS = ["free", "pro_pack", "power"] as const satisfies readonly PlanId[];
export type AccountPlan = (typeof ACCOUNT_PLANS)[number];

/** The plans bought through a Stripe Payment Link (`/api/billing/checkout/{plan}`). */
export const PAYMENT_LINK_PLANS = ["pro_pack", "power"] as const satisfies readonly PlanId[];

/** The free ad a new person gets once (docs/PRODUCT.md, "The free ad"). */
export const FREE_AD_CREDITS = 1;

export type Plan = {
  id: PlanId;
  name: string;
  priceCents: number;
  /** Shown after the price: "einmalig", "pro Monat", "pro Woche". */
  period: string;
  billing: "free" | "one_time" | "monthly" | "weekly";
  description: string;
  features: string[];
  buttonText: string;
  /** What the plan grants (enforced by the credit reservation). */
  grants: { credits?: number; monthlyAllowance?: number; unlimited?: boolean };
};

const SHARED_FEATURES = ["Premium-KI-Optimierung", "Bildanalyse mit Mängelerkennung", "Preisempfehlung", "E-Mail-Support"];

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Kostenlos testen",
    priceCents: 0,
    period: "einmalig",
    billing: "free",
    description: "Eine Anzeige gratis – ohne Kreditkarte.",
    features: [`${FREE_AD_CREDITS} KI-Anzeige`, "Titel, Beschreibung & Rechtshinweise", "Preisvorschlag"],
    buttonText: "Kostenlos starten",
    grants: { credits: FREE_AD_CREDITS },
  },
  pro_pack: {
    id: "pro_pack",
    name: "Pro Seller",
    priceCents: 500,
    period: "einmalig",
    billing: "one_time",
    description: "Für den privaten Flohmarkt: 10 Anzeigen, kein Abo.",
    features: ["10 KI-Anzeigen", ...SHARED_FEATURES],
    buttonText: "Pro Seller kaufen",
    grants: { credits: 10 },
  },
  power: {
    id: "power",
    name: "Power Seller",
    priceCents: 3900,
    period: "pro Monat",
    billing: "monthly",
    description: "Für Händler und Profis mit vielen Artikeln.",
    features: ["200 KI-Anzeigen pro Monat", ...SHARED_FEATURES, "Firmenname als Impressum"],
    buttonText: "Power Seller werden",
    grants: { monthlyAllowance: 200 },
  },
  pro_weekly: {
    id: "pro_weekly",
    name: "Pro (wöchentlich)",
    priceCents: 595,
    period: "pro Woche",
    billing: "weekly",
    description: "Unbegrenzt Anzeigen (Fair Use), wöchentlich kündbar.",
    features: ["Unbegrenzte KI-Anzeigen (Fair Use)", ...SHARED_FEATURES],
    buttonText: "Pro abonnieren",
    grants: { unlimited: true },
  },
};

/** The weekly plan's breakdown (docs/PRODUCT.md, "Plans and credits"): 5 € net + 19 % VAT 0,95 € = 5,95 €. */
export const WEEKLY_PRICE = { netCents: 500, vatRate: 0.19, vatCents: 95, totalCents: 595 } as const;

/** The offers shown side by side on the landing and investor pages. */
export const OFFERED_PLANS: Plan[] = [PLANS.free, PLANS.pro_pack, PLANS.power];

/** What a signed-in seller can buy (/upgrade): the one-off pack first, then the monthly and weekly plans. */
export const UPGRADE_PLANS: Plan[] = [PLANS.pro_pack, PLANS.power, PLANS.pro_weekly];
