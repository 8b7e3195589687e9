// The one German offer vocabulary (ADR 064): how sellers write amounts, price types, shipping,
// pickup and parcel services. The note reader (seller-price.ts), the fact guard, the offline writer,
// the Verkaufshelfer and the scam check read these cues from here and nowhere else, so two of them
// can never read a cue differently (tests/unit/offer-vocabulary.test.ts).
//
// Each cue is a regular-expression source without flags, matched case-insensitively with the `u`
// flag. Word edges are written with `(?<!\p{L})` / `(?!\p{L})`, never `\b` (which does not know
// umlauts). Entries are forms of the language (abbreviations, spellings, slang), not phrases of a
// test item.

const L = String.raw`\p{L}`;
const edge = (source: string) => String.raw`(?<!${L})(?:${source})(?!${L})`;

/** Currency words and signs, after or before a number ("80 €", "Euro 120", "25 Euronen"). */
export const CURRENCY = String.raw`€|euro(?:nen|s)?(?!${L})|eur(?!${L})|teuro(?!${L})|tacken(?!${L})|mäuse(?!${L})|öcken(?!${L})|ocken(?!${L})`;

/**
 * Amounts said in words: German number words up to 999 ("zehn", "fünfundzwanzig",
 * "zweihundertfünfzig", dialect "fuffzig"). A word amount counts only with a currency after it
 * ("zehn Euro"); slang names a banknote and so carries its currency in itself.
 */
const UNITS: Readonly<Record<string, number>> = {
  ein: 1,
  eins: 1,
  eine: 1,
  einen: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
};
const TEENS: Readonly<Record<string, number>> = {
  zehn: 10,
  elf: 11,
  zwölf: 12,
  dreizehn: 13,
  vierzehn: 14,
  fünfzehn: 15,
  sechzehn: 16,
  siebzehn: 17,
  achtzehn: 18,
  neunzehn: 19,
};
const TENS: Readonly<Record<string, number>> = {
  zwanzig: 20,
  dreißig: 30,
  dreissig: 30,
  vierzig: 40,
  fünfzig: 50,
  fuffzig: 50,
  sechzig: 60,
  siebzig: 70,
  achtzig: 80,
  neunzig: 90,
};

/** Below one hundred: "sieben", "siebzehn", "siebzig", "siebenundzwanzig". */
function belowHundred(word: string): number | null {
  if (word in UNITS) return UNITS[word];
  if (word in TEENS) return TEENS[word];
  if (word in TENS) return TENS[word];
  const compound = /^(\p{L}+?)und(\p{L}+)$/u.exec(word);
  if (compound && compound[1] in UNITS && compound[2] in TENS) return UNITS[compound[1]] + TENS[compound[2]];
  return null;
}

/** A German number word's value up to 999 ("fünfundzwanzig" → 25, "zweihundertfünfzig" → 250), or null. */
export function numberWordValue(text: string): number | null {
  const word = text.toLowerCase();
  const hundred = /^(\p{L}*?)hundert(\p{L}*)$/u.exec(word);
  if (hundred) {
    const times = hundred[1] === "" ? 1 : (UNITS[hundred[1]] ?? null);
    const rest = hundred[2] === "" ? 0 : belowHundred(hundred[2].replace(/^und/u, ""));
    return times === null || rest === null ? null : times * 100 + rest;
  }
  if (word === "tausend" || word === "eintausend") return 1000;
  return belowHundred(word);
}

/** Banknote slang: the amount it names. */
export const SLANG_AMOUNTS: Readonly<Record<string, number>> = {
  fünfer: 5,
  heiermann: 5,
  zehner: 10,
  zwanni: 20,
  zwanziger: 20,
  fuffi: 50,
  fuffie: 50,
  fuffziger: 50,
  fünfziger: 50,
  hunni: 100,
  hunderter: 100,
  hundi: 100,
  riese: 1000,
  tausender: 1000,
};

/** "für einen Fuffi", "nen Hunni", "'n Zwanni": an article before a slang amount. */
const ARTICLE = String.raw`(?:(?:einen|ein|'?nen|'?n)\s+)?`;
export const SLANG_AMOUNT = String.raw`(?<!${L})${ARTICLE}(${Object.keys(SLANG_AMOUNTS).join("|")})(?!${L})`;
/** A word before a currency: its value is `numberWordValue`'s ("zehn Euro", "fuffzig euro"). */
export const WORD_AMOUNT = String.raw`(?<!${L})(\p{L}+)[ \t]*(?:${CURRENCY})`;

/** Price-type cues that make the price negotiable, anywhere in the note. */
export const NEGOTIABLE_CUES = [
  String.raw`vb`,
  String.raw`vhb`,
  String.raw`verhandlungsbasis`,
  String.raw`verhandlungssache`,
  String.raw`(?:preis\s+(?:ist\s+)?)?verhandelbar`,
  String.raw`preis\s+nach\s+vereinbarung`,
  String.raw`oder\s+(?:(?:ein|einen|'?nen|'?n)\s+)?(?:bestes\s+|gegen\s+)?(?:gebot|angebot)(?:\s+(?:machen|schicken|senden))?`,
  String.raw`o\.\s?b\.\s?o\.?|obo`,
  String.raw`(?:preisvorschläge|preisvorschlag|angebote|gebote)\s+(?:sind\s+)?(?:gerne?|willkommen|erwünscht|möglich|per\s+\p{L}+)`,
  String.raw`(?:mach(?:t)?|gebt|gib|schick(?:t)?|machen\s+sie|senden\s+sie)\s+(?:mir\s+|uns\s+)?(?:(?:gern|gerne|einfach|ruhig)\s+)?(?:ein|einen|euer|dein|ihr)\s+(?:angebot|preisvorschlag|vorschlag|gebot)`,
  String.raw`über\s+den\s+preis\s+(?:kann\s+man\s+|lässt\s+sich\s+|können\s+wir\s+)?(?:reden|sprechen|verhandeln)`,
  String.raw`(?:preis\s+(?:ist\s+)?)?verhandlungsfähig`,
  String.raw`(?:verhandlung|verhandeln|handeln)\s+(?:ist\s+)?(?:möglich|mögl\.?|mgl\.?|drin|okay|ok)`,
  String.raw`verhandlungsbereit`,
] as const;

/** Short negotiable cues that only count right beside an amount ("VS 90", "90 € VHS": Verhandlungssache; "VHS-Kassetten" are none). */
export const NEGOTIABLE_NEXT_TO_AMOUNT_CUES = [String.raw`vs`, String.raw`vhs`] as const;

/** Price-type cues that make the price fixed, anywhere in the note. */
export const FIXED_CUES = [
  String.raw`festpreis`,
  String.raw`fixpreis`,
  String.raw`fp`,
  String.raw`preis\s+(?:ist|steht)\s+(?:fest|fix)`,
  String.raw`preis\s+ist\s+(?:final|endgültig)`,
  String.raw`letzter\s+preis`,
  String.raw`(?:nicht|un)\s?verhandelbar`,
  String.raw`keine?\s+(?:preis)?verhandlung(?:en)?`,
  String.raw`keine?\s+(?:preisanfragen|preisvorschläge)`,
  String.raw`(?:bitte\s+)?nicht\s+(?:weiter\s+|mehr\s+)?(?:handeln|verhandeln|feilschen)`,
  String.raw`keine?\s+(?:handelei|feilscherei|preisdiskussion(?:en)?)`,
  String.raw`(?:drunter|darunter|billiger)\s+(?:geht|gebe\s+ich|geb\s+ich|gehe\s+ich|mach\s+ich|mache\s+ich)\s+(?:ihn\s+|sie\s+|es\s+)?(?:nix|nichts|nicht)`,
  String.raw`nicht\s+(?:drunter|darunter|billiger)`,
] as const;

/** Short fixed cues that only count right beside an amount ("fix 30", "30 fest", "Preis steht: 140"). */
export const FIXED_NEXT_TO_AMOUNT_CUES = [String.raw`fix`, String.raw`fest`, String.raw`preis\s+steht`] as const;

/** Giving the item away for nothing. */
export const GIVEAWAY_CUES = [
  String.raw`zu\s+verschenken`,
  String.raw`verschenke`,
  String.raw`verschenken`,
  String.raw`geschenkt`,
  String.raw`(?:gratis|kostenlos|umsonst|für\s+lau)(?:\s+(?:abzugeben|an\s+selbstabholer|für\s+selbstabholer|zum\s+abholen))?`,
] as const;

/** A negated cue is its own entry ("nicht verhandelbar" is fixed) and is listed before the cue it contains. */
export const NEGOTIABLE = edge(NEGOTIABLE_CUES.join("|"));
export const FIXED = edge(FIXED_CUES.join("|"));
export const NEGOTIABLE_NEXT_TO_AMOUNT = edge(NEGOTIABLE_NEXT_TO_AMOUNT_CUES.join("|"));
export const FIXED_NEXT_TO_AMOUNT = edge(FIXED_NEXT_TO_AMOUNT_CUES.join("|"));
export const GIVEAWAY = edge(GIVEAWAY_CUES.join("|"));

/** Parcel services as sellers write them, with the name the record stores. */
export const CARRIER_CUES = [
  ["DHL", String.raw`dhl`],
  ["Hermes", String.raw`hermes`],
  ["DPD", String.raw`dpd`],
  ["GLS", String.raw`gls`],
  ["UPS", String.raw`ups`],
  ["Deutsche Post", String.raw`deutsche\s+post|warensendung|büchersendung|großbrief|maxibrief|(?:als\s+)?(?:einschreiben)`],
] as const;

/** Words that name shipping. */
export const SHIPPING_NOUN = String.raw`\p{L}*versand(?:kosten)?|porto|verschicken|versenden|versende|verschicke|verschickt|versendet|versandfertig|vers\.?(?=[ \t]+(?:mgl|mögl|möglich|inkl|ok|okay|per|als|für|gegen|gg|\+|\d))`;
/** Words that offer shipping; a parcel service named alone offers it too (the reader matches those with CARRIER_CUES). */
export const SHIPPING = edge(String.raw`${SHIPPING_NOUN}|(?:als|per)\s+(?:päckchen|paket|brief|warensendung)`);

/** "nicht" about the price, not about shipping: "Versand nicht inklusive", "nicht im Preis enthalten", "nicht kostenlos". */
const NOT_ABOUT_COST = String.raw`(?![ \t]+(?:inklusive|inkl|im[ \t]+preis|dabei|enthalten|mit[ \t]+drin|kostenlos|kostenfrei|gratis|umsonst))`;

/** Shipping the seller rules out. */
export const NO_SHIPPING = edge(
  String.raw`kein(?:en)?\s+versand|versand\s+(?:ist\s+)?(?:leider\s+)?(?:nich(?:t|(?!\p{L}))\s+möglich|ausgeschlossen|nich(?:t|(?!\p{L}))${NOT_ABOUT_COST})|versand\s+(?:geht|klappt|ist)\s+(?:[\p{L}.]+\s+){0,4}?(?:leider\s+)?nich(?:t|(?!\p{L}))${NOT_ABOUT_COST}|(?:versende|verschicke)\s+(?:[\p{L}.]+\s+){0,3}?nich(?:t|(?!\p{L}))|(?:versand|verschicken|versenden)\s+(?:mache?n?|biete[n]?|kann|können)\s+(?:ich|wir)\s+(?:[\p{L}.]+\s+){0,4}?nich(?:t|(?!\p{L}))|nich(?:t|(?!\p{L}))\s+(?:zu\s+)?(?:versenden|verschicken)|kann\s+nich(?:t|(?!\p{L}))\s+(?:versendet|verschickt)\s+werden|nur\s+(?:an\s+)?(?:selbst)?abh(?:ol(?:ung|er|en)|\.|(?!\p{L}))|nur\s+für\s+selbstabholer|(?:an|für)\s+selbstabholer|selbstabholung|selbstabholer|selbst\s+abholen|abholung\s+zwingend|muss\s+(?:[\p{L}-]+\s+){0,4}?abgeholt\s+werden|(?:schicken|verschicken|versenden|versand)\s+(?:is|ist)\s+(?:[\p{L}.]+\s+){0,5}?nich(?:t|(?!\p{L}))\s+drin`,
);

/** Pickup the seller rules out. */
export const NO_PICKUP = edge(
  String.raw`nur\s+versand|keine?\s+abholung|kein\s+abholen|abholung\s+(?:ist\s+)?(?:leider\s+)?(?:nich(?:t|(?!\p{L}))\s+möglich|ausgeschlossen)|nich(?:t|(?!\p{L}))\s+(?:zur\s+)?abholung`,
);

/** Words that name pickup. */
export const PICKUP = edge(
  String.raw`(?:selbst)?abhol(?:ung|er|en|bar)|abh\.?|abzuholen|abgeholt|selbst\s+abholen|abholort|übergabe\s+(?:in|persönlich|vor\s+ort|bei)|(?:ihr|du|sie)\s+(?:holt|holst|holen)\s+(?:[\p{L}-]+\s+){0,4}?ab(?!\p{L})`,
);

/**
 * Words that name payment ("PayPal", "Überweisung", "bar bei Abholung"): a sentence with them goes
 * with the handover in the ad's text and stays a line of its own under the offer line (ADR 089).
 */
export const PAYMENT = edge(
  String.raw`paypal|(?:echtzeit|sofort|bank)?überweisung|zahlung\s+(?:nur\s+)?(?:bar|per|in\s+bar)|barzahlung|bargeld|bezahlung|sicher\s+bezahlen|bar\s+(?:bei|vor\s+ort|zahlen)`,
);

/** How shipping is sent, between "inkl." and "Versand" or after "Versand": "versichert", "unversichert", a parcel service. */
const SHIPPING_MANNER = String.raw`(?:versichert|unversichert|kostenlos|gratis|dhl|hermes|dpd|gls)\p{L}*[ \t]+`;

/**
 * The price already includes shipping ("inkl. Versand", "inkl. versichertem Versand", "versandkostenfrei"),
 * the included word before shipping or after it ("Versand inklusive", "Versand versichert inkl.").
 */
export const SHIPPING_INCLUDED = edge(
  String.raw`(?:inkl\.?|inklusive|incl\.?|mit|samt)[ \t]*(?:${SHIPPING_MANNER})?(?:versand|porto)|versandkostenfrei|portofrei|versandfrei|(?:kostenloser|gratis|freier)[ \t]+versand|(?:versand|porto)[ \t]+(?:${SHIPPING_MANNER})?(?:ist[ \t]+)?(?:kostenlos|kostenfrei|gratis|(?:inklusive|inkl\.?|incl\.?)(?!\.?[ \t]*(?:versicherung|sendungsverfolgung|tracking)(?!\p{L}))|frei|im[ \t]+preis[ \t]+(?:enthalten|inbegriffen))|(?:versand|porto)[ \t]+(?:(?!(?:nicht|oder|und|abholung)(?!\p{L}))\p{L}+[ \t]+){1,3}?(?:kostenlos|kostenfrei|gratis|(?:inkl\.?|incl\.?|inklusive)(?=[ \t]*(?:$|[,;!\n])))(?!\p{L})|versand[ \t]+(?:geht|ist)[ \t]+auf[ \t]+mich|(?:versand|porto)[ \t]+(?:ist|is)[ \t]+(?:mit[ \t]+)?(?:drin|dabei|im[ \t]+preis)(?!\p{L})|(?:(?:das[ \t]+|den[ \t]+|die[ \t]+)?(?:versand(?:kosten)?|porto))[ \t]+(?:übernehme|zahle|trage)[ \t]+ich|(?:übernehme|zahle|trage)[ \t]+(?:ich[ \t]+)?(?:den[ \t]+|die[ \t]+|das[ \t]+)?(?:versand(?:kosten)?|porto)`,
);

/** A price per piece ("je 12 €", "pro Stück 5 €", "à 3 €", "5 € das Stück"). */
export const PER_PIECE_BEFORE = String.raw`(?:(?<!${L})je(?:\s+(?!nach(?!${L}))\p{L}{3,})?|(?<!${L})pro\s+(?:stück|stk\.?|teil|paar|exemplar)|(?<!${L})à|(?<!${L})a\s(?=\s*\d)|(?<!${L})stückpreis|(?<!${L})einzeln(?:\s+(?:für|je|à))?|(?<!${L})einzelpreis|(?<![^\n,;\s])(?<![\p{L}\d.][ \t])(?:das\s+)?(?:stück|stk\.?))\s*:?\s*$`;
export const PER_PIECE_AFTER = String.raw`^\s*(?:€|euro|eur)?\s*(?:(?:pro|je|das|/)\s*(?:stück|stk\.?|teil|paar|exemplar)|/\s*stk|/\s*st(?!${L}))(?!${L})`;
/**
 * "pro" and a noun after an amount of money: "15 Euro pro Stuhl", "5 € pro Buch", "3 € pro Kilo". Only
 * after a currency, so a model name ("iPhone 13 Pro Max") is no per-piece price.
 */
export const PER_PIECE_PER_NOUN = String.raw`^\s*(?:€|euro|eur)?\s*pro\s+\p{L}{2,}(?![\p{L}-])`;

/**
 * A price for the whole lot ("alle zusammen 50 €", "beide zus 14", "alle drei für 25 €", "komplett für 80", "im Set 40 €", "Paketpreis 120"),
 * on the amount's own line: "funktioniert alles" above "120 vb" leads no lot.
 */
export const BUNDLE_BEFORE = String.raw`(?:(?<!${L})alle(?:s)?(?:\s+(?:zusammen|zus\.?|zs\.?|drei|vier|fünf|sechs|\d+|teile|stück|bücher|platten|\p{L}+e))?(?:\s+(?:zusammen|zus\.?|zs\.?))?(?:\s+(?:für|zu|nur))?|(?<!${L})beide(?:s)?\s+(?:(?:zusammen|zus\.?|zs\.?)(?:\s+(?:für|zu|nur))?|für|zu|nur)|(?<!${L})(?:zusammen|zus\.|zs\.)(?:\s+(?:für|zu|nur))?|(?<!${L})(?:zus|zs)(?:\s+(?:für|zu|nur))?|(?<!${L})komplett(?:\s+(?:für|zu|nur))?|(?<!${L})im\s+(?:set|paket|bundle)(?:\s+(?:für|zu|nur))?|(?<!${L})(?:paket|set|bundle|gesamt)preis|(?<!${L})gesamt(?:\s+(?:für|zu|nur))?|(?<!${L})als\s+(?:set|paket|konvolut)(?:\s+(?:für|zu|nur))?)[ \t]*:?[ \t]*$`;

/** The lot right after an amount: "70 fürs Paar", "80 € für das Set", "40 für beide", "25 für alle". */
export const BUNDLE_AFTER = String.raw`^[ \t]*(?:€|euro|eur)?[ \t]*(?:fürs|für[ \t]+(?:das|den|die)(?:[ \t]+ganze)?)[ \t]*(?:paar|set|satz|paket|bundle|konvolut|ganze|komplettpaket)(?!${L})|^[ \t]*(?:€|euro|eur)?[ \t]*für[ \t]+(?:(?:beide|beides|alle|alles)(?:[ \t]+zusammen)?|zusammen)(?!${L})`;

/** A cue in any case, for patterns that must match a capital letter exactly (no `i` flag): "abholung" → "[aA][bB]…". */
export function caseless(source: string): string {
  return source.replace(/(\\[pP]\{[^}]*\}|\\.)|(\p{L})/gu, (whole, escaped: string | undefined, letter: string | undefined) =>
    escaped ? escaped : `[${letter!.toLowerCase()}${letter!.toUpperCase()}]`,
  );
}

/** The place right before the pickup verb, one or two words: "in bonn beuel abholen", "in Kleinmachnow abzuholen". */
export const PLACE_BEFORE_PICKUP = String.raw`(?<!${L})in\s+(\p{L}[\p{L}-]+(?:\s(?!(?:oder|und|bei|nach|ab|vb|mit|selbst)(?!${L}))\p{L}[\p{L}-]+)?)\s+(?:selbst\s+)?(?:abholen|abzuholen|abholbar|abgeholt)(?!${L})`;

/** Where the seller's place follows: "Abholung in", "Raum", "Standort:", "nur abholen (Bochum)". */
export const PLACE_LEAD = String.raw`(?<!${L})(?:(?:selbst)?abhol(?:ung|en|er)|abh\.?|abzuholen|abholbar|abgeholt\s+werden|umkreis\s+(?:von\s+)?\d{1,3}\s*km\s+(?:von|um)|hol(?:t|en|e|st)\s+(?:(?:sie|es|ihn|das|die|den)\s+)?ab|standort|ort|raum|nähe|bei|aus|in)(?:\s+(?:in|im\s+raum|raum|bei|nähe|aus))?\s*[:,]?\s*\(?\s*`;
