// The four AI prompts (docs/PRODUCT.md, "Pages", /settings). The settings page shows and edits these defaults;
// edited versions travel with ad creation as overrides. Placeholders: {itemName} {description}
// {category} {imageAnalysis} {platform}.
import type { PromptKey } from "./ad-input";

export const PROMPT_PLACEHOLDERS = ["itemName", "description", "category", "imageAnalysis", "platform"] as const;
export type PromptValues = Record<(typeof PROMPT_PLACEHOLDERS)[number], string>;

export const DEFAULT_PROMPTS: Record<PromptKey, string> = {
  image_analysis: `Du siehst ein Foto des Artikels „{itemName}“ (Kategorie: {category}), der gebraucht verkauft werden soll.
Beschreibe sachlich, was auf dem Foto zu erkennen ist: Marke, Modell, Seriennummer (nur wenn lesbar), Farbe, Zustand und jeden sichtbaren Mangel (Kratzer, Dellen, Flecken, Risse, fehlende Teile).
Bewerte außerdem, wie gut sich das Foto als Titelbild einer Anzeige eignet (Schärfe, Licht, Bildausschnitt) mit einer Zahl von 1 bis 10.
Erfinde nichts: Was nicht zu erkennen ist, bleibt leer.`,
  title: `Schreibe einen Anzeigentitel für {platform} für „{itemName}“ (Kategorie: {category}).
Nenne Marke und Modell, wenn bekannt, und das wichtigste Verkaufsargument (Zustand, Größe, Zubehör).
Keine Großbuchstaben-Wörter, keine Ausrufezeichen, keine Emojis, keine Übertreibungen.
Angaben des Verkäufers: {description}
Bildanalyse: {imageAnalysis}`,
  description: `Schreibe eine ehrliche, gut gegliederte Verkaufsbeschreibung für {platform} auf Deutsch für „{itemName}“ (Kategorie: {category}).
Gliederung mit Emoji-Überschriften in eigenen Zeilen: 📦 Artikel, ✨ Zustand, 🔧 Details, 📋 Lieferumfang, 🚚 Übergabe.
Verwende **fett** für Schlüsselbegriffe, *kursiv* sparsam und Aufzählungen mit „- “.
Nenne jeden Mangel offen. Erfinde keine Eigenschaften, die weder im Text noch in der Bildanalyse stehen.
Keine Links, keine E-Mail-Adressen, keine Telefonnummern, keine Rechtshinweise (die werden automatisch ergänzt).
Angaben des Verkäufers: {description}
Bildanalyse: {imageAnalysis}`,
  legal_notes: `Formuliere höchstens zwei kurze, praktische Hinweise zur Übergabe von „{itemName}“ (z. B. Abholung, Versand, Besichtigung).
Keine Aussagen zu Gewährleistung, Garantie, Haftung oder Widerruf – diese Rechtshinweise ergänzt AnzeigenPilot je nach Verkäufertyp selbst.`,
};

/** Fills {placeholders}; unknown placeholders stay as they are. */
export function fillPrompt(template: string, values: PromptValues): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    // Own properties only: "{constructor}" stays as it is instead of reaching into the prototype.
    Object.hasOwn(values, name) ? values[name as keyof PromptValues] || "–" : match,
  );
}
