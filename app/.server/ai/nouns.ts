// Whether a word a seller typed in lower case can only be a noun (ADR 087): the list is built from a
// maintained German dictionary by scripts/build-nouns.mjs (its header says which words are in it and
// why); decoded once, on first use.
import { NOUNS } from "./nouns-data";

/** The shortest compound ending and the fewest letters before it (as in scripts/build-nouns.mjs). */
const MIN_ENDING = 4;
const MIN_STEM = 3;
/**
 * Nouns by their derivational suffix ("abholung", "sauberkeit", "qualität"): a suffix only nouns take.
 * "-ungen" also ends participles ("gesprungen", "misslungen"), so it counts only after no "ge-".
 */
const NOUN_SUFFIX = /^[a-zäöüß]{3,}(?:ung|heit|keit|schaft|tät)(?:en)?$/;
/**
 * A diminutive: an umlaut before "-chen" ("pfännchen", "kästchen", "höschen"), a form the dictionary
 * leaves out; not the few verbs of that shape ("schwächen", "rächen").
 */
const DIMINUTIVE = /^[a-zß]*[äöü][a-zß]*(?:chen|lein)$/;
const DIMINUTIVE_LOOKALIKES = new Set(["schwächen", "rächen", "stächen", "brächen", "sprächen", "krächen"]);
const isDiminutive = (word: string) => DIMINUTIVE.test(word) && word.length >= 7 && !DIMINUTIVE_LOOKALIKES.has(word);
const PARTICIPLE_UNGEN =
  /^(?:ab|an|auf|aus|ein|mit|nach|vor|zu)?ge[a-zäöüß]+ungen$|^(?:ent|miss|ver|be|er|zer)[a-zäöüß]*(?:sprungen|sungen|lungen|zwungen|schwungen|rungen|dungen|klungen|schlungen|drungen|wunden)$/;

/** The shortest noun a verb shares that ends a compound, and the shortest noun before it (as in scripts/build-nouns.mjs). */
const MIN_SHARED_ENDING = 4;
const MIN_NOUN_STEM = 4;

let words: Set<string> | undefined;
let endings: Set<string> | undefined;
/** Nouns a verb shares ("rasen", "stelle"): only the end of a compound after a noun ("kunstrasen"). */
let shared: Set<string> | undefined;
/** Verb and adjective forms that look like such a compound ("feststellen", "kochende"). */
let lookalikes: Set<string> | undefined;
/** The gender of a noun's nominative singular ("M", "F", "N"), "P" for a nominative plural. */
let genders: Map<string, string> | undefined;

function decode() {
  words = new Set();
  endings = new Set();
  shared = new Set();
  lookalikes = new Set();
  genders = new Map();
  let previous = "";
  for (const marked of NOUNS.split(",")) {
    // A gender in capitals ends the entry ("3tarreF").
    const gender = /[MFNP]$/.test(marked) ? marked.slice(-1) : "";
    const entry = gender ? marked.slice(0, -1) : marked;
    // "!": a noun that ends no compound; "~": a function word that only ends compounds; "^": a noun
    // a verb shares; "-": a verb or adjective form that looks like a compound of such a noun.
    const mark = "!~^-".includes(entry.charAt(0)) ? entry.charAt(0) : "";
    const body = entry.slice(mark.length);
    const word = previous.slice(0, parseInt(body.charAt(0), 36)) + body.slice(1);
    previous = word;
    if (gender) genders.set(word, gender);
    if (mark === "^") shared.add(word);
    else if (mark === "-") lookalikes.add(word);
    else {
      if (mark !== "~") words.add(word);
      if (mark !== "!" && word.length >= MIN_ENDING) endings.add(word);
    }
  }
}

/** A noun before the end of a compound, with or without the linking "s" ("arbeits|platte"). */
function isNounStem(stem: string): boolean {
  return [stem, stem.endsWith("s") ? stem.slice(0, -1) : ""].some(
    (form) => form.length >= MIN_NOUN_STEM - 1 && (isOnlyNoun(form) || shared!.has(form)),
  );
}

/** A lower-case word that is a German noun and nothing else ("nässe" no: also a verb form). */
export function isOnlyNoun(word: string): boolean {
  if (word.length < 3 || !/^[a-zäöüß]+$/.test(word)) return false;
  if (!words) decode();
  if (words!.has(word) || (NOUN_SUFFIX.test(word) && !PARTICIPLE_UNGEN.test(word))) return true;
  if (isDiminutive(word)) return true;
  for (let start = MIN_STEM; start <= word.length - MIN_ENDING; start++) {
    if (endings!.has(word.slice(start))) return true;
  }
  // A noun, then a noun a verb shares ("kunst|rasen", "gegenlicht|blende"), unless the dictionary
  // has the word as a verb or adjective form ("fest|stellen").
  if (lookalikes!.has(word)) return false;
  for (let start = MIN_NOUN_STEM; start <= word.length - MIN_SHARED_ENDING; start++) {
    if (shared!.has(word.slice(start)) && isNounStem(word.slice(0, start))) return true;
  }
  return false;
}

/** A lower-case word that is a noun a verb shares ("klappe", "sohle"): a noun only where the words around it say so. */
export function isSharedNoun(word: string): boolean {
  if (!shared) decode();
  return shared!.has(word);
}

const GENDER = { M: "m", F: "f", N: "n", P: "pl" } as const;

type Gender = "m" | "f" | "n" | "pl";

/** The gender of the word itself where the dictionary has it as a noun, never of a noun it ends in. */
export function ownNounGender(word: string): Gender | null {
  if (word.length < 3 || !/^[a-zäöüß]+$/.test(word)) return null;
  if (!genders) decode();
  const own = genders!.get(word);
  if (own) return GENDER[own as keyof typeof GENDER];
  // A diminutive is neuter ("das Pfännchen").
  return isDiminutive(word) ? "n" : null;
}

/**
 * The gender of a noun typed in lower case, from the dictionary: the word's own, or that of the
 * longest noun it ends in ("westerngitarre" → "gitarre" → "f"; a compound takes its head's gender);
 * null where no noun explains it. `strict` "stem", for a word before the last of a name ("Timberland 6
 * Inch Boots"): a compound only where its ending has five letters or more or what stands before it
 * is a noun ("Gartenbank"); "Timber|land" and "Cham|bord" are a maker's and a product's names.
 * "ending", for a first word taken as the kind ("Holzmann Standbohrmaschine SB4116"): only an ending
 * of five letters or more ("Fahrrad|computer"), since a maker's name ends in a short noun as often.
 */
export function nounGender(word: string, strict: "no" | "stem" | "ending" = "no"): Gender | null {
  const own = ownNounGender(word);
  if (own || word.length < 3 || !/^[a-zäöüß]+$/.test(word)) return own;
  for (let start = MIN_STEM; start <= word.length - MIN_ENDING; start++) {
    const gender = genders!.get(word.slice(start));
    if (!gender) continue;
    const long = word.length - start >= 5;
    const trusted = strict === "no" || long || (strict === "stem" && isNounStem(word.slice(0, start)));
    return trusted ? GENDER[gender as keyof typeof GENDER] : null;
  }
  return null;
}
