// The facts buyers search for, read from the seller's item name and note (ADR 043, "Titles from the facts buyers search"): the brand, the
// model as the seller wrote it (brand, product line and type number: "Continental WinterContact
// TS860"), further type numbers ("A2338"), and the specs a search filters by — tyre size, processor,
// memory and storage, screen or wheel size, load, clothing or frame size. One reader for the
// offline writer's title (which puts them first, in this order) and for the Anzeigen-Check (which
// names the ones a title leaves out), so both count the same facts. Rims, tread depth and the games
// or accessories the seller names are details: the title adds them where room is left.
import { BRANDS, COLOURS, NOUN_GENDERS, PRODUCTS } from "./lexicon";
import { brandAt, detectBrand, readAttributes } from "./item";
import { codesInCapitals, isNoun } from "./spelling";

/** Type numbers as makers print them ("TS860", "A2338", "T14"): capitals with digits. */
const TYPE_NUMBER =
  /(?<![\p{L}\d/])(?:[A-Z]{1,4}-?\d{2,5}[A-Z]{0,2}|\d{1,2}[A-Z]{2,4}\d{2,5}[A-Z]{0,2}|[A-Z]{2,4}\s\d{1,3}[A-Z]{1,2}-\d{1,4}[A-Z]{0,2})(?![\p{L}\d-])/gu;
/** A tyre size ("205/55 R16", "225/45 ZR17 94W"): width/ratio, construction and rim diameter, load and speed index. */
const TYRE_SIZE = /(?<!\d)(\d{3}\/\d{2})\s?(Z?R)\s?(\d{2})(?:\s(\d{2,3}[A-Z]))?(?![\p{L}\d])/giu;
/** A processor line ("i5", "Core i7-1165G7", "Ryzen 5 5600U"). */
const PROCESSOR = /(?<![\p{L}\d])(?:(i[3579])(?:-(\d{4,5}[A-Z]{0,2}\d?))?|(Ryzen\s[3579])(?:\s(\d{4}[A-Z]{0,2}))?)(?![\p{L}\d])/giu;
/** Memory and storage ("16 GB RAM", "512GB SSD", "SSD 1 TB", "128 GB"). */
const MEMORY =
  /(?<![\p{L}\d.,])(?:(RAM|SSD|HDD|NVMe)\s?:?\s?)?(\d{1,4})\s?(GB|TB)(?:\s?(RAM|SSD|HDD|NVMe|eMMC|Arbeitsspeicher|Speicher))?(?![\p{L}\d])/giu;
/** Words that make a type number in the note the item's own ("Modell: A2338", "Typ WWD 320"). */
const OWN_TYPE_NUMBER = /(?:modell(?:nummer|bezeichnung)?|model|typ(?:e|enbezeichnung|ennummer)?)\s*:?\s*$/iu;
const MEMORY_KINDS: Record<string, string> = {
  ram: "RAM",
  ssd: "SSD",
  hdd: "HDD",
  nvme: "NVMe",
  emmc: "eMMC",
  arbeitsspeicher: "Arbeitsspeicher",
  speicher: "Speicher",
};
const RIM = /(?<!\p{L})(stahl|alu|leichtmetall)felge(n?)(?!\p{L})/iu;
/** Who an item is for, as shops file it ("Damen", "Herrenuhr", "für Jungen"): a department buyers filter by. */
const DEPARTMENT = /(?<!\p{L})(damen|herren|mädchen|jungen|unisex)(?=\p{Ll}*(?!\p{L}))/iu;
/** A toy maker's set or item number ("LEGO Creator 31120", "Playmobil 70220", "Set 75192"): digits only, after the maker or "Set". */
const SET_NUMBER =
  /(?<!\p{L})(?:lego|duplo|playmobil|märklin|brio|schleich|ravensburger|hot\s?wheels|set(?:-?nr\.?|nummer)?)(?:\s+\p{L}[\p{L}-]*){0,2}\s+(?:nr\.?\s*)?(\d{3,6})(?![\d,.]|\s?(?:€|euro|eur|teile|stück|cm|mm|kg)(?!\p{L}))/iu;
/** An edition ("Limited Edition", "Collector's Edition", "Gold Edition", "Jubiläumsedition"). */
const EDITION =
  /(?<!\p{L})((?:limited|special|collector'?s|deluxe|gold|premium|anniversary|signature|platinum)\s+edition|\p{L}+edition)(?!\p{L})/iu;
const TREAD =
  /(?<![\d,.])(\d(?:[,.]\d)?)\s?mm\s+(?:rest)?profil(?:tiefe)?(?!\p{L})|(?<!\p{L})profil(?:tiefe)?\s*:?\s*(?:noch\s+)?(\d(?:[,.]\d)?)\s?mm(?!\p{L})/iu;

export type SearchFacts = {
  brand: string | null;
  /** Brand or product line with a type number, as written ("Continental WinterContact TS860", "ThinkPad T14"). */
  model: string | null;
  /** Type numbers outside the model ("A2338"). */
  typeNumbers: string[];
  /** Specs in order of search value: tyre size, processor, memory and storage, inches, load. */
  specs: string[];
  /** Clothing size or dimensions ("Gr. M", "200x60x220 cm") and a bike's frame size ("RH 48 cm"). */
  size: string | null;
  frame: string | null;
  /** Details the title adds where room is left: rim, tread depth. */
  details: string[];
  /** Who the item is for ("Damen", "Herren", "Mädchen", "Jungen", "Unisex"), as the seller wrote it. */
  department: string | null;
  /** A toy maker's set number ("31120"). */
  setNumber: string | null;
  /** An edition ("Limited Edition"). */
  edition: string | null;
};

/** Compares facts as buyers type them: no case, spaces, dots, dashes or slashes ("205/55R16" = "205/55 R16"). */
export const squash = (text: string) => text.toLowerCase().replace(/[\s.\-/]/g, "");

/** Whether `text` already names `fact`. */
export function names(text: string, fact: string): boolean {
  return squash(text).includes(squash(fact));
}

const MODEL_WORDS = new Set([...BRANDS, ...PRODUCTS.map((product) => product.spelling)].map((word) => word.toLowerCase()));

/** A word of a model's name: a brand, a product line the lexicon knows, or a maker's CamelCase ("WinterContact", "ThinkPad"). */
function isModelWord(word: string): boolean {
  return MODEL_WORDS.has(word.toLowerCase()) || /\p{Ll}\p{Lu}/u.test(word);
}

/** The type numbers of a text, without the "R16" of a tyre size. */
function typeNumbersOf(text: string): Array<{ value: string; index: number }> {
  const tyres = [...text.matchAll(TYRE_SIZE)].map((match) => [match.index, match.index + match[0].length]);
  return [...text.matchAll(TYPE_NUMBER)]
    .filter((match) => !tyres.some(([start, end]) => match.index >= start && match.index < end))
    .map((match) => ({ value: match[0], index: match.index }));
}

/** The words before a type number that name its model: up to three brand, product-line or CamelCase words. */
function modelBefore(text: string, index: number, typeNumber: string): string {
  const words = text.slice(0, index).split(/[ \t]+/);
  const last = words.pop();
  if (last !== "") return typeNumber;
  const taken: string[] = [];
  for (const word of words.reverse()) {
    if (taken.length === 3 || !isModelWord(word)) break;
    taken.unshift(word);
  }
  return [...taken, typeNumber].join(" ");
}

/** Words that end a model's name after its brand: prepositions, sizes, who it is for, condition and verbs. */
const DESIGNATION_END = new Set(
  "mit für in im aus auf von vom inkl inklusive ohne und oder sowie samt nebst bzw der die das den dem des ein eine einen einem einer gr größe grösse rahmengröße rahmenhöhe rh zoll damen herren kinder unisex mädchen jungen neu neuwertig gebraucht top wie sehr gut original zustand ca np vb ist war hat wurde wird sind komplett set jahre jahr monate stück teile mal ovp".split(
    " ",
  ),
);
/** A German adjective in lower case ("elektrische", "alte"): no part of a name. */
const ADJECTIVE =
  /(?:isch|lich|ig|bar|los|sam|haft|end|(?<=\p{L}{2})[iunr]ell|[st]iv|naiv|oliv)(?:e|en|er|es|em)?$|^(?:alt|neu|groß|gross|klein|gut|schön|schwer|leicht|gebraucht|echt|voll|lang|kurz)(?:e|en|er|es|em)?$/u;
const COLOUR_WORDS = new Set(COLOURS.map((colour) => colour.toLowerCase()));

/** A name's word as its maker writes it: short codes in capitals ("cf" → "CF", "gt3" → "GT3"), names capitalised. */
function asName(word: string): string {
  if (word !== word.toLowerCase()) return word;
  // A measure keeps its unit in lower case ("50mm"); other short codes are capitals ("cf" → "CF", "gt3" → "GT3").
  if (/^\d+(?:[.,]\d+)?(?:mm|cm|m|kg|g)$/.test(word)) return word;
  if (/\d/.test(word) || word.length <= 2) return word.toUpperCase();
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * The model's name the seller writes right after the brand in the note ("Canyon Endurace CF 7
 * Rahmengröße M" → "Canyon Endurace CF 7", "north face nuptse jacke" → "The North Face Nuptse"):
 * up to four words, ending at punctuation, a known item noun (the item's own), a colour, an
 * adjective, a year or a five-digit set number, or a word that starts the description of the item.
 */
function designationOf(itemName: string, note: string, brand: string | null): string | null {
  const at = brand ? brandAt(note, brand) : null;
  if (!brand || !at) return null;
  const words: string[] = [];
  const rest = note.slice(at.end);
  // A code with dots goes on whole ("ECAM 22.110.B"); a full stop ends it.
  const next = /[ \t]+([\p{L}\d](?:[\p{L}\d'-]|\.(?=[\p{L}\d]))*)(?![\p{L}\d'-])/uy;
  const named = new Set(itemName.toLowerCase().split(/\s+/));
  // "metabo winkelschleifer w 750-125": the item's own noun right after the brand, then its type code.
  let skipped = false;
  for (let token = next.exec(rest); token; token = next.exec(rest)) {
    const word = token[1];
    const lower = word.toLowerCase();
    if (words.length === 4 || DESIGNATION_END.has(lower) || COLOUR_WORDS.has(lower)) break;
    if (words.length === 0 && !skipped && named.has(lower) && lower.length >= 5 && isNoun(lower)) {
      skipped = true;
      continue;
    }
    // "plus" in lower case joins more to the item ("… von Ravensburger plus die Erweiterungen"); a product line writes "Plus".
    if (word === "plus") break;
    // A tyre's size ends it ("Primacy 4 205/55 R16"): the model is "Primacy 4"; so does a measure ("1,5l").
    if (/^\d+$/.test(word) && /^[/,.]\d?/u.test(rest.slice(next.lastIndex))) break;
    // A year or a set number ends it; a four-digit model number is part of it ("Doc Martens 1460").
    if (/^(?:19|20)\d{2}$|^\d{5,}$/.test(word) || (/^\p{Ll}/u.test(word) && ADJECTIVE.test(lower))) break;
    if (NOUN_GENDERS.some(([noun]) => lower.endsWith(noun) && lower.length >= noun.length)) break;
    // Any other noun the dictionary knows names the item, not its model ("einhell vertikutierer ge-sa 1435").
    if (lower.length >= 5 && /^\p{L}+$/u.test(word) && isNoun(lower)) break;
    // A number with a unit after it is a spec ("18 V", "64 GB"), not the model.
    if (/^\d+$/.test(word) && /^\s*(?:gb|tb|mb|v|w|kw|ah|mah|cm|mm|kg|l|zoll|jahre|stück)(?!\p{L})/iu.test(rest.slice(next.lastIndex)))
      break;
    words.push(word);
  }
  if (words.length === 0) return null;
  // After the item's noun only a code names the model: a series in letters and a number ("W 750-125",
  // "TC-MS 2112") or a code of letters and digits ("GSR18"), never a size ("57cm") or a bare number.
  if (skipped && !(/^(?:\p{L}{1,4}(?:-\p{L}{1,4})?|\p{L}+\d[\p{L}\d-]*)$/u.test(words[0]) && words.some((word) => /\d/.test(word))))
    return null;
  // A word the item's name has keeps the name's spelling ("ge-sa" → "GE-SA").
  const spelled = new Map(itemName.split(/\s+/).map((word) => [word.toLowerCase(), word]));
  return [brand, ...words.map((word) => spelled.get(word.toLowerCase()) ?? asName(word))].join(" ");
}

export function readSearchFacts(itemName: string, typedNote: string): SearchFacts {
  // Type codes typed in lower case are read as their makers write them ("gsr 18v-55" → "GSR 18V-55").
  const note = codesInCapitals(typedNote);
  const text = `${itemName}\n${note}`;
  const attributes = readAttributes(itemName, note);
  const brand = detectBrand(text);
  let model: string | null = null;
  const typeNumbers: string[] = [];
  // A type number in the note is the item's only where the item name has no number of its own or
  // the note says so ("Modell: A2338"): the "Bosch AL1820" charger in a note is not the drill's.
  // A count of the item ("6 Roco Güterwagen") is no number of its own.
  const ownNumber = /\d/.test(itemName.replace(TYRE_SIZE, "").replace(/^\s*\d{1,2}\s+(?:paar\s+)?(?=\p{L})/iu, ""));
  for (const [source, fromNote] of [
    [itemName, false],
    [note, true],
  ] as const) {
    for (const { value, index } of typeNumbersOf(source)) {
      if (model && names(model, value)) continue;
      if (fromNote && ownNumber && !OWN_TYPE_NUMBER.test(source.slice(Math.max(0, index - 20), index))) continue;
      const phrase = modelBefore(source, index, value);
      if (!model && phrase !== value && !(fromNote && ownNumber)) model = phrase;
      else if (!typeNumbers.some((known) => squash(known) === squash(value))) typeNumbers.push(value);
    }
  }
  // Without a type number, the name the seller gives the model after its brand ("Canyon Endurace CF 7").
  if (!model) {
    const designation = designationOf(itemName, note, brand);
    if (designation && !names(itemName, designation)) model = designation;
  }
  const tyres = [...text.matchAll(TYRE_SIZE)].map(([, size, construction, rim, index]) =>
    [`${size} ${construction.toUpperCase()}${rim}`, index?.toUpperCase()].filter(Boolean).join(" "),
  );
  const processors = [...text.matchAll(PROCESSOR)].map(([, line, number, ryzen, ryzenNumber]) =>
    line
      ? [line.toLowerCase(), number?.toUpperCase()].filter(Boolean).join("-")
      : [ryzen.replace(/^r/i, "R"), ryzenNumber].filter(Boolean).join(" "),
  );
  // The memory of a card or stick that comes with the item ("dazu 64 GB SD-Karte") is not the item's.
  const memoryMatches = [...text.matchAll(MEMORY)].filter(
    (match) => !/^\s*(?:micro\s?)?(?:sd|cf|usb)?[\s-]*(?:speicher)?(?:karte|card|stick)/iu.test(text.slice(match.index + match[0].length)),
  );
  const memory = memoryMatches.map(([, before, amount, unit, after]) => {
    const kind = before ?? after;
    return [`${amount} ${unit.toUpperCase()}`, kind ? (MEMORY_KINDS[kind.toLowerCase()] ?? kind) : null].filter(Boolean).join(" ");
  });
  const rim = note.match(RIM) ?? itemName.match(RIM);
  const department = text.match(DEPARTMENT);
  const setNumber = text.match(SET_NUMBER);
  const edition = text.match(EDITION);
  const tread = note.match(TREAD);
  const specs = [...tyres, ...processors, ...memory, attributes.inches, attributes.load].filter((spec): spec is string => Boolean(spec));
  return {
    brand,
    model,
    typeNumbers,
    specs: [...new Map(specs.map((spec) => [squash(spec), spec])).values()],
    size: attributes.size,
    frame: attributes.frame,
    department: department ? department[1].charAt(0).toUpperCase() + department[1].slice(1).toLowerCase() : null,
    setNumber: setNumber && !(model && names(model, setNumber[1])) ? setNumber[1] : null,
    edition: edition ? edition[1] : null,
    details: [
      rim ? `${rim[1].charAt(0).toUpperCase()}${rim[1].slice(1).toLowerCase()}felge${rim[2]}` : null,
      tread ? `${tread[1] ?? tread[2]} mm Profil` : null,
    ].filter((detail): detail is string => Boolean(detail)),
  };
}

export type TitleFactsSource = {
  itemName: string;
  originalDescription: string | null;
  description: string | null;
  imageAnalysis: { brand: string | null; model: string | null } | null;
};

/** The searched facts of an ad's record: read from the seller's item name and own note (ADR 064). */
export function adSearchFacts(ad: Pick<TitleFactsSource, "itemName" | "originalDescription" | "description">): SearchFacts {
  return readSearchFacts(ad.itemName, ad.originalDescription ?? ad.description ?? "");
}

/** What buyers search for that the seller named, each once: a fact inside a longer one ("R16" in "205/55 R16") is not named twice. */
export function titleFacts(ad: TitleFactsSource): string[] {
  const facts = adSearchFacts(ad);
  const all = [
    ad.imageAnalysis?.brand ?? facts.brand,
    ad.imageAnalysis?.model ?? null,
    facts.model,
    facts.department,
    facts.setNumber,
    facts.edition,
    ...facts.typeNumbers,
    ...facts.specs,
    facts.frame,
    facts.size,
  ].filter((fact): fact is string => Boolean(fact));
  const unique = [...new Map(all.map((fact) => [squash(fact), fact])).values()];
  return unique.filter((fact) => !unique.some((other) => other !== fact && names(other, fact)));
}
