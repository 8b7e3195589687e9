// Prompt assembly and the JSON schema the text models must answer with, shared by the
// Workers AI and OpenAI-compatible adapters.
import { fillPrompt, type PromptValues } from "../../../lib/prompts";
import { PLATFORMS } from "../../../lib/platforms";
import { AVAILABILITIES, PRICE_TYPES } from "../../../lib/offer-facts";
import { PRIVACY_KINDS } from "../../../lib/privacy-hints";
import { toBase64 } from "../../crypto/base64";
import type { GenerationInput } from "../../ai/types";

export function promptValues(input: GenerationInput, imageAnalysis: string): PromptValues {
  return {
    itemName: input.itemName,
    description: input.description ?? "",
    category: input.categoryLabel,
    imageAnalysis,
    platform: PLATFORMS[input.platform].label,
  };
}

export function toDataUri(photo: { bytes: Uint8Array; contentType: string }): string {
  return `data:${photo.contentType};base64,${toBase64(photo.bytes)}`;
}

export const SYSTEM_PROMPT =
  "Du bist AnzeigenPilot, ein erfahrener Verkäufer auf deutschen Kleinanzeigen-Portalen. Du schreibst ehrliche, konkrete Anzeigen auf Deutsch und antwortest ausschließlich mit JSON nach dem vorgegebenen Schema.";

const analysisProperties = {
  brand: { type: ["string", "null"] },
  model: { type: ["string", "null"] },
  serialNumber: { type: ["string", "null"] },
  condition: { type: ["string", "null"] },
  defects: {
    type: "array",
    items: {
      type: "object",
      properties: { text: { type: "string" }, photoIndex: { type: ["integer", "null"] } },
      required: ["text", "photoIndex"],
    },
  },
} as const;

export const AD_TEXT_SCHEMA = {
  type: "object",
  properties: {
    title: { type: "string" },
    description: { type: "string" },
    notes: { type: "array", items: { type: "string" } },
    priceSuggestionEuro: { type: "number" },
    priceMinEuro: { type: "number" },
    priceMaxEuro: { type: "number" },
  },
  required: ["title", "description", "notes", "priceSuggestionEuro", "priceMinEuro", "priceMaxEuro"],
} as const;

const UNSTATED = "null, wenn die Angaben des Verkäufers es nicht nennen";

/**
 * The offer record's facts as the model reads them from the seller's note, in the same call (ADR
 * 064): every property required and nullable as a type array (strict json_schema and guided_json
 * alike), null where the note does not state the fact. Compared with the rule reader's record
 * afterwards (offer-check.ts), never taken over.
 */
const offerProperties = {
  price: { type: ["number", "null"], description: `Preis in Euro (0 bei „zu verschenken“); ${UNSTATED}` },
  priceType: { type: ["string", "null"], enum: [...PRICE_TYPES, null], description: `Festpreis, VB oder zu verschenken; ${UNSTATED}` },
  shipping: {
    type: ["string", "null"],
    enum: [...AVAILABILITIES, null],
    description: `Versand angeboten (offered) oder ausgeschlossen (excluded); ${UNSTATED}`,
  },
  pickup: {
    type: ["string", "null"],
    enum: [...AVAILABILITIES, null],
    description: `Abholung angeboten (offered) oder ausgeschlossen (excluded); ${UNSTATED}`,
  },
  shippingCost: { type: ["number", "null"], description: `Versandkosten in Euro (0 bei „inkl. Versand“); ${UNSTATED}` },
} as const;

/**
 * Private details per photo, from the same call (ADR 069): one entry per photo the model looked at.
 * No boxes: neither the model page nor the model card documents locating objects, so a box would be
 * a guess; the seller marks the spot to blur on the device.
 */
const privacyHintsProperty = {
  type: "array",
  description: "Ein Eintrag je Foto: welche privaten Details darauf zu sehen sind",
  items: {
    type: "object",
    properties: {
      photoIndex: { type: "integer" },
      seen: { type: "array", items: { type: "string", enum: [...PRIVACY_KINDS] } },
    },
    required: ["photoIndex", "seen"],
  },
} as const;

/** The part of the prompt that asks for privacyHints. */
export const PRIVACY_INSTRUCTIONS = [
  "## Private Details",
  "Prüfe jedes Foto auf private Details des Verkäufers: Gesichter (face), Personen (person), lesbare Autokennzeichen (licensePlate), Briefe oder Dokumente mit Namen oder Adressen (document), Bildschirme mit persönlichen Daten (screen), Hausnummern (houseNumber).",
  "Gib in privacyHints für jedes Foto einen Eintrag mit photoIndex und seen: die Arten, die darauf zu sehen sind, oder eine leere Liste. Erwähne solche Details nicht im Anzeigentext.",
].join("\n");

export const FULL_AD_SCHEMA = {
  type: "object",
  properties: {
    ...AD_TEXT_SCHEMA.properties,
    bestImageIndex: { type: "integer" },
    imageAnalysis: { type: "object", properties: analysisProperties, required: Object.keys(analysisProperties) },
    offer: { type: "object", properties: offerProperties, required: Object.keys(offerProperties) },
    privacyHints: privacyHintsProperty,
  },
  required: [...AD_TEXT_SCHEMA.required, "bestImageIndex", "imageAnalysis", "offer", "privacyHints"],
} as const;

export function adTextInstructions(input: GenerationInput, imageAnalysis: string): string {
  const values = promptValues(input, imageAnalysis);
  const rules = PLATFORMS[input.platform];
  return [
    "## Titel",
    fillPrompt(input.prompts.title, values),
    `(höchstens ${rules.titleMax} Zeichen)`,
    "## Beschreibung",
    fillPrompt(input.prompts.description, values),
    "## Hinweise",
    fillPrompt(input.prompts.legal_notes, values),
    "## Preis",
    "Schätze einen realistischen Gebrauchtpreis in Euro für den deutschen Markt (priceSuggestionEuro) und eine Spanne (priceMinEuro, priceMaxEuro).",
    "## Angebot",
    "Lies aus den Angaben des Verkäufers sein Angebot (offer): Preis, Preisart, Versand, Abholung, Versandkosten. Setze null, was die Angaben nicht ausdrücklich nennen – rate nichts und übernimm nicht deine Preisschätzung.",
    input.seller.type === "commercial"
      ? "Der Verkäufer ist gewerblich; schreibe in der Wir-Form."
      : "Der Verkäufer ist privat; schreibe in der Ich-Form.",
  ].join("\n");
}
