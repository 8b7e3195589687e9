// The legal block every generated ad ends with (DECISIONS.md "Ads and AI").
// Private sellers may exclude warranty (Sachmängelhaftung) but never for injury to life, body or
// health or for gross negligence and intent (§ 309 Nr. 7 BGB). Commercial sellers may not exclude it
// towards consumers at all (§ 476 BGB); they name themselves (imprint) and explain withdrawal.

export type SellerType = "private" | "commercial";

export const LEGAL_HEADING = "⚖️ **Rechtliche Hinweise**";

export const PRIVATE_SALE_NOTE =
  "Privatverkauf unter Ausschluss jeglicher Sachmängelhaftung. Die Haftung auf Schadensersatz wegen Verletzungen von Leben, Körper und Gesundheit sowie für grob fahrlässig oder vorsätzlich verursachte Schäden bleibt unberührt. Keine Garantie, keine Rücknahme.";

export function commercialNotes(companyName: string | null | undefined): string[] {
  const seller = companyName?.trim() || "Gewerblicher Verkäufer (Angaben im Profil ergänzen)";
  return [
    `Gewerblicher Verkauf durch: ${seller}.`,
    "Es gilt die gesetzliche Gewährleistung (bei gebrauchten Artikeln: 12 Monate).",
    "Widerrufsrecht: Verbraucher können einen Fernabsatzvertrag innerhalb von 14 Tagen ohne Angabe von Gründen widerrufen. Die Frist beginnt mit Erhalt der Ware. Zur Ausübung genügt eine eindeutige Erklärung an den Verkäufer.",
  ];
}

export function legalNotes(sellerType: SellerType, companyName?: string | null): string {
  const lines = sellerType === "commercial" ? commercialNotes(companyName) : [PRIVATE_SALE_NOTE];
  return [LEGAL_HEADING, ...lines].join("\n");
}

const WARRANTY_EXCLUSION = /(ausschluss|ohne)\s+(jeglicher\s+)?(sachmängelhaftung|gewährleistung|garantie)|keine\s+(garantie|gewährleistung|rücknahme)/i;

/** Model-written notes must not contradict the legal block (e.g. a warranty exclusion from a dealer). */
export function isSafeExtraNote(line: string, sellerType: SellerType): boolean {
  if (/sachmängel|gewährleistung|haftung|widerruf/i.test(line)) return false;
  return sellerType === "private" || !WARRANTY_EXCLUSION.test(line);
}
