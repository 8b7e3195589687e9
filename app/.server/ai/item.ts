// What the item is: its name cleaned of emoji and markup and spelled as the maker writes it, the
// brand, the model, the head noun's gender, and the attributes buyers search for.
import { readSellerFacts, type SellerFacts } from "../../lib/seller-price";
import { BRANDS, COLOURS, EVERYDAY_WORD_BRANDS, NOUN_GENDERS, PRODUCTS, type Gender } from "./lexicon";
import { isOnlyNoun, nounGender } from "./nouns";
import { knownPlace } from "../../lib/places/gazetteer";
import { PLACE_LEAD } from "../../lib/offer-vocabulary";

export type Item = {
  /** Display name: brand first (once), canonical spelling, no emoji or markup. */
  name: string;
  brand: string | null;
  model: string | null;
  gender: Gender | null;
};

export function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Removes HTML tags, markdown markers and emoji; collapses spaces. */
export function plainName(text: string): string {
  return text
    .replace(/<[^>]*>/g, " ")
    .replace(/[*_#`~|]/g, " ")
    .replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A brand of two or three capitals ("LG", "HP", "AEG") or one that is an everyday German word
 * ("Braun", "Teufel") is the brand only as its maker writes it: "lg" closes a note (liebe Grüße),
 * "braun" is a colour. Every other brand is read in any case ("lego", "canon").
 */
function caseSensitive(brand: string): boolean {
  return EVERYDAY_WORD_BRANDS.has(brand);
}

function wholeWord(brand: string, flags: string): RegExp {
  // "The North Face" is written "North Face" as often as not.
  const name = escapeRegExp(brand).replace(/^The /, "(?:The )?");
  return new RegExp(`(^|[^\\p{L}])${name}(?=$|[^\\p{L}])`, caseSensitive(brand) ? flags.replace("i", "") : flags);
}

/**
 * Each brand's whole-word pattern, compiled once per isolate on first use: every list of ads reads
 * each ad's facts (the ad check), and compiling them per call cost each request a RegExp per brand.
 * `find` is not global, so its `test`, `exec` and `replace` keep no state.
 */
let brandPatterns: Map<string, { find: RegExp }> | null = null;
function compiledBrands() {
  brandPatterns ??= new Map(BRANDS.map((brand) => [brand, { find: wholeWord(brand, "iu") }]));
  return brandPatterns;
}

/** The product lines that name their brand, as case-insensitive patterns without state, compiled once. */
let productBrands: Array<{ brand: string; find: RegExp }> | null = null;
function compiledProductBrands() {
  productBrands ??= PRODUCTS.flatMap((product) =>
    product.brand ? [{ brand: product.brand, find: new RegExp(product.pattern.source, "i") }] : [],
  );
  return productBrands;
}

/** A brand's lookup key as typed: no case, no leading "The" ("north face" → "The North Face"). */
const brandKey = (name: string) => name.toLowerCase().replace(/^the /, "");
let brandNames: Map<string, string> | null = null;
function brandByName() {
  brandNames ??= new Map(BRANDS.map((brand) => [brandKey(brand), brand]));
  return brandNames;
}

/**
 * Every brand in two global patterns, compiled once: spelling a clause tries one alternation per
 * case rule, not a pattern per brand (the writer spells every clause of a note). Brands read only as
 * written match in their own case; the rest in any. `replace` starts a global pattern at 0 each time.
 */
let brandAlternations: [RegExp, RegExp] | null = null;
function allBrands(): [RegExp, RegExp] {
  const pattern = (sensitive: boolean) => {
    const names = BRANDS.filter((brand) => caseSensitive(brand) === sensitive)
      .sort((a, b) => b.length - a.length)
      .map((brand) => escapeRegExp(brand).replace(/^The /, "(?:The )?"))
      .join("|");
    return new RegExp(`(^|[^\\p{L}])(${names})(?=$|[^\\p{L}])`, sensitive ? "gu" : "giu");
  };
  brandAlternations ??= [pattern(false), pattern(true)];
  return brandAlternations;
}

function brandPattern(brand: string): RegExp {
  return compiledBrands().get(brand)?.find ?? wholeWord(brand, "iu");
}

/** Where the brand stands in `text` as the seller wrote it ("north face" for "The North Face"), or null. */
export function brandAt(text: string, brand: string): { index: number; end: number } | null {
  const match = brandPattern(brand).exec(text);
  if (!match) return null;
  const index = match.index + match[1].length;
  return { index, end: match.index + match[0].length };
}

const BRAND_ORDER: readonly string[] = BRANDS;

/** The last texts' brands: one ad's writer asks for the brand of the same name and note several times. */
const brandsRead = new Map<string, string | null>();

export function detectBrand(text: string): string | null {
  const known = brandsRead.get(text);
  if (known !== undefined) return known;
  const brand = readBrand(text);
  if (brandsRead.size >= 32) brandsRead.delete(brandsRead.keys().next().value!);
  brandsRead.set(text, brand);
  return brand;
}

function readBrand(text: string): string | null {
  // The item name (the first line) names the brand first; in the note, the first brand that is the
  // item's, not an accessory's ("dabei ist … ein Kopfhörer von Sony").
  const [name, ...rest] = text.split("\n");
  const note = rest.join("\n");
  for (const part of [name, note]) {
    let first: { brand: string; index: number; length: number } | null = null;
    // Each brand where it first stands, found with the two alternations (one pass each, not a pattern
    // per brand); a brand whose first mention is an accessory's is not the item's. At the same place,
    // the brand listed first wins.
    const seen = new Set<string>();
    const matches = allBrands()
      .flatMap((pattern) => [...part.matchAll(pattern)])
      .sort((a, b) => a.index - b.index);
    for (const match of matches) {
      const brand = brandByName().get(brandKey(match[2]));
      if (!brand || seen.has(brand)) continue;
      seen.add(brand);
      if (part === note && isAccessorysBrand(note, match.index)) continue;
      // "nur abholung in fulda": a maker's name that is the place after a place word is the place.
      const at = match.index + match[1].length;
      if (BEFORE_PLACE.test(part.slice(Math.max(0, at - 16), at)) && knownPlace(match[2])) continue;
      // "Stokke Nachbau", "ähnlich wie Ikea": the maker of what it copies is not the item's.
      if (REPLICA.test(part.slice(Math.max(0, match.index - 16), match.index + match[0].length + 24))) continue;
      if (
        first &&
        (first.index < match.index || (first.index === match.index && BRAND_ORDER.indexOf(first.brand) < BRAND_ORDER.indexOf(brand)))
      )
        continue;
      first = { brand, index: match.index, length: match[0].length };
    }
    if (first) return inBrandList(part, first.index, first.length) ? null : first.brand;
  }
  // A product line names its maker, unless the seller says it is a copy ("Tripp Trapp Nachbau").
  return (
    compiledProductBrands().find(({ find }) => {
      const match = find.exec(text);
      return match !== null && !REPLICA.test(text.slice(Math.max(0, match.index - 24), match.index + match[0].length + 24));
    })?.brand ?? null
  );
}

/** The offer vocabulary's words a place follows ("in", "aus", "Raum", "Abholung", "Standort"), right before a name. */
const BEFORE_PLACE = new RegExp(String.raw`${PLACE_LEAD}$`, "iu");

/** Words that say an item copies a product line, not that it is the maker's. */
const REPLICA =
  /(?<!\p{L})(?:nachbau\p{L}*|nachgebaut|imitat|replika?|fake|dupe|ähnlich\s+wie|à\s+la|im\s+stil\s+(?:von|vom|des|der)|kein(?:e)?\s+original|nicht\s+(?:das\s+|der\s+|die\s+)?original)(?!\p{L})/iu;

/** A brand named after "von" or in a clause about what comes with the item is an accessory's. */
function isAccessorysBrand(note: string, index: number): boolean {
  const clause =
    note
      .slice(0, index)
      .split(/[.;!?\n]/)
      .pop() ?? "";
  return /(?<!\p{L})von\s+$/iu.test(clause) || /(?<!\p{L})(?:dabei|inkl\.?|inklusive|zubehör|dazu|plus|sowie)(?!\p{L})/iu.test(clause);
}

/** Whether the brand at this place is one of a list of brands ("marken h&m, c&a, topomini"): a mix has no one brand. */
function inBrandList(text: string, index: number, length: number): boolean {
  const after = text.slice(index + length).match(/^\s*(?:,|\/|und|oder|&)\s*/iu);
  const before = text.slice(0, index).match(/\s*(?:,|\/|und|oder|&)\s*$/iu);
  return [...compiledBrands().values()].some(
    ({ find }) =>
      (after !== null && find.test(text.slice(index + length + after[0].length).split(/[\s,]/)[0] ?? "")) ||
      (before !== null &&
        find.test(
          text
            .slice(0, index - before[0].length)
            .split(/[\s,]/)
            .at(-1) ?? "",
        )),
  );
}

/** Brands, product lines and storage sizes as their makers write them, anywhere in a text ("lego" → "LEGO", "64gb" → "64 GB"). */
export function makersSpelling(text: string): string {
  let result = text.replace(/\b(\d{2,4})\s?(gb|tb)\b/gi, (_, amount: string, unit: string) => `${amount} ${unit.toUpperCase()}`);
  for (const product of PRODUCTS) result = result.replace(product.pattern, product.spelling);
  const spell = (_: string, before: string, name: string) => `${before}${brandByName().get(brandKey(name)) ?? name}`;
  const [anyCase, asWritten] = allBrands();
  // A single letter after a brand names a series or a mount ("fuji x" → "Fuji X", "sony a" → "Sony A").
  return result
    .replace(anyCase, spell)
    .replace(asWritten, spell)
    .replace(/(?<![\p{L}\d])(\p{L}[\p{L}&-]+)\s+(\p{Ll})(?=[\s,.)]|$)/gu, (whole, name: string, letter: string) =>
      brandByName().get(brandKey(name)) === name ? `${name} ${letter.toUpperCase()}` : whole,
    );
}

/** Spells brands and product lines as their makers do ("IPhone" → "iPhone", "lego" → "LEGO"), a plain noun at the start capitalised. */
export function canonicalSpelling(text: string): string {
  const result = makersSpelling(text);
  // A plain noun at the start is capitalised ("sofa 3-sitzer" → "Sofa 3-sitzer"), a product line is not.
  return /^[a-zäöü]/.test(result) && !PRODUCTS.some((product) => result.startsWith(product.spelling))
    ? result.charAt(0).toUpperCase() + result.slice(1)
    : result;
}

function genderOf(name: string): Gender | null {
  // A count of more than one at the start names several ("2 Kettlebells", "3 Levi's Jeans").
  // Not a kind of thing ("3 in 1 Kinderwagen", "2 x 8 m Seil").
  if (
    /^(?:(?:[2-9]|[1-9]\d+|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn)\s+(?!(?:in|x|zu|für|mal|von|auf)(?!\p{L}))|[2-9]\s?x\s+)\p{L}/iu.test(
      name.trim(),
    )
  )
    return "pl";
  // "Güterwagen 6 Stück": a count of pieces after the name names several.
  if (/\s(?:[2-9]|[1-9]\d+)\s*(?:stück|stk\.?)$/iu.test(name.trim())) return "pl";
  // A count inside the name starts what comes with the item ("Balkonset 2 Sessel + Tisch"), where a
  // noun stands before it ("Hohner Bravo II 48 Bass Akkordeon" has none: the whole name is read).
  // Only a count of things the dictionary knows ("2 Sessel", "50er Jahre"), not a model ("iPhone 12 Pro Hülle").
  // The first count before a noun whose name before it has a gender ("Quechua 2 Seconds Wurfzelt 3
  // Personen": "2 Seconds" is part of the name).
  // Not a count that is part of a model's name ("Croozer Kid for 2 Fahrradanhänger").
  for (const count of name.matchAll(/(?<!(?:^|\s)(?:for|für|to|bis|ab|x))\s\d+(?:er)?\s+(\p{L}+)/giu)) {
    // A count of a few things ("2 Sessel"), never a model number ("Atlas 150 Nudelmaschine").
    if (!isOnlyNoun(count[1].toLowerCase()) || (!/\der\s/u.test(count[0]) && Number(count[0].match(/\d+/)?.[0]) > 20)) continue;
    const gender = headGender(name.slice(0, count.index));
    if (gender) return gender;
  }
  return headGender(name);
}

/**
 * The seller's own possessive before the name outweighs a gender read from the name's words where the
 * name ends in no noun the dictionary has ("verkaufe meine bodum chambord french press": "Chambord" is
 * no "Bord"); "meine" of a plural stays a plural.
 */
function sellersGender(read: Gender | null, possessive: Gender | null, name: string): Gender | null {
  if (!possessive || read === null) return possessive ?? read;
  // A head noun the dictionary has keeps its own gender: "verkaufe mein Schreibtisch" is the seller's slip.
  const last =
    name
      .split(/\s+/)
      .filter((word) => /^\p{L}{3,}$/u.test(word))
      .at(-1)
      ?.toLowerCase() ?? "";
  if (isOnlyNoun(last) && nounGender(last) !== null) return read;
  return possessive === "f" && read === "pl" ? read : possessive;
}

/**
 * The gender the seller's own possessive gives a name the dictionary cannot ("verkaufe unseren
 * sodastream" → masculine): "meinen"/"unseren" before the name's first word, or "mein"/"unser" after
 * "verkaufe"/"verschenke" (accusative, so neuter), "meine"/"unsere" there (feminine, or a plural).
 */
function possessiveGender(name: string, note: string): Gender | null {
  const first = name
    .split(/\s+/)
    .find((word) => /^\p{L}{3,}$/u.test(word))
    ?.toLowerCase();
  // Only where a possessive and the name's word are there at all (a pattern per ad costs more than the test).
  if (!first || !/(?:mein|unser)/iu.test(note) || !note.toLowerCase().includes(first)) return null;
  const before = new RegExp(
    String.raw`(?<!\p{L})(?:(meinen|unseren)|(?:verkaufe|verschenke|biete)\s+(?:(mein|unser)|(meine|unsere)))\s+(?:\p{L}+\s+)?${escapeRegExp(first)}(?!\p{L})`,
    "iu",
  ).exec(note);
  return before ? (before[1] ? "m" : before[2] ? "n" : "f") : null;
}

function headGender(name: string): Gender | null {
  // The head noun stands before what comes with the item ("Snowboard mit Union Bindung").
  // "Kapp- und Gehrungssäge": a compound's first part before "und" shares the noun after it.
  const words = name
    .replace(/\p{L}+-\s+(?:und|oder)\s+/gu, "")
    .split(/\s+(?:mit|ohne|inkl\.?|inklusive|plus|\+|samt|und|für|fürs|aus|von)\s+/iu)[0]
    .split(/[\s,]+/)
    // A compound written with a hyphen is read by its last part ("Akku-Bohrhammer" → "Bohrhammer").
    .map((word) => (/^\p{L}+(?:-\p{L}+)+$/u.test(word) ? word.slice(word.lastIndexOf("-") + 1) : word))
    .reverse();
  // A kind named first, then the maker's line and its code ("Fahrradcomputer Sigma Rox 4.0"): the kind
  // is the head; the line's words ("Sigma") are names, whatever nouns they share their spelling with.
  // An adjective before the kind is none ("Mechanische Tastatur Cherry MX-Board 3.0").
  const lead = /^\p{Lu}\p{Ll}+(?:e|en|er|es|em)$/u.test(words.at(-1) ?? "") && !isOnlyNoun(words.at(-1)!.toLowerCase()) ? 2 : 1;
  const first = words.at(-lead)?.toLowerCase() ?? "";
  const sized = LABEL.test((words[1] ?? "").toLowerCase().replace(/\.$/, "")) || words.some((word) => FOR_WHOM.test(word.toLowerCase()));
  if (words.length >= 2 + lead && /\d/.test(words[0]) && !sized && /^\p{L}{6,}$/u.test(first) && !FOR_WHOM.test(first)) {
    const kind = NOUN_GENDERS.find(([noun]) => first.endsWith(noun))?.[1] ?? (isOnlyNoun(first) ? nounGender(first, "ending") : null);
    if (kind) return kind;
  }
  // The last noun of the name that is not who the item is for ("Damen") or what it is made of
  // ("Buche"): in the lexicon, or the dictionary's gender of it or of the noun a compound ends in
  // ("Westerngitarre" → "Gitarre"). A word that is also a verb form ("Geige") counts where the seller
  // wrote it with its capital, as a noun.
  for (const [at, typed] of words.entries()) {
    const word = typed.toLowerCase();
    // "Strandkorb 2-Sitzer Ostsee Modell": the word before a label that ends the name is the label's ("Ostsee-Modell"),
    // no head noun; a label before a number labels the number ("Kindersitz Gruppe 2/3").
    if (at === 1 && LABEL.test(words[0].toLowerCase())) continue;
    // A word that labels the number after it is no head noun either ("Tennisschläger Griffstärke 3").
    if (at > 0 && /\d/.test(words[at - 1]) && (LABEL.test(word) || MEASURE_LABEL.test(word))) continue;
    // A unit after its number is a measure of the item ("Jugendfahrrad 26 Zoll"), no head noun.
    if (/^\d/.test(words[at + 1] ?? "") && /^(?:zoll|cm|mm|m|kg|g|l|liter|bar|watt|w|v|volt|gb|tb|ah|tonnen|t)$/u.test(word)) continue;
    const hit = NOUN_GENDERS.find(([noun]) => word.endsWith(noun));
    if (hit) return hit[1];
    // "Standlautsprecher Paar": the pair is what is sold (a function word in lower case, so no dictionary noun).
    if (typed === "Paar") return "n";
    if (FOR_WHOM.test(word) || MATERIAL.test(word) || LABEL.test(word) || COLOUR_NAMES.has(word)) continue;
    // A word before other capitalised words that may be the noun is read strictly ("Bodum Chambord French
    // Press": "Chambord" is no "Bord"); before a size, a material or who it is for, as it is ("Schnellkochtopf 4,5 l").
    const leads = words
      .slice(0, at)
      .some(
        (later) =>
          /^\p{Lu}\p{Ll}{2,}$/u.test(later) &&
          !FOR_WHOM.test(later.toLowerCase()) &&
          !MATERIAL.test(later.toLowerCase()) &&
          !LABEL.test(later.toLowerCase()) &&
          !COLOUR_NAMES.has(later.toLowerCase()),
      );
    const gender = isOnlyNoun(word) || /^\p{Lu}\p{Ll}{3,}$/u.test(typed) ? nounGender(word, leads ? "stem" : "no") : null;
    if (!gender) continue;
    // "Schneeketten" is the plural of "Schneekette", not the verb made a noun ("das Ketten").
    // So is "Boxen" of "Box" (not "das Boxen").
    const plural =
      gender === "n" &&
      word.endsWith("n") &&
      (nounGender(word.slice(0, -1)) === "f" || (word.endsWith("en") && nounGender(word.slice(0, -2)) === "f"));
    return plural ? "pl" : gender;
  }
  return null;
}
/** Who the item is for, and the language of a game or book ("Brettspiel … Deutsch"): no head noun. */
const FOR_WHOM =
  /^(?:damen|herren|kinder|kind|jungen|jungs|mädchen|baby|babys|unisex|größe|deutsch|englisch|französisch|spanisch|italienisch)$/;
/** What an item is made of, named after it ("Bettgestell Buche massiv"): never its head noun. */
/** A colour after the item's noun ("Allesschneider Silber") is no head noun. */
const COLOUR_NAMES = new Set(COLOURS.map((colour) => colour.toLowerCase()));
/** A word that labels a number after it ("Band 1-30", "Teil 2", "Gruppe 2/3"): no head noun. */
const LABEL = /^(?:band|teil|nr|nummer|folge|staffel|vol|heft|ausgabe|edition|serie|modell|typ|größe|gr|gruppe|klasse|stufe|spur)$/;
/** A measure that labels its number ("Griffstärke 3", "Rahmenhöhe 50", "Schnittbreite 38"). */
const MEASURE_LABEL = /\p{L}*(?:stärke|höhe|größe|breite|länge|weite|tiefe|durchmesser|gewicht|leistung)$/u;
const MATERIAL =
  /^(?:kern|wild|massiv|echt)?(?:buche|eiche|kiefer|fichte|birke|ahorn|erle|esche|nussbaum|kirschbaum|teak|bambus|rattan|leder|holz|massivholz|metall|edelstahl|stahl|alu|aluminium|glas|kunststoff|stoff|samt|wolle|baumwolle|leinen|seide|filz|kork|marmor|beton|granit|schiefer|stein|chrom|messing|kupfer|porzellan|keramik|akazie|akazienholz|mango|sheesham|palisander|mahagoni|zirbe|lärche|douglasie|nuss)$/;

const COLOUR_WORD = new RegExp(String.raw`(?<![\p{L}-])(?:dunkel|hell)?(?:${COLOURS.join("|")})(?![\p{L}-])`, "gu");

/** "6 roco güterwagen spur h0": a count before the item's noun at the note's start. */
const COUNT_FIRST = /^\s*([2-9]|1\d|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn)\s+(?:x\s+|stück\s+)?([^,.;!?\n]+)/iu;

/** The note's count of the item ("6 " for "Roco Güterwagen H0" and "6 roco güterwagen …"), where the name has none; else "". */
function countOf(name: string, note: string): string {
  const match = COUNT_FIRST.exec(note);
  if (!match || /^\s*\d|\d\s*(?:stück|stk)/iu.test(name)) return "";
  // A word of the name the counted clause names ("suppenteller v&b" for "6 suppenteller …"), the maker's too.
  const counted = match[2].toLowerCase().split(/\s+/);
  const named = name.split(/\s+/).some((word) => /^\p{L}{4,}$/u.test(word) && counted.includes(word.toLowerCase()));
  return named ? `${match[1]} ` : "";
}

export function readItem(itemName: string, note: string): Item {
  // A colour in the name is written as a name's word ("Fairphone 4 grün" → "Fairphone 4 Grün").
  const spelled = canonicalSpelling(plainName(itemName));
  const cleaned = spelled.replace(COLOUR_WORD, (colour) => colour.charAt(0).toUpperCase() + colour.slice(1)) || "Artikel";
  // The note's count of the item, where the name has none ("6 roco güterwagen …"): it leads the name, never the model.
  const count = countOf(cleaned, note);
  // The brand as the seller wrote it: a colour capitalised above ("jacke braun") names no brand ("Braun").
  const brand = detectBrand(`${spelled || "Artikel"}\n${note}`);
  // The brand leads the name, once ("Kaffeevollautomat De'Longhi X" → "De'Longhi Kaffeevollautomat X").
  const withoutBrand = brand ? cleaned.replace(brandPattern(brand), "$1").replace(/\s+/g, " ").trim() : cleaned;
  // A count stays first ("2 Paar adidas Fußballschuhe").
  const lead = /^(?:[2-9]|1\d)\s+(?:paar\s+)?(?=\p{L})/iu.exec(withoutBrand)?.[0] ?? "";
  // A brand in brackets is a detail of the name ("Gitarre (Yamaha C40)"): the name stays as written.
  const at = brand ? brandAt(cleaned, brand) : null;
  const bracketed = at !== null && cleaned.slice(0, at.index).split("(").length > cleaned.slice(0, at.index).split(")").length;
  const name = count + (brand && withoutBrand && !bracketed ? `${lead}${brand} ${withoutBrand.slice(lead.length)}` : cleaned);
  // A model only where a brand names it and a type designation follows ("GSR 18V", "iPhone 12").
  const rest = brand
    ? cleaned
        .replace(brandPattern(brand), "$1")
        // What comes with it is no part of the model ("Switch OLED mit 2 Spielen").
        .split(/\s+(?:mit|inkl\.?|inklusive|plus|\+|samt|und)\s+/iu)[0]
        .trim()
        .replace(/^[-–,:\s]+|[-–,:\s]+$/g, "")
    : "";
  // A size with its unit ("MTB 29 Zoll", "Sofa 200 cm") is no model: letters and digits must remain without it.
  const withoutSizes = rest.replace(/\d+(?:[.,]\d+)?\s?(?:zoll|"|gb|tb|cm|mm|m|kg|l|w|v|ah|mah)(?![\p{L}\d])/giu, " ");
  const model = brand && /\p{L}.*\d|\d.*\p{L}/u.test(withoutSizes) && rest.length <= 40 ? rest : null;
  // The brand is no head noun ("Jura" is also a subject of study).
  return {
    name,
    brand,
    model: model?.replace(/\s+/g, " ") ?? null,
    gender: sellersGender(genderOf(count + (withoutBrand || cleaned)), possessiveGender(name, note), name),
  };
}

export type Attributes = {
  /** Screen or wheel size ("29 Zoll", "55 Zoll"). */
  inches: string | null;
  /** A washing machine's or dryer's load ("8 kg"). */
  load: string | null;
  /** A bike's frame size ("RH 48 cm", "Rahmen L"). */
  frame: string | null;
  /** A bulky item the seller hands over only in person: "nur Abholung" belongs in its title. */
  pickupOnly: boolean;
  size: string | null;
  colour: string | null;
  battery: string | null;
  hasBox: boolean;
  accidentFree: boolean;
};

/** Items too big to post: buyers filter by distance, so "nur Abholung" in the title saves questions. */
const BULKY =
  /schrank|sofa|couch|vitrine|waschmaschine|trockner|kühlschrank|gefrier|bett\b|betten|tisch|kommode|regal|sessel|spülmaschine|herd|klavier|trampolin|wohnwand|sideboard|matratze|schreibtisch|reifen|felgen|kompletträder/i;

/**
 * The item's colour: the first colour word (or its dark or light shade) that no noun follows. "mit rosa
 * Schürze" names the apron's colour, not the dirndl's ("dunkelgrün mit rosa Schürze" → "Dunkelgrün").
 */
const COLOUR_ALTERNATION = String.raw`(?:dunkel|hell)?(?:${COLOURS.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`;
const COLOUR_THEN_WORD = new RegExp(String.raw`(?<!\p{L})(${COLOUR_ALTERNATION})(?!\p{L})(?:[ \t]+(\p{L}+))?`, "giu");
/** A second colour of several things after it ("rot und blau"), or one joined to it ("blau/grün"), or one before it. */
const AND_COLOUR = new RegExp(String.raw`^\s*(?:und|oder|&)\s*${COLOUR_ALTERNATION}(?!\p{L})`, "iu");
const JOINED_COLOUR = new RegExp(String.raw`^\s*[/-]\s*(${COLOUR_ALTERNATION})(?!\p{L})`, "iu");
const COLOUR_BEFORE = new RegExp(String.raw`(?<!\p{L})${COLOUR_ALTERNATION}\s*(?:und|oder|&|/|-)\s*$`, "iu");

/** More colours after it, after a comma or a word ("blau geblümt, grün", "blau kariert weiss"), not one colour in two words ("cognac braun"). */
const COLOUR_LIST = new RegExp(
  String.raw`^(?:(?:\s+\p{L}+)?\s*,\s*|\s+(?!(?:mit|ohne|für|aus|an|am|auf|und|oder)\s)\p{L}+\s+)${COLOUR_ALTERNATION}(?![\p{L}])`,
  "iu",
);

const LIST_COLOUR_BEFORE = new RegExp(String.raw`(?<![\p{L}])${COLOUR_ALTERNATION}(?:\s+\p{L}+)?\s*,\s*$`, "iu");

function itemColour(text: string): string | null {
  for (const match of text.matchAll(COLOUR_THEN_WORD)) {
    const next = match[2];
    // "1x dunkelblau, 1x schwarz", "einer schwarz, einer mit blumen": the colour of one piece of a lot.
    if (
      /\d\s*x\s*$|(?<!\p{L})(?:einer|eine|eins|ein|andere|anderer|anderes)\s+$/iu.test(
        text.slice(Math.max(0, match.index - 9), match.index),
      )
    )
      continue;
    // "holz teilweise grau aber stabil", "gelb geworden": what weather or age did to it, no colour of the item.
    if (
      /(?<!\p{L})(?:teilweise|stellenweise|etwas|leicht|bisschen|bissl|ziemlich|schon|fast)\s+$/iu.test(
        text.slice(Math.max(0, match.index - 13), match.index),
      ) ||
      /^\s+(?:geworden|verfärbt|angelaufen|verblichen|ausgeblichen|verwittert)(?!\p{L})/iu.test(text.slice(match.index + match[1].length))
    )
      continue;
    // "soweit ich weiss", "weiß ich nicht": knowing, no colour.
    if (
      /^wei(?:ss|ß)$/iu.test(match[1]) &&
      (/(?<!\p{L})ich\s+$/iu.test(text.slice(Math.max(0, match.index - 5), match.index)) || /^ich$/iu.test(match[2] ?? ""))
    )
      continue;
    if (next && (isOnlyNoun(next.toLowerCase()) || /^\p{Lu}\p{Ll}/u.test(next))) continue;
    // "(rot und blau)": the colours of several things, never the item's one colour; "blau/grün",
    // "schwarz-weiß": the item's colours together, as the seller joined them.
    const after = text.slice(match.index + match[1].length);
    if (AND_COLOUR.test(after) || COLOUR_BEFORE.test(text.slice(0, match.index))) continue;
    // "blau geblümt, grün, schwarz": a list of colours is of several things, never the item's one colour.
    if (COLOUR_LIST.test(after) || LIST_COLOUR_BEFORE.test(text.slice(0, match.index))) continue;
    const joined = after.match(JOINED_COLOUR);
    // "grau grün": two colours side by side are one mixed colour ("grau-grün").
    const mixed = next && COLOUR_NAMES.has(next.toLowerCase()) ? next : null;
    if (mixed) return `${match[1]}-${mixed}`.toLowerCase();
    return joined ? `${match[1]}/${joined[1]}`.toLowerCase() : match[1].toLowerCase();
  }
  return null;
}

/** Things worn, whose bare letter size is a "Gr." ("Softshelljacke … Gr. XXL"); any other thing's is its own ("Sitzsack XXL"). */
const GARMENT =
  /jacke|hose|shirt|pullover|pulli|kleid|rock(?!\p{L})|mantel|weste|bluse|hemd|schuh|stiefel|sneaker|jeans|anzug|sakko|overall|jumpsuit|body|strampler|mütze|handschuh|socke|badeanzug|bikini|trikot|hoodie|cardigan|parka|blazer|leggings|shorts|top(?!\p{L})|dirndl|kostüm|anorak|fleece|polo|tunika|schlafanzug|pyjama/iu;

/** What the title adds to the item's name besides the searched specs (search-facts.ts): size, colour, battery, OVP, handover. */
export function readAttributes(itemName: string, note: string): Attributes {
  const text = `${itemName}\n${note}`;
  // A size in brackets after what comes with the item is that thing's ("mit Bindung (Gr. M)").
  const clothing = text
    .replace(/(?<!\p{L})mit\s+\p{L}+\s*\([^()]*\)/giu, " ")
    .match(
      /\b(?:Größe|Gr\.?|Rahmen(?:größe)?|Rahmenhöhe)\s*:?\s*(\d{2,3}(?:[,.]\d)?(?:\s?[-–]\s?\d{2,3})?(?:\s?cm)?|(?:X{0,3}S|M|X{0,3}L)(?:\s?\/\s?(?:X{0,3}S|M|X{0,3}L))?)\b/i,
    );
  // A size that only a garment has, without "Gr." ("regenjacke herren xl"); "S", "M", "L" alone only after "Gr.".
  const bareSize = clothing ? null : text.match(/(?<![\p{L}\d.-])(X{1,3}L|XS|[2-5]XL)(?![\p{L}\d-])/iu);
  const dimensions = text.match(/\b(\d{2,3})\s*[x×]\s*(\d{2,3})(?:\s*[x×]\s*(\d{2,3}))?\s*cm\b/i);
  // One measure in the clause that names the item ("silit pfanne 28cm"), else the first: its size.
  const nameWords = itemName
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length >= 3);
  const clauses = note.split(/[,.;\n]/);
  const naming = clauses.find((clause) => nameWords.some((word) => clause.toLowerCase().includes(word))) ?? clauses[0] ?? "";
  // A range stays whole ("verstellbar 100-130cm" → "100-130 cm", not "130 cm").
  // "80cm und 40cm": two things' measures, no one measure of the item.
  const measures = naming.match(/\d{2,3}\s?cm\b/giu) ?? [];
  const measure =
    new Set(measures.map((found) => found.replace(/\s/g, ""))).size > 1
      ? null
      : /(?<![\d.,x×]\s?)(?:ø\s?)?\b(\d{2,3}(?:\s?[-–]\s?\d{2,3})?)\s?cm\b(?!\s*(?:[x×]|hoch|breit|tief|lang))/iu.exec(naming);
  const colour = itemColour(text);
  const battery = text.match(/\b(?:akku(?:kapazität|zustand|gesundheit)?|battery health)\s*:?\s*(?:bei\s+)?(\d{2,3})\s?%/i);
  const inches = text.match(/\b(\d{2}(?:[,.]5)?)\s?(?:zoll|")(?=$|[^\p{L}])/iu);
  const load = /waschmaschine|trockner|waschtrockner/i.test(itemName) ? text.match(/\b(\d{1,2}(?:[,.]\d)?)\s?kg\b/i) : null;
  const frame = text.match(/\b(?:RH|Rahmenhöhe)\s*:?\s*(\d{2}(?:[,.]\d)?)\s?(?:cm)?\b/i);
  const bulky = BULKY.test(itemName) || BULKY.test(note.split(/[.,\n]/)[0] ?? "");
  return {
    inches: inches ? `${inches[1]} Zoll` : null,
    load: load ? `${load[1]} kg` : null,
    frame: frame && !clothing ? `RH ${frame[1]} cm` : null,
    pickupOnly: bulky && isPickupOnly(readSellerFacts(note)),
    size: clothing
      ? `Gr. ${clothing[1]
          .toUpperCase()
          .replace(/\s?CM$/, " cm")
          .replace(/\s?\/\s?/, "/")}`
      : bareSize
        ? `${GARMENT.test(itemName) ? "Gr. " : ""}${bareSize[1].toUpperCase()}`
        : dimensions
          ? dimensions[0].replace(/\s+/g, " ")
          : measure
            ? `${measure[1].replace(/\s?[-–]\s?/u, "-")} cm`
            : null,
    colour: colour
      ? colour.replace(/(^|[/-])(\p{L}+)/gu, (_, joint: string, part: string) =>
          part === "weiss" ? `${joint}Weiß` : `${joint}${part.charAt(0).toUpperCase()}${part.slice(1)}`,
        )
      : null,
    battery: battery ? `Akku ${battery[1]} %` : null,
    // "ohne OVP" / "keine OVP" is no box, nor is "teils OVP" the box of every piece.
    // Not where the seller says it is gone ("ohne OVP", "ovp leider nicht mehr", "OVP fehlt").
    hasBox:
      /(?<!\b(?:ohne|keine?n?|teils|teilweise|tlw|zum\s+teil)\.?\s+(?:\p{L}+\s+)?)\b(?:ovp|originalverpackung|originalkarton)\b(?!\s+(?:(?:ist|hab\p{L}*|habe|leider|auch|aber)\s+){0,3}(?:nich|nicht|fehlt|weg|kaputt|nie)(?!\p{L}))/iu.test(
        note,
      ),
    accidentFree: /\bunfallfrei\b/i.test(note),
  };
}

/** "nur Abholung" only where the seller said both: no shipping, and pickup (ADR 064). */
function isPickupOnly(facts: Pick<SellerFacts, "shipping" | "pickup">): boolean {
  return facts.shipping === "excluded" && facts.pickup === "offered";
}
