// How sellers type, tidied for the ad: nouns are capitalised where the dictionary (./nouns.ts, ADR
// 087) or the lexicon knows them ("nur abholung" → "nur Abholung", "glasvitrine" → "Glasvitrine"), words in capitals are calmed ("FESTPREIS",
// "SUPER ZUSTAND") unless they are written that way (LEGO, OVP, USB, model names with digits).
import { brandAt, detectBrand, makersSpelling } from "./item";
import { BRANDS, COLOURS, EVERYDAY_WORD_BRANDS, MATERIAL_WORD, NOUN_GENDERS } from "./lexicon";
import { isOnlyNoun, isSharedNoun, ownNounGender } from "./nouns";
import { isAmbiguousPlaceWord, knownPlace } from "../../lib/places/gazetteer";
import { PLACE_BEFORE_PICKUP } from "../../lib/offer-vocabulary";

/**
 * Nouns of ads, besides the item nouns of the lexicon and the dictionary's (./nouns.ts): many share a
 * form with a verb or an adjective, which keeps them out of the dictionary's list ("karte" ←
 * "karten", "rahmen", "reifen"), or are not in it ("display"); in an ad they are nouns, and compounds
 * end in them ("antennenkabel").
 */
const COMMON_NOUNS = [
  "abholung",
  "selbstabholung",
  "selbstabholer",
  "versand",
  "übergabe",
  "rechnung",
  "quittung",
  "anleitung",
  "bedienungsanleitung",
  "zubehör",
  "akku",
  "akkus",
  "ladegerät",
  "ladekabel",
  "kabel",
  "netzteil",
  "fernbedienung",
  "koffer",
  "kratzer",
  "zustand",
  "garantie",
  "gewährleistung",
  "beleuchtung",
  "vitrine",
  "böden",
  "boden",
  "maße",
  "modell",
  "karton",
  "originalverpackung",
  "verpackung",
  "fotos",
  "foto",
  "bilder",
  "haushalt",
  "nichtraucherhaushalt",
  "tierhaushalt",
  "gebrauchsspuren",
  "macke",
  "macken",
  "fleck",
  "flecken",
  "display",
  "gehäuse",
  "rahmen",
  "schublade",
  "schubladen",
  "türen",
  "bezug",
  "bezüge",
  "matratze",
  "neupreis",
  "preis",
  "festpreis",
  "farbe",
  "größe",
  "batterie",
  "batterien",
  "controller",
  "spiele",
  "saiten",
  "verstärker",
  "objektiv",
  "auslösungen",
  "brille",
  "kleinteile",
  "seite",
  "teile",
  "holz",
  "glas",
  "metall",
  "leder",
  "stoff",
  "aufpreis",
  "porto",
  "schnittbreite",
  "benzin",
  "neugeboreneneinsatz",
  "babywanne",
  "sportsitz",
  "möbeln",
  "kinder",
  "baby",
  "wickelauflage",
  "griff",
  "reifen",
  "schaltung",
  "bremsen",
  "sattel",
  "kette",
  "licht",
  "ständer",
  "korb",
  "deckel",
  "kanne",
  "tassen",
  "teller",
  "gläser",
  "besteck",
  "bücher",
  "buch",
  "hefte",
  "figuren",
  "steine",
  "bausteine",
  "schienen",
  "waggons",
  "lok",
  "rechnungen",
  "belege",
  "garantiekarte",
  "tasche",
  "hülle",
  "schutzhülle",
  "panzerglas",
  "schutzfolie",
  "speicher",
  "festplatte",
  "tastatur",
  "maus",
  "bildschirm",
  "kamera",
  "mikro",
  "gestell",
  "filz",
  "hantel",
  "hanteln",
  "mikrofon",
  "linse",
  "stativ",
  "blitz",
  "akkuschrauber",
  "bohrer",
  "bits",
  "schrauben",
  "werkzeug",
  "werkzeugkoffer",
  "samstag",
  "sonntag",
  "wochenende",
  "abend",
  "woche",
  "termin",
  "ecke",
  "kante",
  "rückseite",
  "oberfläche",
  "jahre",
  "jahr",
  "monate",
  "unfälle",
  "unfall",
  "lack",
  "platte",
  "tischplatte",
  "beine",
  "fächer",
  "schrank",
  "tür",
  "griffe",
  "räder",
  "rollen",
  "herren",
  "damen",
  "ärmel",
  "kragen",
  "kapuze",
  "bild",
  "karte",
  "speicherkarte",
  "freunde",
  "spiele",
  "zustand",
];

const NOUNS = new Set<string>([...NOUN_GENDERS.map(([noun]) => noun), ...COMMON_NOUNS]);
/** Compound nouns end in a known noun ("glasvitrine", "gartenstühle"); only long enough endings count. */
const NOUN_ENDINGS = [...NOUNS].filter((noun) => noun.length >= 5);
/** Words that are written in capitals. */
const KEEP_CAPS = new Set(
  [
    ...BRANDS.filter((brand) => brand === brand.toUpperCase()),
    "OVP",
    "NP",
    "BMW",
    "VW",
    "VB",
    "VHB",
    "UVP",
    "USB",
    "HDMI",
    "LED",
    "WLAN",
    "LAN",
    "DVD",
    "CD",
    "SSD",
    "HDD",
    "RAM",
    "CPU",
    "GPU",
    "NFC",
    "GPS",
    "TV",
    "PC",
    "MWST",
    "DHL",
    "DPD",
    "GLS",
    "UPS",
    "NR",
    "EU",
    "XL",
    "XXL",
    "XS",
    "OLED",
    "QLED",
    "UHD",
    "HD",
    "ABS",
    "ISOFIX",
    "BMX",
    "MTB",
    "GB",
    "TB",
    "MB",
    "KW",
    "PS",
    "AKKU",
    // Camera, display and vehicle terms sellers type in lower case.
    "AF",
    "MF",
    "DC",
    "DN",
    "IPS",
    "DP",
    "HDR",
    "FHD",
    "ABE",
    "USM",
    "STM",
    "OIS",
    "RDKS",
    // Network storage; stand-up paddling.
    "NAS",
    "SUP",
  ].map((word) => word.toUpperCase()),
);

function capitalise(word: string) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function isNoun(lower: string) {
  return NOUNS.has(lower) || isOnlyNoun(lower) || NOUN_ENDINGS.some((noun) => lower.length > noun.length + 2 && lower.endsWith(noun));
}

/** A clause whose first word is a noun starts with its capital ("wassertank hat …" → "Wassertank hat …"); any other stays. */
export function nounFirst(clause: string): string {
  const first = clause.match(/^\p{Ll}+/u)?.[0];
  return first && isNoun(first) ? capitalise(clause) : clause;
}

/** A word in capitals that is no known acronym ("FESTPREIS", "SUPER"); "TOTK", "OLED" may be names. */
function isShouted(word: string) {
  return word.length >= 4 && word === word.toUpperCase() && word !== word.toLowerCase() && !KEEP_CAPS.has(word);
}

/**
 * Where a place follows: "Abholung in münchen schwabing", "Standort: köln", "abzuholen bei
 * 81373 münchen". The words of the place are names: capitalised, except the small words inside
 * German place names ("Frankfurt am Main", "Halle an der Saale"); the place ends at a conjunction,
 * a number or a word that continues the sentence.
 */
const PLACE_LEAD_BARE = /(?:standort|wohnort|ort)\s*:?\s+(?:\d{5}\s+)?$/iu;
const PLACE_INNER = new Set(["am", "an", "der", "im", "ob", "vor", "dem", "den", "bei", "in"]);
const PLACE_END = new Set([
  "oder",
  "und",
  "sowie",
  "möglich",
  "mögl",
  "nach",
  "gegen",
  "ab",
  "bis",
  "mir",
  "uns",
  "auch",
  "nur",
  "per",
  "mit",
  "ist",
  "sind",
  "wäre",
  "gerne",
  "gern",
  "ganz",
  "nähe",
  "umgebung",
  "raum",
  "zentrum",
  "innenstadt",
  "stadt",
  "ebenfalls",
  "jederzeit",
  "abends",
  "morgens",
  "wochenends",
  "bei",
  "zur",
  "zum",
  "wegen",
  "lieber",
  "bevorzugt",
  "geht",
  "gehts",
  "klappt",
  "ok",
  "okay",
  "machbar",
  "bitte",
  "kein",
  "keine",
]);

/** The offsets of the words of a place after a place word, in one clause. */
function placeWords(text: string): Set<number> {
  const offsets = new Set<number>();
  // "vor Ort", "am Ort", "an Ort und Stelle" are no place leads: what follows them is no name.
  for (const lead of text.matchAll(
    /(?:abhol\p{L}*|abzuholen|übergabe|standort|wohnort|(?<!\p{L})hol(?:t|en|e|st)\s+ab|(?<!\p{L})(?<!(?:vor|am|an|vom|zum)\s)ort)(?!\p{L})/giu,
  )) {
    const from = lead.index + lead[0].length;
    const after = text.slice(from);
    const start = after.match(/^\s*:?\s+(?:(?:in|bei|aus)\s+)?(?:\d{5}\s+)?/iu);
    if (!start) continue;
    // "Abholung in …", "Standort: …", "Abholung 81373 …": a bare place only after Standort/Ort or a postcode.
    // "Abholung bochum wattenscheid": a bare place too, where the gazetteer knows it and it is no everyday word.
    const rest = text.slice(from + start[0].length);
    // A town that is an everyday word is a place where its bracket says which ("halle (saale)").
    const bracketed = /^\p{L}+\s*\(\p{L}+\)/u.test(rest) && (knownPlace(rest)?.includes("(") ?? false);
    const barePlace = knownPlace(rest) !== null && (bracketed || !isAmbiguousPlaceWord(rest.split(/[^\p{L}]/u)[0] ?? ""));
    if (
      !/(?:in|bei|aus)\s+(?:\d{5}\s+)?$|\d{5}\s+$/i.test(start[0]) &&
      !PLACE_LEAD_BARE.test(text.slice(0, from + start[0].length)) &&
      !barePlace
    )
      continue;
    const token = /\(?(\p{L}[\p{L}-]*)\)?(?!\p{L})(\s*)/uy;
    let at = from + start[0].length;
    let names = 0;
    while (names < 3) {
      token.lastIndex = at;
      const word = token.exec(text);
      if (!word) break;
      const lower = word[1].toLowerCase();
      if (PLACE_END.has(lower) || SUBJECT_PRONOUN.test(lower)) break;
      // A verb before its subject ends the place ("… in Gera-Untermhaus ziehe ich …").
      if (names > 0 && SUBJECT_PRONOUN.test(text.slice(at + word[0].length).match(/^\p{L}+/u)?.[0] ?? "")) break;
      if (!PLACE_INNER.has(lower)) {
        // Each part of "köln-ehrenfeld" is a name; "(saale)" past its bracket.
        let part = at + (word[0].startsWith("(") ? 1 : 0);
        for (const piece of word[1].split("-")) {
          offsets.add(part);
          part += piece.length + 1;
        }
        names += 1;
      }
      at += word[0].length;
      if (!word[2]) {
        // "Bayreuth St. Georgen": the name goes on after "St.".
        const saint = lower === "st" && text.slice(at).match(/^\.\s+/);
        if (!saint) break;
        at += saint[0].length;
      }
    }
  }
  // The place before the pickup verb ("kann in mannheim lindenhof abgeholt werden").
  // A place the gazetteer does not know ("kann in pankow abgeholt werden") is the reader's place too, asked there: a name here.
  for (const before of text.matchAll(PLACE_BEFORE_PICKUP_ALL)) {
    const first = before[1].split(/[\s-]/u)[0];
    if (first.length < 4 || isAmbiguousPlaceWord(first) || (!knownPlace(before[1]) && PLACE_END.has(first.toLowerCase()))) continue;
    let at = before.index + before[0].indexOf(before[1]);
    for (const piece of before[1].split(/([\s-])/u)) {
      if (/\p{L}/u.test(piece)) offsets.add(at);
      at += piece.length;
    }
  }
  return offsets;
}

const PLACE_BEFORE_PICKUP_ALL = new RegExp(PLACE_BEFORE_PICKUP, "giu");

/** Acronyms a seller types in lower case, written in capitals ("ovp" → "OVP"); not "nr." or "mwst". */
const LOWER_ACRONYMS = new Set(
  [...KEEP_CAPS, "SD", "OG", "EG", "DG", "UG", "LTE", "UK", "AUX", "VHS"].filter(
    (word) => !["NR", "AKKU", "MWST", "PS", "ABS", "MB", "KW", "UPS", "LG"].includes(word),
  ),
);
/** Names spelled as their makers write them that are no item brands (an item brand is read from the lexicon). */
const SERVICE_NAMES: Record<string, string> = {
  paypal: "PayPal",
  hermes: "Hermes",
  whatsapp: "WhatsApp",
  ebay: "eBay",
  bluetooth: "Bluetooth",
  zwift: "Zwift",
  windows: "Windows",
  linux: "Linux",
  android: "Android",
  ios: "iOS",
  macos: "macOS",
};

/**
 * A model or type code in lower case ("250d", "gt3", "s21", "5ksm175", "18v-55") written in capitals:
 * letters and digits in one word, one hyphen at most, with the letters-only series before it that
 * has no vowel ("gsr 18v-55" → "GSR 18V-55"). Units after a number ("64gb", "2x", "10er", "5kg"),
 * sizes ("147x147cm") and Intel's "i5" stay.
 */
const MODEL_CODE =
  /(?<![\p{L}\d-])(?:((?![a-z]*[aeiouyäöü])[a-z]{2,4})\s+)?((?=[\p{Ll}\d-]*\p{Ll})(?=[\p{Ll}\d-]*\d)[\p{Ll}\d]{1,10}(?:-(?:[\p{Ll}\d]{1,6}|(?=\p{Ll}*\d)[\p{Ll}\d]{7,10}))?)(?![\p{L}\d-])/gu;
/** Vowel-less words that are no series name: abbreviations and chat words. */
const NO_SERIES = new Set(["nr", "st", "bzw", "mfg", "lg", "vg", "vb", "np", "vhb", "zzgl", "pcs", "stk", "kg", "cm", "mm"]);
const SIZE = /^\d+(?:[.,]\d+)?x\d+(?:[.,]\d+)?(?:x\d+(?:[.,]\d+)?)?(?:cm|mm|m|kg|g|l)?$/;

/** Type codes typed in lower case, in capitals (see MODEL_CODE); shared by the writer and the title's search facts. */
/**
 * A series of two or three letters before a number of two or more digits ("hsa 56", "ak 10",
 * "al 101"): a maker's type, unless it is a German word that stands before numbers.
 */
const SERIES_NUMBER = /(?<![\p{L}\d-])([a-z]{2,3})(\s+)(\d{2,5})(?![\p{L}\d,.-])/gu;
const NOT_A_SERIES = new Set(
  (
    "ab am an auf aus bei bis ca da das dem den der des die ein er es für im in ins ist je ja mal man mit " +
    "nach nen ne nie noch nr nur ob pro so um und uns von vor vom was wie wir zu zum zur über uk eu us fr it " +
    "gr np vb bj kw ps km cm mm kg st lg vg mfg bzw neu alt top gut rot hat hab war bin sind art typ nrn " +
    "seit ohne per via ihr sie wer wo tag jahr gen ich du er wir man mir dir uns ihm ihn als mag tut gab kam bot lag nun gar eh hin her " +
    "los weg win gen jan feb mär apr mai jun jul aug sep okt nov dez std min sek ltr eur cent"
  ).split(" "),
);

/** A single letter before a type number, after a noun ("Flächenreiniger t 350" → "T 350"); "u", "m", "s" are words. */
const LETTER_CODE = /(?<=\p{L}{4,}\s)([bcdfghjklnpqrtwxy])(?=\s\d{2,4}(?![\p{L}\d,.]))/gu;

export function codesInCapitals(text: string): string {
  return text
    .replace(LETTER_CODE, (letter: string) => letter.toUpperCase())
    .replace(SERIES_NUMBER, (whole, series: string, gap: string, number: string) =>
      NOT_A_SERIES.has(series) || isNoun(series) ? whole : `${series.toUpperCase()}${gap}${number}`,
    )
    .replace(MODEL_CODE, (whole, series: string | undefined, code: string) => {
      if (
        UNIT_AFTER_DIGITS.test(code) ||
        /^i[3579]$/.test(code) ||
        SIZE.test(code) ||
        /^\d+-\d+\p{Ll}*$/u.test(code) ||
        /^\d+-\p{Ll}{3,}$/u.test(code)
      )
        return whole;
      if (!series) return code.toUpperCase();
      const gap = whole.slice(series.length, whole.length - code.length);
      return `${NO_SERIES.has(series) ? series : series.toUpperCase()}${gap}${code.toUpperCase()}`;
    });
}
const UNIT_AFTER_DIGITS =
  /^\d+(?:x|er|ern|gb|tb|mb|kb|cm|mm|km|kg|g|m|l|ml|w|kw|v|mah|ah|h|min|std|st|stk|j|mal|fach|tlg|te|ten|ter|tes|ste|sten|ster|en|s)$/;

/**
 * The noun after a count ("2 saisons", "3 spielen", "bei 2 kindern") is capitalised; an adjective
 * after the count ("2 kleine kratzer") and a participle ("2021 gekauft") are not.
 */
const AFTER_COUNT = /(?<![\p{L}\d,.])(\d{1,4}(?:-\d{1,4})?\s+)(\p{Ll}{4,})(?![\p{L}-])/gu;
export const ADJECTIVE =
  /^(?:klein|groß|gross|neu|alt|gut|original|leicht|schwer|weiß|weiss|schwarz|rot|blau|grün|grau|braun|gelb|lang|kurz|dick|dünn|weiter|zusätzlich|verschieden|gleich|eigen|andere|extra|fast|ganz|weitere|kaum|etwa|circa|mehr|weniger|breit|hoch|tief|weit|stark|schnell|leise|laut|warm|kalt|voll|leer|frisch|hell|dunkel)(?:e|en|er|es|em|st|ste|sten|ster)?$|^(?:dunkel|hell)\p{Ll}+$|(?:lich|ig|isch|bar|los|sam|haft|end|(?<=\p{L}{2})[iunr]ell|[st]iv|naiv|oliv)(?:e|en|er|es|em)?$/u;
/** Small words and verbs that follow a count: no nouns ("2 oder 3", "2 haben Eselsohren", "3 davon"). */
const NO_NOUN_AFTER_COUNT =
  /^(?:drauf|dran|drin|drunter|weg|beim|nach|über|unter|gegen|ohne|oder|sowie|noch|auch|schon|dann|aber|sehr|ganz|eher|bitte|jetzt|dort|hier|wenn|weil|dass|damit|seit|mehr|insgesamt|zusammen|jeweils|davon|dabei|dazu|inkl|zzgl|plus|minus|haben|sind|waren|werden|wurden|gibt|gehen|geht|kosten|kostet|passt|passen|laufen|läuft|fehlen|fehlt|stehen|steht|liegen|liegt|bleiben|bleibt)$/;
/** A past participle ("benutzt", "getragen", "lackiert"): no noun, and it may end a clause. */
export const PARTICIPLE = /^(?:ge|be|ver|er|zer|ent)\p{L}+(?:t|en)$|iert$/iu;

/**
 * A compound that ends in a participle ("batteriebetrieben", "handgemacht") where it is no noun the
 * dictionary knows ("küchengeräten" ends in the noun "Geräten").
 */
function endsInParticiple(word: string): boolean {
  if (isNoun(word)) return false;
  // A two-letter particle before "ge…t": "umgeklappt", "abgeholt", "angemalt", "zugeklebt".
  if (/^(?:ab|an|um|zu)ge\p{L}{3,}t$/u.test(word)) return true;
  for (let start = 3; start <= word.length - 7; start++) if (PARTICIPLE.test(word.slice(start))) return true;
  return false;
}

/** Articles, possessives and article contractions: a noun phrase follows ("am rand" → "am Rand"). */
const DETERMINER =
  /^(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|kein|keine|keinen|keinem|keiner|mein|meine|meinen|meinem|meiner|dein|deine|sein|seine|unser|unsere|unseren|am|im|vom|zum|zur|beim|ins|ans|aufs)$/;
/** Words that follow an article without being its noun or adjective: pronouns, verbs, adverbs, particles. */
const NOT_IN_NOUN_PHRASE =
  /^(?:bisschen|mehr|ich|du|er|es|sie|wir|ihr|man|mich|mir|dich|dir|sich|uns|euch|ist|sind|war|waren|hat|habe|haben|hatte|wird|werden|wurde|kann|können|muss|müssen|soll|will|darf|mag|geht|gibt|paar|sehr|ganz|recht|ziemlich|etwas|wirklich|echt|super|noch|schon|total|relativ|kaum|fast|richtig|so|zu|nur|auch|nicht|mal|bitte|hier|dort|da|dann|jetzt|immer|wieder|extra|gut|gleich|selbst|selber|allem|alles|alle|voraus|allgemeinen|übrigen|wesentlichen|besten|meisten|liebsten|wenigsten|ende|was|wer|wie|wo|wann|warum|wieso|weshalb|welche|welcher|welches|dass|ob|wenn|weil|und|oder|aber|denn|unten|oben|hinten|vorne|vorn|links|rechts|innen|außen|drauf|dran|drin|dabei|da|hier|mit|ohne|unter|über|vor|hinter|neben|zwischen|gegen|durch|um|seit|bis|nach|bei|aus|von|zu|an|auf|in|für)$/;
const ADJECTIVE_ENDING = /(?:e|en|er|es|em)$/;
/** A small word a seller writes in capitals only to stress it ("NICHT", "NUR", "KEIN"). */
const SMALL_WORD = new RegExp(`${NOT_IN_NOUN_PHRASE.source}|^(?:kein|keine|keinen|keinem|keiner|nie|niemals|wirklich|unbedingt)$`);
function isStressed(word: string): boolean {
  return word.length >= 3 && word === word.toUpperCase() && !KEEP_CAPS.has(word) && SMALL_WORD.test(word.toLowerCase());
}

/**
 * The noun of a noun phrase a seller typed in lower case: after an article, a possessive or "am",
 * "im", "beim" …, past its adjectives ("einen kleinen riss am rand" → "einen kleinen Riss am Rand").
 * An inflected word before another lower-case word is an adjective; the first word that is not is
 * the noun. A pronoun, verb or adverb after the article ends the phrase unchanged ("die hat …").
 */
function nounsAfterArticles(text: string): string {
  const words = [...text.matchAll(/\p{L}[\p{L}'’]*/gu)];
  const capitals = new Set<number>();
  for (let at = 0; at < words.length; at++) {
    if (!DETERMINER.test(words[at][0].toLowerCase())) continue;
    for (let next = at + 1; next < words.length && next <= at + 3; next++) {
      const word = words[next][0];
      const start = words[next].index;
      // Only words right after each other, in lower case, with no digit or hyphen beside them.
      const gap = text.slice(words[next - 1].index + words[next - 1][0].length, start);
      // "ein paar" counts as one article ("ein paar ausgeblichene Stellen").
      if (word === "paar" && /^\s+$/.test(gap) && words[next - 1][0].toLowerCase() === "ein") continue;
      if (
        !/^\s+$/.test(gap) ||
        word !== word.toLowerCase() ||
        NOT_IN_NOUN_PHRASE.test(word) ||
        DETERMINER.test(word) ||
        RUN_ON_VERB.test(word)
      )
        break;
      if (/[\d-]/.test(text.charAt(start + word.length))) break;
      const following = words[next + 1];
      // A verb made a noun after "beim", "zum", "vom" ("beim aufladen helfen", "zum joggen getragen"),
      // where no noun follows it that it could describe ("zum neuen Preis" keeps its adjective).
      if (
        next === at + 1 &&
        /^(?:beim|zum|vom)$/.test(words[at][0].toLowerCase()) &&
        /\p{L}{2}(?:en|eln|ern)$/u.test(word) &&
        !ADJECTIVE.test(word) &&
        !PARTICIPLE.test(word) &&
        (following === undefined || !isNoun(following[0].toLowerCase()))
      ) {
        capitals.add(start);
        break;
      }
      // "das alte gibt es dazu": an adjective before a verb stands for a noun said before, in lower case.
      if (
        next === at + 1 &&
        /^(?:der|die|das)$/iu.test(words[at][0]) &&
        ADJECTIVE.test(word) &&
        following &&
        (RUN_ON_VERB.test(following[0]) || /^(?:gibt|gibts|kommt|bleibt)$/iu.test(following[0]))
      )
        break;
      // A word that is a noun is the phrase's noun, whatever follows ("an der schale unten").
      const adjective =
        !isNoun(word) &&
        ADJECTIVE_ENDING.test(word) &&
        following !== undefined &&
        /^\s+$/.test(text.slice(start + word.length, following.index)) &&
        !NOT_IN_NOUN_PHRASE.test(following[0].toLowerCase()) &&
        !DETERMINER.test(following[0]) &&
        !/^(?:und|oder|mit|ohne|für|von|an|auf|in|bei|aus|nach|wie|als|weil|wenn|dass|ob|unter|über|vor|hinter|neben|zwischen|gegen|durch|um|seit|bis|zu|zum|zur|am|im|vom)$/.test(
          following[0],
        );
      if (adjective) continue;
      if (PARTICIPLE.test(word) || endsInParticiple(word) || word.length < 3) break;
      // "einer schwarz, einer mit Blumen": an adjective without an ending is said of "einer", no noun.
      if (ADJECTIVE.test(word) && !ADJECTIVE_ENDING.test(word) && !isNoun(word)) break;
      // "eine etwa 5 cm lange Schramme": a word before a number is no noun.
      if (/^\s+\d/.test(text.slice(start + word.length))) break;
      capitals.add(start);
      break;
    }
  }
  return capitals.size === 0
    ? text
    : text.replace(/\p{L}[\p{L}'’]*/gu, (word, offset: number) => (capitals.has(offset) ? capitalise(word) : word));
}

/**
 * The noun before a genitive "des" ("ende des monats", "rand des tisches"): a lower-case word there is
 * a noun unless it is one of the prepositions that take the genitive ("wegen des", "trotz des").
 */
const BEFORE_GENITIVE = /(?<![\p{L}\d-])(\p{Ll}{3,})(?=\s+des\s+\p{L})/gu;
const GENITIVE_PREPOSITION =
  /^(?:wegen|trotz|während|statt|anstatt|anstelle|innerhalb|außerhalb|ausserhalb|oberhalb|unterhalb|anhand|aufgrund|infolge|mithilfe|seitens|bezüglich|laut|dank|inklusive|inkl|zzgl|zuzüglich|exklusive|abzüglich|entlang|jenseits|diesseits|unweit|mittels|zwecks|angesichts|hinsichtlich|beiderseits|ungeachtet|kraft)$/u;

/** A list of titles after its kind and a colon ("spiele: …", "bücher: …"). */
const LIST_OF_TITLES = /((?:spiele|games|bücher|filme|dvds|cds|hörspiele|tonies)\s*:\s*)([^.;\n()]+)/giu;
/** Small words inside a title that stay small ("und", "der", "of", "the"). */
const TITLE_SMALL_WORD = /^(?:und|oder|der|die|das|des|dem|den|von|vom|mit|im|am|in|auf|zu|zum|zur|für|and|or|of|the|to|in|on)$/u;

/** A chat "n" for the article before an adjective ("hat n kleinen Riss" → "hat einen kleinen Riss"), chosen by its ending. */
const SHORT_ARTICLE = /(?<![\p{L}])(hat|habe|hab|hatte|gibt|ist|war|mit|für|ohne)(\s+)n(?=\s+\p{Ll}{3,}?(en|e|es)\s+\p{L})/giu;
/** The article "n" stands for by the adjective's ending: dative after "mit", else accusative. */
const SHORT_ARTICLES: Record<"dative" | "accusative", Record<string, string>> = {
  dative: { en: "einem", e: "einer", es: "einem" },
  accusative: { en: "einen", e: "eine", es: "ein" },
};

/** "Mal" as a noun after a determiner or an ordinal ("jedes mal" → "jedes Mal", "beim ersten mal"). */
const MAL_NOUN =
  /(?<![\p{L}])((?:jedes|dieses|letztes|nächstes|manches|etliche|ein\s+paar|beim\s+(?:ersten|zweiten|letzten)|zum\s+(?:ersten|zweiten|letzten)|das\s+(?:erste|zweite|letzte))\s+)mal(?![\p{L}])/giu;

/** A verb made a noun after "vom", "beim", "zum" ("Kratzer vom benutzen" → "vom Benutzen"); not an ordinal ("zum ersten"). */
const INFINITIVE_NOUN = /(?<![\p{L}])((?:vom|beim|zum)\s+)(\p{Ll}{3,}en)(?![\p{L}-])/gu;
const NO_INFINITIVE = /(?:ersten|zweiten|dritten|letzten|nächsten|anderen|selben|gleichen|vorigen|übrigen|einen)$/u;

function writtenOut(text: string): string {
  return (
    codesInCapitals(nounsAfterArticles(makersSpelling(text)))
      .replace(MAL_NOUN, "$1Mal")
      // "4 wii spiele: wii sports resort, just dance 4": the titles a list of games, books or films names, as their makers write them.
      .replace(
        LIST_OF_TITLES,
        (_, lead: string, titles: string) =>
          lead +
          titles.replace(/(?<![\p{L}\d'’])(\p{Ll})(\p{L}{2,})/gu, (word: string, first: string, rest: string) =>
            TITLE_SMALL_WORD.test(word) ? word : first.toUpperCase() + rest,
          ),
      )
      .replace(
        SHORT_ARTICLE,
        (_, lead: string, gap: string, ending: string) =>
          `${lead}${gap}${SHORT_ARTICLES[lead.toLowerCase() === "mit" ? "dative" : "accusative"][ending.toLowerCase()]}`,
      )
      .replace(INFINITIVE_NOUN, (whole, lead: string, verb: string) =>
        NO_INFINITIVE.test(verb) || ADJECTIVE.test(verb) ? whole : `${lead}${capitalise(verb)}`,
      )
      .replace(BEFORE_GENITIVE, (word: string) => (GENITIVE_PREPOSITION.test(word) ? word : capitalise(word)))
      .replace(AFTER_COUNT, (whole, count: string, word: string) =>
        // A year is followed by anything ("2021 beim Händler"); so is a count by a small word or a verb ("2 haben …").
        /^(?:19|20)\d{2}\s/.test(count) ||
        ADJECTIVE.test(word) ||
        PARTICIPLE.test(word) ||
        NO_NOUN_AFTER_COUNT.test(word) ||
        // "bei der 20 klemmt": a verb after the number, no noun.
        (/[^s]t$/u.test(word) && !isNoun(word))
          ? whole
          : `${count}${capitalise(word)}`,
      )
  );
}

/** One clause as a careful seller writes it; the first word is capitalised by the caller. */
export function tidyWords(raw: string): string {
  // Brands, product lines and model codes as their makers write them ("canon eos 250d" → "Canon eos 250D").
  const text = writtenOut(raw);
  // Capitals are calmed only where the seller shouts (two or more words in capitals, "NUR ABHOLUNG",
  // "SUPER ZUSTAND"); a single word in capitals among others is a name or code ("Zelda TOTK").
  const shouting = (text.match(/\p{L}[\p{L}'’]*/gu) ?? []).filter((word) => isShouted(word) || isStressed(word)).length >= 2;
  const places = placeWords(text);
  return text.replace(/\p{L}[\p{L}'’]*/gu, (word, offset: number, whole: string) => {
    // Parts of model names and codes ("GSR 18V-60", "RTX-3080") stay as written.
    const before = whole.charAt(offset - 1);
    const after = whole.charAt(offset + word.length);
    if (places.has(offset)) return capitalise(word);
    if (/[\d-]/.test(before) || /[\d-]/.test(after)) return word;
    let result = word;
    if (shouting && isShouted(word)) result = word.toLowerCase();
    // A small word in capitals is emphasis, not a name ("sind NICHT dabei" → "sind nicht dabei").
    else if (isStressed(word)) result = word.toLowerCase();
    const lower = result.toLowerCase();
    // The place after a postcode or a place word: "81373 münchen" → "81373 München".
    // A model or set number before a small word ("70411 mit 5 Figuren") is no postcode.
    if (/\d{5}\s$/.test(whole.slice(0, offset)) && !NOT_IN_NOUN_PHRASE.test(lower)) return capitalise(result);
    // After "ich", "wir", "man" a word is the verb ("ich spiele inzwischen"), not a noun ("Spiele").
    const afterSubject = /(?:^|[,;]\s*|(?:^|\s)(?:und|aber|weil|da|seit|wenn|dass|also)\s+)(?:ich|wir|man)\s+$/iu.test(
      whole.slice(Math.max(0, offset - 12), offset),
    );
    // "…, aber spiele nicht mehr": a verb before its negation, its subject left out.
    const verbBeforeNegation =
      /(?:^|\s)(?:aber|und|jetzt|deshalb|daher)\s+$/iu.test(whole.slice(Math.max(0, offset - 10), offset)) &&
      /^\s+(?:nicht|nich|kaum|keine?n?)(?!\p{L})/iu.test(whole.slice(offset + word.length));
    if (result === lower && isNoun(lower) && !afterSubject && !verbBeforeNegation) return capitalise(result);
    // In lower case, or capitalised only as the clause's first word ("paypal", "Ovp").
    const typedLower = result === lower || result === capitalise(lower);
    if (typedLower && SERVICE_NAMES[lower]) return SERVICE_NAMES[lower];
    if (typedLower && lower.length >= 2 && LOWER_ACRONYMS.has(result.toUpperCase())) return result.toUpperCase();
    // A calmed word that is no known noun keeps a capital only at the start of the clause.
    return result;
  });
}

/** Chat spellings written out as a careful seller would ("Versand mgl" → "Versand möglich"). */
const CHAT_WORDS: Record<string, string> = {
  mgl: "möglich",
  abh: "Abholung",
  reisverschluss: "Reißverschluss",
  std: "Std.",
  nen: "einen",
  nem: "einem",
  funzt: "funktioniert",
  ner: "einer",
  wenns: "wenn es",
  nix: "nichts",
  geb: "gebe",
  bissl: "etwas",
  bissel: "etwas",
  bisl: "etwas",
  gibts: "gibt es",
  aussen: "außen",
  vllt: "vielleicht",
  inkl: "inkl.",
  ca: "ca.",
  bj: "Bj.",
  is: "ist",
  nich: "nicht",
  gehn: "gehen",
  hab: "habe",
  orginal: "original",
  ziehn: "ziehen",
  zock: "zocke",
  fahr: "fahre",
  verschick: "verschicke",
  aufm: "auf dem",
  orginale: "originale",
  orginalen: "originalen",
  od: "oder",
  orig: "original",
  versch: "verschiedene",
  etw: "etwas",
  vers: "Versand",
  elektr: "elektrische",
  cds: "CDs",
  dvds: "DVDs",
  gg: "gegen",
};
const CHAT_WORD = new RegExp(String.raw`(?<![\p{L}\d.])(${Object.keys(CHAT_WORDS).join("|")})(?:\.(?=\s|$))?(?![\p{L}\d.])`, "giu");

/**
 * Words a seller typed, as a careful seller writes them: chat spellings written out, a size as shops
 * write it ("gr. L" → "Gr. L"), then `tidyWords`. The first word is capitalised by the caller.
 */
/** Units after a number as they are written ("36v" → "36V", "4ah" → "4Ah"); a code goes on after a hyphen ("18v-55"). */
const UNITS: Record<string, string> = {
  v: "V",
  ah: "Ah",
  mah: "mAh",
  wh: "Wh",
  w: "W",
  kw: "kW",
  hz: "Hz",
  ghz: "GHz",
  mhz: "MHz",
  gb: "GB",
  tb: "TB",
  mb: "MB",
};
const UNIT = new RegExp(String.raw`(?<=\d)(${Object.keys(UNITS).join("|")})(?![\p{L}\d-])`, "giu");
/** "weiss", "heiss" and their forms and compounds as typed on a keyboard without "ß". */
const ESZETT_LACKED = /(?<![\p{L}])([hHwW])eiss(?=\p{Ll}|(?![\p{L}]))/gu;
/** An article, a possessive or a preposition fused with its article, and the word after it, in lower case. */
/** An adjective with its ending, or a noun and "und", before a word in lower case ("kleine delle", "Stäbe und kugeln"). */
const ADJECTIVE_OR_NOUN_THEN_WORD = /(?<![\p{L}])(\p{Ll}{3,}(?:e|en|er|es|em)\s|\p{L}\p{Ll}{2,}\s+und\s)(\p{Ll}{4,})(?![\p{L}-])/gu;
const ARTICLE_THEN_WORD =
  /(?<![\p{L}])((?:(?:ein\s+)?paar|ein|eine|einen|einem|einer|der|die|das|den|dem|kein|keine|keinen|keinem|(?:mein|dein|sein|unser)(?:e|en|em|er)?|im|am|vom|zum|zur|beim|aus|mit|ohne|samt|alle|beide|einige|viele|mehrere)\s)(\p{Ll}{4,})(?![\p{L}-])/giu;
/**
 * A word in lower case that starts a clause before what is said of a thing ("sohle noch gut",
 * "klappe hat einen Sprung"): a noun, though a verb shares it; the verb's "ich" form never stands there.
 */
const SUBJECT_THEN_STATEMENT =
  /(^|,\s+|(?:^|\s)(?:und|aber|sonst|nur)\s+)(\p{Ll}{4,})(?=\s+(?:ist|hat|sind|war|hält|fehlt|klemmt|wackelt|quietscht|geht|gehen|funktioniert|funktionieren|noch\s+(?:gut|top|ok|okay|einwandfrei|intakt|heil|dran|da|vorhanden|sauber|dicht|fest))(?![\p{L}]))/gu;
const asSharedNoun = (word: string) => {
  if (ADJECTIVE.test(word)) return false;
  const gender = ownNounGender(word);
  return isSharedNoun(word) || (gender !== null && !(gender === "n" && word.endsWith("en")));
};

/**
 * A metric unit set apart from its number, as careful writing does ("75cm" → "75 cm", "2kg" → "2 kg");
 * a single capital after a number is a model's letter ("Frontman 10G"), not a unit.
 */
const METRIC = /(?<![\p{L}\d.,])(\d+(?:[.,]\d+)?)(cm|mm|km|kg|ml|qm|m|g|l|Cm|CM|Kg|KG|MM)(?![\p{L}\d²³-])/gu;
/** The lexicon's colours as one alternation, for the patterns that read a colour before or after a word. */
const COLOUR_WORDS = COLOURS.join("|");
/** "grün samt": the cloth after its colour, no "together with". */
const CLOTH_AFTER_COLOUR = new RegExp(
  String.raw`((?:^|\s)(?:dunkel|hell)?(?:${COLOUR_WORDS})\s)samt(?=\s*(?:$|[,.;!]|\s+(?:zu|mit|und|für|bezug)(?!\p{L})))`,
  "giu",
);
/** Hours after a number ("2std" → "2 Std."). */
const HOURS = /(?<![\p{L}\d.,])(\d+(?:[.,]\d+)?)\s?std\.?(?![\p{L}\d])/giu;
/** A torque ("40-200nm" → "40-200 Nm"). */
const TORQUE = /(?<![\p{L}\d.,])(\d+(?:[.,]\d+)?(?:\s?[-–]\s?\d+(?:[.,]\d+)?)?)\s?nm(?![\p{L}\d])/giu;
/** Measures by "x" with one unit ("120x60cm" → "120 x 60 cm", "2x10kg" → "2 x 10 kg"). */
const DIMENSIONS = /(?<![\p{L}\d.,])(\d+(?:[.,]\d+)?(?:\s*[x×]\s*\d+(?:[.,]\d+)?){1,2})\s*(cm|mm|m|kg)(?![\p{L}\d²³-])/giu;
/** "e scooter", "e bike", "e-bass": the electric one, written with its hyphen ("E-Scooter", "E-Bass"). */
const ELECTRIC = /(?<![\p{L}\d-])e[\s-]+(\p{L}{3,})(?![\p{L}-])/giu;
const ELECTRIC_THINGS = new Set([
  "scooter",
  "bike",
  "roller",
  "gitarre",
  "piano",
  "auto",
  "reader",
  "book",
  "herd",
  "zigarette",
  "bass",
  "drums",
  "mail",
]);
/** "akku rasentrimmer" → "Akku-Rasentrimmer": the battery tool written apart, as one word with its hyphen. */
const BATTERY_COMPOUND = /(?<![\p{L}-])(akku)\s+(\p{L}{5,})(?![\p{L}-])/giu;
const batteryCompound = (whole: string, battery: string, thing: string) =>
  (isNoun(thing.toLowerCase()) || /^\p{Lu}\p{Ll}/u.test(thing)) &&
  !/(?:ung|heit|keit|stand|zustand|kapazität|leistung|laufzeit)$/iu.test(thing)
    ? `${capitalise(battery.toLowerCase())}-${capitalise(thing.toLowerCase())}`
    : whole;
/** "e bass" → "E-Bass": an electric thing the list or the dictionary knows, or any written with its hyphen ("e-drum"); any other "e …" stays. */
const electric = (whole: string, thing: string) =>
  whole.includes("-") || ELECTRIC_THINGS.has(thing.toLowerCase()) || isNoun(thing.toLowerCase())
    ? `E-${capitalise(thing.toLowerCase())}`
    : whole;
/** A month as sellers shorten it ("ende feb", "anfang sept."), written out after "Ende", "Anfang", "Mitte". */
const MONTHS: Record<string, string> = {
  jan: "Januar",
  feb: "Februar",
  mär: "März",
  apr: "April",
  jun: "Juni",
  jul: "Juli",
  aug: "August",
  sep: "September",
  sept: "September",
  okt: "Oktober",
  nov: "November",
  dez: "Dezember",
};
const PART_OF_MONTH = new RegExp(String.raw`(?<!\p{L})(ende|anfang|mitte)\s+(${Object.keys(MONTHS).join("|")})\.?(?!\p{L})`, "giu");
/**
 * A comma before a clause that starts with a conjunction sellers leave it out before ("… gewechselt
 * deshalb muss es weg", "… weil ich umziehe", "… laut aber macht super Kaffee", "… fusselig sonst
 * top"), not after "und", "oder" or a word that takes the conjunction into its own clause ("so dass",
 * "nur weil"); "aber" only before a verb ("ist aber dicht" keeps its particle).
 */
const CLAUSE_CONJUNCTION =
  /(?<=(?:^|\s)(?:einwandfrei|top|super|gut|tadellos|perfekt))\s+(?=nur\s+(?:der|die|das|ein|eine|am|an)\s)|(?<=[\p{L})])(?<!(?:^|\s)(?:und|oder|aber|nur|auch|gerade|eben|so|also|sondern|nicht|ist|war|kommt|liegt|genau))\s+(?=(?:weil|obwohl|dass|sodass|wenn|falls|sobald|solange|bevor|nachdem|damit\s+(?:man|ich|er|sie|es|du|ihr|wir))\s|(?:deshalb|deswegen|daher)\s+(?:(?:leichte|kleine|ein\s+paar|paar|einige)\s+)?(?:gebrauchsspuren|spuren|kratzer|macken|abnutzung|dellen)(?!\p{L})|(?:deshalb|deswegen|daher)\s+(?:geht|gehen|kommt|soll|muss|müssen|ist|sind|verkaufe|verkaufen|gebe|geben|lieber|hab|habe|haben|kann|können|wird|will|möchte|soll|steht|darf|weg|verkauf)(?!\p{L})|(?<!(?:^|\s)(?:ihn|sie|es|das|den|die|ihm|ihr|uns|mir|dich|mich|euch)\s*)also\s+(?:bitte|nicht|nur|noch|schön|sehr|ganz|recht|super|top)(?!\p{L})|aber\s+(?:macht|ist|hat|läuft|funktioniert|geht|sind|haben|tut|klappt)(?!\p{L})|(?:kostet|kosten)\s+(?:aber|dann|extra)(?!\p{L})|(?:der|die|das)\s+(?:neue|neuer|alte|andere)\s+(?:hat|ist|sind|haben|braucht|passt)(?!\p{L})|(?:sonst|ansonsten)\s+(?:top|gut|super|einwandfrei|alles|ok|okay|wie\s+neu|glaube?|ist|sind|läuft|funktioniert|passt)(?!\p{L}))/giu;
/** Conditions said one after another without commas ("optik klar keine kratzer kein pilz"): a comma before each "kein". */
const NEGATION_AFTER_STATE =
  /(?<=(?:^|\s)(?:klar|neu|top|sauber|gut|super|einwandfrei|dicht|ok|okay|intakt|vollständig|komplett|kratzer|macken|flecken|risse|dellen|löcher|mängel|schäden|gebrauchsspuren|dabei|vorhanden))\s+(?=kein(?:e|en)?\s)/giu;

/** A port or plug with its letter ("usb c" → "USB-C"), the tyre's speed index in capitals ("R16 91h" → "R16 91H"). */
const PORT_LETTER = /(?<![\p{L}\d])(usb|USB)[\s-]?([abc])(?![\p{L}\d])/gu;
const SPEED_INDEX = /(\d{3}\/\d{2}\s?Z?R\s?\d{2}\s+\d{2,3})([a-z])(?![\p{L}\d])/giu;
/** "paar" after a verb or at the start is "ein paar" as sellers mean it ("hat paar Kratzer"). */
const BARE_PAAR = /(?<![\p{L}\d])(?<!(?:ein|das|kein|zwei|drei|vier|paar|par)\s)(?<!\d\s)(paar)(?=\s+\p{L})/giu;

const STILL_HOLDS =
  /(?<![\p{L}])(\p{L}{3,})\s+((?:hält|halten|funktioniert|funktionieren|läuft|laufen|geht|klappt)\s+(?:(?:aber\s+)?(?:trotzdem|dennoch)|aber\s+noch)(?!\p{L}))/giu;

/** Verdicts sellers string together without commas ("läuft einwandfrei druck top" → "…, Druck top"). */
const VERDICT = String.raw`(?:einwandfrei|top|super|tadellos|perfekt|sauber|problemlos|1a|ok|okay|gut|bestens)`;
const VERDICT_THEN_VERDICT = new RegExp(String.raw`(?<=(?:^|\s)${VERDICT})\s+(\p{L}+)(?=\s+${VERDICT}(?![\p{L}\d]))`, "giu");
/** A participle that ends a statement before "dann", "danach", "seitdem" ("getragen dann doch zu eng"). */
const PARTICIPLE_THEN =
  /(?<=(?:^|\s)(?:(?:ab|an|auf|aus|ein|um|zu)?ge|be|ver|er|zer|ent)\p{L}{3,}(?:t|en))\s+(?=(?:dann|danach|seitdem|seither|nie|noch\s+nie|also|kein|keine|keinen|aber|(?:passen|passt)(?!\s+(?:er|sie|es|das|der|die|man)(?!\p{L}))|ist\s+(?:grad|gerade|jetzt))\s|(?:hält|geht|funktioniert)\s+(?:aber|trotzdem)(?!\p{L}))/giu;

/** Finite verbs sellers run statements together with ("akku hält noch ewig display hat keine kratzer"). */
const RUN_ON_VERB =
  /^(?:hat|hatte|ist|is|war|sind|waren|mache|mach|passt|passen|hält|läuft|lief|funktioniert|funktionieren|geht|gibt|passt|kann|muss|wird|wurde|zeigt|steht|stand|liegt|lag|fehlt|fehlen|braucht|macht|spielt|sieht|riecht|klappt|lädt|schließt|hängt|quietscht|wackelt|merkt|spürt|stört)$/iu;
/** Words after which the next finite verb belongs to a new or a subordinate clause of its own. */
const CLAUSE_OPENER =
  /^(?:und|oder|aber|sondern|denn|weil|dass|wenn|falls|ob|da|als|bis|obwohl|nachdem|sobald|sowie|deshalb|deswegen|daher|also|sonst|trotzdem|die|der|das|welche|welcher|welches|wo|was|wie)$/iu;
const SUBJECT_PRONOUN = /^(?:ich|du|er|es|sie|wir|ihr|man)$/iu;
const BEFORE_NOUN =
  /^(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|kein|keine|keinen|mein|meine|meinen|am|im|vom|zum|zur|beim|in|an|auf|mit|ohne|von|für|unter|über)$/iu;

/**
 * Statements a seller typed one after another without a comma: a second finite verb with no
 * conjunction before it starts a new statement, with its subject where a noun or pronoun stands
 * right before it ("akku hält noch ewig, display hat keine kratzer, war immer in einer hülle").
 */
function runOnCommas(text: string): string {
  const words = [...text.matchAll(/[^\s,;]+|[,;]/gu)];
  let verbs = 0;
  const cuts = new Set<number>();
  // A verb after "und" starts no statement of its own unless the subject follows it and a noun of the
  // first statement's object stands before it ("… eine Macke und einen Fleck vom Glas sieht man kaum").
  let afterAnd = false;
  for (let at = 0; at < words.length; at++) {
    const raw = words[at][0];
    // A bracket is a statement of its own ("(anleitung ist noch da)").
    if (raw.startsWith("(")) verbs = 0;
    const word = raw.replace(/^\(|[.!?)]+$/g, "");
    if (word === "," || word === ";" || CLAUSE_OPENER.test(word)) {
      verbs = 0;
      afterAnd = /^und$/iu.test(word) && words.slice(0, at).some((earlier) => RUN_ON_VERB.test(earlier[0]));
      continue;
    }
    if (raw.endsWith(")")) verbs = 0;
    if (!RUN_ON_VERB.test(word)) continue;
    const before = words[at - 1]?.[0].toLowerCase() ?? "";
    const twoBefore = words[at - 2]?.[0].toLowerCase() ?? "";
    if (afterAnd && verbs === 0) {
      afterAnd = false;
      const inverted = SUBJECT_PRONOUN.test(words[at + 1]?.[0] ?? "") && isNoun(before) && BEFORE_NOUN.test(twoBefore);
      if (inverted) cuts.add(words[at].index);
      verbs = 1;
      continue;
    }
    verbs += 1;
    if (verbs < 2) continue;
    const subject = SUBJECT_PRONOUN.test(before) || (isNoun(before) && !BEFORE_NOUN.test(twoBefore) && !ADJECTIVE_ENDING.test(twoBefore));
    cuts.add(words[subject ? at - 1 : at].index);
    verbs = 1;
  }
  if (cuts.size === 0) return text;
  return [...cuts]
    .sort((a, b) => b - a)
    .reduce((result, index) => `${result.slice(0, index).replace(/\s+$/, "")}, ${result.slice(index)}`, text);
}

export function sellersWords(text: string): string {
  return joinedToNoun(
    tidyWords(
      // "Kratzer sehe ich nur im Licht": what the seller sees of it is said of the thing before (set before
      // the run-on commas, which would otherwise cut before the thing).
      // "Netzkabel ist dabei einen Fußschalter gibt es nicht": what comes with it, then what does not
      // (also set before the run-on commas).
      runOnCommas(
        text
          .replace(
            /(?<=(?:^|\s)dabei)\s+(?=(?:einen|eine|ein|nen|ne|kein|keine|keinen)\s+\p{L}+\s+(?:gibt|gibts|habe|hab|ist|fehlt)(?!\p{L})|\p{L}+\s+auch(?:\s*$|\s*[,.]))/giu,
            ", ",
          )
          .replace(
            /(?<=\p{L})(?<!(?:^|\s)(?:die|der|das|den|es|sie|er|und|man|ich|aber))\s+(?=(?:sehe?|sieht|merkt|merke?)\s+(?:ich|man)\s+(?:nur|kaum|erst)(?!\p{L}))/giu,
            ", ",
          ),
      )
        .replace(CHAT_WORD, (_, word: string) => CHAT_WORDS[word.toLowerCase()])
        // "mit akku u ladegerät": a lone "u" between words is "und" (never "U-Bahn", "u.a." or a size "S u M" → "S und M" alike).
        .replace(/(?<=\p{L}\s)u(?=\s\p{L})/gu, "und")
        // "nur Versand (versichert 5 €) keine Abholung": a way of handing over ruled out after one offered.
        .replace(
          /(\)|€|\d|(?<!\p{L})(?:versand|abholung|möglich|versichert))\s+(kein(?:e|en)?\s+(?:abholung|versand|tausch|rücknahme)(?!\p{L}))/giu,
          "$1, $2",
        )
        // "eine klappe schließt nicht": after an article, a word the dictionary has as a noun is one, though a
        // verb shares it; not a verb made a noun ("die kommen": they come).
        .replace(ARTICLE_THEN_WORD, (whole: string, article: string, word: string) =>
          asSharedNoun(word) ? `${article}${capitalise(word)}` : whole,
        )
        // "kleine delle", "Stäbe und kugeln": after an adjective's ending or a noun and "und", a noun a verb shares is the noun.
        // The dictionary first (a look-up), the adjective's pattern only then.
        .replace(ADJECTIVE_OR_NOUN_THEN_WORD, (whole: string, before: string, word: string) =>
          (isSharedNoun(word) || ownNounGender(word) !== null) &&
          asSharedNoun(word) &&
          (/\sund\s$/u.test(before) ? isNoun(before.split(/\s+/)[0].toLowerCase()) : ADJECTIVE.test(before.trim().toLowerCase()))
            ? `${before}${capitalise(word)}`
            : whole,
        )
        // "einzeln je 15": a bare amount after "je" at a clause's end is in euros.
        .replace(/(^|\s)(je\s+)(\d{1,4}(?:,\d{1,2})?)(?=\s*(?:[,.;!](?![-\d])|$))/giu, "$1$2$3 €")
        // "paar mal benutzt beschichtung noch top": how it was used, then a statement of its own.
        .replace(
          /(\s(?:benutzt|getragen|genutzt|gefahren|gelaufen|gelesen|gespielt))\s+(?=\p{L}{3,}\s+(?:noch|ist|sind|hat|top|wie|sehr|super|einwandfrei)(?!\p{L}))/giu,
          "$1, ",
        )
        .replace(SUBJECT_THEN_STATEMENT, (whole: string, lead: string, word: string) =>
          asSharedNoun(word) ? `${lead}${capitalise(word)}` : whole,
        )
        // "weiss", "heissluft", "weisse": the German "ß" the keyboard lacked.
        .replace(ESZETT_LACKED, "$1eiß")
        // "3.stock": an ordinal before the floor, with its space.
        .replace(/(?<![\d.,])(\d{1,2})\.(?=(?:stock|og|etage|obergeschoss)(?!\p{L}))/giu, "$1. ")
        // "für 8 pers": persons after a number.
        .replace(/(?<=\d\s?)pers\.?(?![\p{L}\d])/giu, "Personen")
        .replace(BARE_PAAR, "ein paar")
        // "win 11", "8. gen": Windows' and a processor's generation as they are written.
        .replace(/(?<!\p{L})win(?=\s?\d{1,2}(?!\d))/giu, "Win")
        .replace(/(?<=\d\.\s?)gen\.?(?!\p{L})/giu, "Gen.")
        // "original buche natur": a wood is a noun, though a verb shares its name (not after "ich": "ich buche"); its finish stays small.
        .replace(
          /(?<!(?:^|\s)(?:ich|wir|man)\s)(?<![\p{L}-])(buche|eiche|kiefer|birke|erle|esche|ahorn|lärche|fichte|akazie|nussbaum)(?![\p{L}-])/gu,
          (wood: string) => capitalise(wood),
        )
        // "im original koffer": what came with it first is one word with it ("Originalkoffer").
        .replace(/(?<![\p{L}])original\s+(\p{Ll}{4,})(?![\p{L}-])/gu, (whole: string, noun: string) =>
          isOnlyNoun(noun) ? `Original${noun}` : whole,
        )
        // "grün samt": the cloth after its colour, no "together with".
        .replace(CLOTH_AFTER_COLOUR, "$1Samt")
        // "kit objektiv": the lens sold with the camera, one word with its hyphen.
        .replace(/(?<!\p{L})kit[\s-]+(objektiv|linse)(?!\p{L})/giu, (_, lens: string) => `Kit-${capitalise(lens.toLowerCase())}`)
        // "3 teilig", "2 türig": a number and the word it makes an adjective of, with a hyphen ("3-teilig").
        .replace(
          /(?<![\p{L}\d.,])(\d{1,2})\s*-?\s*(teilig|türig|flammig|sitzig|stöckig|reihig|lagig|fach|sitzer)(e|en|er|es|em)?(?!\p{L})/giu,
          (_, count: string, word: string, ending = "") => `${count}-${/^sitzer$/iu.test(word) ? "Sitzer" : word}${ending}`,
        )
        // "ca 120 breit 140 hoch": one measure, then the next, set apart.
        .replace(/(\d\s*(?:cm|mm|m)?\s+(?:breit|hoch|tief|lang))\s+(?=(?:ca\.?\s*)?\d)/giu, "$1, ")
        // "2 pakete kostet 16€": the verb agrees with its parcels.
        .replace(/((?:^|\s)(?:[2-9]|zwei|drei|beide)\s+(?:pakete|päckchen|kartons)\s)kostet(?!\p{L})/giu, "$1kosten")
        // "einer schwarz einer mit blumen": one piece, then the other, set apart.
        .replace(
          /^((?:einer|eine|eins)\s+(\p{L}+))\s+(?=(?:einer|eine|eins|der\s+andere|die\s+andere|das\s+andere)\s)/iu,
          (whole: string, first: string, word: string) => (ADJECTIVE.test(word.toLowerCase()) ? `${first}, ` : whole),
        )
        // "holz bisschen vergraut": a bare "bisschen" is "etwas" ("ein bisschen" stays).
        .replace(/(?<![\p{L}\d])(?<!(?:ein|kein|das|klein)\s)bisschen(?=\s+\p{L})/giu, "etwas")
        .replace(/(?<=(?:^|\s)paar\s)mal(?!\p{L})/giu, "Mal")
        // "glaub ich", "ich glaub" → "glaube"
        .replace(
          /(?<![\p{L}])(glaub|mach|verkauf|seh|schick|tausch|geb|nehm|zeig|hol|bring|pack|such|trag|zieh)(?=\s+ich(?!\p{L}))|(?<=(?:^|\s)ich\s+)(glaub|mach|verkauf|seh|schick|tausch|geb|nehm|zeig|hol|bring|pack|such|trag|zieh)(?!\p{L})|(?<=^|,\s)(?:zieh|hol|bring|zeig|brauch|nutz|benutz)(?=\s+(?:zu|nach|in|um|mir|sie|ihn|es|den|die|das|keinen|kein|keine)\s)|^spiel(?=\s+(?:nur|kaum|nicht|nich|jetzt|inzwischen)\s)|(?<=(?:^|\s)(?:aber|und|jetzt|deshalb)\s+)spiel(?=\s+(?:nicht|kaum|nur|keine?n?)(?!\p{L}))/giu,
          (word: string) => `${word}e`,
        )
        .replace(/(?<!\p{L})face\s?id(?!\p{L})/giu, "Face ID")
        .replace(/(?<!\p{L})ant\+/giu, "ANT+")
        // The household as one word ("Nichtraucher Haushalt" → "Nichtraucherhaushalt").
        .replace(
          /(?<!\p{L})(nichtraucher|raucher)[\s-]+haushalt(?!\p{L})/giu,
          (_, who: string) => `${capitalise(who.toLowerCase())}haushalt`,
        )
        .replace(PORT_LETTER, (_, port: string, letter: string) => `USB-${letter.toUpperCase()}`)
        .replace(SPEED_INDEX, (_, size: string, index: string) => `${size}${index.toUpperCase()}`)
        .replace(UNIT, (unit: string) => UNITS[unit.toLowerCase()])
        .replace(DIMENSIONS, (_, sizes: string, unit: string) => `${sizes.split(/\s*[x×]\s*/u).join(" x ")} ${unit.toLowerCase()}`)
        .replace(METRIC, (_, number: string, unit: string) => `${number} ${unit.toLowerCase()}`)
        .replace(TORQUE, "$1 Nm")
        .replace(HOURS, "$1 Std.")
        .replace(ELECTRIC, electric)
        .replace(BATTERY_COMPOUND, batteryCompound)
        .replace(PART_OF_MONTH, (_, part: string, month: string) => `${capitalise(part.toLowerCase())} ${MONTHS[month.toLowerCase()]}`)
        .replace(CLAUSE_CONJUNCTION, ", ")
        // "eingerissen hält aber noch": a verb that goes on about what was said before, after a comma; not
        // after its own subject ("Schleifpapier hält aber noch").
        .replace(STILL_HOLDS, (whole: string, before: string, verb: string) =>
          isNoun(before.toLowerCase()) ? whole : `${before}, ${verb}`,
        )
        .replace(VERDICT_THEN_VERDICT, (whole: string, noun: string) => (isNoun(noun.toLowerCase()) ? `, ${noun}` : whole))
        .replace(PARTICIPLE_THEN, ", ")
        // A verb as the subject of a verb in the singular ("aufwickeln geht nur per Hand") is a noun.
        .replace(/(?<=(?:^|,\s+))(\p{Ll}{3,}(?:en|eln|ern))(?=\s+(?:geht|klappt|funktioniert|dauert|macht)(?!\p{L}))/gu, (verb: string) =>
          capitalise(verb),
        )
        .replace(NEGATION_AFTER_STATE, ", ")
        // "Kabel dabei aber kein Netzteil", "Kratzer unten links nur bei Licht zu sehen": a comma after a
        // thing or a place, never after a verb or a pronoun ("haben aber keinen Platz", "die nur im Licht …").
        .replace(
          /(?<=(?:^|\s)(?:dabei|vorhanden|links|rechts|oben|unten|vorne|hinten|\p{Lu}\p{Ll}+))\s+(?=aber\s+(?:kein|keine|keinen|ohne)(?!\p{L})|nur\s+(?:bei|im|unter|von|aus)\s+(?:\p{L}+\s+){0,3}(?:zu\s+sehen|sichtbar|erkennbar|zu\s+erkennen)(?!\p{L}))/gu,
          ", ",
        )
        // "keine Löcher hält die Luft": what is not there, then a statement of its own.
        .replace(
          /(?<![\p{L}])(kein(?:e|en)?\s+(?!(?:was|wie|wo|mehr|ahnung)(?!\p{L}))\p{L}{3,})\s+(?=(?:hält|läuft|funktioniert|geht|ist|sind|hat)\s)/giu,
          "$1, ",
        )
        // "Seit ich draußen fahre steht der nur rum": the clause of time or reason, then the main clause.
        .replace(
          /^((?:seit|seitdem|weil|da|nachdem|sobald|wenn)\s+(?:\p{L}+\s+){0,4}\p{L}+)\s+(?=(?:steht|stehen|liegt|liegen|ist|sind|wird|hat|kann|muss|brauche|braucht|nutze|benutze)\s)/iu,
          "$1, ",
        )
        // "Soweit ich sehe komplett", "Käuferschutz nur wenn ihr …": the clause set apart.
        .replace(/^(soweit\s+ich\s+(?:sehe|weiß|weiss))\s+(?=\p{L})/iu, "$1, ")
        .replace(/(?<=\p{L})\s+nur\s+(?=wenn\s)/giu, " nur, ")
        // "ein paar fehlen glaub ich hab nich nachgezählt": the seller's doubt set apart.
        .replace(/(?<=\p{L})\s+(glaube?\s+ich)(?=\s*$|\s+(?:hab|habe|bin|ist|war)\s)/giu, (_, doubt: string) => `, ${doubt},`)
        .replace(/,(?=\s*$)/u, "")
        // "keine Katze kein Hund": one absence after another.
        .replace(/(?<![\p{L}])(kein(?:e|en)?\s+\p{L}{3,})\s+(?=kein(?:e|en)?\s)/giu, "$1, ")
        // "(…) hält jetzt wieder 2 Tage": a bracket, then the statement it was put into.
        .replace(/(?<=\))\s+(?=(?:hält|läuft|ist|sind|hat|geht|funktioniert)\s)/giu, ", ")
        // "August 2023 gekauft Rechnung vorhanden": the purchase, then what comes with it.
        .replace(/(?<=(?:^|\s)gekauft)\s+(?=\p{L}+\s+(?:vorhanden|dabei|ist\s+da|liegt\s+bei)(?!\p{L}))/giu, ", ")
        // "ist grad leer": "grad" is "gerade" after a verb (never the unit: "30 Grad").
        .replace(/(?<=(?:^|\s)(?:ist|is|bin|sind|war)\s+)grad(?=\s)/giu, "gerade")
        // "Ladekabel dabei OVP nicht mehr", "wer in der Nähe wohnt kann …":
        // a statement of its own after another without a comma.
        .replace(/(?<=(?:^|\s)dabei)\s+(?=\p{L}+\s+(?:nicht\s+mehr|leider\s+nicht|fehlt|gibt\s+es\s+nicht)(?!\p{L}))/giu, ", ")
        .replace(/^(wer\s+(?:\p{L}+\s+){0,4}\p{L}+)\s+(?=(?:kann|darf|soll|muss|bekommt)\s)/iu, "$1, ")
        // "8 Monate alt Rechnung ist da": the age, then a statement of its own.
        .replace(/(?<=(?:^|\s)\d+\s+(?:monate|jahre|wochen)\s+alt)\s+(?=\p{L}+\s+(?:ist|sind|hat|liegt|liegen)(?!\p{L}))/giu, ", ")
        // "was kleineres" is "etwas Kleineres": a comparative made a noun.
        .replace(/(?<!\p{L})was\s+(\p{Ll}+eres)(?!\p{L})/gu, (_, comparative: string) => `etwas ${capitalise(comparative)}`)
        // "eine dünne Stelle noch kein Loch": what it is not yet, after a noun.
        .replace(/(?<=(?:^|\s)(\p{L}+))\s+(?=noch\s+kein(?:e|en)?\s)/giu, (whole: string, word: string) =>
          /^(?:ist|sind|war|hat|habe|hab|wird|gibt|es|das|aber|und|oder)$/iu.test(word) ? whole : ", ",
        )
        // "ne" before a word is "eine" ("ne kleine Macke"); "nen" is in the table.
        .replace(/(?<![\p{L}\d])ne(?=\s+\p{L})/gu, "eine")
        // "gr m/l" → "Gr. M/L": a size after "Gr." in capitals.
        .replace(
          /(?<!\p{L})gr\.?\s*((?:x{0,3}s|m|x{0,3}l|\d{2,3})(?:\s*\/\s*(?:x{0,3}s|m|x{0,3}l|\d{2,3}))?)(?![\p{L}\d])/giu,
          (_, size: string) => `Gr. ${size.toUpperCase()}`,
        )
        // PayPal's "Waren und Dienstleistungen" is a name of its own ("paypal waren u. dienstleistungen").
        .replace(/(?<=paypal\s+)waren\s+(?:u\.|und|&)\s+dienstleistungen(?!\p{L})/giu, "Waren und Dienstleistungen")
        // A colour named after "in" is a noun ("in schwarz" → "in Schwarz"), not one before a noun ("in schwarzem Leder").
        .replace(COLOUR_AFTER_IN, (_, colour: string) => `in ${capitalise(colour)}`),
    ),
  );
}

/** "CO2 Zylinder", "USB Empfänger": a short name in capitals joined to the noun it names, as German writes it ("CO2-Zylinder"). */
function joinedToNoun(text: string): string {
  return (
    text
      .replace(ACRONYM_THEN_NOUN, (whole: string, acronym: string, noun: string) =>
        isNoun(noun.toLowerCase()) ? `${acronym}-${noun}` : whole,
      )
      // "nnn bindung", "dhl paket": letters without a vowel before the noun they name are a code ("NNN-Bindung").
      .replace(
        /(?<![\p{L}\d.-])([b-df-hj-np-tv-xz]{2,4})\s+(\p{Lu}\p{Ll}{2,})(?![\p{L}\d-])/gu,
        (whole: string, code: string, noun: string) =>
          !NOT_A_CODE.has(code) && isNoun(noun.toLowerCase()) ? `${code.toUpperCase()}-${noun}` : whole,
      )
      // "Buche natur": a wood's finish stays small.
      .replace(/((?:Buche|Eiche|Kiefer|Birke|Erle|Esche|Ahorn|Lärche|Fichte|Akazie|Nussbaum)\s)Natur(?!\p{L})/gu, "$1natur")
      // "PS4 pro", "S21 ultra": the model's line after its code, with its capital.
      .replace(MODEL_LINE, (_, code: string, line: string) => `${code}${capitalise(line)}`)
  );
}
const MODEL_LINE = /((?:^|\s)\p{Lu}{1,4}\d{1,3}\s)(pro|max|mini|ultra|lite|slim|edge)(?![\p{L}\d])/gu;

const COLOUR_AFTER_IN = new RegExp(
  String.raw`(?<!\p{L})in\s+((?:dunkel|hell)?(?:${COLOUR_WORDS}))(?=\s*(?:$|[,.;:!?)/]|\s(?:mit|und|oder|&|matt|metallic)(?!\p{L})))`,
  "gu",
);

const ACRONYM_THEN_NOUN =
  /(?<![\p{L}\d-])(USB(?:-[ABC])?|HDMI|CO2|LED|LCD|OLED|DVD|CD|SD|GPS|WLAN|LAN|TV|PC|SSD|HDD|DAB|NFC|UV)\s+(\p{Lu}\p{Ll}{2,})(?![\p{L}\d-])/gu;
/** Adjectives of foreign root a name may hold after its noun ("Wohnwand Eiche rustikal"), which no noun list knows. */
const FOREIGN_ADJECTIVE =
  /^(?:rustikal|modern|antik|robust|stabil|edel|dezent|kompakt|neutral|vertikal|horizontal|manuell|analog|optimal|elegant|solide|\p{Ll}{3,}iert)(?:e|en|er|es|em)?$/u;
/** Short words without a vowel that are no code in a name: abbreviations and units. */
const NOT_A_CODE = new Set("bzw zzgl nr st stk vb lg mfg vg gr kl ml mm cm km kg qm tlg ex".split(" "));
/** Words of an item's name that stay in lower case: what joins its parts (German and English), units, and "massiv" after a wood. */
const NAME_LOWER = new Set(
  (
    "mit für fürs von vom und oder aus ohne inkl inklusive plus samt in im ins zum zur beim bis x der die das den dem des ein eine einen einem einer noch " +
    "auf an bei je pro um über unter zu als wie nur ca cm mm m km kg g l ml qm and with for of the massiv"
  ).split(" "),
);
const METRIC_UNIT = /^(?:cm|mm|m|km|kg|g|l|ml|zoll|liter|meter)$/iu;
const EVERYDAY_LOWER = new Set([...EVERYDAY_WORD_BRANDS].map((brand) => brand.toLowerCase()));
/** Adverbs and verb forms a name may hold ("Pferdehof + viel Zubehör", "Was ist Was"): never a maker's name. */
const NAME_WORDS_LOWER = new Set(
  (
    "viel viele vielen komplett links rechts zusammen einzeln ist sind hat hab habe war wird geht läuft passt kann muss noch sehr gut " +
    "top wie auch nur fast kaum ganz etwas original gebraucht defekt zzgl was wo wer oder aber doch schon bzw usw inkl " +
    "mein meine meinen meiner unser unsere unseren dein deine verkaufe verschenke verkaufen verschenken biete tausche " +
    "einwandfrei tadellos neuwertig unbenutzt ungetragen unbespielt oval rund matt"
  ).split(" "),
);

/**
 * The item's name as a careful seller writes it, where it was typed in lower case (ADR 093): nouns
 * with their capital ("güterwagen"; in a name also a noun a verb shares: "eiche"), short codes in
 * capitals ("h0", "one+"), the product line after a brand ("philips hue white and color" → "Philips
 * Hue White and Color"), a model's word before its number ("tolino shine 3") and the maker the note
 * names after "von" ("raclette grill severin"). Adverbs, adjectives and what joins the parts stay as
 * typed ("Pferdehof + viel Zubehör", "Eiche massiv"); the maker's spelling of a brand and the first
 * capital follow in `readItem`. Words the seller capitalised stay as typed.
 */
export function nameAsWritten(itemName: string, note = ""): string {
  const words = itemName
    .replace(ESZETT_LACKED, "$1eiß")
    .replace(ELECTRIC, electric)
    .replace(BATTERY_COMPOUND, batteryCompound)
    .split(/(\s+)/);
  const makers = new Set([...note.matchAll(/(?<!\p{L})(?:von|marke:?|hersteller:?)\s+(\p{Ll}{3,})(?!\p{L})/giu)].map((match) => match[1]));
  const brand = detectBrand(`${itemName}\n${note}`);
  const brandEnd = brand ? (brandAt(itemName, brand)?.end ?? -1) : -1;
  const noun = (part: string) => isNoun(part) || (part.length >= 5 && !ADJECTIVE.test(part) && ownNounGender(part) !== null);
  let offset = 0;
  let inLine = false;
  return words
    .map((word, index) => {
      const at = offset;
      offset += word.length;
      if (/^\s+$/.test(word)) return word;
      // The words right after the brand, up to a noun, a joining word or a number, name its product line.
      if (brandEnd >= 0 && at >= brandEnd && at <= brandEnd + 1) inLine = true;
      // A short code of letters and a digit ("h0", "ps5"), not a resolution ("1440p"); a series with "+" ("one+").
      // A series before its number ("ge-sa 1435", "pst 700") and a letter or two after it ("pst 700 e", "gt3 rs") are written in capitals too.
      if (/^\p{Ll}{1,2}\d{1,2}$|^\p{Ll}{2,4}\+$/u.test(word)) return word.toUpperCase();
      // "boost plus gb40": "Plus" before a code is part of the model's name.
      if (word === "plus" && index > 0 && /\d/.test(words[index + 2] ?? "")) return "Plus";
      if (/^\p{Ll}{1,4}-\p{Ll}{1,4}$|^[b-df-hj-np-tv-z]{2,4}$/u.test(word) && /^\d/.test(words[index + 2] ?? "")) return word.toUpperCase();
      if (/^\p{Ll}{1,2}$/u.test(word) && /\d$/.test(words[index - 2] ?? "") && !NAME_LOWER.has(word)) return word.toUpperCase();
      // Letters without a vowel are a series' or a maker's short name ("mx master 3" → "MX Master 3", "jbl").
      if (/^[b-df-hj-np-tv-xz]{2,3}$/u.test(word) && !NAME_LOWER.has(word) && !NOT_A_CODE.has(word)) return word.toUpperCase();
      // The same letters capitalised only as the clause's first word ("Tc Electronic", "Dt Swiss").
      if (
        index === 0 &&
        /^[B-DF-HJ-NP-TV-XZ][b-df-hj-np-tv-xz]{1,2}$/u.test(word) &&
        /^\s+\p{L}/u.test(words.slice(1).join("")) &&
        !NAME_LOWER.has(word.toLowerCase()) &&
        !NOT_A_CODE.has(word.toLowerCase())
      )
        return word.toUpperCase();
      if (!/^\p{Ll}[\p{Ll}-]*$/u.test(word) || NAME_LOWER.has(word)) {
        if (!/^(?:and|&)$/.test(word)) inLine = false;
        return word;
      }
      if (makers.has(word)) return capitalise(word);
      // A compound written with a hyphen takes a capital on each noun ("akku-heckenschere").
      const parts = word.split("-");
      if (parts.every((part) => part.length >= 3 && noun(part))) {
        inLine = false;
        return parts.map(capitalise).join("-");
      }
      if (inLine && !ADJECTIVE.test(word)) return parts.map(capitalise).join("-");
      // The name's first word after a count starts it, as the first word does ("3 revell bausätze" → "3 Revell …").
      if (index === 2 && /^\d{1,2}$/.test(words[0]) && !/(?:e|en|er|es|em)$/u.test(word)) return capitalise(word);
      // A word before a number names the model ("shine 3", "charge 4"), after another word of the name; not a word before a size ("oval 29 cm").
      const next = words[index + 2] ?? "";
      const unit = /^\d+(?:[.,]\d+)?$/.test(next) && METRIC_UNIT.test(words[index + 4] ?? "");
      if (index > 0 && (word.length >= 3 || !NOT_A_CODE.has(word)) && /^\d/.test(next) && !/^\d+-\p{Ll}/u.test(next) && !unit)
        return capitalise(word);
      // Any other word a name holds that is no adverb, verb form, adjective or participle: a maker's or a
      // model's name the lexicon lacks ("trenchcoat damen vero moda", "schlagbohrmaschine hitachi").
      // Not a brand that is an everyday word ("braun", "weber"): capitalised, it would name that brand.
      const everyday = EVERYDAY_LOWER.has(word);
      // Nor an adjective of foreign root ("rustikal", "modern", "elegant"), which the dictionary of nouns does not know.
      const foreign = FOREIGN_ADJECTIVE.test(word);
      if (
        word.length >= 3 &&
        !NAME_WORDS_LOWER.has(word) &&
        !ADJECTIVE.test(word) &&
        !foreign &&
        !/^ge\p{Ll}{3,}(?:t|en)$/u.test(word) &&
        !everyday
      )
        return capitalise(word);
      return word;
    })
    .join("")
    .replace(BATTERY_COMPOUND, batteryCompound);
}

/** Colours that are woods: part of a piece of furniture's name ("Couchtisch Buche"). */
const WOODS = new Set(["eiche", "buche", "kiefer", "birke", "erle", "esche", "ahorn", "lärche", "fichte", "akazie", "nussbaum"]);

/**
 * Where the note's name of the item ends: what comes with it, who it is for, a maker after "von", a
 * size, a measure or a colour (the title names those apart).
 */
const NAME_END = new RegExp(
  String.raw`,|:(?=\s|$)|\s+(?:mit|ohne|inkl\.?|inklusive|für|von|vom|samt|plus(?!\s+\p{L}*\d)|aus(?!\s+(?:holz|massivholz|metall|edelstahl|glas|leder|kunststoff|rattan|bambus|keramik|porzellan)(?:\s*$|\s*,))|in|im|zum|zur|wegen|weil|da|und\s+(?:ein|eine|einen|zwei|\d))\s+|\s+(?=(?:gr\.?|größe|ca\.?)(?:\s|$)|(?:deutsch|englisch|französisch|qwertz|qwerty)\p{L}*(?:\s|$)|\d+(?:[.,]\d+)?\s?(?:cm|mm|m|zoll|"|kg|l|liter|gb|tb)(?!\p{L})|\d+\s?[x×]\s?\d+|(?:x{1,3}l|xs|\d?xl)(?!\p{L})|(?:dunkel|hell)?(?:${COLOURS.filter((colour) => !WOODS.has(colour)).join("|")})(?![\p{L}]))`,
  "iu",
);
const keyOf = (word: string) => word.toLowerCase().replace(/[^\p{L}\d]/gu, "");
/** Whether the name has its noun already: a word of four letters or more the dictionary knows as one. */
const hasNoun = (words: string[]) => words.some((word) => /^\p{L}{4,}$/u.test(word) && isNoun(word.toLowerCase()));

/**
 * The item's name as the note's first clause gives it, where it says more than the short name typed
 * into the form ("catan" → "Catan Basisspiel + Seefahrer Erweiterung", "reisebett hauck" → "Hauck
 * Reisebett"): only where that clause names every word of the typed name, up to what comes
 * with the item, and only a few words more (ADR 093). Otherwise the typed name.
 */
export function fullerName(typed: string, firstClause: string | undefined): string {
  if (!firstClause) return typed;
  const clause = firstClause.replace(
    /^(?:(?:tausche|verkaufe|verschenke|biete)(?:\s+oder\s+\p{L}+)?\s*:?\s*)?(?:(?:unseren|unsere|unser|meinen|meine|mein)(?!\p{L}))?\s*/iu,
    "",
  );
  // The typed name only in what comes with the item ("spielbogen" in "krabbeldecke mit spielbogen"): the name goes on with it.
  const withIt = /^[^,;:(]+?\s(?:mit|samt)\s[^,;:(]+/iu.exec(clause)?.[0].trim() ?? "";
  const namedWithIt =
    typed === typed.toLowerCase() &&
    withIt.split(/\s+/).length <= 6 &&
    !keyOf(clause.split(NAME_END)[0]).includes(keyOf(typed)) &&
    typed.split(/\s+/).every((word) => keyOf(withIt.split(/\s(?:mit|samt)\s/iu)[1] ?? "").includes(keyOf(word)));
  const cut = namedWithIt ? withIt : clause.split(NAME_END)[0];
  // Never a bracket cut open ("Switch OLED + 3 Spiele (Zelda BotW, …)"): the name ends before it.
  const phrase = (cut.split("(").length === cut.split(")").length ? cut : cut.slice(0, cut.lastIndexOf("(")))
    .replace(/[.!?:\s]+$/, "")
    .trim();
  // An adjective ends the name ("Bürostuhl ergonomisch"), or goes where it leads it ("alter Kinderwagen").
  const all = phrase.split(/\s+/);
  const leading = (word: string) =>
    (/^\p{Ll}/u.test(word) && ADJECTIVE.test(word)) || /^(?:alt|neu|groß|klein|gut|schön|gebraucht)(?:e|er|es|en|em)?$/iu.test(word);
  const start = all.findIndex((word) => !leading(word));
  // After the noun, an adjective ends the name ("Bürostuhl ergonomisch"); before a noun an inflected one
  // goes ("Bosch elektrische Heckenschere"), a brand that looks like one stays ("revell Bausätze").
  const words: string[] = [];
  // The maker's words, read only where a material word asks (a brand read costs more than the rest of the name).
  let brandWords: Set<string> | null = null;
  const makerWords = () => (brandWords ??= new Set((detectBrand(firstClause) ?? "").toLowerCase().split(/\s+/)));
  for (const [index, word] of all.entries()) {
    if (index < Math.max(start, 0)) continue;
    // A verb or an article starts what the seller says of it ("smoby kinderküche sucht ein neues zuhause").
    // "komplett" after the noun says what the item is ("Skateboard komplett" is a complete board), no part of its name.
    if (
      index > start &&
      (RUN_ON_VERB.test(word) ||
        /^(?:sucht|suchen|wartet|warten|ein|eine|einen|der|die|das|den|dem)$/iu.test(word) ||
        (word === "komplett" && hasNoun(words)))
    )
      break;
    const adjective = index > start && /^\p{Ll}/u.test(word) && ADJECTIVE.test(word) && !NAME_LOWER.has(word);
    // A wood after it is what the thing is made of, no noun it leads ("original Buche natur").
    const beforeNoun = /^\p{Lu}/u.test(all[index + 1] ?? "") && !WOODS.has((all[index + 1] ?? "").toLowerCase());
    if (adjective && !beforeNoun) break;
    // After the item's noun, an adjective and its noun say something of it ("5 Pflanzkübel Terracotta verschiedene Größen").
    if (adjective && words.some((named) => /^\p{Lu}\p{Ll}{3,}$/u.test(named) && isNoun(named.toLowerCase()))) break;
    if (adjective && /(?:e|en|er|es|em)$/u.test(word)) continue;
    // After the item's noun, what it is made of starts what the seller says of it where more follows
    // ("Gartenbank Holz 3-Sitzer"); at the end it stays ("Schaukelstuhl Holz" → "Schaukelstuhl aus Holz").
    if (index < all.length - 1 && MATERIAL_WORD.test(word) && hasNoun(words) && !makerWords().has(word.toLowerCase())) break;
    words.push(word);
  }
  const keys = words.map(keyOf);
  const typedKeys = typed.split(/\s+/).map(keyOf).filter(Boolean);
  const joined = keys.join("");
  // A word of the typed name in the note, also in its other number ("puzzles" for the note's "puzzle").
  const plural = (key: string, other: string) => other.length >= 4 && key.startsWith(other) && key.length - other.length <= 2;
  // A compound typed for two words of the note ("fahrradsitz" for "kindersitz fürs fahrrad"): both its parts are there.
  const parts = (key: string) =>
    typed === typed.toLowerCase() &&
    key.length >= 8 &&
    Array.from({ length: key.length - 7 }, (_, index) => index + 4).some(
      (cut) => joined.includes(key.slice(0, cut)) && joined.includes(key.slice(cut)),
    );
  // A size typed into the name ("salomon damen schuhe 39") is named where the clause gives it after the name ("… gr 39").
  const clauseKeys = clause.split(/[\s,]+/).map(keyOf);
  // "schloss" for the note's "bügelschlösser": the typed noun ends a compound of the clause, in either number.
  const unumlauted = (key: string) => key.replace(/ä/g, "a").replace(/ö/g, "o").replace(/ü/g, "u");
  const compoundOf = (key: string) =>
    key.length >= 5 && keys.some((other) => other.length > key.length && unumlauted(other).includes(unumlauted(key)));
  const named = typedKeys.every(
    (key) =>
      keys.includes(key) ||
      compoundOf(key) ||
      joined.includes(key) ||
      keys.some((other) => plural(key, other) || plural(other, key)) ||
      parts(key) ||
      (/^\d{2,3}$/.test(key) && clauseKeys.includes(key)),
  );
  // Where it says no more than a name the seller wrote with care ("Gardena Akku-Heckenschere"), the typed name stays.
  const more = joined.length > typedKeys.join("").length || (joined.length === typedKeys.join("").length && typed === typed.toLowerCase());
  // A maker and a kind of thing typed ("laptop hp", "teufel boxen") for a clause that starts with that maker and names
  // the model ("hp elitebook 840 g5", "teufel ultima 40 standlautsprecher"): the clause, with the typed kind where it names none.
  const lead = keys[0] ?? "";
  // The typed kind is its nouns; a size typed with it ("monitor 24 zoll") the clause says.
  const kinds = typed
    .split(/\s+/)
    .filter((word) => keyOf(word) !== lead && !/\d/.test(word) && !/^(?:zoll|cm|mm|m|kg|l|gb|tb)$/iu.test(word));
  // Or only a kind typed ("fahrradtaschen", "drohne") for a clause that starts with a maker the lexicon knows
  // ("ortlieb back roller classic", "dji mini 2 fly more combo").
  // A first word no dictionary knows and no adjective's ending marks ("iiyama", "ghost", "proxxon") is a maker too.
  const unknownMaker =
    /^\p{L}{3,}$/u.test(all[0] ?? "") &&
    keyOf(all[0]) === lead &&
    !isNoun(lead) &&
    ownNounGender(lead) === null &&
    !ADJECTIVE.test(lead) &&
    !PARTICIPLE.test(lead) &&
    !NAME_WORDS_LOWER.has(lead) &&
    !NAME_LOWER.has(lead) &&
    !RUN_ON_VERB.test(lead) &&
    !/(?:e|en|er|es|em)$/u.test(lead);
  const brandLead = lead.length >= 2 && (detectBrand(firstClause)?.toLowerCase() === lead || unknownMaker);
  const makerLed =
    !named &&
    typed === typed.toLowerCase() &&
    words.length >= 2 &&
    words.length <= 8 &&
    kinds.length >= 1 &&
    ((typedKeys.length >= 2 && typedKeys.includes(lead) && lead.length >= 2 && (!isNoun(lead) || brandLead)) ||
      (!typedKeys.includes(lead) && brandLead)) &&
    kinds.every(
      (word) => /^\p{L}{3,}$/u.test(word) && !ADJECTIVE.test(keyOf(word)) && !PARTICIPLE.test(word) && !NAME_WORDS_LOWER.has(keyOf(word)),
    );
  // "… classic 2 stück": the count leads the name ("2 Ortlieb Back Roller Classic Fahrradtaschen").
  const pieces = words.length > 2 && /^\d{1,2}$/.test(words.at(-2) ?? "") && /^(?:stück|stk\.?)$/iu.test(words.at(-1) ?? "");
  const counted = pieces ? words.slice(0, -2) : words;
  // Who it is for ends the clause's name ("… 24 Herren"); the kind goes before it where the name has none of its own.
  const tail = counted.length - [...counted].reverse().findIndex((word) => !/^(?:damen|herren|kinder|unisex|paar)$/iu.test(word));
  const core = [...(pieces ? [words.at(-2)!] : []), ...counted.slice(0, tail)];
  const last = core.at(-1) ?? "";
  const namesKind = core.length > 1 && /^\p{L}{4,}$/u.test(last) && isNoun(last.toLowerCase());
  const name =
    named && more && words.length <= typedKeys.length + 5 && words.length <= 8
      ? words.join(" ")
      : makerLed
        ? [...core, ...(namesKind ? [] : kinds), ...counted.slice(tail)].join(" ")
        : typed;
  // The maker after "von" that no word of the name names ("crosstrainer von christopeit"): it leads the name.
  const makerMatch = MAKER_AFTER.exec(firstClause);
  const maker = makerMatch?.[1];
  const known = (word: string) =>
    isNoun(word) || ownNounGender(word) !== null || NAME_LOWER.has(word) || /^(?:mein|dein|sein|ihr|unser|eu)/.test(word);
  const first = maker?.split(/\s+/)[0] ?? "";
  // A maker of clothes before who they are for ("von mango damen") is a label, though a noun shares its name.
  const label =
    makerMatch !== null &&
    /^\s+(?:damen|herren|kinder|unisex|mädchen|jungen)(?!\p{L})/iu.test(firstClause.slice(makerMatch.index + makerMatch[0].length));
  if (!maker || (known(first.toLowerCase()) && !label) || keyOf(name).includes(keyOf(first))) return name;
  // A count stays first ("4 Schmidt Spiele Puzzle").
  const count = /^\d{1,2}\s+/.exec(name)?.[0] ?? "";
  return `${count}${maker.split(/\s+/).map(capitalise).join(" ")} ${name.slice(count.length)}`;
}

/** "… von christopeit" at the clause's end, or before who or what the item is for or made of ("von mango damen"). */
const MAKER_AFTER = new RegExp(
  String.raw`\svon\s+(\p{L}{3,}(?:\s+spiele)?)(?=\s*$|\s*[,:]|\s+(?:für|mit|in|aus|gr\.?|größe|je|damen|herren|kinder|unisex|mädchen|jungen|${COLOUR_WORDS})(?:\s|$)|\s+\d)`,
  "iu",
);
