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

/** A name of at most 50 characters that must match `pattern` (one pattern, as the OpenAPI document shows it). */
const nameField = (label: string, pattern: RegExp, rule: string) =>
  z
    .string()
    .trim()
    .max(50, { error: `${label} darf höchstens 50 Zeichen lang sein.` })
    .regex(pattern, { error: `${label} ${rule}` });

/** A place's name: letters of any script, spaces, hyphens, apostrophes and dots ("Frankfurt a.M."). */
const placeName = (label: string) =>
  nameField(label, /^[\p{L}][\p{L}\p{M} .'’-]*$/u, "darf nur Buchstaben, Leerzeichen, Bindestrich, Apostroph und Punkt enthalten.");

/**
 * A person's name, which mails to other people show (the invite): as a place's name, but a dot only
 * ends a word ("Dr. Anna", "J. R."), so no domain or web address ("hilfe.de") fits in.
 */
const personName = (label: string) =>
  nameField(
    label,
    /^(?!.*\.\S)[\p{L}][\p{L}\p{M} .'’-]*$/u,
    "darf nur Buchstaben, Leerzeichen, Bindestrich und Apostroph enthalten, einen Punkt nur am Wortende (wie in „Dr.“): keine Internetadresse.",
  );

/** The first name as the profile takes it; a mail names a person only by a name that passes it. */
export const firstNameSchema = personName("Der Vorname");

export const profileSchema = z
  .object({
    firstName: optional(firstNameSchema, "Anna"),
    lastName: optional(personName("Der Nachname"), "Schmidt"),
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
    city: optional(placeName("Der Ort"), "Köln"),
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
