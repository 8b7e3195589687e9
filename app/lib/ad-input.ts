// What a seller sends to create an ad, validated the same way by the form and the API.
import { z } from "./zod";
import { CATEGORY_VALUES } from "./categories";
import { PLATFORM_VALUES } from "./platforms";

export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const ITEM_NAME_MAX = 100;
export const DESCRIPTION_MAX = 2000;
export const PROMPT_MAX = 4000;
export const PROMPT_KEYS = ["image_analysis", "title", "description", "legal_notes"] as const;
export type PromptKey = (typeof PROMPT_KEYS)[number];

const optionalPrompt = z
  .string()
  .max(PROMPT_MAX, { error: `Ein KI-Prompt darf höchstens ${PROMPT_MAX} Zeichen lang sein.` })
  .transform((value) => value.trim() || undefined)
  .optional();

export const adTextFieldsSchema = z.object({
  itemName: z
    .string({ error: "Bitte gib an, was du verkaufst (Artikelname)." })
    .trim()
    .min(1, { error: "Bitte gib an, was du verkaufst (Artikelname)." })
    .max(ITEM_NAME_MAX, { error: `Der Artikelname darf höchstens ${ITEM_NAME_MAX} Zeichen lang sein.` }),
  category: z.enum(CATEGORY_VALUES, { error: "Bitte wähle eine gültige Kategorie." }),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, { error: `Die Beschreibung darf höchstens ${DESCRIPTION_MAX} Zeichen lang sein.` })
    .optional()
    .transform((value) => value || undefined),
  platform: z.enum(PLATFORM_VALUES, { error: "Unbekannte Plattform." }).optional(),
  prompt_image_analysis: optionalPrompt,
  prompt_title: optionalPrompt,
  prompt_description: optionalPrompt,
  prompt_legal_notes: optionalPrompt,
});

export type AdTextFields = z.infer<typeof adTextFieldsSchema>;

export const PHOTO_MESSAGES = {
  none: "Bildupload fehlgeschlagen: Bitte lade mindestens ein Foto hoch.",
  tooMany: `Bildupload fehlgeschlagen: Höchstens ${MAX_PHOTOS} Fotos pro Anzeige.`,
  tooLarge: (name: string) => `Bildupload fehlgeschlagen: „${name}“ ist größer als 10 MB.`,
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
  /** Which photo the edit removes or replaces (0 = the first, best photo). */
  imageIndex: z.coerce.number().int().min(0).max(MAX_PHOTOS - 1).optional(),
});

/** The seller's prompts as /settings saves them (PUT /api/prompts); missing keys go back to the default. */
export const promptSettingsSchema = z.object({
  image_analysis: optionalPrompt,
  title: optionalPrompt,
  description: optionalPrompt,
  legal_notes: optionalPrompt,
});
