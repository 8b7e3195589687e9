// The German ad text of the offline writer: a natural first sentence (private "Ich", commercial
// "Wir", with the right article for the item), then condition, details, contents and handover —
// each fact once, in the seller's words where the seller wrote them.
import type { Condition } from "../condition";
import { COLOURS, MATERIAL_WORD, type Gender } from "../../../ai/lexicon";
import { ADJECTIVE, isNoun } from "../../../ai/spelling";
import { OF_THE_REST } from "../../../ai/condition-words";
import type { Item } from "../../../ai/item";
import { formatEuros } from "../../../../lib/format";
import { clausesOf, vatClauses, type NoteFacts } from "../note";
import { placeClauseName } from "../../../../lib/seller-price";

const POSSESSIVE: Record<Gender, string> = { m: "meinen", f: "meine", n: "mein", pl: "meine" };
const INDEFINITE: Record<Gender, string> = { m: "einen", f: "eine", n: "ein", pl: "" };

/** Weak masculine nouns take -en in the accusative ("einen Kaffeevollautomaten"). */
function accusative(name: string, gender: Gender | null): string {
  return gender === "m" ? name.replace(/(automat)(?=$|[^\p{L}])/iu, "$1en") : name;
}

/** A name that ends in what it is made of, after its noun ("Schaukelstuhl Holz", "Vertiko Eiche massiv"). */
const MADE_OF_LAST =
  /(\p{Lu}\p{Ll}{2,})\s+((?:Holz|Massivholz|Buche|Eiche|Kiefer|Birke|Metall|Glas|Leder|Rattan|Bambus|Teak|Edelstahl)(?:\s+massiv)?)$/u;
/** A name that ends in who the item is for, after its noun ("Esprit Daunenjacke Damen"). */
const FOR_WHOM_LAST = /(^|\s)(\p{Lu}\p{Ll}{2,})\s+(Damen|Herren|Kinder|Jungen|Mädchen|Unisex)$/u;

export function introSentence(item: Item, condition: Condition, commercial: boolean, giveaway = false): string {
  const { gender } = item;
  // A giveaway is given, not sold ("Zu verschenken").
  const verb = giveaway ? (commercial ? "verschenken" : "verschenke") : commercial ? "verkaufen" : "verkaufe";
  // Who it is for before the noun, as a sentence says it ("K2 Inliner Damen" → "K2 Damen-Inliner").
  // What it is made of after its noun, as a sentence says it ("Schaukelstuhl Holz" → "Schaukelstuhl aus Holz").
  // "Ca. 12 Glasvasen" inside the sentence: "meine ca. 12 Glasvasen".
  item = {
    ...item,
    name: accusative(item.name, gender)
      .replace(FOR_WHOM_LAST, "$1$3-$2")
      .replace(MADE_OF_LAST, "$1 aus $2")
      .replace(/^Ca\.(?=\s\d)/u, "ca."),
  };
  // An adjective that leads the name is declined as the sentence needs it ("meine mechanische Tastatur …",
  // "meinen elektrischen Rasenmäher").
  const adjective = item.name.match(/^(\p{Lu}\p{Ll}+?)(e|en|er|es|em)(?=\s+\p{Lu})/u);
  if (gender && adjective && ADJECTIVE.test(adjective[0].toLowerCase()) && !isNoun(adjective[0].toLowerCase())) {
    const ending = commercial && gender === "pl" ? "e" : { m: "en", f: "e", n: "es", pl: "en" }[gender];
    item = { ...item, name: `${adjective[1].toLowerCase()}${ending}${item.name.slice(adjective[0].length)}` };
  }
  // The condition joins the first sentence only in the seller's own label word ("neuwertig").
  const phrase = condition.phrase ? ` ${condition.phrase}` : "";
  if (commercial) {
    const article = gender ? INDEFINITE[gender] : "";
    return `Wir ${verb} ${article ? `${article} ` : ""}${item.name}${phrase}.`;
  }
  if (gender) return `Ich ${verb} ${POSSESSIVE[gender]} ${item.name}${phrase}.`;
  // No article where the name's gender is unknown ("Tolino Shine 3"): the classifieds' own opening (ADR 093).
  const lead = giveaway ? "Zu verschenken" : "Zu verkaufen";
  return condition.phrase ? `${lead}: ${item.name}, ${condition.phrase}.` : `${lead}: ${item.name}.`;
}

/** Words that start what a clause adds to the item's name: a size, who it is for, how it is made. */
const REST_LEAD = /^(?:gr\.?|größe|damen|herren|kinder|unisex|für|ohne|inkl\.?|inklusive|plus|samt|farbe|modell|baujahr)$/iu;
/** A unit written after a number ("570 liter", "60 m", "2 kg"). */
const UNIT = /^(?:l|liter|ml|cm|mm|m|meter|kg|g|gramm|w|watt|v|volt|ah|mah|gb|tb|zoll|"|stück|stk\.?|teile?|tlg\.?|teilig)$/iu;
const COLOUR_KEYS = new Set(COLOURS.map((colour) => colour.normalize("NFD").replace(/[^\p{L}]/gu, "")));
const isColour = (key: string) => COLOUR_KEYS.has(key.replace(/^(?:dunkel|hell)/, ""));
/** Colours written together: "blau/grün", "schwarz-weiß". */
const areColours = (word: string) => word.split(/[/-]/).every((part) => isColour(letterKey(part)));
const letterKey = (word: string) =>
  word
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^\p{L}\d]/gu, "");
/** Words that say nothing beyond the item's name: articles, prepositions, "Serie", "von", "für". */
const NAME_FILLER = new Set(
  ["aus", "der", "die", "das", "dem", "den", "serie", "von", "mit", "und", "ein", "eine", "einen", "in", "vom", "für"].map(letterKey),
);
/** Colours as the seller joins them ("blau/grün" → "Blau/Grün"). */
const colourWords = (text: string) => text.replace(/(^|[/-])(\p{L})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase());

/**
 * A clause that starts with the item's name (two words or more, compounds written apart counted:
 * "Balkon Set" for "Balkonset"), less the name: null where nothing remains beyond the name's own
 * words, "Farbe: Camel" for a bare "in camel", else the rest. Any other clause as it is.
 */
export function beyondName(clause: string, name: string): string | null {
  const named = new Set(name.split(/\s+/).map(letterKey).filter(Boolean));
  // "9,8mm" is read as "9,8 mm", as the name writes it.
  // "Unser Hauck Reisebett …": the seller's possessive is no word of the clause's own.
  // "Große Kiste Duplo Steine …": an adjective before the name's words, as the name leaves it out.
  const words = clause
    .replace(/^(?:unseren|unsere|unser|meinen|meine|mein)\s+/iu, "")
    .replace(/^(?:alt|groß|klein|schön)(?:e|er|es|en|em)?\s+(?=\p{L})/iu, "")
    .split(/\s+/)
    .flatMap((word) => word.match(/^(\d+(?:[.,]\d+)?)(\p{L}{1,3})$/u)?.slice(1) ?? [word]);
  let taken = 0;
  while (taken < words.length) {
    const one = letterKey(words[taken]);
    const two = taken + 1 < words.length ? one + letterKey(words[taken + 1]) : "";
    if (two && named.has(two)) taken += 2;
    else if (one && named.has(one)) taken += 1;
    // "Daunenjacke von Esprit" for the name's "Esprit Daunenjacke": the maker after "von" ("mit Akku" adds a thing).
    else if (taken > 0 && /^vo[nm]$/.test(one) && taken + 1 < words.length && named.has(letterKey(words[taken + 1]))) taken += 2;
    // A unit after a number of the name goes with it ("570 liter" for the name's "570 l").
    else if (taken > 0 && /^\d+(?:[.,]\d+)?$/.test(words[taken - 1]) && UNIT.test(words[taken])) taken += 1;
    else break;
  }
  // The maker after "von" that the name leads with is said already ("Kurzhanteln 2 x 10 kg von Domyos").
  const makerAt = words.length - 2;
  const makerNamed = makerAt > taken && /^vo[nm]$/i.test(words[makerAt]) && named.has(letterKey(words[makerAt + 1]));
  if (makerNamed) words.splice(makerAt, 2);
  // What the name says after a filler word is read with it: "mit passendem Hocker", not "Passendem Hocker".
  while (taken > 0 && NAME_FILLER.has(letterKey(words[taken - 1]))) taken -= 1;
  const content = words.slice(0, taken).filter((word) => !NAME_FILLER.has(letterKey(word)));
  // The name's words the clause says, the maker after "von" counted: two, or the whole of a one-word name ("Gartenbank").
  const nameWords = content.length + (makerNamed ? 1 : 0);
  if (nameWords < Math.min(2, named.size)) return clause;
  const rest = words.slice(taken);
  // What follows the name must start something of its own: a preposition, a colour, a size, who it
  // is for, or a noun the dictionary knows ("Kaffeevollautomat in Schwarz", "Griffstärke 3"). A
  // number, a code or any other word goes on with the name ("iPad Air 5", "Ninebot max G30D",
  // "Starterset XXL"): the clause stays whole.
  const lead = letterKey(rest[0] ?? "");
  // "4 Tiptoi Bücher: Bauernhof, Dinosaurier, …": what the name's colon lists;
  // "3 Tischtennisschläger von Donic, gebraucht": after the name's comma, what the seller says of it.
  if (rest.length > 0 && /[:,]$/u.test(words[taken - 1]) && !(rest.length === 1 && areColours(rest[0]))) {
    const listed = rest.join(" ");
    return listed.charAt(0).toUpperCase() + listed.slice(1);
  }
  // "(2x Elite 2.0, 1x Mega) mit ca. 40 Darts" after the name: what its bracket says, and what comes with it.
  const bracket = rest.join(" ").match(/^\(([^()]+)\)[,\s]*(.*)$/u);
  if (bracket)
    return [bracket[1], bracket[2]]
      .filter(Boolean)
      .join(", ")
      .replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());
  // "12 zoll grün" after the name: a size, and maybe its colour ("12 Zoll, Grün").
  const measure =
    rest.length >= 2 &&
    rest.length <= 3 &&
    /^\d+(?:[.,]\d+)?$/.test(rest[0]) &&
    UNIT.test(rest[1]) &&
    (rest.length === 2 || areColours(rest[2]));
  if (measure) return [`${rest[0]} ${rest[1]}`, ...(rest[2] ? [colourWords(rest[2])] : [])].join(", ");
  // "152 cm mit Bindung (Gr. M)": the measure, and what comes with it.
  if (rest.length > 3 && /^\d+(?:[.,]\d+)?$/.test(rest[0]) && UNIT.test(rest[1]) && /^(?:mit|inkl\.?|samt)$/iu.test(rest[2]))
    return `${rest[0]} ${rest[1]}, ${rest.slice(2).join(" ")}`;
  // "60x120 mit Matratze", "2 x 10 kg": the item's measures, and what comes with it.
  if (/^\d+(?:[.,]\d+)?(?:\s?[x×]\s?\d+|$)/u.test(rest[0] ?? "") && /[x×]/u.test(rest.slice(0, 2).join(" ")))
    return attributes(rest).replace(/\s+(mit|inkl\.?|samt)\s+/iu, ", $1 ");
  // "1 Liter Edelstahl", "ca. 150 cm", "komplett, 8 Zoll Deck", "verschiedene Größen": the item's measures and
  // what it is, each set apart.
  if (
    rest.length > 1 &&
    ((/^\d+(?:[.,]\d+)?$/.test(rest[0]) && UNIT.test(rest[1])) ||
      /^(?:ca\.?|komplett)$/iu.test(rest[0]) ||
      (/^\p{Ll}+(?:e|en|er|es)$/u.test(rest[0]) && /^\p{L}{3,}$/u.test(rest[1]) && isNoun(rest[1].toLowerCase())))
  )
    return attributes(rest);
  if (
    rest.length > 0 &&
    !(
      NAME_FILLER.has(lead) ||
      REST_LEAD.test(rest[0]) ||
      areColours(rest[0]) ||
      (/^\p{L}+$/u.test(rest[0]) && isNoun(rest[0].toLowerCase()))
    )
  )
    return clause;
  if (rest.length === 1 && areColours(rest[0])) return `Farbe: ${colourWords(rest[0])}`;
  if (rest.every((word) => named.has(letterKey(word)) || NAME_FILLER.has(letterKey(word)))) return null;
  // "in camel", "in Ebony (Schwarz)": the colour, as a line of its own.
  const colour = rest.join(" ").match(/^in\s+(\p{L}+(?:[/-]\p{L}+)*(?:\s+\((\p{L}+)\))?)$/iu);
  // A bare word is a colour where the lexicon says so or it is no noun ("in Holzoptik" is a finish, no colour).
  const colourWord = (word: string) => areColours(word) || (/^\p{L}+$/u.test(word) && !isNoun(word.toLowerCase()));
  if (colour && (colour[2] ? isColour(letterKey(colour[2])) : colourWord(colour[1]))) return `Farbe: ${colourWords(colour[1])}`;
  // What starts with "in", "aus" or an article ("in Holzoptik", "aus der kMix Serie")
  // is no line of its own: the clause stays whole, the name said once more rather than a fragment.
  if (/^(?:in|aus|von|vom|der|die|das|dem|den|serie)$/u.test(lead)) return clause;
  // "Gr. L dunkelblau Wollanteil": the size, the colour and the rest, each set apart.
  if (/^Gr\.$/u.test(rest[0]) && rest.length > 2) {
    let end = 2;
    // "Gr. 38 (UK 12) dunkelblau": the size's bracket goes with it.
    if (rest[2].startsWith("(")) while (end < rest.length && !rest[end].endsWith(")")) end += 1;
    if (rest[2].startsWith("(") && end < rest.length) end += 1;
    const sized = end;
    while (end < rest.length && areColours(rest[end])) end += 1;
    const colour = end > sized ? rest.slice(sized, end).join(" ") : null;
    const more = rest.slice(end).join(" ");
    return [rest.slice(0, sized).join(" "), colour, more].filter(Boolean).join(", ");
  }
  return attributes(rest);
}

/**
 * The words after the name as a line of what the item is, each part set apart: "holz 3-sitzer ca. 150 cm"
 * → "Holz, 3-Sitzer, ca. 150 cm". A part starts at "ca." or "Gr.", at a number after a word, at a
 * material or a colour, and after "komplett"; a word after "und", "in", "aus" or a number goes on
 * with it ("8 Zoll Deck", "kurz und langarm", "aus Holz").
 */
function attributes(rest: string[]): string {
  const parts: string[][] = [];
  let depth = 0;
  for (const [index, word] of rest.entries()) {
    const before = (rest[index - 1] ?? "").toLowerCase();
    const joined =
      /^(?:und|oder|u\.?|bis|in|aus|mit|ohne|für|von|samt|inkl\.?|x|×|ca\.?|gr\.?|je|à|-|\+|&)$/u.test(before) || /[x×-]$/u.test(before);
    // A number after a measure, a material, a colour or "komplett" starts a part; after a noun it is the noun's ("Griffstärke 3").
    const afterPart = UNIT.test(before) || MATERIAL_WORD.test(before) || areColours(before) || before === "komplett";
    const starts =
      index === 0 ||
      (depth === 0 &&
        !joined &&
        (/^(?:ca\.?|gr\.)$/iu.test(word) ||
          (/^\d/.test(word) && afterPart) ||
          MATERIAL_WORD.test(word) ||
          areColours(word) ||
          before === "komplett"));
    if (starts) parts.push([word]);
    else parts.at(-1)!.push(word);
    depth += (word.match(/\(/g) ?? []).length - (word.match(/\)/g) ?? []).length;
  }
  const text = parts.map((part) => part.join(" ").replace(/,$/u, "")).join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** History clauses that only state the purchase year or new price become structured lines. */
const STRUCTURED_HISTORY =
  /^(?:neu\s+(?:für\s+)?\d[\d.,]*\s*(?:€|euro)?(?:\s+gekauft(?:\s+\d{4})?)?|(?:gekauft|kaufdatum)\s*:?\s*(?:im\s+)?(?:\d{1,2}[./])?\d{4}|(?:np|neupreis|uvp)\b.*|neu\s+kost[a-zäöü]*\b.*|.*\bgekauft\b.*\bfür\s+(?:ca\.?\s*)?\d[\d.,]*\s*(?:€|euro|eur)?(?:\s+(?:bei|im|in)\s.*)?|(?:\w+\s+)?gekauft\s+\d{4}(?:\s+für\s+(?:ca\.?\s*)?\d[\d.,]*\s*(?:€|euro|eur)?(?:\s+(?:bei|im|in)\s.*)?)?|\d{4}\s+gekauft)$/i;

function bullets(lines: string[], item?: Item & { spelling?: string }) {
  return (item ? spelledAsItem(lines, item) : lines).map((line) => `- ${line}`);
}

/**
 * The item's words as the seller spelled them in its name ("canon eos 250d" in the note → "Canon EOS
 * 250D" where the name says so); a line that only names the item again is left out.
 */
function spelledAsItem(lines: string[], item: Item & { spelling?: string }): string[] {
  const words = `${item.name} ${item.spelling ?? ""}`.split(/\s+/).filter((word) => word.length >= 2 && word !== word.toLowerCase());
  const nameKey = new Set(item.name.toLowerCase().split(/\s+/));
  // One pattern for all the name's words, compiled once per ad (a pattern per word and line cost the
  // writer more than any rule once names grew, ADR 093); the first spelling of a word wins, as before.
  const spelling = new Map<string, string>();
  for (const word of words) if (!spelling.has(word.toLowerCase())) spelling.set(word.toLowerCase(), word);
  const pattern =
    spelling.size > 0
      ? new RegExp(
          `(?<![\\p{L}\\d])(?:${[...spelling.values()]
            .sort((a, b) => b.length - a.length)
            .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
            .join("|")})(?![\\p{L}\\d])`,
          "giu",
        )
      : null;
  return lines
    .filter(
      (line) =>
        !line
          .toLowerCase()
          .split(/\s+/)
          .every((word) => nameKey.has(word)),
    )
    .map((line) => (pattern ? line.replace(pattern, (found) => spelling.get(found.toLowerCase()) ?? found) : line));
}

export function writeDescription(input: {
  item: Item;
  condition: Condition;
  facts: NoteFacts;
  commercial: boolean;
  /** The model's name as the title writes it; its words are spelled so in the text too. */
  model?: string | null;
}): string {
  const { condition, facts, commercial } = input;
  const item = input.model ? { ...input.item, spelling: input.model } : input.item;
  // "Zustand gut" under the heading "Zustand: Gut" says nothing the heading does not.
  const positives = clausesOf(facts, "positive").filter(
    (clause) => !(condition.phrase && new RegExp(`^zustand\\s*:?\\s*${condition.label}$`, "iu").test(clause)),
  );
  const defects = clausesOf(facts, "defect");
  // A good word that answers a defect ("Läuft aber super") follows the defects it answers.
  // So does what holds of the rest ("Rest top", "sonst alles gut").
  const answers = (clause: string) =>
    defects.length > 0 && (/^\p{L}+\s+aber\s|^aber\s|\strotzdem(?:\s|$)/iu.test(clause) || OF_THE_REST.test(clause));
  const conditionLines = [
    ...positives.filter((clause) => !answers(clause)),
    ...defects.map((defect) => `*Hinweis:* ${defect}`),
    ...positives.filter(answers),
  ];
  // The condition in the seller's words only: a label in the heading only where the seller wrote it
  // ("sehr gut erhalten" → "Zustand: Sehr gut"; "kaum benutzt" → "Zustand"), no section where the
  // note says nothing about it.
  const heading = condition.phrase ? `✨ **Zustand: ${condition.label}**` : "✨ **Zustand**";
  const conditionSection = conditionLines.length > 0 ? [heading, ...bullets(conditionLines, item), ""] : [];

  // Brand and model get a line of their own only where the seller's details do not name them
  // already ("Jura ENA 8 Kaffeevollautomat in Schwarz" says both).
  // The note's first clause names the item ("esprit wollmantel damen gr 38 in camel"): what the
  // title and the first sentence say already is not said again, only what it adds ("Farbe: Camel").
  const first = facts.clauses.find((clause) => clause.kind !== "price");
  const ownSpecs = clausesOf(facts, "spec");
  const specs = ownSpecs.flatMap((clause) => {
    if (first?.kind !== "spec" || clause !== first.text) return [clause];
    const rest = beyondName(clause, input.item.name);
    return rest ? [rest] : [];
  });
  const history = clausesOf(facts, "history");
  // A model is named where its type code is ("Sony WH-1000XM4 in Silber" names "WH-1000XM4 Kopfhörer"),
  // in a detail or in the item's past ("Weber Spirit E-310 Gasgrill, weil wir umziehen").
  // Letters and digits only: "Levis" names "Levi's".
  const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\d]/gu, "");
  const named = (words: string) => {
    const codes = words.split(/\s+/).filter((word) => /\d/.test(word));
    return [...ownSpecs, ...history].some((clause) =>
      (codes.length > 0 ? codes : [words]).every((code) => letters(clause).includes(letters(code))),
    );
  };
  const pastClauses = history.filter((clause) => !STRUCTURED_HISTORY.test(clause));
  const details = [
    item.brand && !named(item.brand) ? `**Marke:** ${item.brand}` : null,
    item.model && !named(item.model) ? `**Modell:** ${item.model}` : null,
    facts.serialNumber ? `**Seriennummer:** ${facts.serialNumber}` : null,
    // A year only as the seller wrote it: "2 Jahre alt" stays the seller's words, never "Gekauft: 2024".
    // The year once: not where a clause of the item's past says it ("Gekauft 2019 für die Renovierung, …").
    facts.purchaseYear && facts.purchaseYearWritten && !pastClauses.some((clause) => clause.includes(String(facts.purchaseYear)))
      ? `**Gekauft:** ${facts.purchaseYear}`
      : null,
    facts.newPrice ? `**Neupreis:** ${formatEuros(facts.newPrice)}` : null,
    ...specs,
    ...pastClauses,
    // VAT is said of the price: "Preis inkl. MwSt", never an item of the contents.
    ...vatClauses(facts).map((clause) =>
      /^(?:inkl|zzgl|incl)/i.test(clause) ? `Preis ${clause.charAt(0).toLowerCase()}${clause.slice(1)}` : clause,
    ),
  ].filter((line): line is string => Boolean(line));

  const contents = clausesOf(facts, "contents");
  const handover = clausesOf(facts, "handover");
  const places = handover.map(placeClauseName);

  // Only what the seller said: no filler line for missing contents or handover.
  const sections = [
    conditionSection,
    details.length > 0 ? ["🔧 **Details**", ...bullets(details, item), ""] : [],
    contents.length > 0 ? ["📋 **Lieferumfang**", ...bullets(contents, item), ""] : [],
    // "Übergabe": a heading that claims neither pickup nor shipping (ADR 064); the bullets say which.
    // The seller's town alone ("kaiserslautern") offers no handover: it is where the item is (ADR 093).
    // A place alone under the handover says that it is the place ("Standort: Cottbus-Sandow"), written as a name.
    handover.length > 0
      ? places.every((place) => place !== null)
        ? ["📍 **Standort**", ...bullets(places.filter((place): place is string => place !== null)), ""]
        : ["🚚 **Übergabe**", ...bullets(handover.map((clause, index) => (places[index] ? `Standort: ${places[index]}` : clause))), ""]
      : [],
  ].flat();
  return [
    `📦 **${item.name}**`,
    introSentence(item, condition, commercial, facts.priceType === "verschenken"),
    "",
    ...sections,
    commercial ? "Bei Fragen sind wir gern für Sie da." : "Bei Fragen einfach melden.",
  ].join("\n");
}
