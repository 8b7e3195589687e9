// Titles from the facts buyers search (ADR 043 "Titles from the facts buyers search"):
// the item with its brand and model first, then — in order of search value, each whole or not at
// all, while they fit the platform's limit — type numbers, specs (tyre size, processor, memory and
// storage, inches, load), clothing or frame size, details (rim, tread depth, colour), the games and
// accessories the seller names, the condition in the seller's words, battery, OVP, "unfallfrei" and
// "nur Abholung" for bulky items. Specs and named contents join the item's name; the rest follows
// after " – ". Every part is the seller's own fact, so the fact guard finds nothing to take out, and
// the order puts the most searched first, so a shorter platform's cut (`cutTitle`) keeps them.
import { PLATFORMS, cutTitle, type Platform } from "../../../../lib/platforms";
import { OF_THE_WHOLE, type Condition } from "../condition";
import { tidyWords } from "../../../ai/spelling";
import type { Attributes, Item } from "../../../ai/item";
import { names, type SearchFacts } from "../../../ai/search-facts";

function mentions(name: string, value: string) {
  const core = value.replace(/^Gr\.\s*/, "").toLowerCase();
  return new RegExp(
    `(^|[^\\p{L}\\d])(gr(?:öße|\\.)?\\s*)?${core.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s/g, "\\s?")}(?=$|[^\\p{L}\\d])`,
    "iu",
  ).test(name);
}

/** Words of five letters or more, in lower case. */
const longWords = (text: string) => text.toLowerCase().match(/\p{L}{5,}/gu) ?? [];
/** Whether each long word of `form` is one of the title's or a compound of it ("mit Grasfangkorb" beside "mit Fangkorb"). */
function compoundNamed(title: string, form: string): boolean {
  const said = longWords(title);
  const words = longWords(form);
  return words.length > 0 && words.every((word) => said.some((titleWord) => word.endsWith(titleWord) || titleWord.endsWith(word)));
}

export type TitleInput = {
  item: Item;
  attributes: Attributes;
  search: SearchFacts;
  condition: Condition;
  /** The seller's contents clauses, as the note reader classified them ("Mit 2 Spielen (Zelda TOTK, Mario Kart 8)"). */
  contents: string[];
  /** How many defects the note names: a title praises no condition beside one ("– einwandfrei" with a broken crank). */
  defects?: number;
};

/** A part of the title: where it goes, and its forms from the fullest to the shortest. */
type Part = { slot: "core" | "highlight"; forms: string[] };

/** Contents that name what comes with the item ("mit 2 Spielen (…)", "inkl. Dock", "2 Controller"), not "OVP" alone. */
const INCLUDED = /^(?:mit|inkl\.|inklusive|samt|plus|\+|zubehör)(?!\p{L})|^(?:\d+|zwei|drei|vier)\s+\p{L}/iu;

/** What the item comes without, save the box and papers ("ohne Akku", "ohne Festplatten"; not "ohne OVP"). */
const WITHOUT =
  /^ohne\s+(?!(?:ovp|originalverpackung|originalkarton|karton|rechnung|quittung|anleitung|bedienungsanleitung)(?!\p{L}))\p{L}/iu;
/** "Ohne Akku und ohne Ladegerät!!" → "ohne Akku und Ladegerät". */
const withoutForm = (clause: string) =>
  `o${clause
    .slice(1)
    .replace(/\s+(und|oder)\s+ohne\s+/giu, " $1 ")
    .replace(/[.!]+$/u, "")}`;

/** A verdict of one word says nothing a buyer searches for ("– top", "– einwandfrei"); "kaum benutzt", "neuwertig" do. */
const GENERIC_VERDICT = /^(?:top|super|einwandfrei|tadellos|perfekt|1a|funktioniert|funktionsfähig|läuft|gut|prima|klasse)[.!]*$/iu;

/** "mit OVP" alone is the box, said after the condition like "Akku 86 %". */
const BOX_ONLY = /^(?:mit|inkl\.|inklusive|samt)\s+(?:ovp|originalverpackung|originalkarton)$/iu;

/** The seller's named contents in a title: "mit 2 Spielen (Zelda TOTK, Mario Kart 8)", else just the list ("mit Zelda TOTK, Mario Kart 8"). */
function includedForms(clause: string): string[] {
  // "2 Akkus und Ladegerät dabei": what comes with it, said as the title says it ("mit 2 Akkus und Ladegerät").
  // "3 Bälle gibt es dazu" → "mit 3 Bällen": after "mit" a plural that ends in -e, -el or -er takes its dative -n.
  const counted = clause.replace(
    /\s+(?:(?:sind|ist)\s+|(?:gibt\s+es|gibt's|gibts)\s+(?:noch\s+|auch\s+)?)?(?:mit\s+)?(?:dabei|dazu|anbei|inklusive)[.!]*$/iu,
    "",
  );
  if (counted !== clause && /^(?:\d+|zwei|drei|vier)\s+\p{L}/iu.test(counted))
    return [`mit ${counted.replace(/^((?:[2-9]|\d{2,}|zwei|drei|vier)\s+\p{Lu}\p{Ll}+(?:e|el|er))(?=\s|$)/u, "$1n")}`];
  // "Mit den Kabeln und Ösen": no article in a title's list of what comes with it.
  const bare = clause.replace(/^(mit|inkl\.?|inklusive|samt)\s+(?:den|dem|der|die|das)\s+/iu, "$1 ");
  const text = /^(?:mit|inkl|inklusive|samt|plus)(?!\p{L})/iu.test(bare) ? bare.charAt(0).toLowerCase() + bare.slice(1) : bare;
  const list = text.match(/^(mit|inkl\.|inklusive|samt)\s([^()]*)\(([^()]+)\)$/iu);
  // A bracket that says something about the things ("(einer hat einen Wackler)") is no list of them: left out.
  // Nor is a count of what one thing holds ("1 Pack Filme (10 Bilder)").
  if (list && (BRACKET_SENTENCE.test(list[3]) || /^\s*\d+\s+\p{L}+\s*$/u.test(list[3]))) return [`${list[1]} ${list[2].trim()}`];
  return list ? [text, `${list[1]} ${list[3]}`] : [text];
}
const BRACKET_SENTENCE =
  /(?<!\p{L})(?:hat|haben|ist|sind|war|waren|fehlt|fehlen|geht|gehen|läuft|laufen|wurde|wurden|kein|keine|nicht|leider)(?!\p{L})/iu;

/**
 * The item's name with the model the note gives it ("Continental Winterreifen" + "Continental
 * WinterContact TS860" → "Continental WinterContact TS860 Winterreifen"), and a shorter form without
 * the product line ("Continental TS860 Winterreifen") for a limit that would leave the specs out.
 */
function leadsOf(item: Item, model: string | null): string[] {
  if (!model || names(item.name, model)) return [item.name];
  const taken = new Set([...model.split(" "), ...(item.brand?.split(" ") ?? [])].map((word) => word.toLowerCase()));
  const named = item.name.split(" ").filter((word) => !taken.has(word.toLowerCase()));
  // A count of the item leads ("4 Continental WinterContact TS860 Winterreifen", "2 Paar adidas Predator …").
  const count =
    /^\d{1,2}$/.test(named[0] ?? "") && named.length > 1 ? named.slice(0, /^paar$/i.test(named[1]) && named.length > 2 ? 2 : 1) : [];
  const rest = named.slice(count.length);
  const brand = item.brand && !names(model, item.brand) ? [item.brand] : [];
  const words = model.split(" ");
  const typeNumber = words.pop()!;
  const makers = new Set((item.brand?.split(" ") ?? []).map((word) => word.toLowerCase()));
  const short = [...count, ...brand, ...words.filter((word) => makers.has(word.toLowerCase())), typeNumber, ...rest].join(" ");
  const full = [...count, ...brand, model, ...rest].join(" ");
  return short === full ? [full] : [full, short];
}

/**
 * Whether the seller says the condition words of a part ("Dampflanze funktioniert einwandfrei",
 * "Akku top"): a word before them that is neither the item's own nor a verb, pronoun or adverb.
 * Such words stay in the ad's text; the title does not say them of the whole item (ADR 086).
 */
function saidOfPart(condition: Condition, item: Item): boolean {
  const clause = condition.clause ?? "";
  const at = condition.words ? clause.toLowerCase().indexOf(condition.words.toLowerCase()) : -1;
  if (at <= 0) return false;
  const itemWords = new Set(item.name.toLowerCase().split(/\s+/));
  return clause
    .slice(0, at)
    .split(/[^\p{L}\d-]+/u)
    .filter(Boolean)
    .some((word) => !OF_THE_WHOLE.test(word) && !itemWords.has(word.toLowerCase()));
}

export function buildTitle(platform: Platform, input: TitleInput): string {
  const { item, attributes, search, condition } = input;
  const max = PLATFORMS[platform].titleMax;
  const core = (...forms: Array<string | null>): Part[] =>
    forms.filter((form): form is string => Boolean(form)).map((form) => ({ slot: "core", forms: [form] }));
  const highlight = (...forms: Array<string | null>): Part[] =>
    forms.filter((form): form is string => Boolean(form)).map((form) => ({ slot: "highlight", forms: [form] }));
  const searched = [
    search.department,
    search.setNumber,
    search.edition,
    ...search.typeNumbers,
    ...search.specs,
    search.size,
    search.frame,
  ].filter((fact): fact is string => Boolean(fact));
  const parts: Part[] = [
    ...core(search.department, search.setNumber, search.edition, ...search.typeNumbers, ...search.specs),
    // What the item is sold without ("ohne Akku und Ladegerät"): a buyer must see it before the price.
    ...core(...input.contents.filter((clause) => WITHOUT.test(clause)).map(withoutForm)),
    ...highlight(search.size, search.frame),
    ...core(...search.details, attributes.colour),
    ...input.contents
      .filter((clause) => INCLUDED.test(clause) && !BOX_ONLY.test(clause))
      .map((clause): Part => ({ slot: "core", forms: includedForms(clause) })),
    // The condition in the seller's words ("kaum benutzt"), never a better label the seller did not
    // write; a broken item says "defekt", which claims nothing in the seller's favour.
    ...highlight(
      condition.label === "Defekt – für Bastler"
        ? "defekt"
        : condition.stated &&
            condition.words &&
            !GENERIC_VERDICT.test(condition.words.trim()) &&
            !saidOfPart(condition, item) &&
            !(input.defects && condition.label !== "Akzeptabel")
          ? tidyWords(condition.words)
          : null,
    ),
    ...highlight(
      attributes.battery,
      attributes.hasBox && condition.label !== "Neu" ? "mit OVP" : attributes.hasBox ? "OVP" : null,
      attributes.accidentFree ? "unfallfrei" : null,
      attributes.pickupOnly ? "nur Abholung" : null,
    ),
  ];
  // The full model first; its shorter form only where it lets more searched specs in (willhaben's 50).
  const titles = leadsOf(item, search.model).map((lead) => fill(cutTitle(lead, max), parts, max));
  const count = (title: string) => searched.filter((fact) => names(title, fact)).length;
  return titles.reduce((best, title) => (count(title) > count(best) ? title : best));
}

/** What a fact adds to a title that names its first words already ("205/55 R16 91H" after "205/55 R16": "91H"). */
function unnamedRest(title: string, form: string): string {
  const words = form.split(" ");
  for (let cut = words.length - 1; cut >= 2; cut--) {
    if (names(title, words.slice(0, cut).join(" "))) return words.slice(cut).join(" ");
  }
  return form;
}

/** Adds the parts in order of search value, each in the fullest form that fits, none twice. */
function fill(lead: string, parts: Part[], max: number): string {
  const render = (chosen: Array<{ slot: Part["slot"]; text: string }>) => {
    const head = [lead, ...chosen.filter((part) => part.slot === "core").map((part) => part.text)].join(" ");
    const tail = chosen.filter((part) => part.slot === "highlight").map((part) => part.text);
    return tail.length > 0 ? `${head} – ${tail.join(", ")}` : head;
  };
  let chosen: Array<{ slot: Part["slot"]; text: string }> = [];
  for (const part of parts) {
    const title = render(chosen);
    // A fact the title already names ("128 GB" in "iPhone 12 128 GB", "Gr. L" in "Größe L") is not repeated.
    if (part.forms.some((form) => names(title, form) || mentions(title, form) || compoundNamed(title, form))) continue;
    for (const form of part.forms.map((form) => unnamedRest(title, form))) {
      const next = [...chosen, { slot: part.slot, text: form }];
      if (render(next).length <= max) {
        chosen = next;
        break;
      }
    }
  }
  return render(chosen);
}
