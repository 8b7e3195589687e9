// How sellers type, tidied for the ad: nouns the lexicon knows are capitalised ("nur abholung" →
// "nur Abholung", "glasvitrine" → "Glasvitrine"), words in capitals are calmed ("FESTPREIS",
// "SUPER ZUSTAND") unless they are written that way (LEGO, OVP, USB, model names with digits).
import { BRANDS, NOUN_GENDERS } from "./lexicon";

/** Nouns sellers write in lower case, besides the item nouns of the lexicon. */
const COMMON_NOUNS = [
  "abholung", "selbstabholung", "selbstabholer", "versand", "übergabe", "rechnung", "quittung", "anleitung", "bedienungsanleitung",
  "zubehör", "akku", "akkus", "ladegerät", "ladekabel", "kabel", "netzteil", "fernbedienung", "koffer", "kratzer", "zustand",
  "garantie", "gewährleistung", "beleuchtung", "vitrine", "böden", "boden", "maße", "modell", "karton", "originalverpackung",
  "verpackung", "fotos", "foto", "bilder", "haushalt", "nichtraucherhaushalt", "tierhaushalt", "gebrauchsspuren", "macke",
  "macken", "fleck", "flecken", "display", "gehäuse", "rahmen", "schublade", "schubladen", "türen", "bezug", "bezüge",
  "matratze", "neupreis", "preis", "festpreis", "farbe", "größe", "batterie", "batterien", "controller", "spiele", "saiten",
  "verstärker", "objektiv", "auslösungen", "brille", "kleinteile", "seite", "teile", "holz", "glas", "metall", "leder", "stoff",
  "aufpreis", "porto", "schnittbreite", "benzin", "neugeboreneneinsatz", "babywanne", "sportsitz", "möbeln", "kinder",
  "baby", "wickelauflage", "griff", "reifen", "schaltung", "bremsen", "sattel", "kette", "licht", "ständer", "korb", "deckel",
  "kanne", "tassen", "teller", "gläser", "besteck", "bücher", "buch", "hefte", "figuren", "steine", "bausteine", "schienen",
  "waggons", "lok", "rechnungen", "belege", "garantiekarte", "tasche", "hülle", "schutzhülle", "panzerglas", "schutzfolie",
  "speicher", "festplatte", "tastatur", "maus", "bildschirm", "kamera", "linse", "stativ", "blitz", "akkuschrauber", "bohrer",
  "bits", "schrauben", "werkzeug", "werkzeugkoffer", "samstag", "sonntag", "wochenende", "abend", "woche", "termin", "ecke", "kante",
  "rückseite", "oberfläche", "jahre", "jahr", "monate", "unfälle", "unfall", "lack", "platte", "tischplatte", "beine", "fächer", "schrank", "tür", "griffe", "räder", "rollen",
];

const NOUNS = new Set<string>([...NOUN_GENDERS.map(([noun]) => noun), ...COMMON_NOUNS]);
/** Compound nouns end in a known noun ("glasvitrine", "gartenstühle"); only long enough endings count. */
const NOUN_ENDINGS = [...NOUNS].filter((noun) => noun.length >= 5);
/** Words that are written in capitals. */
const KEEP_CAPS = new Set([
  ...BRANDS.filter((brand) => brand === brand.toUpperCase()),
  "OVP", "NP", "VB", "VHB", "UVP", "USB", "HDMI", "LED", "WLAN", "LAN", "DVD", "CD", "SSD", "HDD", "RAM", "CPU", "GPU", "NFC", "GPS",
  "TV", "PC", "MWST", "DHL", "DPD", "GLS", "UPS", "NR", "EU", "XL", "XXL", "XS", "OLED", "QLED", "UHD", "HD", "ABS", "ISOFIX", "BMX",
  "MTB", "GB", "TB", "MB", "KW", "PS", "AKKU",
].map((word) => word.toUpperCase()));

function capitalise(word: string) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function isNoun(lower: string) {
  return NOUNS.has(lower) || NOUN_ENDINGS.some((noun) => lower.length > noun.length + 2 && lower.endsWith(noun));
}

/** One clause as a careful seller writes it; the first word is capitalised by the caller. */
export function tidyWords(text: string): string {
  return text.replace(/\p{L}[\p{L}'’]*/gu, (word, offset: number, whole: string) => {
    // Parts of model names and codes ("GSR 18V-60", "RTX-3080") stay as written.
    const before = whole.charAt(offset - 1);
    const after = whole.charAt(offset + word.length);
    if (/[\d-]/.test(before) || /[\d-]/.test(after)) return word;
    let result = word;
    if (word.length >= 4 && word === word.toUpperCase() && word !== word.toLowerCase() && !KEEP_CAPS.has(word)) result = word.toLowerCase();
    const lower = result.toLowerCase();
    // The place after a postcode: "81373 münchen" → "81373 München".
    if (/\d{5}\s$/.test(whole.slice(0, offset))) return capitalise(result);
    if (result === lower && isNoun(lower)) return capitalise(result);
    // A calmed word that is no known noun keeps a capital only at the start of the clause.
    return result;
  });
}
