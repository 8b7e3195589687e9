// Private details on the seller's photos (ADR 069): what the photo analysis names in the same model
// call that writes the ad, how it is stored (per photo, keyed by the photo's R2 key, so reordering,
// removing or replacing a photo can never move a finding onto another photo) and what the card says.
// A photo without an entry was not checked — the offline writer, a photo the model never read, a
// photo replaced after the analysis — and is never called clean.

export const PRIVACY_KINDS = ["face", "person", "licensePlate", "document", "screen", "houseNumber"] as const;
export type PrivacyKind = (typeof PRIVACY_KINDS)[number];

export function isPrivacyKind(value: unknown): value is PrivacyKind {
  return PRIVACY_KINDS.some((kind) => kind === value);
}

/** The card's words per kind ("Foto 2: ein Gesicht ist zu sehen"). */
export const PRIVACY_TEXTS: Record<PrivacyKind, string> = {
  face: "ein Gesicht ist zu sehen",
  person: "eine Person ist zu sehen",
  licensePlate: "ein Autokennzeichen ist zu lesen",
  document: "ein Brief oder Dokument mit Name oder Adresse ist zu sehen",
  screen: "ein Bildschirm mit persönlichen Daten ist zu sehen",
  houseNumber: "eine Hausnummer ist zu sehen",
};

/** Stored with the ad: per photo key the model looked at, what it saw there (empty: nothing of the kinds). */
export type StoredPrivacyHints = Record<string, PrivacyKind[]>;

/** One photo as the owner's API answers it, aligned with `imageUrls`. */
export type PhotoHints = { checked: boolean; seen: PrivacyKind[] };

/** The stored findings in the ad's photo order; a photo without an entry is "not checked". */
export function privacyHintsOf(photoKeys: readonly string[], stored: StoredPrivacyHints | null): PhotoHints[] {
  return photoKeys.map((key) => {
    const seen = stored?.[key];
    return seen ? { checked: true, seen: [...seen] } : { checked: false, seen: [] };
  });
}

/** The stored findings without the photos that left the ad (removed or replaced in the editor). */
export function withoutPhotos(stored: StoredPrivacyHints | null, removedKeys: readonly string[]): StoredPrivacyHints | null {
  if (!stored || removedKeys.length === 0) return stored;
  return Object.fromEntries(Object.entries(stored).filter(([key]) => !removedKeys.includes(key)));
}

/** What the card says: one line per photo and kind, and the photos nobody checked. */
export type PrivacySummary = {
  /** Photos with findings, in the ad's order: "Foto 2: ein Gesicht ist zu sehen" per kind. */
  findings: Array<{ photoIndex: number; lines: string[] }>;
  /** Null when every photo was checked; else the sentence naming what was not. */
  unchecked: string | null;
};

export function privacySummary(photos: readonly PhotoHints[]): PrivacySummary {
  const findings = photos.flatMap((photo, photoIndex) =>
    photo.seen.length > 0 ? [{ photoIndex, lines: photo.seen.map((kind) => `Foto ${photoIndex + 1}: ${PRIVACY_TEXTS[kind]}`) }] : [],
  );
  const unchecked = photos.flatMap((photo, index) => (photo.checked ? [] : [index]));
  return { findings, unchecked: uncheckedSentence(unchecked, photos.length) };
}

function uncheckedSentence(indexes: number[], total: number): string | null {
  if (indexes.length === 0) return null;
  if (indexes.length === total)
    return `${total === 1 ? "Foto" : "Fotos"} nicht auf private Details geprüft – achte selbst auf Gesichter, Kennzeichen, Adressen und Hausnummern.`;
  const names = indexes.map((index) => `Foto ${index + 1}`);
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} und ${names[names.length - 1]}`;
  return `${listed} nicht auf private Details geprüft.`;
}
