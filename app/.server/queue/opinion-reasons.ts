// The reasons a model may give for its opinion on a buyer's message: a fixed list of codes, each
// shown to the seller as our own German label. The model's free text never reaches the screen
// (a buyer's message can steer a model into writing a phishing link as its "reason"; ADR 027).

export const OPINION_REASONS = {
  vorkasse_kurier: "Kurier oder Spedition nach Vorkasse – ein bekanntes Betrugsmuster.",
  paypal_freunde: "Zahlung über PayPal „Freunde & Familie“ – ohne Käuferschutz.",
  zahlungslink: "Ein Zahlungslink außerhalb der Plattform – solche Links sind oft gefälscht.",
  kanalwechsel: "Wechsel zu WhatsApp, SMS oder E-Mail – bleib im Chat der Plattform.",
  ueberzahlung: "Überzahlung mit Bitte um Rücküberweisung – ein bekanntes Betrugsmuster.",
  ausweis_code: "Frage nach Ausweis, Kontodaten oder SMS-Code – gib nichts davon heraus.",
  code_weitergabe: "Bitte, einen Code aus SMS oder Überweisung weiterzugeben – damit wird dein Konto übernommen.",
  karte_erneut: "Aufforderung, Kartendaten nach einer „fehlgeschlagenen Zahlung“ erneut einzugeben – eine gefälschte Seite.",
  gebuehr_vorab: "Du sollst eine Gebühr (Versicherung, Zoll, Fracht) vorstrecken – ein bekanntes Betrugsmuster.",
  zahlungsbeleg: "Ein Zahlungsbeleg oder Screenshot statt Geld auf deinem Konto – erst versenden, wenn das Geld da ist.",
  dreieck: "Eine andere Person zahlt oder soll beliefert werden – Dreiecksbetrug.",
  falscher_support: "Angeblicher Support der Plattform oder eine nachgebaute „Sicher bezahlen“-Seite.",
  zeitdruck: "Ungewöhnlicher Zeitdruck.",
  unauffaellig: "Keine typischen Betrugsmerkmale erkannt.",
  unklar: "Nicht eindeutig – prüfe die Nachricht selbst.",
} as const;

export type OpinionReasonCode = keyof typeof OPINION_REASONS;
export const OPINION_REASON_CODES = Object.keys(OPINION_REASONS) as [OpinionReasonCode, ...OpinionReasonCode[]];
export const OPINION_REASON_LABELS = Object.values(OPINION_REASONS) as [string, ...string[]];
