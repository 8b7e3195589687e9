// What a seller sends to create an ad, validated the same way by the form and the API: the create
// form runs `adTextFieldsSchema` before sending, so it shows the API's German messages, word for word.
import { z } from "./zod";
import { CATEGORY_VALUES } from "./categories";
import { DESCRIPTION_MAX, noteTooLongMessage } from "./ad-limits";
import { ITEM_NAME_MAX } from "./item-name";
import { PLATFORM_VALUES } from "./platforms";
import { MAX_PHOTO_BYTES, MAX_PHOTO_MEGABYTES, MAX_PHOTOS } from "./photo-limits";
import { AVAILABILITIES, CARRIERS, PRICE_TYPES } from "./offer-facts";
import { euroInputToCents } from "./euro-input";

export { DESCRIPTION_MAX, ITEM_NAME_MAX, MAX_PHOTO_BYTES, MAX_PHOTO_MEGABYTES, MAX_PHOTOS };
export const PROMPT_MAX = 4000;
export const PROMPT_KEYS = ["image_analysis", "title", "description", "legal_notes"] as const;
export type PromptKey = (typeof PROMPT_KEYS)[number];

const optionalPrompt = z
  .string()
  .max(PROMPT_MAX, { error: `Ein KI-Prompt darf höchstens ${PROMPT_MAX} Zeichen lang sein.` })
  .transform((value) => value.trim() || undefined)
  .optional();

export const PRICE_MAX_EUR = 1_000_000;
const ITEM_NAME_MESSAGE = "Bitte gib an, was du verkaufst.";
const PRICE_MESSAGE = "Bitte gib den Preis als Betrag in Euro an, z. B. 250 oder 12,50.";

/** Form fields arrive as strings; an empty one means "not given". */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** "250", "250 €", "1.200", "12,50", "70,-" → euros, from 0 to `max`: an amount as the seller types it (ADR 028), read by euro-input.ts as every price field. */
function euroField(message: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .union([z.number(), z.string()], { error: message })
      .transform((value, context) => {
        // A JSON number is euros with at most two decimals, never read with thousands separators.
        const cents =
          typeof value === "number"
            ? /^\d+(?:\.\d{1,2})?$/.test(String(value))
              ? Math.round(value * 100)
              : null
            : euroInputToCents(value);
        if (cents === null || cents > max * 100) {
          context.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return cents / 100;
      })
      .optional(),
  );
}

/** The seller's asking price in euros. */
export const sellerPriceField = euroField(PRICE_MESSAGE, PRICE_MAX_EUR);

/** What the buyer pays for shipping, in euros; 0 = included (ADR 041). */
export const SHIPPING_MAX_EUR = 500;
const shippingCostField = euroField(
  `Bitte gib die Versandkosten als Betrag in Euro an, z. B. 5,49 – oder 0 für „Versand inklusive“ (höchstens ${SHIPPING_MAX_EUR} €).`,
  SHIPPING_MAX_EUR,
);
export const SWAP_CHOICES = ["ja", "nein"] as const;
const DELIVERY_MAX_KM = 200;
const DELIVERY_MESSAGE = `Bitte gib den Umkreis deiner Lieferung in ganzen Kilometern an (1 bis ${DELIVERY_MAX_KM}).`;

export const sellerOfferFields = {
  price: sellerPriceField,
  priceType: z.preprocess(blankToUndefined, z.enum(PRICE_TYPES, { error: "Bitte wähle Festpreis, VB oder Zu verschenken." }).optional()),
  shipping: z.preprocess(
    blankToUndefined,
    z.enum(AVAILABILITIES, { error: "Bitte wähle beim Versand „Versand möglich“ oder „Kein Versand“." }).optional(),
  ),
  pickup: z.preprocess(
    blankToUndefined,
    z.enum(AVAILABILITIES, { error: "Bitte wähle bei der Abholung „Abholung möglich“ oder „Keine Abholung“." }).optional(),
  ),
  postalCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{5}$/, { error: "Bitte gib eine fünfstellige Postleitzahl an." })
      .meta({ examples: ["81373"] })
      .optional(),
  ),
  city: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(60, { error: "Der Ort darf höchstens 60 Zeichen lang sein." })
      .meta({ examples: ["München"] })
      .optional(),
  ),
  shippingCost: shippingCostField,
  shippingCarrier: z.preprocess(blankToUndefined, z.enum(CARRIERS, { error: "Bitte wähle einen Versanddienst aus der Liste." }).optional()),
  swap: z.preprocess(blankToUndefined, z.enum(SWAP_CHOICES, { error: "Bitte wähle „Tausch möglich“ oder „Kein Tausch“." }).optional()),
  /** The seller's own delivery radius, "Lieferung im Umkreis von 20 km" (ADR 075). */
  deliveryKm: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: DELIVERY_MESSAGE })
      .int({ error: DELIVERY_MESSAGE })
      .min(1, { error: DELIVERY_MESSAGE })
      .max(DELIVERY_MAX_KM, { error: DELIVERY_MESSAGE })
      .meta({ examples: [20] })
      .optional(),
  ),
};

/** An empty form field means "remove it" in an edit (null); a field left out changes nothing. */
const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/**
 * Price, price type, shipping, pickup and PLZ/Ort in an edit: the creation rules (same German errors);
 * an empty field removes the value, a field left out keeps it.
 */
function clearable<T extends z.ZodType>(field: T, description: string) {
  return z.preprocess(blankToNull, field.nullable()).describe(description);
}

const editOfferFields = {
  price: clearable(sellerOfferFields.price, "optional: dein Preis in Euro; leer = Preis entfernen, weggelassen = unverändert"),
  priceType: clearable(sellerOfferFields.priceType, "optional: festpreis, vb oder verschenken; leer = entfernen"),
  shipping: clearable(sellerOfferFields.shipping, "optional: offered = Versand möglich, excluded = kein Versand; leer = entfernen"),
  pickup: clearable(sellerOfferFields.pickup, "optional: offered = Abholung möglich, excluded = keine Abholung; leer = entfernen"),
  postalCode: clearable(sellerOfferFields.postalCode, "optional: fünfstellige PLZ; leer = entfernen"),
  city: clearable(sellerOfferFields.city, "optional: Ort; leer = entfernen"),
  shippingCost: clearable(sellerOfferFields.shippingCost, "optional: Versandkosten in Euro, 0 = inklusive; leer = entfernen"),
  shippingCarrier: clearable(sellerOfferFields.shippingCarrier, "optional: Versanddienst (DHL, Hermes, …); leer = entfernen"),
  swap: clearable(sellerOfferFields.swap, "optional: ja = Tausch möglich, nein = kein Tausch; leer = entfernen"),
  deliveryKm: clearable(sellerOfferFields.deliveryKm, "optional: eigene Lieferung im Umkreis von so vielen km; leer = entfernen"),
};

export const adTextFieldsSchema = z.object({
  itemName: z
    .string({ error: ITEM_NAME_MESSAGE })
    .trim()
    .min(1, { error: ITEM_NAME_MESSAGE })
    .max(ITEM_NAME_MAX, { error: `Der Artikelname darf höchstens ${ITEM_NAME_MAX} Zeichen lang sein.` }),
  category: z.enum(CATEGORY_VALUES, { error: "Bitte wähle eine Kategorie aus der Liste." }),
  description: z
    .string()
    .trim()
    // The message names how much to cut; the create form shows the same words under the field.
    .max(DESCRIPTION_MAX, {
      error: (issue) => noteTooLongMessage(typeof issue.input === "string" ? issue.input.length : DESCRIPTION_MAX + 1),
    })
    .optional()
    .transform((value) => value || undefined),
  platform: z.enum(PLATFORM_VALUES, { error: "Unbekannte Plattform." }).optional(),
  prompt_image_analysis: optionalPrompt,
  prompt_title: optionalPrompt,
  prompt_description: optionalPrompt,
  prompt_legal_notes: optionalPrompt,
  ...sellerOfferFields,
});

export type AdTextFields = z.infer<typeof adTextFieldsSchema>;

export const PHOTO_MESSAGES = {
  none: "Bildupload fehlgeschlagen: Bitte lade mindestens ein Foto hoch.",
  /** The form's own check before anything is sent. */
  missing: "Bitte füge mindestens ein Foto hinzu – ohne Foto wird keine Anzeige erstellt.",
  tooMany: `Bildupload fehlgeschlagen: Höchstens ${MAX_PHOTOS} Fotos pro Anzeige.`,
  tooLarge: (name: string) => `Bildupload fehlgeschlagen: „${name}“ ist größer als ${MAX_PHOTO_MEGABYTES} MB.`,
  notImage: (name: string) => `Bildupload fehlgeschlagen: „${name}“ ist kein JPG-, PNG- oder WebP-Bild.`,
} as const;

export const adEditSchema = z.object({
  optimizedTitle: z
    .string({ error: "Bitte gib einen Titel ein." })
    .trim()
    .min(1, { error: "Bitte gib einen Titel ein." })
    .max(150, { error: "Der Titel darf höchstens 150 Zeichen lang sein." }),
  optimizedDescription: z
    .string({ error: "Bitte gib eine Beschreibung ein." })
    .trim()
    .min(1, { error: "Bitte gib eine Beschreibung ein." })
    .max(6000, { error: "Die Beschreibung darf höchstens 6000 Zeichen lang sein." }),
  removeImage: z.enum(["true", "false"]).optional(),
  /** Which photo the edit removes or replaces (0 = the first photo, the cover). */
  imageIndex: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_PHOTOS - 1)
    .optional(),
  ...editOfferFields,
});

/** The seller's prompts as /settings saves them (PUT /api/prompts); missing keys go back to the default. */
export const promptSettingsSchema = z.object({
  image_analysis: optionalPrompt,
  title: optionalPrompt,
  description: optionalPrompt,
  legal_notes: optionalPrompt,
});
