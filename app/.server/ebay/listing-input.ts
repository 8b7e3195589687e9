// What the seller sends with "Jetzt auf eBay veröffentlichen" (ADR 036, ADR 046): category,
// condition (with the descriptors it requires, ADR 073), price, aspects, where the shipping policy
// calculates by weight and size the parcel, and where the ad names no shipping amount the amount
// (ADR 075). The limits are eBay's: aspect names ≤ 40 and values ≤ 50 characters (slr:Product.aspects).
import { z } from "zod";
import { ASPECT_NAME_MAX, ASPECT_VALUE_MAX } from "./taxonomy";
import { CONDITION_VALUES } from "./types";

const aspectValue = z.string().trim().max(ASPECT_VALUE_MAX, `Höchstens ${ASPECT_VALUE_MAX} Zeichen je Merkmal.`);
const whole = (label: string, max: number) =>
  z
    .number({ error: `Gib ${label} an.` })
    .int(`Gib ${label} als ganze Zahl an.`)
    .min(1, `Gib ${label} an.`)
    .max(max, `${label[0].toUpperCase()}${label.slice(1)} ist zu groß.`);

export const packageInputSchema = z.object({
  weightGrams: whole("das Gewicht", 150_000),
  lengthCm: whole("die Länge", 400),
  widthCm: whole("die Breite", 400),
  heightCm: whole("die Höhe", 400),
});
export type PackageInput = z.infer<typeof packageInputSchema>;

export const publishInputSchema = z.object({
  categoryId: z
    .string()
    .regex(/^\d{1,10}$/, "Wähle eine eBay-Kategorie.")
    .meta({ examples: ["20667"] }),
  condition: z.enum(CONDITION_VALUES, { error: "Wähle einen Zustand." }),
  priceCents: z
    .number({ error: "Gib einen Preis an." })
    .int()
    .min(100, "Der Preis muss mindestens 1,00 € betragen.")
    .max(10_000_000, "Der Preis ist zu hoch."),
  /** Aspect name → value (or values, where the category allows several). */
  aspects: z.record(z.string().trim().min(1).max(ASPECT_NAME_MAX), z.union([aspectValue, z.array(aspectValue).max(30)])).default({}),
  /** Descriptor id → value id: what the condition requires besides itself (trading cards, ADR 073). */
  conditionDescriptors: z
    .record(z.string().regex(/^\d{1,10}$/), z.string().regex(/^\d{1,12}$/, "Wähle einen Wert aus der Liste."))
    .default({}),
  /** Weight and size of the parcel; needed when the shipping policy calculates the cost. */
  package: packageInputSchema.optional(),
  /**
   * What the buyer pays for shipping, where the ad says the buyer pays but names no amount (ADR
   * 075); it becomes the ad's own shipping cost. Ignored when the ad names one.
   */
  shippingCostCents: z
    .number({ error: "Gib die Versandkosten in Euro an." })
    .int("Gib die Versandkosten in Euro und Cent an.")
    .min(0, "Die Versandkosten können nicht negativ sein.")
    .max(50_000, "Höchstens 500 € Versandkosten.")
    .optional()
    .describe("Versandkosten in Cent, wenn die Anzeige keine nennt; 0 = inklusive"),
});
export type PublishInput = z.infer<typeof publishInputSchema>;

/** An aspect's values as sent: one string or several, blanks dropped. */
export function aspectValues(value: string | string[] | undefined): string[] {
  return (Array.isArray(value) ? value : [value ?? ""]).map((entry) => entry.trim()).filter((entry) => entry !== "");
}
