// The seller profile, validated by one schema in the form and in PUT /api/profile.
import { z } from "./zod";

/** An optional field: blank (or only spaces) means "not given" and is stored as null. */
const optional = (schema: z.ZodString, example: string) =>
  z
    .union([
      schema.meta({ examples: [example] }).nullable(),
      z
        .string()
        .regex(/^\s*$/)
        .transform(() => null),
    ])
    .optional();

const name = (label: string) =>
  z
    .string()
    .trim()
    .max(50, { error: `${label} darf höchstens 50 Zeichen lang sein.` })
    .regex(/^[\p{L}][\p{L}\p{M} .'-]*$/u, { error: `${label} darf nur Buchstaben, Leerzeichen, Bindestrich und Apostroph enthalten.` });

export const profileSchema = z
  .object({
    firstName: optional(name("Der Vorname"), "Anna"),
    lastName: optional(name("Der Nachname"), "Schmidt"),
    phone: optional(
      z
        .string()
        .trim()
        .regex(/^(\+|00)?[0-9][0-9 ()/-]{5,22}$/, {
          error: "Bitte gib eine gültige Telefonnummer ein, z. B. 0221 1234567 oder +49 221 1234567.",
        }),
      "0221 1234567",
    ),
    address: optional(z.string().trim().max(100, { error: "Die Adresse darf höchstens 100 Zeichen lang sein." }), "Domstraße 1"),
    city: optional(name("Der Ort"), "Köln"),
    postalCode: optional(
      z
        .string()
        .trim()
        .regex(/^\d{4,5}$/, { error: "Bitte gib eine gültige Postleitzahl ein (4 Ziffern in AT/CH, 5 in DE)." }),
      "50667",
    ),
    businessType: z.enum(["private", "commercial"], { error: "Bitte wähle, ob du privat oder gewerblich verkaufst." }).default("private"),
    companyName: optional(
      z
        .string()
        .trim()
        .min(2, { error: "Der Firmenname ist zu kurz." })
        .max(100, { error: "Der Firmenname darf höchstens 100 Zeichen lang sein." }),
      "Schmidt Second Hand GmbH",
    ),
  })
  .superRefine((profile, ctx) => {
    if (profile.businessType === "commercial" && !profile.companyName) {
      ctx.addIssue({
        code: "custom",
        path: ["companyName"],
        message: "Für gewerbliche Verkäufer ist der Firmenname Pflicht (er erscheint als Impressum in deinen Anzeigen).",
      });
    }
  })
  .transform((profile) => ({ ...profile, companyName: profile.businessType === "commercial" ? profile.companyName : null }));

export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;
export type ProfileField = keyof Profile;

export const BUSINESS_TYPES = { private: "Privater Verkäufer", commercial: "Gewerblicher An- und Verkauf" } as const;

/** Field → first message, for showing errors under the fields. */
export function fieldErrors(error: {
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>;
}): Partial<Record<ProfileField, string>> {
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as ProfileField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
