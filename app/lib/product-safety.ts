// A dealer's product-safety contacts for eBay (EU General Product Safety Regulation, ADR 073): the
// manufacturer and, where it is not in the EU, the responsible person in the EU — what eBay's
// regulatory container (slr:Manufacturer, slr:ResponsiblePerson) carries. One schema for the
// profile form and PUT /api/profile/product-safety. The lengths are eBay's.
import { z } from "./zod";

/** The EU's member states (ISO 3166-1 alpha-2), in German: GPSR asks for one economic operator here. */
export const EU_COUNTRIES = {
  BE: "Belgien",
  BG: "Bulgarien",
  DK: "Dänemark",
  DE: "Deutschland",
  EE: "Estland",
  FI: "Finnland",
  FR: "Frankreich",
  GR: "Griechenland",
  IE: "Irland",
  IT: "Italien",
  HR: "Kroatien",
  LV: "Lettland",
  LT: "Litauen",
  LU: "Luxemburg",
  MT: "Malta",
  NL: "Niederlande",
  AT: "Österreich",
  PL: "Polen",
  PT: "Portugal",
  RO: "Rumänien",
  SE: "Schweden",
  SK: "Slowakei",
  SI: "Slowenien",
  ES: "Spanien",
  CZ: "Tschechien",
  HU: "Ungarn",
  CY: "Zypern",
} as const;
/** Where manufacturers outside the EU often sit; any other ISO code is taken too. */
export const OTHER_COUNTRIES = {
  CN: "China",
  GB: "Vereinigtes Königreich",
  CH: "Schweiz",
  US: "USA",
  JP: "Japan",
  KR: "Südkorea",
} as const;

const isEu = (country: string) => country in EU_COUNTRIES;
/** Every country the form offers; the documented schema names them, so a client knows the choice. */
type CountryCode = keyof typeof EU_COUNTRIES | keyof typeof OTHER_COUNTRIES;
const COUNTRY_CODES = [...Object.keys(EU_COUNTRIES), ...Object.keys(OTHER_COUNTRIES)] as [CountryCode, ...CountryCode[]];

/** One party: company, street, postal code, city, country and e-mail, as eBay takes them. */
function party(who: string) {
  const field = (label: string, max: number) =>
    z
      .string({ error: `Gib ${label} ${who} an.` })
      .trim()
      .min(1, { error: `Gib ${label} ${who} an.` })
      .max(max, { error: `${label[0].toUpperCase()}${label.slice(1)} ${who} darf höchstens ${max} Zeichen lang sein.` });
  return z.object({
    companyName: field("den Firmennamen", 100),
    street: field("die Straße und Hausnummer", 180),
    postalCode: z
      .string({ error: `Gib die Postleitzahl ${who} an.` })
      .trim()
      .regex(/^[A-Za-z0-9 -]{3,9}$/, { error: `Die Postleitzahl ${who} hat 3 bis 9 Zeichen (Ziffern, Buchstaben).` }),
    city: field("den Ort", 64),
    country: z.enum(COUNTRY_CODES, { error: `Wähle das Land ${who}.` }),
    email: z
      .email({ error: `Gib eine gültige E-Mail-Adresse ${who} an.` })
      .max(180, { error: `Die E-Mail-Adresse ${who} darf höchstens 180 Zeichen lang sein.` }),
  });
}

export const productSafetySchema = z
  .object({
    manufacturer: party("des Herstellers"),
    responsiblePerson: party("der verantwortlichen Person").nullable().default(null),
  })
  .superRefine((contacts, ctx) => {
    if (isEu(contacts.manufacturer.country)) return;
    if (!contacts.responsiblePerson)
      ctx.addIssue({
        code: "custom",
        path: ["responsiblePerson"],
        message: "Sitzt der Hersteller außerhalb der EU, verlangt eBay eine verantwortliche Person in der EU. Trage sie ein.",
      });
    else if (!isEu(contacts.responsiblePerson.country))
      ctx.addIssue({
        code: "custom",
        path: ["responsiblePerson", "country"],
        message: "Die verantwortliche Person muss in der EU sitzen.",
      });
  });

export type ProductSafetyInput = z.input<typeof productSafetySchema>;
export type ProductSafety = z.output<typeof productSafetySchema>;
