// The local default AI (AI_PROVIDER=offline): a deterministic German ad built from the seller's
// inputs and facts computed from the photos. No network, no model. It does not claim to see
// the photos: defects come from the seller's note, the best photo from a computed score, and the
// UI labels its ads as "Offline-Modus". Without a language model to instruct, a prompt the seller
// changed in /settings is used as a text template: title, intro or notes (placeholders filled).
import { bestPhotoIndex } from "./photo-score";
import { suggestPrice } from "./pricing";
import {
  detectBrand,
  detectCondition,
  detectModel,
  detectSerialNumber,
  detectSize,
  fragments,
  sortFacts,
} from "./offline-text";
import { DEFAULT_PROMPTS, fillPrompt, type PromptValues } from "../../lib/prompts";
import { PLATFORMS } from "../../lib/platforms";
import type { AiProvider, GenerationInput, GenerationOutput } from "./types";

/** A prompt the seller changed, filled as a template; null while it is the default. */
function customTemplate(input: GenerationInput, key: keyof typeof DEFAULT_PROMPTS, values: PromptValues): string | null {
  const template = input.prompts[key];
  return template && template !== DEFAULT_PROMPTS[key] ? fillPrompt(template, values).trim() || null : null;
}

function bulletList(lines: string[]): string[] {
  return lines.map((line) => `- ${line}`);
}

function titleFor(input: GenerationInput, brand: string | null, conditionLabel: string, extras: { size: string | null; hasBox: boolean }) {
  const name = brand && !input.itemName.toLowerCase().includes(brand.toLowerCase()) ? `${brand} ${input.itemName}` : input.itemName;
  const highlights = [
    extras.size && !name.includes(extras.size) ? extras.size : null,
    conditionLabel !== "Gut" ? conditionLabel.replace(" – für Bastler", "") : null,
    extras.hasBox ? "mit OVP" : null,
  ].filter(Boolean);
  return highlights.length > 0 ? `${name} – ${highlights.join(", ")}` : name;
}

export function generateOffline(input: GenerationInput): GenerationOutput {
  const note = input.description ?? "";
  const everything = `${input.itemName}\n${note}`;
  const condition = detectCondition(everything);
  const brand = detectBrand(everything);
  const model = detectModel(input.itemName, brand);
  const serialNumber = detectSerialNumber(note);
  const size = detectSize(everything);
  const facts = sortFacts(fragments(note));
  const hasBox = /\b(ovp|originalverpackung|originalkarton)\b/i.test(note);
  const { priceSuggestion, priceMin, priceMax } = suggestPrice(input.category, condition, note);
  const bestImageIndex = bestPhotoIndex(input.photos.map((photo) => photo.bytes));
  const we = input.seller.type === "commercial";
  const values: PromptValues = {
    itemName: input.itemName,
    description: note,
    category: input.categoryLabel,
    imageAnalysis: [brand, model, condition.label].filter(Boolean).join(", "),
    platform: PLATFORMS[input.platform].label,
  };
  const customTitle = customTemplate(input, "title", values)?.split("\n")[0] ?? null;
  const customIntro = customTemplate(input, "description", values);
  const customNotes = customTemplate(input, "legal_notes", values)?.split("\n").map((line) => line.trim()).filter(Boolean) ?? null;

  const details = [
    brand ? `**Marke:** ${brand}` : null,
    model ? `**Modell:** ${model}` : null,
    serialNumber ? `**Seriennummer:** ${serialNumber}` : null,
    size ? `**Größe/Maße:** ${size}` : null,
    `**Kategorie:** ${input.categoryLabel}`,
    ...facts.details,
  ].filter((line): line is string => Boolean(line));

  const conditionLines = [
    ...facts.condition,
    ...facts.defects.map((defect) => `*Hinweis:* ${defect}`),
  ];
  if (conditionLines.length === 0) {
    conditionLines.push(
      condition.label === "Neu"
        ? "Neu und unbenutzt"
        : "Gebraucht, mit normalen Gebrauchsspuren – bitte die Fotos beachten",
    );
  }

  const contents = facts.contents.length > 0 ? facts.contents : [`${input.itemName} wie auf den Fotos zu sehen`];
  const handover =
    facts.handover.length > 0 ? facts.handover : ["Abholung oder Versand nach Absprache", "Bei Fragen gerne einfach melden"];

  const description = [
    `📦 **${brand && !input.itemName.toLowerCase().includes(brand.toLowerCase()) ? `${brand} ` : ""}${input.itemName}**`,
    customIntro ?? `${we ? "Wir verkaufen" : "Ich verkaufe"} ${input.itemName} im Zustand **${condition.label}**.`,
    "",
    `✨ **Zustand: ${condition.label}**`,
    ...bulletList(conditionLines),
    "",
    "🔧 **Details**",
    ...bulletList(details),
    "",
    "📋 **Lieferumfang**",
    ...bulletList(contents),
    "",
    "🚚 **Abholung & Versand**",
    ...bulletList(handover),
  ].join("\n");

  return {
    title: customTitle ?? titleFor(input, brand, condition.label, { size, hasBox }),
    description,
    notes: customNotes ?? (facts.handover.length > 0 ? [] : ["Besichtigung vor dem Kauf ist gerne möglich."]),
    priceSuggestion,
    priceMin,
    priceMax,
    bestImageIndex,
    imageAnalysis: {
      brand,
      model,
      serialNumber,
      condition: condition.label,
      // The offline mode cannot look at photos: defects come from the note and name no photo.
      defects: facts.defects.map((text) => ({ text, photoIndex: null })),
    },
  };
}

export const offlineProvider: AiProvider = {
  name: "offline",
  async generate(input) {
    return generateOffline(input);
  },
};
