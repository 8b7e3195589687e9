// The scam families documented by police, consumer centres, the platforms and the press for sellers
// on classifieds platforms (ADR 042). A family is not a sentence: it is a few documented
// elements ("signals") that together make the scam — an advance fee is a fee word, the seller as the
// one who pays it and a carrier or a refund promise; code theft is a code, that arrived by SMS or
// with a 1-cent transfer, and the request to pass it on. Each signal is a pattern over the message;
// `test` says which signals together make the family. A signal is only ever a documented element of
// its family, never a word taken from one test message.
// `scam-check.ts` runs the families beside its own rules; a family is always "Betrugsmuster". The
// harmless look-alikes (a buyer who pays with the platform's own "Sicher bezahlen", asks about
// shipping insurance or sends a screenshot and waits for the money) are in the tests and must stay
// harmless.

export type ScamFamilyId =
  | "code_theft"
  | "card_reentry"
  | "advance_fee"
  | "fake_payment_proof"
  | "triangle"
  | "fake_support"
  | "qr_code"
  | "test_transfer"
  | "fake_direct_buy"
  | "shipping_overpayment";

type Has<S extends string> = (signal: S) => boolean;

export type ScamFamily<S extends string = string> = {
  id: ScamFamilyId;
  level: "betrugsmuster";
  title: string;
  explanation: string;
  advice: string;
  /** Where the family is documented (police, consumer centres, platforms, press). */
  sources: string[];
  /** The family's documented elements, each a pattern over the message. */
  signals: Record<S, RegExp>;
  /** Which signals together make the family; `links` are the hosts of the message's links. */
  test: (has: Has<S>, links: string[]) => boolean;
};

/**
 * A case-insensitive Unicode pattern in which `\b` and `\w` know umlauts and ß (plain `\b` sees no
 * word boundary between a space and "ü", so "\büberweisen" would never match).
 */
function rx(strings: TemplateStringsArray, ...values: string[]) {
  const source = String.raw(strings, ...values)
    .replace(/\\b/g, String.raw`(?:(?<![\p{L}\p{N}_])(?=[\p{L}\p{N}_])|(?<=[\p{L}\p{N}_])(?![\p{L}\p{N}_]))`)
    .replace(/\\w/g, String.raw`[\p{L}\p{N}_]`);
  return new RegExp(source, "iu");
}

// Shared vocabulary: each a documented element of more than one family.

/** The people a buyer names as the one who pays, collects or receives (triangle fraud). */
const PERSON = String.raw`(?:freund(?:in)?|kumpel|bekannte[rn]?|kolleg(?:e|in)|chef(?:in)?|schwester|bruder|mutter|mama|vater|papa|tante|onkel|oma|opa|cousin(?:e)?|sohn|tochter|frau|mann|partner(?:in)?|verlobte[rn]?|nachbar(?:in)?|schwager|schwägerin|geschäftspartner(?:in)?|firma|arbeitgeber|friend|brother|sister|cousin|colleague|wife|husband)`;
/** A carrier, agent or authority the money is to go to (advance fees, overpayment). */
const PAYEE = String.raw`(?:kurier\w*|spedition\w*|spediteur\w*|reederei\w*|fracht\w*|transport\w*|logistik\w*|zoll\w*|agent\w*|fahrer\w*|dhl|ups|fedex|dpd|hermes|gls|courier|shipping (?:company|agent)|delivery (?:company|agent))`;
/** Card and bank data that someone who receives money never enters. */
const CARD = String.raw`(?:(?:kredit|debit|bank|ec|giro|visa|master)?-?karten?(?:daten|nummer)?|kreditkarte\w*|bankdaten|kontodaten|bankverbindung|online-?banking|zugangsdaten|(?:credit|debit)\s+card|card (?:details|number))`;
const CARD_DETAIL = String.raw`(?:cvv|cvc|prüfziffer|prüfnummer|kontrollziffer|kartenprüfnummer|sicherheitscode (?:der|deiner|ihrer) karte|ablaufdatum|security code)`;
/** The seller as the one who must act: "du musst", "Sie müssen", "musst du nur", "you have to". */
const SELLER_MUST = String.raw`(?:\b(?:du|sie)\s+(?:\w+\s+){0,3}?(?:musst|müsstest|sollst|solltest|müssen|müssten|sollen|sollten|brauchst)\b|\b(?:musst|müsstest|sollst|solltest|müssen|müssten|sollten|brauchst)\s+(?:du|sie)\s+(?:\w+\s+){0,2}?(?:nur|noch|erst|zuerst|vorher|vorab|lediglich|einmalig|bitte|dann|kurz|schnell|jetzt)\b|\byou\s+(?:\w+\s+){0,2}?(?:have to|need to|must|should)\b)`;
/** A payment by the seller. */
const SELLER_PAYS_VERB = String.raw`(?:zahlen|bezahlen|überweisen|vorstrecken|auslegen|begleichen|übernehmen|senden|schicken|pay|send|transfer)`;

/** The seller sends the item (not: the buyer sends the money). */
const SHIP = String.raw`verschick\w*|versend\w*|losschick\w*|abschick\w*|aufgeb\w*|schick\w*\s+(?:es|ihn|sie|das paket|die ware|den artikel)\b|send\w*\s+(?:it|es)\b|ship\w*|post it`;

/** Hosts a payment or pickup link may legitimately have; anything imitating them is a fake. */
const OFFICIAL_HOSTS = [
  "kleinanzeigen.de",
  "ebay.de",
  "ebay.com",
  "paypal.com",
  "paypal.de",
  "dhl.de",
  "vinted.de",
  "willhaben.at",
  "facebook.com",
];
const BRAND_WORDS =
  /(kleinanzeigen|ebay|paypal|dhl|hermes|dpd|vinted|willhaben|sicher|secure|bezahl|payment|zahlung|pay|kaeuferschutz|käuferschutz|verify|konto)/i;

export function isOfficialHost(host: string) {
  return OFFICIAL_HOSTS.some((official) => host === official || host.endsWith(`.${official}`));
}

/** A host that names a platform or a payment word without being the platform's own. */
export function isLookAlikeHost(host: string) {
  return !isOfficialHost(host) && BRAND_WORDS.test(host);
}

function family<S extends string>(definition: ScamFamily<S>): ScamFamily<S> {
  return definition;
}

export const SCAM_FAMILIES = [
  family({
    id: "code_theft",
    level: "betrugsmuster",
    title: "Code weitergeben – SMS-Code oder Code aus dem Verwendungszweck",
    explanation:
      "Der Käufer bittet dich, einen Code weiterzugeben, der gleich per SMS kommt oder nach einer Überweisung von 1 Cent im Verwendungszweck steht. Mit diesem Code bestätigt er in deinem Namen ein Konto – bei Kleinanzeigen, WhatsApp, PayPal oder deiner Bank – und übernimmt es.",
    advice:
      "Nie einen Code weitergeben, auch nicht „zur Bestätigung der Zahlung“. Wer bezahlt, braucht keinen Code von dir. Schon weitergegeben? Sofort Passwort ändern, Bank anrufen und die Plattform informieren.",
    sources: [
      "https://www.schwarzwaelder-bote.de/inhalt.whatsapp-betrug-polizei-warnt-vor-code-nachricht.ee87d9bc-b358-433d-9dcb-7123f334794b.html",
      "https://www.giga.de/tech/whatsapp-code-per-sms-achtung-betrugsmasche--01J5QRZDR1JXY09ANPJM9Q5DC2",
      "https://www.stern.de/digital/online/abzockmasche-bei-kleinanzeigen--warum-alle-nach-ihrer-email-fragen-33722104.html",
      "https://www.noz.de/deutschland-welt/wirtschaft/artikel/1661740/vorsicht-betrugsfalle-was-steckt-hinter-1-cent-ueberweisungen",
    ],
    signals: {
      // A one-time code — not a tracking, QR or discount code.
      code: rx`(?:\b(?:sms|bestätigungs|verifizierungs|verifikations|sicherheits|zahlen|einmal|aktivierungs|freischalt(?:ungs)?|login|whatsapp|paypal|kleinanzeigen|bank|zugangs|prüf|verwendungszweck)[- ]?code\b|(?<![\p{L}\-])(?<!qr\s)(?<!tracking\s)(?<!sendungs\s)code\b|\b(?:pin|tan|m-?tan|otp)\b|\b(?:zahlen|ziffern)(?:folge|kombination|reihe)\b|\b(?:verification|security|confirmation|sms)\s+code\b)`,
      // Where it comes from: an SMS, the platform, a (1-cent) transfer and its reference.
      origin: rx`(?:\bsms\b|verwendungszweck|betreff|\bcent\b|0[,.]01|\b1\s?ct\b|überweis|\bwhatsapp\b|\bbekomm|\berhält|\berhalt|\bkrieg|zugeschickt|geschickt|gesendet|kleinanzeigen|paypal|\bbank\b|verifizier|bestätig|\breceive|\bgot\b|\bget\b)`,
      // It is to reach the buyer: "schick mir", "mir … sagen", "an mich", "send me", "hier im Chat".
      to_buyer: rx`(?:\b(?:schick|schreib|send|sag|nenn|gib|geb|teil|leit|verrat|tell|give|forward|text)\w*\s+(?:\w+\s+){0,3}?(?:mir|me|uns)\b|\b(?:mir|me|uns)\s+(?:\w+\s+){0,5}?(?:schicken|senden|sagen|nennen|geben|weiterleiten|weiterschicken|weitergeben|mitteilen|durchgeben|schreiben|verraten|zukommen)\b|\ban mich\b|\bhier\s+(?:im chat|rein)|\bbrauch\w*\s+(?:\w+\s+){0,2}?(?:den|die|das|the)\s+(?:\w+\s+)?(?:code|pin|tan)\b)`,
    },
    test: (has) => has("code") && has("origin") && has("to_buyer"),
  }),
  family({
    id: "card_reentry",
    level: "betrugsmuster",
    title: "Kartendaten (noch einmal) eingeben – über einen Link",
    explanation:
      "Die Zahlung sei „fehlgeschlagen“, oder der Versand bei DHL oder einem Kurier sei schon bezahlt: Über einen Link oder ein Formular sollst du deine Karten- oder Bankdaten (erneut) eingeben, damit das Geld ankommt. Die Seite ist nachgebaut; mit den Daten wird deine Karte belastet. Wer Geld empfängt, gibt nie Kartendaten ein.",
    advice:
      "Keine Karten- oder Bankdaten auf Seiten aus Nachrichten eingeben – auch nicht „noch einmal“. Schon eingegeben? Sofort die Bank anrufen und die Karte sperren lassen.",
    sources: [
      "https://www.verbraucherzentrale.nrw/wissen/digitale-welt/onlinehandel/betrug-auf-kleinanzeigenportalen-diese-maschen-sollten-sie-kennen-110389",
      "https://www.westfalen-blatt.de/freizeit/ratgeber/digitales/kreditkartendaten-klau-bei-kleinanzeigen-deals-2531926",
      "https://prisma-gp.de/informieren-vorsorgen/vorsicht-kreditkartenbetrug-wenn-der-kaeufer-abzockt/",
      "https://www.inside-digital.de/news/kleinanzeigen-dhl-trick-nutzer-ausgetrickst",
    ],
    signals: {
      // The seller's own card or bank data: "deine Kreditkarte", "Ihre Kartennummer", "die Prüfziffer".
      seller_card: rx`(?:\b(?:dein|deine|deinen|deiner|deines|ihre|ihren|ihrer|ihres|your)\s+(?:\w+\s+){0,2}?${CARD}|${CARD_DETAIL})`,
      // To be entered, stored or confirmed.
      entry: rx`(?:\bgib|\bgibst|\bgeben\b|eingeben|einzugeben|eintrag|einzutrag|\btrag\w*|hinterleg|aktualisier|bestätig|verifizier|erneut|nochmal|noch\s?mal|noch einmal|ausfüll|\benter|re-?enter|\bupdate|\bconfirm)`,
      // Where: a link, a form, a page.
      page: rx`(?:\blink\w*|formular|\bseite\b|website|webseite|\bklick|\bclick|\bpage\b|\bform\b)`,
      // Why: the payment "failed", or the courier's shipping is "already paid".
      pretext: rx`(?:fehlgeschlagen|nicht\s+(?:durchgegangen|geklappt|funktioniert|angekommen|möglich)|abgelehnt|gescheitert|abgebrochen|\bfehler|\bfailed|\bdeclined|\berror|\bdhl\b|\bhermes\b|\bdpd\b|\bkurier|versand\w*\s+(?:ist\s+)?(?:schon\s+)?bezahlt)`,
    },
    test: (has, links) => has("seller_card") && has("entry") && (links.length > 0 || has("page") || has("pretext")),
  }),
  family({
    id: "advance_fee",
    level: "betrugsmuster",
    title: "Gebühr vorstrecken – Versicherung, Zoll oder Spedition",
    explanation:
      "Der Käufer lässt angeblich einen Kurier oder eine Spedition kommen – oft aus dem Ausland – und du sollst vorher eine Gebühr zahlen: Transportversicherung, Zoll, Fracht- oder Speditionskosten. Das Geld bekämst du mit dem Kaufpreis zurück. Es gibt weder Kurier noch Kaufpreis; das vorgestreckte Geld ist weg.",
    advice:
      "Als Verkäufer nie eine Gebühr zahlen oder vorstrecken – keine Versicherung, keinen Zoll, keine Fracht. Wer einen Kurier beauftragt, bezahlt ihn selbst.",
    sources: [
      "https://www.computerbild.de/artikel/cb-News-Sicherheit-Online-Kleinanzeigen-Betrug-Transportkosten-29854191.html",
      "https://www.suedtirolnews.it/wirtschaft/so-tricksen-kleinanzeigenbetrueger-im-internet",
      "https://www.mz.de/leben/technik/kleinanzeigen-5-gefahrliche-abzockmaschen-im-uberblick-4019042",
      "https://www.abendzeitung-muenchen.de/mehr/digitales/vorsicht-so-wird-auf-kleinanzeigen-portalen-betrogen-art-698099",
    ],
    signals: {
      // The fee: insurance, customs, freight, the carrier's or a "release" fee.
      fee: rx`(?:versicherung|(?<!\d\s?)zoll|einfuhr|fracht|speditions?(?:kosten|gebühr)|transportkosten|überführungskosten|gebühr|gebuhr|gebür|insurance|customs|\bduty\b|\bfee\b|\bfees\b)`,
      // The seller is the one to pay it: "du musst … zahlen", "überweise bitte die …", "vorstrecken".
      seller_pays: rx`(?:${SELLER_MUST}[^.?!]{0,60}?${SELLER_PAYS_VERB}\b|(?<!\b(?:ich|wir)\s)\b(?:zahl|bezahl|überweis|begleich)\s+(?:(?:du|bitte|mal|kurz|schnell|vorab|vorher|zuerst|erst|noch|einfach)\s+)*(?:die|den|das|diese[n]?|\d)|\b(?:zahle|bezahle|überweise|begleiche)\s+bitte\b|\bbitte\s+(?:\w+\s+){0,4}?(?:zahlen|bezahlen|überweisen|begleichen|vorstrecken|auslegen|überweise|zahle|bezahle)\b|vorstreck|vorzustreck|\bauslegen|\bauszulegen|in vorleistung|vom verkäufer\s+(?:zu\s+)?(?:be)?zahl|verkäufer\s+(?:muss|zahlt|trägt|übernimmt)|\b(?:pay|send|transfer)\s+(?:the\s+)?(?:insurance|customs|fee|duty))`,
      // To whom or on what promise: a carrier or customs, a refund with the price, before the release.
      payee_or_refund: rx`(?:${PAYEE}|ausland|international|erstatt|\bzurück|\bback\b|refund|verrechnet|gutgeschrieben|mit dem kaufpreis|zusammen mit|\bvorab|\bvorher|\bzuerst|\bbevor|freigegeben|freigeben|freischalt|auszahl|\breleased?)`,
    },
    test: (has) => has("fee") && has("seller_pays") && has("payee_or_refund"),
  }),
  family({
    id: "fake_payment_proof",
    level: "betrugsmuster",
    title: "Zahlungsbeleg statt Geld – „deine Bank braucht noch“",
    explanation:
      "Der Käufer schickt einen Screenshot oder eine „Bestätigung“ der Überweisung und drängt, die Ware schon zu verschicken: Deine Bank brauche noch 24 oder 48 Stunden, die Zahlung werde erst nach dem Versandbeleg freigegeben. Der Beleg ist gefälscht; das Geld kommt nie an.",
    advice:
      "Ein Screenshot ist keine Zahlung. Erst verschicken, wenn das Geld auf deinem Konto gutgeschrieben ist – oder „Sicher bezahlen“ der Plattform nutzen.",
    sources: [
      "https://www.infranken.de/regional/artikel_fuer_gemeinden/vorsicht-bei-geschaeften-im-internet;art154303,4372924",
      "https://economie.fgov.be/de/themen/verbraucherschutz/verbraucherbetrug/verschiedene-formen-von-betrug/sie-haben-online-gekauft-oder/sie-verkaufen-online-und-der-1",
      "https://www.computerbild.de/artikel/cb-News-Sicherheit-Online-Kleinanzeigen-Betrug-Transportkosten-29854191.html",
    ],
    signals: {
      // A proof instead of the money: screenshot, receipt, a bank's "confirmation".
      proof: rx`(?:(?:überweisungs|zahlungs|einzahlungs|bank)(?:beleg|nachweis|bestätigung|quittung)|(?:beleg|nachweis|quittung|bestätigung)\s+(?:\w+\s+){0,2}?(?:überweisung|zahlung|bank)|(?:screenshot|\bscreen\b|bildschirmfoto|\bfoto)[^.?!]{0,40}?(?:überweisung|zahlung|\bbank|banking|payment|transfer|bezahlt|überwiesen)|(?:überweisung|zahlung|payment|transfer|bezahlt|überwiesen)[^.?!]{0,40}?(?:screenshot|bildschirmfoto)|proof of payment|payment proof|payment receipt)`,
      // The money is said to be delayed: the bank needs hours or days, it is pending or checked.
      delay: rx`(?:(?:\bbank|\bgeld|überweisung|zahlung|gutschrift|betrag|payment|money|transfer)[^.?!]{0,50}?(?:\d+\s?-?\s?\d*\s?(?:h|std|stunden|tage|tagen|werktage|werktagen|hours|days)\b|\bdauert|\bbraucht|bearbeitung|ausstehend|pending|geprüft|\bnoch nicht\b|\berst\s+(?:am|in|nach|morgen|übermorgen|montag))|(?:\d+\s?-?\s?\d*\s?(?:h|std|stunden|tage|tagen|werktage|werktagen|hours|days)\b|\bdauert|\bbraucht)[^.?!]{0,50}?(?:\bbank|\bgeld|überweisung|zahlung|gutschrift|auf deinem konto|payment|money))`,
      // Ship before the money is there: "schon mal verschicken", "send it today", "don't wait".
      ship_now: rx`(?:\b(?:schon|jetzt|sofort|direkt|gleich|heute|vorab|bereits)\s+(?:\w+\s+){0,3}?\b(?:${SHIP})|\b(?:${SHIP})\w*\s+(?:\w+\s+){0,3}?(?:schon|jetzt|sofort|direkt|gleich|heute|vorab|bereits)\b|\bship\s+(?:it\s+)?(?:now|today|right away)|\bnicht\s+(?:\w+\s+)?(?:warten|abwarten))`,
      // The "bank" releases the money only after the seller's shipping receipt.
      release_after_shipping: rx`(?:(?:postbeleg|einlieferungsbeleg|versandbeleg|sendungsnummer|trackingnummer|tracking)[^.?!]{0,60}?(?:freigabe|freigeben|freigegeben|freischalt|auszahl|gutgeschrieben)|(?:freigabe|freigegeben|freigeben|freischalt|auszahl)[^.?!]{0,60}?(?:postbeleg|einlieferungsbeleg|versandbeleg|sendungsnummer|trackingnummer))`,
    },
    test: (has) =>
      (has("proof") && (has("delay") || has("ship_now"))) || (has("delay") && has("ship_now")) || has("release_after_shipping"),
  }),
  family({
    id: "triangle",
    level: "betrugsmuster",
    title: "Dreiecksbetrug: eine fremde Person zahlt",
    explanation:
      "Der „Käufer“ verkauft deinen Artikel in einer kopierten Anzeige an einen Dritten und lässt ihn an dich zahlen – dafür fragt er nach deinen Daten, „um die Zahlung zu registrieren“, oder kündigt an, dass das Geld von jemand anderem oder unter anderem Namen kommt. Du schickst die Ware an den Betrüger; der Dritte fordert sein Geld später von dir zurück.",
    advice:
      "Nur an die Person übergeben oder schicken, die selbst bezahlt hat – Name auf der Zahlung prüfen, keine Daten für „Registrierungen“ herausgeben. Am sichersten: „Sicher bezahlen“ der Plattform oder bar bei Abholung.",
    sources: [
      "https://www.watchlist-internet.at/news/kleinanzeigenbetrug-so-funktioniert-der-dreiecksbetrug/",
      "https://onlinesicherheit.gv.at/Services/News/Vorsicht-vor-Dreiecksbetrug-bei-Kleinanzeigenplattformen.html",
      "https://t3n.de/news/dreiecksbetrug-warum-dein-online-verkauf-schnell-zum-albtraum-werden-kann-1686813/",
    ],
    signals: {
      // Someone other than the buyer pays: "meine Tante überweist", "das Geld kommt von einem Freund".
      third_party_pays: rx`(?:(?:überweisung|zahlung|\bgeld|betrag|payment|money)[^.?!]{0,60}?\b(?:kommt|kommen|erfolgt|comes)\b[^.?!]{0,30}?\b(?:von|from)\s+(?:(?:meine[mrns]?|mein|einem|einer|my|a)\s+(?:\w+\s+)?${PERSON}|jemand\w*\s+(?:anders|anderem|anderes|fremdem)|someone else)|\b(?:mein|meine|ein|eine|unser|unsere|my|a)\s+${PERSON}\s+(?:\w+\s+){0,3}?(?:überweist|zahlt|bezahlt|schickt|sendet|überweisen|zahlen|übernimmt|will pay|pays|sends)\b|\b(?:überweist|zahlt|bezahlt|schickt|sendet|übernimmt)\s+(?:dir\s+|ihnen\s+)?(?:das geld\s+|den betrag\s+|die zahlung\s+)?(?:\w+\s+){0,2}?(?:mein|meine|ein|eine|unser|unsere)\s+${PERSON}\b|\bvon\s+(?:\w+\s+)?(?:meine[mrs]|einem|einer)\s+${PERSON}\s+(?:\w+\s+){0,2}?(?:überwiesen|bezahlt|gezahlt|geschickt)|\b(?:vom|über das|von dem|über den)\s+(?:\w+\s+)?(?:konto|account|paypal)\s+(?:meine[rs]|eine[rs]|von meine[mr])\s+${PERSON})`,
      // Cash at the handover: whoever brings it, no stranger's transfer can be reclaimed.
      cash: rx`\b(?:bar|cash|bargeld)\b`,
      // A different name on the payment.
      other_name: rx`(?:\b(?:anderer|anderen|fremder|fremden|falscher|falschen)\s+(?:name|namen|absender|kontoinhaber|kontoinhaberin)\b|\bname\b[^.?!]{0,30}?\b(?:stimmt nicht|passt nicht|ist anders)|\b(?:different|other)\s+name)`,
      // The seller's details "to register" the payment or for someone else.
      details_to_register: rx`(?:\b(?:dein|deine|deinen|ihre|ihren|your)\s+(?:\w+\s+){0,2}?(?:daten|namen?|adresse|anschrift|iban|kontodaten|bankdaten|bankverbindung|telefonnummer|handynummer|details)\b[^.?!]{0,80}?(?:registrier|eintrag|einzutrag|erfass|hinterleg|anmeld|anzumeld|weitergeb|weiterzugeb|weiterleit|\bregister)|(?:registrier|erfass|anmeld|anzumeld|\bregister)\w*[^.?!]{0,60}?\b(?:dein|deine|deinen|ihre|ihren|your)\s+(?:\w+\s+){0,2}?(?:daten|namen?|adresse|anschrift|iban|kontodaten|bankdaten|bankverbindung|details)\b)`,
      // The reference hides the item.
      hidden_reference: rx`(?:kein(?:en)?|ohne|nicht)\s+(?:artikel(?:namen)?|verwendungszweck|betreff)\b[^.?!]{0,40}?(?:verwendungszweck|überweisung|angeben|reinschreiben)`,
      // The item goes to someone else, and the seller is told not to wonder or what to say.
      ship_elsewhere: rx`(?:\b(?:schick|send|versend|geb|gib|geh|übergib|übergeb)\w*\s+(?:\w+\s+){0,3}?(?:an|zu)\s+(?:meine[nrm]?|mein|einen|eine|unsere[nrm]?)\s+${PERSON}|\b(?:meine?|mein|ein|eine)\s+${PERSON}\s+(?:\w+\s+){0,2}?(?:holt|nimmt|bekommt|empfängt)\b)`,
      hush: rx`(?:nicht wundern|\bwundere? dich nicht|(?:falls|wenn)\s+(?:sich\s+)?(?:jemand|der|die|er|sie)\s+(?:\w+\s+){0,2}?(?:meldet|anruft|fragt|schreibt)|\bsag\s+(?:\w+\s+)?(?:nichts|dass))`,
    },
    test: (has) =>
      (has("third_party_pays") && !has("cash")) ||
      has("other_name") ||
      has("details_to_register") ||
      has("hidden_reference") ||
      (has("ship_elsewhere") && has("hush")),
  }),
  family({
    id: "fake_support",
    level: "betrugsmuster",
    title: "Angeblicher Kundenservice der Plattform",
    explanation:
      "Eine Nachricht gibt sich als Kleinanzeigen-, eBay- oder PayPal-Support aus – oder der Käufer kündigt an, dass „der Support“ sich meldet: Konto gesperrt, Zahlung wartet, „Sicher bezahlen“ müsse über einen Link bestätigt werden. Die Seite hinter dem Link ist nachgebaut und greift Zugangs-, Bank- oder Kartendaten ab.",
    advice:
      "Die Plattform schreibt dir nicht über den Chat eines Käufers und schickt keine Links zum Bestätigen. App oder Seite selbst öffnen; im Zweifel Passwort ändern und Zwei-Faktor-Anmeldung einschalten.",
    sources: [
      "https://www.volksstimme.de/panorama/internet-betrug-lka-warnung-kleinanzeigen-ebay-betrug-vorsicht-kauf-mail-achtung-abzocke-3784334",
      "https://prisma-gp.de/informieren-vorsorgen/vorsicht-kreditkartenbetrug-wenn-der-kaeufer-abzockt/",
      "https://www.ndr.de/ratgeber/verbraucher/Kleinanzeigen-So-schuetzt-man-sich-vor-Betrug,kleinanzeigenbetrug100.html",
      "https://www.ebay-kleinanzeigen.de/sicherheitshinweise.html",
    ],
    signals: {
      // Speaks as the platform or its payment provider.
      poses_as_platform: rx`(?:\b(?:kleinanzeigen|ebay|paypal|vinted|willhaben|opp|sicher[- ]bezahlen)[- ]?(?:\w+[- ])?(?:support|kundenservice|kundendienst|service[- ]?team|sicherheitsteam|sicherheitsabteilung|team|mitarbeiter\w*|hilfe-?center|helpdesk|customer service|security)\b|\b(?:support|kundenservice|kundendienst|sicherheitsteam|service[- ]?team|customer service|mitarbeiter\w*)\s+(?:von|of|bei)\s+(?:kleinanzeigen|ebay|paypal|vinted|willhaben)\b|\bim auftrag von\s+(?:kleinanzeigen|ebay|paypal)|\bwir von\s+(?:kleinanzeigen|ebay|paypal)|^\W*(?:kleinanzeigen|ebay|paypal|vinted)\s*[:|])`,
      // Tells the seller to act: log in, confirm, click, follow the instructions, wait for contact.
      demand: rx`(?:gesperrt|eingeschränkt|deaktiviert|suspendiert|blockiert|verifizier|bestätig|entsperr|freischalt|freigeb|\banmeld|\beinlogg|\blogin|\blog dich|\bklick|\blink|formular|eingeben|hinterleg|aktualisier|\bfolge|anweisung|kontaktier|\bmeldet sich|\bschreibt dir|\bwird dich|\bruft dich|\bconfirm|\bverify|\bclick)`,
      // "Your account is blocked" (a buyer has no way to know) …
      account_blocked: rx`\b(?:dein|deine|ihr|ihre|your)\w*\s+(?:\w+[- ])?(?:konto|account|profil|zugang|auszahlung|guthaben)\w*\b[^.?!]{0,40}?\b(?:gesperrt|eingeschränkt|deaktiviert|blockiert|suspendiert|eingefroren|gelöscht|locked|suspended|blocked|limited)`,
      // … and the way to "fix" it.
      fix_action: rx`(?:\blink|\bklick|\bclick|\banmeld|\beinlogg|\blogin|bestätig|verifizier|entsperr|\bverify|\bconfirm)`,
      // A "Sicher bezahlen" page or link that the seller is to open and act on.
      safe_pay_page: rx`(?:sicher(?:es)?[- ]bezahlen|safe ?pay|käuferschutz|kaeuferschutz)[^.?!]{0,60}?\b(?:link|seite|formular|website|webseite|klick\w*|portal)\b|\b(?:link|formular|website|webseite|klick\w*)\b[^.?!]{0,60}?sicher(?:es)?[- ]bezahlen`,
      seller_acts: rx`(?:bestätig|eingeb|einzugeb|freischalt|\berhalt|\berhält|empfang|aktivier|einricht|\banmeld|verifizier|\bklick|öffne|\bconfirm|\breceive)`,
    },
    test: (has, links) =>
      (has("poses_as_platform") && has("demand")) ||
      (has("account_blocked") && has("fix_action")) ||
      links.some(isLookAlikeHost) ||
      (has("safe_pay_page") && has("seller_acts")),
  }),
  family({
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
    signals: {
      qr: rx`\bqr[- ]?code`,
      // To scan, to receive or confirm a payment.
      payment_step: rx`(?:scan|zahlung|bezahl|einricht|bestätig|\bgeld|empfang|erhalt|freischalt)`,
    },
    test: (has) => has("qr") && has("payment_step"),
  }),
  family({
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
    signals: {
      test_payment: rx`(?:probe|test)-?(?:(?:ü|ue)berweisung|zahlung|buchung|betrag)`,
      // "to verify" an account or release a payment …
      verification: rx`(?:verifizier|bestätig|prüf|freischalt|freigeb|aktivier)`,
      // … with a small amount …
      small_amount: rx`\d+(?:[,.]\d+)?\s?(?:€|euro|cent)`,
      // … that the seller is to send.
      seller_sends: rx`(?:\ban mich\b|\b(?:kannst|musst|sollst)\s+du\b[^.?!]{0,40}?(?:überweis|send|schick|zahl)|\bdu\s+(?:musst|sollst)\b)`,
    },
    test: (has) => has("test_payment") || (has("verification") && has("small_amount") && has("seller_sends")),
  }),
  family({
    id: "fake_direct_buy",
    level: "betrugsmuster",
    title: "Angeblicher Direktkauf – „schick mir deine E-Mail-Adresse“",
    explanation:
      "Der Käufer behauptet, Direktkauf oder „Sicher bezahlen“ sei schon bestätigt oder bezahlt, und verlangt deine E-Mail-Adresse (oft mit einem Bildschirmfoto einer falschen Plattformseite). Danach kommt eine gefälschte Mail mit Link zur „Bestätigung“.",
    advice: "Bestätigungen kommen nur in der App, nie über eine E-Mail-Adresse, die ein Käufer erfragt. Keine Adresse herausgeben.",
    sources: [
      "https://www.rtl.de/cms/perfide-betrugsmasche-bei-kleinanzeigen-gegen-privat-verkaeufer-so-koennen-sie-sich-schuetzen-5061341.html",
      "https://www.giga.de/artikel/kleinanzeigen-direktkauf-wurde-bestaetigt-vorsicht-vor-solchen-nachrichten/",
      "https://prisma-gp.de/informieren-vorsorgen/vorsicht-kreditkartenbetrug-wenn-der-kaeufer-abzockt/",
    ],
    signals: {
      claimed_purchase: rx`(?:direktkauf|sicher(?:es)?\s+bezahlen|\bkauf|zahlung|bezahlung)\b[^.?!]{0,40}?\b(?:bestätigt|abgeschlossen|erfolgt|bezahlt|ausgeführt|gekauft)`,
      email_asked: rx`(?:e-?mail|mail-?adresse|mailadresse|\bmail\b)`,
    },
    test: (has) => has("claimed_purchase") && has("email_asked"),
  }),
  family({
    id: "shipping_overpayment",
    level: "betrugsmuster",
    title: "Überzahlung: Transportkosten an eine Spedition weiterleiten",
    explanation:
      "Der Käufer will Kaufpreis und Transportkosten zusammen zahlen und bittet dich, die Kosten an eine Spedition, Reederei oder einen Fahrer weiterzuleiten. Die Zahlung oder Bestätigung ist gefälscht – das weitergeleitete Geld ist weg.",
    advice: "Nie Transport- oder Zollkosten weiterleiten. Wer eine Spedition beauftragt, bezahlt sie selbst.",
    sources: [
      "https://www.mz.de/leben/technik/kleinanzeigen-5-gefahrliche-abzockmaschen-im-uberblick-4019042",
      "https://www.abendzeitung-muenchen.de/mehr/digitales/vorsicht-so-wird-auf-kleinanzeigen-portalen-betrogen-art-698099",
      "https://www.computerbild.de/artikel/cb-News-Sicherheit-Online-Kleinanzeigen-Betrug-Transportkosten-29854191.html",
    ],
    signals: {
      // Money to pass on to the carrier: "leite die 450 € an die Reederei weiter", "den Rest an den Fahrer".
      forward_to_carrier: rx`(?:weiterleit|weiterzuleit|weiterüberweis|weiterzuüberweis|\bleite\w*[^.?!]{0,60}?\bweiter\b|(?:differenz|\brest\w*|überschuss|mehrbetrag|transportkosten|frachtkosten|speditionskosten|\bkosten)[^.?!]{0,60}?\ban\s+(?:die|den|das|meine[nr]?|unsere[nr]?)\s+(?:\w+\s+)?${PAYEE}|western union|moneygram)`,
      carrier: rx`(?:reederei|spedition|spediteur|transport(?:firma|unternehmen|kosten)|frachtkosten|\bfahrer|\bagent|\bkurier|western union|moneygram)`,
    },
    test: (has) => has("forward_to_carrier") && has("carrier"),
  }),
] satisfies ScamFamily<string>[];

/** Whether a family's signals, as its `test` combines them, are all in the text. */
export function familyMatches(scamFamily: ScamFamily, text: string, links: string[]) {
  const has = (signal: string) => scamFamily.signals[signal]?.test(text) ?? false;
  return scamFamily.test(has, links);
}
