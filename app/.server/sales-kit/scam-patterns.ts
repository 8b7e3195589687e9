// The scam patterns documented in 2025–2026 by police, consumer centres and the press for sellers
// on classifieds platforms, each with its sources. `scam-check.ts` runs them beside its own rules.
// A pattern here is always "Betrugsmuster"; the harmless look-alikes (a buyer who simply wants to
// pay with the platform's own "Sicher bezahlen") are in the test table and must stay harmless.

export type DocumentedPatternId =
  "qr_code" | "test_transfer" | "card_data_link" | "fake_direct_buy" | "triangle" | "shipping_overpayment" | "account_takeover";

export type DocumentedPattern = {
  id: DocumentedPatternId;
  level: "betrugsmuster";
  title: string;
  explanation: string;
  advice: string;
  /** Where the pattern is documented (police, consumer centres, platforms, press). */
  sources: string[];
  test: (text: string, links: string[]) => boolean;
};

const CARD_DATA =
  /(kredit)?karten(?:daten|nummer)|kreditkarte|bankdaten|kontodaten eingeben|online-?banking|zugangsdaten|cvv|cvc|prüfziffer|kontrollziffer/i;

export const DOCUMENTED_PATTERNS: DocumentedPattern[] = [
  {
    id: "qr_code",
    level: "betrugsmuster",
    title: "QR-Code zum „Einrichten“ einer Zahlung",
    explanation:
      "Ein Käufer schickt einen QR-Code, angeblich um „Sicher bezahlen“ einzurichten oder eine Zahlung zu bestätigen. Der Code führt auf eine nachgebaute Seite, die Karten- oder PayPal-Daten abgreift („Quishing“).",
    advice:
      "Keinen QR-Code aus einem Chat scannen. „Sicher bezahlen“ läuft ganz in der App – der Verkäufer muss dafür nichts einrichten oder eingeben.",
    sources: [
      "https://www.ndr.de/ratgeber/verbraucher/Kleinanzeigen-Verbraucherzentrale-warnt-vor-Quishing-Betrug,ebaykleinanzeigen102.html",
      "https://www.verbraucherzentrale.nrw/wissen/digitale-welt/onlinehandel/betrug-auf-kleinanzeigenportalen-diese-maschen-sollten-sie-kennen-110389",
    ],
    test: (text) => /\bqr[- ]?code/i.test(text) && /(scan|zahlung|bezahl|einricht|bestätig|geld|empfang|erhalt|freischalt)/i.test(text),
  },
  {
    id: "test_transfer",
    level: "betrugsmuster",
    title: "Probeüberweisung „zur Verifizierung“",
    explanation:
      "Der Verkäufer soll zuerst selbst einen kleinen Betrag überweisen, angeblich damit die Bank oder die Plattform das Konto prüft und die Zahlung freigibt. Kein Zahlungsweg verlangt das vom Empfänger.",
    advice: "Als Verkäufer nie Geld überweisen – auch keinen Cent „zum Test“.",
    sources: [
      "https://mobil.krone.at/1893834",
      "https://www.verbraucherzentrale.nrw/wissen/digitale-welt/onlinehandel/betrug-auf-kleinanzeigenportalen-diese-maschen-sollten-sie-kennen-110389",
    ],
    test: (text) =>
      /(probe|test)-?(?:überweisung|zahlung|buchung|betrag)/i.test(text) ||
      // The seller is to pay a small amount "to verify" an account: "Kannst du zuerst 2 € an mich überweisen? … verifiziert".
      (/(verifizier|bestätig|prüf|freischalt|aktivier)/i.test(text) &&
        /\d+(?:,\d+)?\s?(?:€|euro|cent)/i.test(text) &&
        /(an mich|\b(?:kannst|musst|sollst)\s+du\b[^.?!]{0,40}(?:überweis|send|schick|zahl)|\bdu\s+(?:musst|sollst)\b)/i.test(text)),
  },
  {
    id: "card_data_link",
    level: "betrugsmuster",
    title: "Link zu Versand oder Zahlung, wo du Kartendaten eingeben sollst",
    explanation:
      "Ein Link – angeblich von DHL, einem Kurier oder der Plattform, oft nach einer „fehlgeschlagenen Zahlung“ – führt auf ein Formular für Kreditkarten- oder Bankdaten. Wer Geld empfängt, gibt nie Kartendaten ein.",
    advice:
      "Keine Karten- oder Bankdaten auf Seiten aus Nachrichten eingeben. Bei Eingabe sofort die Bank anrufen und die Karte sperren lassen.",
    sources: [
      "https://www.verbraucherzentrale.nrw/wissen/digitale-welt/onlinehandel/betrug-auf-kleinanzeigenportalen-diese-maschen-sollten-sie-kennen-110389",
      "https://www.westfalen-blatt.de/freizeit/ratgeber/digitales/kreditkartendaten-klau-bei-kleinanzeigen-deals-2531926",
      "https://www.inside-digital.de/news/kleinanzeigen-dhl-trick-nutzer-ausgetrickst",
    ],
    test: (text, links) =>
      CARD_DATA.test(text) &&
      (links.length > 0 ||
        /\b(link|formular|seite|klick|klicke)\b/i.test(text) ||
        /(dhl|hermes|dpd|kurier|versand|zahlung\s+(?:ist\s+)?fehlgeschlagen)/i.test(text)),
  },
  {
    id: "fake_direct_buy",
    level: "betrugsmuster",
    title: "Angeblicher Direktkauf – „schick mir deine E-Mail-Adresse“",
    explanation:
      "Der Käufer behauptet, Direktkauf oder „Sicher bezahlen“ sei schon bestätigt oder bezahlt, und verlangt deine E-Mail-Adresse (oft mit einem Bildschirmfoto einer falschen Plattformseite). Danach kommt eine gefälschte Mail mit Link zur „Bestätigung“.",
    advice: "Bestätigungen kommen nur in der App, nie über eine E-Mail-Adresse, die ein Käufer erfragt. Keine Adresse herausgeben.",
    sources: [
      "https://www.rtl.de/cms/perfide-betrugsmasche-bei-kleinanzeigen-gegen-privat-verkaeufer-so-koennen-sie-sich-schuetzen-5061341.html",
      "https://prisma-gp.de/informieren-vorsorgen/vorsicht-kreditkartenbetrug-wenn-der-kaeufer-abzockt/",
    ],
    test: (text) =>
      /(direktkauf|sicher(?:es)?\s+bezahlen|kauf|zahlung|bezahlung)\b[^.?!]{0,40}\b(bestätigt|abgeschlossen|erfolgt|bezahlt|ausgeführt|gekauft)/i.test(
        text,
      ) && /(e-?mail|mail-?adresse|mailadresse)/i.test(text),
  },
  {
    id: "triangle",
    level: "betrugsmuster",
    title: "Dreiecksbetrug: eine fremde Person zahlt",
    explanation:
      "Der „Käufer“ verkauft deinen Artikel in einer kopierten Anzeige an einen Dritten und lässt ihn an dich zahlen. Du schickst die Ware an den Betrüger, der Dritte fordert sein Geld später von dir zurück.",
    advice:
      "Nur an die Person übergeben oder schicken, die selbst bezahlt hat – Name auf der Zahlung prüfen. Am sichersten: „Sicher bezahlen“ der Plattform oder bar bei Abholung.",
    sources: [
      "https://www.watchlist-internet.at/news/kleinanzeigenbetrug-so-funktioniert-der-dreiecksbetrug/",
      "https://onlinesicherheit.gv.at/Services/News/Vorsicht-vor-Dreiecksbetrug-bei-Kleinanzeigenplattformen.html",
    ],
    test: (text) =>
      /(überweisung|zahlung|geld)\b[^.?!]{0,60}\b(kommt|kommen)\b[^.?!]{0,30}\bvon\b[^.?!]{0,20}\b(meine[mrns]?|einem|einer|jemand)\b/i.test(
        text,
      ) ||
      /\b(mein(?:e)?|ein)\s+(freund(?:in)?|bekannte[rn]?|kollege|kollegin|schwester|bruder|cousin|cousine|partner(?:in)?)\s+(überweist|zahlt|bezahlt|schickt (?:dir )?das geld)/i.test(
        text,
      ) ||
      /(anderer|anderen|fremder|fremden)\s+name[n]?\b[^.?!]{0,40}(überweisung|zahlung|konto)/i.test(text) ||
      /(überweisung|zahlung|konto)\b[^.?!]{0,40}(anderer|anderen|fremder|fremden)\s+name/i.test(text) ||
      /(kein(?:en)?|ohne)\s+(?:artikel(?:namen)?|verwendungszweck)\b[^.?!]{0,40}(verwendungszweck|überweisung|angeben)/i.test(text),
  },
  {
    id: "shipping_overpayment",
    level: "betrugsmuster",
    title: "Überzahlung mit Spedition oder Reederei",
    explanation:
      "Der Käufer will Kaufpreis und Transportkosten zusammen zahlen und bittet dich, die Kosten an eine Spedition oder Reederei weiterzuleiten. Die Zahlung oder Bestätigung ist gefälscht – das weitergeleitete Geld ist weg.",
    advice: "Nie Transport- oder Zollkosten weiterleiten oder vorstrecken. Wer eine Spedition beauftragt, bezahlt sie selbst.",
    sources: [
      "https://www.mz.de/leben/technik/kleinanzeigen-5-gefahrliche-abzockmaschen-im-uberblick-4019042",
      "https://www.abendzeitung-muenchen.de/mehr/digitales/vorsicht-so-wird-auf-kleinanzeigen-portalen-betrogen-art-698099",
    ],
    test: (text) =>
      /(reederei|spedition|spediteur|transport(?:firma|unternehmen|kosten)|versandkosten|zoll(?:gebühr|kosten)?|überführungskosten)/i.test(
        text,
      ) &&
      /(weiterleit|weiter(?:zu)?leiten|überweis|vorstreck|zurück|western union|moneygram|differenz|mehr\s+(?:als|überweis)|inklusive|inkl\.?|zusammen)/i.test(
        text,
      ) &&
      /(zahl|überweis|geld|betrag)/i.test(text),
  },
  {
    id: "account_takeover",
    level: "betrugsmuster",
    title: "Angebliche Nachricht der Plattform: Konto prüfen oder entsperren",
    explanation:
      "Eine Nachricht, die wie vom Kleinanzeigen-, eBay- oder PayPal-Support aussieht, meldet ein gesperrtes Konto oder eine offene Zahlung und verlangt Anmeldung über einen Link. Mit den Zugangsdaten übernehmen Betrüger das Konto.",
    advice:
      "Nie über Links aus Nachrichten anmelden. Die Plattform selbst öffnen; im Zweifel Passwort ändern und Zwei-Faktor-Anmeldung einschalten.",
    sources: [
      "https://www.westfalen-blatt.de/freizeit/ratgeber/digitales/kreditkartendaten-klau-bei-kleinanzeigen-deals-2531926",
      "https://www.verbraucherzentrale.nrw/wissen/digitale-welt/onlinehandel/betrug-auf-kleinanzeigenportalen-diese-maschen-sollten-sie-kennen-110389",
    ],
    test: (text) =>
      /(konto|account|profil|zugang)\w*\b[^.?!]{0,40}\b(gesperrt|eingeschränkt|deaktiviert|verifizier|bestätig|entsperr|überprüf|prüfen)/i.test(
        text,
      ) && /(support|kundenservice|sicherheitsteam|team|kleinanzeigen|ebay|paypal|vinted|link|klick|anmeld|einlogg|login)/i.test(text),
  },
];
