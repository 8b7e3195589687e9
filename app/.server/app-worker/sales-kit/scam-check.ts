// The scam check of the Verkaufshelfer: documented rules over a buyer's message, offline and
// deterministic. Patterns follow the safety advice of Kleinanzeigen and eBay: courier/"Spedition"
// pickups after payment, PayPal "Freunde & Familie", fake payment links and look-alike domains,
// moving the chat to WhatsApp or e-mail, overpayment with a refund request, requests for phone
// numbers or ID copies, and pressure — and, beside these rules, the documented scam families of
// scam-patterns.ts (code theft, card re-entry, advance fees, fake payment proof, triangle fraud, fake
// platform support …), each matched by its signals rather than by a sentence (ADR 042). The message
// itself is never stored.

import { SCAM_FAMILIES, familyMatches, isLookAlikeHost, type ScamFamilyId } from "./scam-patterns";

export type Verdict = "unbedenklich" | "vorsicht" | "betrugsmuster";

export type PatternId =
  | "courier"
  | "paypal_friends"
  | "payment_link"
  | "overpayment"
  | "id_documents"
  | "off_platform"
  | "phone_number"
  | "pressure"
  | ScamFamilyId;

type Pattern = {
  id: PatternId;
  level: Exclude<Verdict, "unbedenklich">;
  title: string;
  explanation: string;
  advice: string;
  test: (text: string, links: string[]) => boolean;
};

const URL = /\b(?:https?:\/\/)?(?:www\.)?((?:[a-z0-9-]+\.)+[a-z]{2,})(?:\/[^\s]*)?/gi;

export function linksIn(text: string): string[] {
  return [...text.matchAll(URL)]
    .map((match) => match[1].toLowerCase())
    .filter((host) => !/^\d+(\.\d+)*$/.test(host) && /[a-z]{2,}$/.test(host) && host.includes("."));
}

const PAYPAL_FRIENDS =
  /(freunde\s*(?:&|und|\+)\s*familie|familie\s*(?:&|und|\+)\s*freunde|\bf\s?&\s?f\b|friends\s*(?:&|and|\+)\s*family|paypal\s+(?:privat|an freunde))/gi;

const PATTERNS: Pattern[] = [
  {
    id: "courier",
    level: "betrugsmuster",
    title: "Abholung durch Kurier oder Spedition",
    explanation:
      "Der Käufer will bezahlen, ohne den Artikel zu sehen, und ihn von einem Kurier, einer Spedition oder einem Bekannten abholen lassen. So beginnen Vorauszahlungs- und Fake-Zahlungs-Betrügereien.",
    advice: "Nur Barzahlung bei Abholung oder „Sicher bezahlen“ direkt in der Plattform. Nie Speditionskosten vorstrecken.",
    test: (text) =>
      /\b(kurier|spedition|speditions|spediteur|transportfirma|transportunternehmen|umzugsfirma|abholdienst|courier|shipping (?:agent|company)|mover|pick ?up agent)\b|\b(mein(?:e)?|unser)\s+(fahrer|sohn|bruder|cousin|kollege|bote|mitarbeiter)\s+(?:wird|kann|holt)\b[^.]*\b(ab(?:holen)?|abholt)\b/i.test(
        text,
      ),
  },
  {
    id: "paypal_friends",
    level: "betrugsmuster",
    title: "PayPal „Freunde & Familie“",
    explanation:
      "Zahlungen über „Freunde und Familie“ haben keinen Käuferschutz und werden bei Betrug oft mit gestohlenen Konten gemacht – das Geld wird später zurückgeholt.",
    advice: "Nur „Waren und Dienstleistungen“ oder „Sicher bezahlen“ der Plattform akzeptieren – oder Barzahlung bei Abholung.",
    // A buyer who rules "Freunde & Familie" out ("nicht über Freunde & Familie") asks for the safe way.
    test: (text) =>
      [...text.matchAll(PAYPAL_FRIENDS)].some(
        (match) =>
          !/\b(?:nicht|kein(?:e|en)?|ohne|not|no)\s+(?:(?:über|ueber|per|als|mit|via|paypal)\s+){0,2}$/i.test(text.slice(0, match.index)),
      ),
  },
  {
    id: "payment_link",
    level: "betrugsmuster",
    title: "Gefälschter Zahlungs- oder Versandlink",
    explanation:
      "Der Link führt nicht auf die echte Plattform, sondern auf eine nachgebaute Seite, die Bank- oder Kartendaten abgreift („Sicher bezahlen“, „Zahlung bestätigen“, „Geld freigeben“).",
    advice: "Keinen Link aus einer Nachricht öffnen. Zahlungen nur direkt in der App oder auf der offiziellen Seite prüfen.",
    test: (text, links) =>
      links.some(isLookAlikeHost) ||
      (/\b(link|klick|klicke|click|formular|seite)\b/i.test(text) &&
        /(sicher bezahlen|zahlung|geld|betrag|payment|bezahlung)\b[^.]*\b(bestätig|freigeb|freischalt|erhalten|empfangen|confirm|receive)/i.test(
          text,
        )),
  },
  {
    id: "overpayment",
    level: "betrugsmuster",
    title: "Überzahlung mit Rückforderung",
    explanation:
      "Der Käufer zahlt (angeblich) mehr als den Preis und bittet, die Differenz zurückzuüberweisen oder Kosten vorzustrecken. Die ursprüngliche Zahlung platzt später.",
    advice: "Nie Geld zurücküberweisen oder vorstrecken. Nur den vereinbarten Betrag annehmen.",
    test: (text) =>
      /(differenz|rest(?:betrag)?|überschuss|zu viel|mehr als)\b[^.]*\b(zurück|überweis|schick|send|refund)|\b(überzahlt|überzahlung|zurücküberweis|scheck)\b|\b(pay|send)\b[^.]*\bextra\b[^.]*\b(back|refund)|\brefund\b[^.]*\b(difference|rest)/i.test(
        text,
      ),
  },
  {
    id: "id_documents",
    level: "betrugsmuster",
    title: "Ausweis- oder Kartendaten verlangt",
    explanation:
      "Für einen Privatkauf braucht niemand eine Ausweiskopie, Kartendaten oder Bank-Logins. Damit werden Konten eröffnet oder leergeräumt.",
    advice: "Keine Ausweisfotos, Kartennummern, PINs, TANs oder Bestätigungscodes herausgeben.",
    // The buyer's own card ("mit meiner Kreditkarte zahlen") is no request for the seller's.
    test: (text) =>
      /\b(ausweis|personalausweis|perso\b|reisepass|id[- ]?(?:karte|card|kopie)|führerschein|(?<!\b(?:meine[rmn]?|mit|per|via)\s+)(?:kreditkarte|kartennummer)|cvv|cvc|\bpin\b|\btan\b|bestätigungscode|verifizierungscode|sms-?code|code aus der sms)/i.test(
        text,
      ),
  },
  {
    id: "off_platform",
    level: "vorsicht",
    title: "Wechsel zu WhatsApp oder E-Mail",
    explanation:
      "Außerhalb der Plattform gibt es keinen Schutz und keine Nachweise; Betrüger wechseln gern zu WhatsApp, Telegram oder E-Mail, um dort gefälschte Links zu schicken.",
    advice: "Im Chat der Plattform bleiben, bis Termin und Bezahlung geklärt sind.",
    test: (text) =>
      /\b(whats\s?app|telegram|signal|viber|e-?mail|mail\s?adresse|per mail|gmail|outlook|hotmail|email)\b/i.test(text) ||
      /\S+@\S+\.\S+/.test(text),
  },
  {
    id: "phone_number",
    level: "vorsicht",
    title: "Telefonnummer erfragt",
    explanation:
      "Mit deiner Handynummer können Betrüger SMS-Codes anfordern oder Konten übernehmen („Schick mir den Code, den du gleich bekommst“).",
    advice: "Nummer erst geben, wenn ein Abholtermin feststeht – und nie einen per SMS erhaltenen Code weitergeben.",
    test: (text) =>
      /\b(deine|ihre|your)\s+(handy|telefon|mobil)?-?(nummer|number|nr\.?)\b|\b(handynummer|telefonnummer|phone number|mobilnummer)\b/i.test(
        text,
      ),
  },
  {
    id: "pressure",
    level: "vorsicht",
    title: "Zeitdruck oder ungesehener Kauf",
    explanation: "Wer sofort kaufen will, ohne Fragen, ohne Besichtigung oder zu jedem Preis, will oft keine Zeit zum Nachdenken lassen.",
    advice: "In Ruhe antworten. Seriöse Käufer warten auch einen Tag.",
    test: (text) =>
      /\b(sofort|dringend|asap|urgent|heute noch|letzte chance|innerhalb von \d+ (?:minuten|stunden))\b[^.]*\b(zahl|überweis|kauf|pay|bezahl)|\b(ohne (?:es )?(?:anzusehen|zu sehen|besichtigung)|ungesehen|blind kaufen|without seeing)\b|\bzahle?\s+(?:auch\s+)?mehr\b|\bletzte chance\b|\b(?:zahl|überweis)\w*\s+(?:\w+\s+)?(?:sofort|dringend|heute noch)\b/i.test(
        text,
      ),
  },
  // The documented scam families with their sources and signals (scam-patterns.ts, ADR 042).
  ...SCAM_FAMILIES.map((scamFamily): Pattern => ({
    id: scamFamily.id,
    level: scamFamily.level,
    title: scamFamily.title,
    explanation: scamFamily.explanation,
    advice: scamFamily.advice,
    test: (text, links) => familyMatches(scamFamily, text, links),
  })),
];

export type ScamCheck = {
  verdict: Verdict;
  label: string;
  matches: Array<{ id: PatternId; title: string; explanation: string; advice: string }>;
  advice: string;
};

const LABELS: Record<Verdict, string> = { unbedenklich: "Unbedenklich", vorsicht: "Vorsicht", betrugsmuster: "Betrugsmuster" };

/** Normalises typing habits: lower case, "&" spacing, umlauts written as ae/oe/ue. */
function normalise(message: string) {
  return message
    .replace(/ae/gi, (match) => (match === "AE" ? "Ä" : "ä"))
    .replace(/(?<![aeq])ue/gi, (match) => (match === "UE" ? "Ü" : "ü"))
    .replace(/oe/gi, (match) => (match === "OE" ? "Ö" : "ö"))
    .replace(/\s+/g, " ");
}

export function checkBuyerMessage(message: string): ScamCheck {
  const links = linksIn(message);
  const texts = [message, normalise(message)];
  const matches = PATTERNS.filter((pattern) => texts.some((text) => pattern.test(text, links)));
  const severe = matches.some((match) => match.level === "betrugsmuster");
  // Two warning signs together (e.g. WhatsApp + phone number) are the usual start of a scam.
  const verdict: Verdict = severe || matches.length >= 2 ? "betrugsmuster" : matches.length === 1 ? "vorsicht" : "unbedenklich";
  return {
    verdict,
    label: LABELS[verdict],
    matches: matches.map(({ id, title, explanation, advice }) => ({ id, title, explanation, advice })),
    advice:
      verdict === "betrugsmuster"
        ? "Nicht darauf eingehen, keine Links öffnen und den Nutzer über die Plattform melden."
        : verdict === "vorsicht"
          ? "Freundlich antworten, aber im Chat der Plattform bleiben und nichts vorab zahlen oder herausgeben."
          : "Keine bekannten Betrugsmuster gefunden. Übergabe am besten persönlich, Bezahlung bar oder über die Plattform.",
  };
}
