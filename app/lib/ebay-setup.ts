// Setting a new seller up on eBay (ADR 045), shared by the profile's form and the server: the parcel
// services the form offers, what it sends, the names the policies get at eBay, and, in German,
// exactly what will be created — the form shows these lines, the server creates these things.
import { z } from "zod";
import { formatEuroCents } from "./format";

/**
 * The parcel services the setup offers, with eBay.de's service code (ShippingServiceDetails for site
 * 77, Trading API GeteBayDetails); the first is the default.
 */
export const SETUP_SERVICES = [
  { label: "DHL Paket", carrier: "DHL", code: "DE_DHLPaket" },
  { label: "DHL Päckchen", carrier: "DHL", code: "DE_DHLPackchen" },
  { label: "Hermes Paket", carrier: "Hermes", code: "DE_HermesPaket" },
] as const;
export type SetupService = (typeof SETUP_SERVICES)[number]["label"];
const SERVICE_LABELS = SETUP_SERVICES.map((service) => service.label) as [SetupService, ...SetupService[]];

/** A dealer's return period: 14 days is the legal minimum (§ 355 Abs. 2 BGB), 30 days eBay's usual "1 Monat". */
export const RETURN_DAYS = [14, 30] as const;
export const DEFAULT_SHIPPING_CENTS = 549;

export const ebaySetupInputSchema = z.object({
  service: z.enum(SERVICE_LABELS, { error: "Wähle einen Versanddienst aus der Liste." }).default("DHL Paket"),
  shippingCostCents: z
    .number({ error: "Gib die Versandkosten in Euro an." })
    .int()
    .min(0, "Die Versandkosten können nicht negativ sein.")
    .max(10_000, "Höchstens 100 € Versandkosten.")
    .default(DEFAULT_SHIPPING_CENTS),
  returnDays: z.union([z.literal(14), z.literal(30)], { error: "Wähle 14 oder 30 Tage Rückgabe." }).default(14),
});
export type EbaySetupInput = z.output<typeof ebaySetupInputSchema>;

/** What the seller's eBay account lacks, and so what the setup will create. */
export type EbaySetupPlan = {
  /** Not yet opted in to eBay's business policies. */
  optIn: boolean;
  /** The inventory location that will be created from the profile's PLZ and Ort. */
  location: { postalCode: string; city: string | null } | null;
  /** No location yet, and the profile names no German PLZ to create one from. */
  placeMissing: boolean;
  pickup: boolean;
  shipping: boolean;
  payment: boolean;
  returns: boolean;
  seller: "private" | "commercial";
};

export function setupNeeded(plan: EbaySetupPlan): boolean {
  return plan.optIn || plan.location !== null || plan.placeMissing || plan.pickup || plan.shipping || plan.payment || plan.returns;
}

const PREFIX = "AnzeigenPilot";

/** The names the policies get at eBay (unique per marketplace, at most 64 characters). */
export function policyNames(input: EbaySetupInput, seller: EbaySetupPlan["seller"]) {
  return {
    pickup: `${PREFIX}: Nur Abholung`,
    shipping: `${PREFIX}: ${input.service} ${input.shippingCostCents === 0 ? "kostenlos" : formatEuroCents(input.shippingCostCents)}`,
    payment: `${PREFIX}: Zahlung über eBay`,
    returns: seller === "commercial" ? `${PREFIX}: ${input.returnDays} Tage Rückgabe` : `${PREFIX}: Keine Rücknahme`,
  };
}

/** What the setup will create, one German line each, in the order it creates them. */
export function setupSteps(plan: EbaySetupPlan, input: EbaySetupInput): string[] {
  const names = policyNames(input, plan.seller);
  const steps: string[] = [];
  if (plan.optIn) steps.push("Geschäftsrichtlinien in deinem eBay-Konto einschalten (einmalig, kostenlos).");
  if (plan.location)
    steps.push(
      `Artikelstandort „${[plan.location.postalCode, plan.location.city].filter(Boolean).join(" ")}“ aus deinem Profil – Anzeigen mit eigenem Ort erscheinen an ihrem Ort.`,
    );
  if (plan.pickup) steps.push(`Versandrichtlinie „${names.pickup}“ – für Anzeigen, die nur abgeholt werden.`);
  if (plan.shipping)
    steps.push(`Versandrichtlinie „${names.shipping}“ – für Anzeigen mit Versand; nennt eine Anzeige eigene Versandkosten, gelten ihre.`);
  if (plan.payment) steps.push(`Zahlungsrichtlinie „${names.payment}“ – Käufer bezahlen über eBay.`);
  if (plan.returns)
    steps.push(
      plan.seller === "commercial"
        ? `Rücknahmerichtlinie „${names.returns}“ – Rückgabe innerhalb von ${input.returnDays} Tagen, Käufer trägt die Rücksendekosten (Widerrufsrecht, § 355 BGB).`
        : `Rücknahmerichtlinie „${names.returns}“ – als Privatverkäufer musst du keine Rücknahme anbieten.`,
    );
  return steps;
}
