// The legal block every generated ad ends with (docs/PRODUCT.md, "Legal notes").
// Private sellers may exclude warranty (Sachmängelhaftung) but never for injury to life, body or
// health or for gross negligence and intent (§ 309 Nr. 7 BGB). Commercial sellers may not exclude it
// towards consumers at all (§ 476 BGB); they name themselves (imprint) and explain withdrawal.

export type SellerType = "private" | "commercial";

export const LEGAL_HEADING = "⚖️ **Rechtliche Hinweise**";

export const PRIVATE_SALE_NOTE =
  "Privatverkauf unter Ausschluss jeglicher Sachmängelhaftung. Die Haftung auf Schadensersatz wegen Verletzungen von Leben, Körper und Gesundheit sowie für grob fahrlässig oder vorsätzlich verursachte Schäden bleibt unberührt. Keine Garantie, keine Rücknahme.";

/** What a commercial seller's profile holds for the imprint. */
export type Imprint = {
  companyName: string | null;
  address?: string | null;
  postalCode?: string | null;
  city?: string | null;
  phone?: string | null;
  email?: string | null;
};

function part(value: string | null | undefined) {
  return value?.trim().replace(/[\s,;]+$/, "") || null;
}

/** "Firma, Straße 1, 12345 Ort. Telefon: … E-Mail: …" — without empty parts or doubled punctuation. */
export function imprintLine(imprint: Imprint, options: { email: boolean }): string {
  const company = part(imprint.companyName) ?? "Gewerblicher Verkäufer (Angaben im Profil ergänzen)";
  const place = [part(imprint.postalCode), part(imprint.city)].filter(Boolean).join(" ");
  const sentences = [[company, part(imprint.address), place || null].filter(Boolean).join(", ")];
  const phone = part(imprint.phone);
  if (phone) sentences.push(`Telefon: ${phone}`);
  const email = part(imprint.email);
  if (email && options.email) sentences.push(`E-Mail: ${email}`);
  return sentences.map((sentence) => (sentence.endsWith(".") ? sentence : `${sentence}.`)).join(" ");
}

export function commercialNotes(imprint: Imprint, options: { email: boolean } = { email: true }): string[] {
  return [
    `Gewerblicher Verkauf durch: ${imprintLine(imprint, options)}`,
    "Es gilt die gesetzliche Gewährleistung (bei gebrauchten Artikeln: 12 Monate).",
    "Widerrufsrecht: Verbraucher können einen Fernabsatzvertrag innerhalb von 14 Tagen ohne Angabe von Gründen widerrufen. Die Frist beginnt mit Erhalt der Ware. Zur Ausübung genügt eine eindeutige Erklärung an den Verkäufer.",
  ];
}

/**
 * A private giveaway is a gift (Schenkung), no sale: the giver answers for defects only where they
 * were concealed (§ 524 BGB) and otherwise for intent and gross negligence (§ 521 BGB). The note
 * says so instead of "Privatverkauf" (ADR 086).
 */
export const PRIVATE_GIFT_NOTE =
  "Privat zu verschenken, wie gesehen. Keine Garantie, keine Rücknahme. Die Haftung für Vorsatz und grobe Fahrlässigkeit bleibt unberührt.";

export function legalNotes(
  sellerType: SellerType,
  imprint: Imprint = { companyName: null },
  options: { email: boolean; giveaway?: boolean } = { email: true },
): string {
  const lines =
    sellerType === "commercial" ? commercialNotes(imprint, options) : [options.giveaway ? PRIVATE_GIFT_NOTE : PRIVATE_SALE_NOTE];
  return [LEGAL_HEADING, ...lines].join("\n");
}

const WARRANTY_EXCLUSION =
  /(ausschluss|ohne)\s+(jeglicher\s+)?(sachmängelhaftung|gewährleistung|garantie)|keine\s+(garantie|gewährleistung|rücknahme)/i;

/** Model-written notes must not contradict the legal block (e.g. a warranty exclusion from a dealer). */
export function isSafeExtraNote(line: string, sellerType: SellerType): boolean {
  if (/sachmängel|gewährleistung|haftung|widerruf/i.test(line)) return false;
  return sellerType === "private" || !WARRANTY_EXCLUSION.test(line);
}
