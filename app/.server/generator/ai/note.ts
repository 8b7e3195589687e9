// Reading the seller's note clause by clause. Each clause gets one class; a negation ("ohne",
// "keine", "frei von", "-frei") turns a defect word into a positive statement; links, e-mail
// addresses and phone numbers drop their whole clause (never half of it); each fact appears once.
// The seller's asking price and its type are read by `lib/seller-price.ts` (ADR 028); the pieces
// of a clause that state them are taken out, so no price fragment is left in the ad text.
import { berlinYear } from "../../../lib/format";
import { type PriceType } from "../../../lib/offer-facts";
import { NO_PICKUP, NO_SHIPPING, PAYMENT } from "../../../lib/offer-vocabulary";
import { placeClause, readSellerFacts, type SellerFacts } from "../../../lib/seller-price";
import { inEuros } from "../../../lib/platform-handover";
import { isAmbiguousPlaceWord, knownPlace } from "../../../lib/places/gazetteer";
import { DEFECT, NEGATION, POSITIVE } from "../../ai/condition-words";
import { COLOURS } from "../../ai/lexicon";
import { escapeRegExp } from "../../ai/item";
import { ADJECTIVE, isNoun, PARTICIPLE, sellersWords } from "../../ai/spelling";

export type ClauseKind = "defect" | "positive" | "spec" | "contents" | "history" | "handover" | "contact" | "price";

export type Clause = { kind: ClauseKind; text: string };

export type NoteFacts = {
  clauses: Clause[];
  /** The pickup place the seller named ("Köln-Ehrenfeld", "50667 Köln"), if any. */
  place: string | null;
  /** The seller's own asking price in euros ("VB 80 €", "Festpreis 50", "… in vitrine, 250"); 0 = zu verschenken. */
  askingPrice: number | null;
  /** Festpreis / VB / zu verschenken, as the seller wrote it; null when not stated. */
  priceType: PriceType | null;
  /** The new price in euros ("NP 899 €", "gekauft 2022 für 3.299 €"). */
  newPrice: number | null;
  /** The purchase year ("gekauft 2020", "Baujahr 2019", "aus 2021"). */
  purchaseYear: number | null;
  /** Whether the note writes the year itself ("gekauft 2020"), not an age ("2 Jahre alt"): only then may the ad name it. */
  purchaseYearWritten: boolean;
  serialNumber: string | null;
};

const AMOUNT = String.raw`(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}|-))?\s*(?:€|euro\b|eur\b)`;
const AMOUNT_LOOSE = String.raw`(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}|-))?\s*(?:€|euro\b|eur\b)?`;

function euros(whole: string, fraction?: string): number {
  const cents = fraction && fraction !== "-" ? Number(fraction.padEnd(2, "0")) / 100 : 0;
  return Number(whole.replace(/\./g, "")) + cents;
}

const CONTACT =
  /\b(?:https?:\/\/|www\.)\S*|\b[a-z0-9-]+\.(?:de|com|net|org|at|ch|eu|shop|info|io)\b|\S+@\S+|\b(?:whats ?app|telegram|signal|e-?mail|per mail|mail an|tel\.?|telefon|handynummer|ruf(?:t|en sie)? an)\b|(?:\+49|\b0)\s?\d{2,5}[\s/-]?\d{4,}/i;
const ASKING = new RegExp(
  String.raw`\b(?:vb|verhandlungsbasis|festpreis|preis(?:vorstellung)?)\s*:?\s*${AMOUNT_LOOSE}|${AMOUNT}\s*(?:vb|verhandlungsbasis|festpreis)\b`,
  "i",
);
const NEW_PRICE = new RegExp(
  String.raw`\b(?:np|neupreis|uvp|neu\s+(?:gekostet|für))\s*(?:war|lag bei|von|:)?\s*(?:ca\.?|etwa|rund)?\s*${AMOUNT_LOOSE}`,
  "i",
);
const PAID = new RegExp(
  String.raw`\b(?:gekauft|bezahlt|gekostet)\b[^.;]*?\bfür\s*(?:ca\.?|etwa)?\s*${AMOUNT_LOOSE}|\bfür\s*${AMOUNT}[^.;]*?\b(?:gekauft|bezahlt)\b`,
  "i",
);
const YEAR = String.raw`((?:19|20)\d{2})`;
const PURCHASE_YEAR = new RegExp(
  String.raw`\b(?:gekauft|kaufdatum|baujahr|bj\.?|modelljahr|gekauft im|aus dem jahr|aus|von|seit)\s*(?:(?:im|am)\s+)?(?:(?:0?[1-9]|1[0-2])[./]|(?:januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember)\s+)?${YEAR}\b|\b${YEAR}\s+gekauft\b`,
  "i",
);
const YEARS_OLD =
  /\b(\d{1,2}|ein(?:em)?|zwei|drei|vier|fünf)\s+jahre?n?\s+(?:alt|gekauft)|\bvor\s+(\d{1,2}|einem|zwei|drei|vier|fünf)\s+jahren?\s+gekauft/i;
const SERIAL = /(?:S\/N|\bSN\b|Seriennummer|Serien-?Nr\.?|Serial(?: number)?)\s*[:#.]?\s*([A-Z0-9][A-Z0-9-]{4,24})/i;

const CONTENTS =
  /(^(?:mit\s+)?dabei\s*(?::|sind\s|ist\s)|^dazu\s+(?!gehört)|^(?:dazu|dabei)\s+(?:gibt\s+es|bekommst\s+du|bekommt\s+ihr)\s|\bovp\b|originalverpackung|originalkarton|\bkarton\b|inkl\.?|inklusive|\bsamt\b|zubehör|lieferumfang|rechnung|quittung|kaufbeleg|ladekabel|ladegerät|netzteil|kabel\b|fernbedienung|anleitung|garantiekarte|\btasche\b|hülle|\bcase\b|koffer|\b(?:\d+|zwei|drei|vier)\s+akkus\b|ersatzakku|adapter|controller|schutzfolie|panzerglas|^mit\s|^ohne\s|\s(?:ist|sind)\s+(?:[a-zäöüß]+\s+){0,2}dabei[.!]*$|\s(?:gibt\s+es|gibt's|gibts)\s+(?:noch\s+|auch\s+)?dazu[.!]*$)/i;
/** Handover and payment: both are said under the offer line, never under condition or details. */
const HANDOVER = new RegExp(
  String.raw`(abholung|abzuholen|abholen|abholer|abgeholt|versand|versende|verschick|selbstabhol|übergabe|besichtig|porto|\bdhl\b|hermes|\bdpd\b|\bgls\b|(?:holt|holst|holen)\s+(?:[\p{L}-]+\s+){0,4}?ab(?!\p{L})|(?<!\p{L})(?:pakete?|päckchen)\s+(?:kostet|kosten)(?!\p{L})|(?:selbst|selber)\s+(?:ab(?:bauen|zubauen|gebaut)|demontieren)|(?:transporter|anhänger|kombi)\s+(?:nötig|notwendig|erforderlich|mitbringen)|(?:\d|zwei|drei|vier)\s+(?:leute|personen|helfer|männer|mann)\s+(?:mitbringen|nötig|notwendig|erforderlich)|(?:helfer|tragehilfe)\s+mitbringen)|${PAYMENT}`,
  "iu",
);
const HISTORY =
  /(gekauft|kaufdatum|baujahr|modelljahr|\bbj\.?\s|neupreis|\bneu\s+kost|\bnp\b|\buvp\b|neu gekostet|garantie|gewährleistung bis|erstbesitz|aus erster hand|1\. hand)/i;

const NUMBER_WORDS: Record<string, number> = { ein: 1, einem: 1, zwei: 2, drei: 3, vier: 4, fünf: 5 };

/** Abbreviations that never end a sentence ("komplett m. OVP u. Anleitung", "ausgew. MwSt."). */
const ABBREVIATION =
  /(?:^|[\s(-])(?:inkl|incl|ca|z\.\s?b|zb|bzw|bspw|ggf|evtl|u\.\s?a|v\.\s?a|d\.\s?h|o\.\s?ä|gr|max|(?<!\d\s?)min|mind|tel|bj|zzgl|gem|orig|ausgew|vgl|verh|ink|nr)\.$/i;
/** "m." (mit), "u." (und), "s." (siehe) in lower case only: "Rahmengröße M." ends its sentence. */
const SHORT_ABBREVIATION = /(?:^|[\s(-])[mus]\.$/;
const isAbbreviation = (text: string) => ABBREVIATION.test(text) || SHORT_ABBREVIATION.test(text);
/**
 * Abbreviations that end a sentence only when a capitalised word follows ("NP 300 €. OVP. Versand …").
 * A price type, "mögl." or "OVP." ends its statement whatever follows ("55€ vhb. versand dhl …").
 */
const ABBREVIATION_BEFORE_LOWER = /(?:^|[\s(-])(?:np|usw|mwst|stk|st|etc|etw)\.$/i;
/** What may go on after a measure with its dot ("ca. 2 J. alt", "5 Std. pro Tag"); anything else starts a sentence. */
const AFTER_MEASURE =
  /^(?:alt|jung|lang|breit|hoch|tief|dick|schwer|groß|gross|gefahren|gelaufen|genutzt|benutzt|getragen|pro|je|im|am|bei|beim|mit|bis|für|von|auf|unter|über|nach|vor|zum|zur|laut)(?!\p{L})/u;

/** A subject that starts a statement of its own: a pronoun, or a noun before its finite verb. */
const NEW_SUBJECT =
  /^(?:(?:ich|wir|er|sie|es|man)\s|\p{L}+\s+(?:ist|sind|war|waren|hat|haben|spielen|spielt|läuft|laufen|geht|gehen|passt|passen|fehlt|fehlen|wurde|wurden|werden|wird)(?!\p{L}))/iu;
/** A number and a unit cut to one to three letters with its dot ("2 J.", "3 Mon.", "5 Std."). */
const UNIT_AFTER_NUMBER = /\d\s?\p{L}{1,3}\.$/u;

/**
 * Bracketed groups stand for one unit: "(Zelda TOTK, Mario Kart 8)" is never split at its comma.
 * Each group is swapped for a placeholder while the note is split, and put back in each clause.
 */
function maskBrackets(text: string): { masked: string; restore: (piece: string) => string } {
  const groups: string[] = [];
  const masked = text.replace(/\([^()\n]*\)|\[[^[\]\n]*\]/g, (group) => `\ue000${groups.push(group) - 1}\ue001`);
  return { masked, restore: (piece) => piece.replace(/\ue000(\d+)\ue001/g, (_, index: string) => groups[Number(index)] ?? "") };
}

/**
 * An ordinal ("3. OG", "im 2. Stock", "1. Hand", "am 12. Mai") is no sentence end: a number of one
 * or two digits with a dot at the start of its clause or after a preposition or article.
 */
const ORDINAL = /(?:^|(?<!\d)[,;:]\s+|\(\s*|\s(?:im|am|in|ab|bis|zum|zur|vom|seit|der|die|das|dem|den|des|ins|aus)\s+)\d{1,2}\.$/i;

/** Sentences of a note: lines, bullets, semicolons, and ". " unless it ends an abbreviation or an ordinal. */
function sentencesOf(note: string): string[] {
  const sentences: string[] = [];
  for (const line of note.replace(/\r/g, "").split(/\n+|\s+[-–•]\s+|;\s*/)) {
    let current = "";
    const pieces = line.split(/(?<=[.!?])\s+/);
    for (const [index, piece] of pieces.entries()) {
      current = current ? `${current} ${piece}` : piece;
      const next = pieces[index + 1] ?? "";
      const continues =
        isAbbreviation(current) ||
        // A bracket (masked by rawClauses) belongs to what stands before it ("versand mgl. (versichert 9,90)").
        next.startsWith("\ue000") ||
        // "Lübeck-St. Jürgen", "in St. Augustin": "St." before a name is "Sankt", not "Stück".
        (/(?:^|-|(?<!\d)\s)St\.$/u.test(current) && /^\p{Lu}/u.test(next)) ||
        (ORDINAL.test(current) && next !== "") ||
        (ABBREVIATION_BEFORE_LOWER.test(current) &&
          /^[a-zäöüß\d]/.test(next) &&
          // "… schatzkiste usw. kinder spielen …": a list's "usw." ends it before a new subject.
          !(/(?:^|\s)(?:usw|etc)\.$/i.test(current) && NEW_SUBJECT.test(next))) ||
        // A floor: "köln ehrenfeld 3. og ohne aufzug".
        (/(?<!\d)\d{1,2}\.$/.test(current) &&
          /^(?:og|eg|dg|ug|stock|etage|obergeschoss|gen|generation|auflage|edition|ausgabe|staffel|klasse|hand|wahl)(?!\p{L})/iu.test(
            next,
          )) ||
        // A unit abbreviated after a number, the sentence going on: "ca. 2 J. alt", "5 Std. bei voller Helligkeit".
        (UNIT_AFTER_NUMBER.test(current) && AFTER_MEASURE.test(next));
      if (!continues) {
        sentences.push(current.trim());
        current = "";
      }
    }
    if (current.trim()) sentences.push(current.trim());
  }
  return sentences.filter(Boolean);
}

/**
 * German's closed classes that make a piece of a note a sentence rather than a list item: personal
 * pronouns as subjects and the finite forms of the auxiliaries and modals. A sentence is never cut
 * at "und" ("habe ich die Dichtung und das Sieb getauscht", "muss abgebaut und abgeholt werden").
 */
const SENTENCE_WORD =
  /(?<!\p{L})(?:ich|wir|du|ihr|er|es|man|bin|bist|ist|sind|seid|war|waren|hat|hab|habe|haben|hatte|hatten|wird|werden|wurde|wurden|kann|können|konnte|muss|müssen|musste|soll|sollte|sollen|darf|dürfen|will|wollen|möchte|möchten)(?!\p{L})/iu;
/** A piece that only continues the one before it: a subordinate clause ("…, wenn die Anzeige online ist"). */
const SUBORDINATE_START =
  /^(?:wenn|ob|dass|weil|da|was|wo|wobei|falls|sofern|obwohl|obgleich|damit|bevor|nachdem|solange|sobald|sodass|bis)(?!\p{L})/iu;
/** A piece that points back to the one before: "das andere ist ok", "diese sind nicht enthalten", "der Rest ist top". */
const ANAPHOR =
  /^(?:(?:der|die|das|den)\s+(?:andere|anderen|zweite|restlichen?|rest)|diese[rsn]?\s+(?:ist|sind|war|waren|hat|haben|fehlt|fehlen|liegt|liegen|gibt|funktioniert|funktionieren))(?!\p{L})/iu;
/** A few words without a verb that say where something is ("Staub und Farbe am Gehäuse"). */
const TRACES_WHERE =
  /^(?:\p{L}+\s+){1,4}(?:am|an\s+(?:der|den|dem)|auf\s+(?:der|dem)|im|innen|außen|unten|oben|seitlich|hinten|vorne)(?:\s+\p{L}+){0,2}[.!]*$/iu;
/** An alternative to the piece before ("…, oder gern auch Abholung in Krefeld"): no clause of its own. */
const ALTERNATIVE_START = /^(?:oder|bzw\.|beziehungsweise|alternativ)\s+\p{L}/iu;
/** A sentence that only adds to the one before ("Er ist für alle Herde geeignet. Auch für Induktion."). */
const ADDS_TO_BEFORE = /^auch\s+(?:für|mit|in|bei|als|ohne|im|am)\s+(?:\p{L}+\s+){0,2}\p{L}+[.!]*$/iu;
/**
 * A relative clause ("…, die ein neues Leuchtmittel braucht", "…, die in eine kleinere Wohnung gezogen
 * sind"): a pronoun, then words, then the finite verb at the end — never a main clause whose verb
 * stands second ("die Matratze ist neu") or a noun after the article ("das Kabel fehlt").
 */
function isRelativeClause(piece: string): boolean {
  const words = piece.replace(/[.!]+$/, "").split(/\s+/);
  if (words.length < 4 || !/^(?:der|die|das|dem|den|deren|dessen|welche[rsmn]?)$/iu.test(words[0])) return false;
  if (/^\p{Lu}/u.test(words[1]) || isNoun(words[1].toLowerCase())) return false;
  const last = words.at(-1) ?? "";
  const finite =
    /^(?:ist|sind|war|waren|hat|haben|hatte|wird|werden|wurde|kann|können|muss|müssen|soll)$/iu.test(last) ||
    (/^\p{Ll}{3,}(?:t|en)$/u.test(last) && !isNoun(last));
  return finite && !words.slice(1, -1).some((word) => /^(?:ist|sind|war|hat|haben|wird)$/iu.test(word));
}
/**
 * "von geburt an nutzbar, hat paar pillinge …": a defect said of the item after a quality of it (an
 * adjective ends the piece before) is a statement of its own, not the quality's ("aber" keeps them together).
 */
function defectAfterQuality(previous: string, piece: string): boolean {
  const last = previous.trim().split(/\s+/).at(-1)?.toLowerCase() ?? "";
  return (
    ADJECTIVE.test(last) && DEFECT.test(piece) && !DEFECT.test(previous) && !/(?<!\p{L})(?:aber|jedoch|allerdings)(?!\p{L})/iu.test(piece)
  );
}
/** A piece that says what holds otherwise, or why ("rest alles ok"): it goes on with the one before. */
const CONTINUATION_START =
  /^(?:sonst|ansonsten|also|aber|jedoch|allerdings|seitdem|seither|danach|dann|deshalb|deswegen|daher|rest\s+(?:ist\s+)?(?:alles\s+)?(?:gut|top|super|einwandfrei|ok|okay|in\s+ordnung|funktioniert|läuft))(?!\p{L})/iu;
/** A contrast of a few words without a verb of its own ("die meisten aber schon", "innen aber top"). */
const SHORT_CONTRAST = /^(?:\p{L}+\s+){1,3}aber(?:\s+\p{L}+){0,2}[.!]*$/iu;
/**
 * A piece that qualifies the one before: a contrast inside it ("…, die Anzeige ist aber gut lesbar"),
 * a short verdict with a pronoun ("…, dicht ist sie"), what still works ("…, aufwickeln geht nur per Hand").
 */
const FLOOR =
  /^(?:(?:es|er|sie|das\s+\p{L}+)\s+(?:steht|stehen|ist|liegt)\s+)?(?:im\s+)?(?:\d{1,2}\.\s*)?(?:og|eg|dg|ug|erdgeschoss|obergeschoss|dachgeschoss|hochparterre|parterre|souterrain|stock|etage)(?:\s+(?:ohne|mit)\s+(?:aufzug|fahrstuhl|lift))?[.!]*$/iu;
const ONE_MEASURE = String.raw`(?:ca\.?\s*)?\d+(?:[.,]\d+)?\s*(?:cm|mm|m)?\s+(?:breit|tief|hoch|lang|dick)`;
/** One measure or more ("90 cm tief und 105 cm hoch"). */
const MEASURE = new RegExp(String.raw`^${ONE_MEASURE}(?:\s+(?:und|x)\s+${ONE_MEASURE})*[.!]*$`, "iu");
// The lexicon's colours, in a dark or light shade or as a compound's end ("olivgrün").
const COLOUR = String.raw`(?:\p{L}{3,}(?:grün|blau|grau|braun|gelb)|(?:dunkel|hell)?(?:${COLOURS.join("|")}))`;
const COLOURS_ALONE = new RegExp(String.raw`^${COLOUR}(?:\s*(?:\/|-|und|&)\s*${COLOUR})*[.!]*$`, "iu");
const QUALIFIER =
  /^(?:\p{L}+\s+){1,3}(?:ist|sind|war|waren|läuft|laufen|funktioniert|funktionieren|geht|gehen|hat|haben|lässt|sieht|hält)\s+aber(?!\p{L})|^\p{L}+\s+(?:ist|sind|war|läuft|geht|funktioniert)\s+(?:sie|er|es)(?:\s+\p{L}+)?[.!]*$|^\p{L}+\s+(?:geht|gehen|klappt|klappen|funktioniert|funktionieren)\s+(?:aber\s+)?(?:nur|noch|trotzdem)(?!\p{L})|^(?:\p{L}+\s+)?ohne\s+(?:einfluss|auswirkung|auswirkungen|beeinträchtigung|folgen)(?:\s+auf\s+\p{L}+(?:\s+\p{L}+)?)?[.!]*$/iu;
/** A piece about the old or a new one of what the piece before names ("netz ist neu, alte war gerissen", "neue kosten 15 €"). */
const OLD_OR_NEW =
  /^(?:(?:der|die|das)\s+)?(?:alte|alter|altes|neue|neuer|neues|vorherige|ursprüngliche)\s+(?:war|ist|sind|waren|hatte|kostet|kosten|gibt|gab|liegt|liegen|kommt|bleibt)(?!\p{L})/iu;
/** A clause that starts with its finite verb has its subject in the piece before ("…, ist aber dicht"). */
const FINITE_VERB_START =
  /^(?:bin|ist|sind|war|waren|hat|habe|haben|hatte|wird|werden|wurde|kann|können|muss|müssen|soll|sollte|darf|will|möchte|gibt|geht|bekommt|kommt|mache|melde|brauch|brauche|brauchen|braucht)(?!\p{L})/iu;
/** A verb with a contrast or a "together" that says it of the piece before ("…, funktioniert aber 1a", "…, passen zusammen"). */
const VERB_OF_BEFORE =
  /^(?:passt|passen|läuft|laufen|hält|halten|funktioniert|funktionieren|geht|gehen|sieht|zeigt|wärmt|klingt|riecht|schließt)\s+(?:aber|trotzdem|dennoch|zusammen)(?!\p{L})/iu;

/**
 * A piece that opens a list of things: a count or a contents word before a colon ("ca 25 teile:
 * bodys, strampler", "zubehör: …") or words that say what comes with the item ("dabei sind
 * flachrührer, knethaken, …", "marken h&m, c&a").
 */
const LIST_LEAD =
  /(?:\d\s*-?\s*(?:\p{L}+\s+){0,4}\p{L}+|dabei|zubehör|lieferumfang|inhalt|enthalten|marken?)\s*:\s*[\p{L}\d]|(?:^|\s)(?:dazu|dabei)\s+(?:gibt\s+es|bekommst\s+du|bekommt\s+ihr|kommen?)\s+\p{L}|^dazu\s+(?:noch\s+)?\p{L}|\s+mit\s+\d+\s+\p{L}+$|^(?!(?:standort|ort|wohnort|abholung|versand|preis|zustand|farbe|größe|maße|marke|modell|baujahr|zahlung|bezahlung|hinweis|info)\s*:)\p{L}+\s*:\s*\p{L}|^(?:(?:mit\s+)?dabei\s+(?:sind|ist)|mit\s+dabei|enthalten\s+sind|marken?|zum\s+(?:lieferumfang|set|paket|angebot|zubehör)\s+(?:gehören|gehört|zählen)|im\s+lieferumfang\s+(?:sind|ist|enthalten))\s+\p{L}/iu;
/** A piece that ends in "mit" and one or two words ("… aufblasbar mit paddel"). */
const MIT_LEAD = /\s(?:mit|samt|inkl\.?|inklusive|plus)\s+(?:[\p{L}\d]+\s+){0,2}[\p{L}\d]+(?:\s*\ue000\d+\ue001)?[.!]*$/iu;
/** The last things of a list: "leash und rucksack", "kasse und waage". */
const LIST_END = /^(?:[\p{L}\d]+\s+){0,2}\p{L}+\s+und\s+(?:[\p{L}\d]+\s+){0,2}\p{L}+[.!]*$/iu;
/** Three or more things of a few words each, no statement, defect, handover or amount among them. */
function isShortList(pieces: string[]): boolean {
  return (
    pieces.length >= 3 &&
    pieces.every((piece) => {
      // Things only: a count before a noun at most ("3 akkus"), no measure, code, state or verb.
      const words = piece
        .replace(/^\d{1,2}\s+(?=\p{L})/u, "")
        .trim()
        .split(/\s+/);
      const last =
        words
          .at(-1)
          ?.toLowerCase()
          .replace(/[.!]+$/, "") ?? "";
      return (
        isListItem(piece) &&
        words.length <= 3 &&
        words.every((word) => /^\p{L}[\p{L}-]*[.!]*$/u.test(word)) &&
        !ADJECTIVE.test(last) &&
        !PARTICIPLE.test(last) &&
        !/^(?:super|top|gut|ok|okay|neu|vorhanden|dabei|drin|dran|da|inkl|inklusive|ca|läuft|geht|fehlt)$/u.test(last) &&
        !DEFECT.test(piece) &&
        !HANDOVER.test(piece)
      );
    })
  );
}

/** A thing in such a list: a few words, no sentence, no price, no statement ("keine Kratzer", "Versand …"). */
function isListItem(piece: string): boolean {
  return (
    // A few words each: the list's end may be two things ("einen Gurt und ein Klinkenkabel mit 3 m Länge").
    piece.split(/\s+(?:und|sowie|oder)\s+/iu).every((part) => part.split(/\s+/).length <= 7) &&
    piece.split(/\s+/).length <= 14 &&
    // A label of its own starts no item of the list before it ("Farbe: Rot, Größe: M").
    !/^\p{L}+\s*:/u.test(piece) &&
    !SENTENCE_WORD.test(piece.split(/\s+und\s+/i)[0]) &&
    !/\d\s*(?:€|euro|eur)(?!\p{L})/iu.test(piece) &&
    !/^(?:kein|keine|keinen|nur|ohne|versand|abholung|preis|np|vb|top|super|sehr|neu|alles|alle)(?!\p{L})/iu.test(piece)
  );
}

/** A piece that goes on with the numbering of the one before ("erweiterungen 1 wirtshäuser …, 2 händler …"). */
function continuesNumbering(previous: string, piece: string): boolean {
  const next = piece.match(/^(\d)\s+\p{L}/u);
  if (!next) return false;
  return new RegExp(String.raw`(?:^|\s)${Number(next[1]) - 1}\s+\p{L}`, "u").test(previous);
}

/** A list's thing of one word typed in lower case is a noun ("knethaken", "bodys"): capitalised. */
function thingOfList(piece: string): string {
  // "leash und rucksack": each thing of the list's end.
  if (/\sund\s/u.test(piece))
    return piece
      .split(/(\s+und\s+)/u)
      .map((part, index) => (index % 2 ? part : thingOfList(part)))
      .join("");
  if (/^\p{Ll}+[.!]*$/u.test(piece)) return piece.charAt(0).toUpperCase() + piece.slice(1);
  // "vario lanze": a name before its noun ("Vario Lanze"); "rote stifte", "halbe flasche" keep their adjective.
  const [first, second] = piece.split(/\s+/);
  return second &&
    /^\p{Ll}{3,}$/u.test(first) &&
    !/(?:e|en|er|es|em)$/u.test(first) &&
    !ADJECTIVE.test(first) &&
    !COLOURS_ALONE.test(first) &&
    !NUMBER_WORD.test(first) &&
    !SMALL_WORD.test(first) &&
    isNoun(second.toLowerCase())
    ? piece.charAt(0).toUpperCase() + piece.slice(1)
    : piece;
}
const SMALL_WORD =
  /^(?:der|die|das|den|dem|des|ein|kein|mein|dein|sein|ihr|unser|euer|und|oder|mit|ohne|für|von|aus|bei|zum|zur|im|am|vom|beim|inkl|plus|sowie|auch|noch|nur|fast|sehr|ganz|viel|viele|alle|etwas|bis|als|wie|pro|je)$/u;
/** Counts written as words, which stand before a noun like an adjective ("zwei kabel"). */
const NUMBER_WORD = /^(?:zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf)$/u;

/** The comma-pieces of a sentence, a subordinate clause kept with the clause it belongs to, a list with its lead. */
function commaPieces(sentence: string): string[] {
  const pieces: string[] = [];
  let inList = false;
  const all = sentence.split(/,\s+/);
  // "3 akkus, ladehub, tasche, ersatzpropeller": a line of things only is one list.
  const shortList = isShortList(all);
  for (const [index, piece] of all.entries()) {
    // A greeting takes no clause after it ("Hallo ihr Lieben, da ich kaum noch backe …").
    const previous = pieces.at(-1);
    // A list's items stay with its lead while they are items: a few words, no sentence of their own.
    const listItem: boolean = inList && isListItem(piece);
    // "nur abholung, leipzig plagwitz": the place of the pickup said just before, written as a name.
    const placeAfterPickup =
      previous !== undefined &&
      /abhol/iu.test(previous) &&
      !/(?<!\p{L})(?:in|bei|aus)\s/iu.test(previous) &&
      placeClause(piece.replace(/[.!]+$/, "")) !== null;
    const joins: boolean =
      previous !== undefined &&
      !SOCIAL.test(previous) &&
      (listItem ||
        continuesNumbering(previous, piece) ||
        SUBORDINATE_START.test(piece) ||
        // A piece without its own subject or an amount goes on with the one before ("…, ist aber dicht"), as do
        // "sonst …" and a short contrast ("…, die meisten aber schon").
        (FINITE_VERB_START.test(piece) && !/(?<![\p{L}\d])\d+(?:[.,]\d+)?(?!\p{L})/u.test(piece) && !defectAfterQuality(previous, piece)) ||
        // "…, das andere ist ok", "…, diese sind nicht enthalten": what points back to the piece before.
        ANAPHOR.test(piece) ||
        VERB_OF_BEFORE.test(piece) ||
        ADDS_TO_BEFORE.test(piece) ||
        // "rücklicht geht nicht mehr, glaub kabel": the seller's guess at the cause goes with the defect.
        (/^(?:glaub|glaube|vermutlich|wahrscheinlich|evtl\.?|eventuell|vllt\.?|vielleicht)\s+\p{L}/iu.test(piece) &&
          piece.split(/\s+/).length <= 4 &&
          DEFECT.test(previous)) ||
        // "mit tieren, 2 fahrzeugen und bauplatte": the last things of what comes with the item, after its "mit".
        (/^(?:mit|inkl\.?|samt)\s+(?:[\p{L}\d]+\s+){0,2}\p{L}+$/iu.test(previous) && LIST_END.test(piece)) ||
        // "Vibration geht, Musik leider nicht mehr": the verb of the piece before, left out; no fragment of its own.
        (/^\p{L}+\s+(?:leider\s+|aber\s+)*nicht(?:\s+mehr)?[.!]*$/iu.test(piece) &&
          /(?<!\p{L})(?:geht|gehen|funktioniert|funktionieren|läuft|laufen|klappt)(?!\p{L})/iu.test(previous)) ||
        // "Zwei Herbste getragen, meistens beim Gassigehen": when or where, said of the piece before.
        /^(?:meistens|meist|oft|überwiegend|hauptsächlich)\s+(?:beim|bei|im|in|am|zum|auf)\s/iu.test(piece) ||
        // "…, in der Farbe Kirschrot": the colour of the thing before.
        /^in\s+(?:der\s+)?farbe\s+\p{L}+[.!]*$/iu.test(piece) ||
        // "…, es sind noch ca. 20 da": what is left of what the piece before names.
        /^es\s+(?:sind|ist)\s+(?:noch|nur|aber)(?!\p{L})/iu.test(piece) ||
        // "Gebrauchsspuren, Staub und Farbe am Gehäuse": more traces of use, where they are, after a defect.
        (TRACES_WHERE.test(piece) &&
          !SENTENCE_WORD.test(piece) &&
          DEFECT.test(previous) &&
          !NEGATION.test(previous) &&
          !DEFECT.test(piece)) ||
        ALTERNATIVE_START.test(piece) ||
        // "…, OVP auch": one more thing of the kind before.
        /^(?:\p{L}+\s+)?\p{L}+\s+auch[.!]*$/iu.test(piece) ||
        CONTINUATION_START.test(piece) ||
        SHORT_CONTRAST.test(piece) ||
        QUALIFIER.test(piece) ||
        // "…, der sich abschleifen lässt": a relative clause; "…, weiß/mint": the colour of what stands before;
        // "…, geölt": a participle alone.
        /^(?:der|die|das|welche[rsm]?)\s+(?:sich|man|ich|er|sie|es|wir|nicht|kaum|noch|aber|leider|nur|erst|auch|fast)(?!\p{L})/iu.test(
          piece,
        ) ||
        COLOURS_ALONE.test(piece) ||
        placeAfterPickup ||
        // "…, Erdgeschoss", "…, 3. OG": the floor of the place before; "…, 45 cm tief": one more measure.
        FLOOR.test(piece) ||
        (MEASURE.test(piece) && /\d\s*(?:cm|mm|m)(?!\p{L})|\d\s+(?:breit|tief|hoch|lang|dick)(?!\p{L})/iu.test(previous)) ||
        // "…, von meiner Tante": where the thing before comes from.
        /^(?:von|vom)\s+(?:meiner|meinem|meinen|unserer|unserem|unseren)\s+\p{L}+[.!]*$/iu.test(piece) ||
        // "…, mit Klebeband geflickt": how the thing before was mended or used, without a subject of its own.
        /^(?:mit|ohne|per|durch|von)\s+(?:\p{L}+\s+){0,3}(?:ge|be|ver|er|zer|ent)\p{L}+(?:t|en)[.!]*$/iu.test(piece) ||
        (/^\p{Ll}+$/u.test(piece) && PARTICIPLE.test(piece)) ||
        OLD_OR_NEW.test(piece) ||
        // "…, einzeln nicht", "…, die Matratze nicht": a negation of a thing alone goes with what it negates.
        /^(?:(?:der|die|das|den|ein|eine|einen)\s+)?(?:\p{L}+\s+)?nicht(?:\s+mehr)?[.!]*$/iu.test(piece) ||
        // "Original, nicht von Ali": what it is not, said of the piece before.
        /^nicht\s+(?:von|aus|vom|gefälscht|nachgemacht)(?!\p{L})/iu.test(piece) ||
        // "…, das Brot löst sich trotzdem gut": what holds despite the piece before.
        (/(?<!\p{L})(?:trotzdem|dennoch)(?!\p{L})/iu.test(piece) && piece.split(/\s+/).length <= 8) ||
        isRelativeClause(piece) ||
        // "…, 8-teilig mit Mesh-Fellen": how many parts the thing before has.
        /^\d+-(?:teilig|tlg|fach)(?!\p{L})(?!\s*:)/iu.test(piece) ||
        // "…, insgesamt etwa fünfmal": how often or how much, said of the clause before.
        /^(?:insgesamt|zusammen|ungefähr|ca\.?|etwa|so)\s+(?:(?:etwa|ca\.?|so)\s+)?\p{L}*\d*\p{L}*(?:mal|x)?[.!]*$/iu.test(piece) ||
        // "…, siehe Bild 2" points to the clause before it; "…, sieht man nur, wenn …" goes on with it.
        /^(?:siehe|s\.)\s/iu.test(piece) ||
        /^\p{L}+\s+(?:man|es)(?!\p{L})/iu.test(piece));
    const joined = listItem
      ? thingOfList(piece)
      : placeAfterPickup
        ? piece.replace(/(?<![\p{L}])\p{Ll}/gu, (letter) => letter.toUpperCase())
        : piece;
    if (joins) pieces[pieces.length - 1] += `, ${joined}`;
    else pieces.push(piece);
    // "… mit paddel, pumpe, leash und rucksack": things after "mit", a list where a short "x und y" ends it.
    const thingsAfterMit = MIT_LEAD.test(piece) && all.slice(index + 1).some((later) => LIST_END.test(later));
    inList = joins ? listItem : LIST_LEAD.test(piece) || thingsAfterMit || shortList;
    // The lead's own first thing: "dabei sind flachrührer" → "dabei sind Flachrührer".
    if (inList && !joins)
      pieces[pieces.length - 1] = piece.replace(
        /((?:sind|ist|dabei|:)\s*)(\p{Ll}+[.!]*)$/u,
        (_, lead: string, thing: string) => lead + thingOfList(thing),
      );
  }
  return pieces;
}

/** A past participle, also of a separable verb ("getestet", "nachgeschliffen"). */
const SEPARABLE_PARTICIPLE = /^(?:ab|an|auf|aus|ein|mit|nach|vor|zu|um|durch|zurück)ge\p{L}{3,}(?:t|en)$/iu;
function endsInParticiple(half: string): boolean {
  const word =
    half
      .replace(/[.!?)\s]+$/, "")
      .split(/\s+/)
      .at(-1) ?? "";
  return PARTICIPLE.test(word) || SEPARABLE_PARTICIPLE.test(word);
}

/** A piece that ends in being there ("Schieber dabei"). */
const THERE = /(?<!\p{L})(?:dabei|anbei|enthalten|vorhanden|inklusive)[.!]*$/iu;

/** Whether "und"/"sowie" joins two list items here, so the piece may be cut there. */
function joinsItems(piece: string, halves: string[]): boolean {
  if (halves.some((half) => half.split(/\s+/).length < 2)) return false;
  // "passen auf 195/65 R15 und 205/60 R15", "6, 8 und 10 mm": "und" between two values of one thing.
  if (halves.slice(1).some((half) => /^\d/.test(half))) return false;
  // "ohne Akku und ohne Ladegerät": one list of what is left out, or comes with it.
  if (/^(?:ohne|mit)\s/iu.test(halves.at(-1) ?? "") && /(?<!\p{L})(?:ohne|mit)\s/iu.test(halves[0])) return false;
  // "Traktor mit Frontlader und Kipper-Anhänger": what follows "und" shares the preposition before it.
  // ("Display ohne Kratzer und Akku bei 89 %": a thing left out, then a new subject.)
  if (/(?<!\p{L})(?:mit|samt|inkl\.?|inklusive)\s+(?:\S+\s+){0,2}\S+$/iu.test(halves[0]) && !SENTENCE_WORD.test(halves.at(-1) ?? ""))
    return false;
  // "mit Gestell in Birke und dem Bezug Hillared": a dative or accusative after "und" shares the preposition before it.
  if (halves.slice(1).some((half) => /^(?:dem|den|einem|einen|des|eines)(?!\p{L})/iu.test(half))) return false;
  if (SENTENCE_WORD.test(piece)) return false;
  // "mit rosa Schürze und weißer Bluse": an adjective in the dative after "und" shares the preposition before it.
  if (
    halves.slice(1).some((half) => /^\p{Ll}+(?:er|em)\s+\p{L}/u.test(half)) &&
    /(?<!\p{L})(?:mit|ohne|aus|von)\s+(?:\S+\s+){0,2}\S+$/iu.test(halves[0])
  )
    return false;
  // "immer mit Hülle und Panzerglas benutzt": two objects of one preposition share the participle after them.
  const last =
    halves
      .at(-1)
      ?.replace(/[.!?]+$/, "")
      .split(/\s+/) ?? [];
  if (last.length === 2 && PARTICIPLE.test(last[1]) && /(?<!\p{L})(?:mit|ohne|in|auf|an|aus|von|bei|für)\s+\S+$/iu.test(halves[0]))
    return false;
  // "alle Pfännchen und Schieber dabei": the things before "und" share the word of being there after it.
  if (
    THERE.test(halves.at(-1) ?? "") &&
    (halves.at(-1) ?? "").split(/\s+/).length <= 4 &&
    !halves.slice(0, -1).some((half) => THERE.test(half))
  )
    return false;
  // "AF schnell und leise an der X-T30 getestet": what comes before "und" shares the participle at
  // the end, where it has none of its own.
  if (endsInParticiple(halves.at(-1) ?? "") && !halves.slice(0, -1).some(endsInParticiple)) return false;
  // Nouns are capitalised: where the seller writes them so, a lower-case word or a number before "und"
  // is a modifier that shares the noun after it ("1er und 2er Sieb", "rote und blaue Stifte").
  const capitalisedNouns = /\s\p{Lu}/u.test(piece);
  return halves.slice(0, -1).every((half) => {
    const last = half.split(/\s+/).at(-1) ?? "";
    return !capitalisedNouns || /^\p{Lu}/u.test(last);
  });
}

/**
 * Splits a note into clauses: sentences, ", " and "und"/"sowie" between two list items — never
 * inside brackets. The words stay as the seller typed them, so the price phrases are found in them.
 */
export function rawClauses(note: string): string[] {
  const { masked, restore } = maskBrackets(note);
  // An emoticon ends its sentence as a full stop would ("… schreiben :) Danke …").
  // An emoji ends its sentence too ("Original, nicht von Ali 😉 Kaufbeleg …").
  const sentences = sentencesOf(
    masked
      .replace(/\s*(?::-?[)(DP]|;-?\)|\^\^)(?=\s|$)/g, ".")
      .replace(/\s*\p{Extended_Pictographic}[\uFE0F\u200D\p{Extended_Pictographic}]*(?=\s|$)/gu, "."),
  );
  const clauses: string[] = [];
  for (const sentence of sentences) {
    const pieces = commaPieces(sentence);
    // "Bei einem Stuhl ist ein Riss. Das andere ist ok.": a sentence that points back goes on with the one before.
    // "Versand für 5 €. Oder Abholung in Kiel.": an alternative way of handing over, to the one before.
    const alternative = ALTERNATIVE_START.test(pieces[0]) && HANDOVER.test(pieces[0]) && HANDOVER.test(clauses.at(-1) ?? "");
    // "Versand ist möglich. Kostet dann 12 € extra.": the cost of the way of handing over before it.
    const cost = /^(?:kostet|kosten)\s/iu.test(pieces[0]) && HANDOVER.test(clauses.at(-1) ?? "");
    if (clauses.length > 0 && (ANAPHOR.test(pieces[0]) || alternative || cost || ADDS_TO_BEFORE.test(pieces[0])))
      clauses[clauses.length - 1] =
        `${clauses[clauses.length - 1].replace(/[.!?]+$/, "")}, ${pieces.shift()?.replace(/^\p{Lu}(?!\p{Lu})/u, (letter) => letter.toLowerCase())}`;
    for (const piece of pieces) {
      // "Abholung und Versand möglich" stays one clause; "Display ohne Kratzer und Akku bei 89 %" splits.
      // Only the piece's own words are cut at "und"; what joined it after a comma ("…, daher keine
      // Kratzer") goes on with its last half.
      const [head, ...joined] = piece.split(/,\s+/);
      const halves = head.split(/\s+(?:und|sowie)\s+/i);
      // A list's last thing after "und" stays in the list ("Kabel: HDMI, DP und USB dabei").
      // A price and what it is for stay one clause ("55 € für Sessel und Hocker zusammen").
      // What the seller sells is one thing however it is named ("verkaufe Wasserkocher und Toaster von Kenwood").
      if (
        halves.length > 1 &&
        !LIST_LEAD.test(piece) &&
        !SELLER_INTRO.test(head) &&
        !/\d\s*(?:€|euro|eur)(?!\p{L})/iu.test(piece) &&
        joinsItems(head, halves)
      ) {
        if (joined.length > 0) halves[halves.length - 1] += `, ${joined.join(", ")}`;
        clauses.push(...halves);
      } else clauses.push(piece);
    }
  }
  return clauses
    .map(restore)
    .map(cleanClause)
    .filter((clause) => clause.length >= 2);
}

/** The note's clauses in the ad's words (`wordClause`), none of them empty. */
export function splitClauses(note: string): string[] {
  return rawClauses(note)
    .map(wordClause)
    .filter((clause) => clause.length >= 2);
}

/** Abbreviations that may end a clause, written out ("Versand mögl." → "Versand möglich"). */
const CLAUSE_END_WORDS: Record<string, string> = {
  "mögl.": "möglich",
  "vorh.": "vorhanden",
  "neuw.": "neuwertig",
  "verh.": "verhandelbar",
};

/**
 * Words to the reader, not about the item: greetings, sign-offs, thanks and "bei Interesse melden".
 * A clause of nothing else is left out; the ad has its own greeting-free start and closing line.
 */
const SOCIAL_WORDS = String.raw`hallo|hallöchen|hallöle|hallihallo|hi|heyho|hey|tschö|nabend|n'abend|in\s+die\s+runde|huhu|na|tschüss|tschüs|ciao|bye|bis\s+(?:dann|bald|später)|na\s+ihr|na\s+du|moin(?:\s+moin)?|moinsen|tach|servus|grüß\s+gott|grüß\s+(?:euch|dich)|grüezi|(?:guten|n|'n|nen|einen)\s+(?:schönen\s+)?(?:tag|morgen|abend)|(?:liebe|viele|beste|schöne|freundliche)\s+grüße|mit\s+freundlichen\s+grüßen|grüße|gruß|lg|vg|mfg|danke(?:\s+schön)?|vielen\s+dank|schönen\s+(?:abend|tag|sonntag|abend\s+noch|tag\s+noch)(?:\s+noch)?|zusammen|ihr\s+lieben|ihr|liebe\s+leute|leute|lol|haha|hihi|xd`;
const SOCIAL = new RegExp(
  String.raw`^(?:(?:${SOCIAL_WORDS})(?!\p{L})[\s,!.]*)+$|^(?:hallo|hallöchen|hi|hey|moin|servus)\s+(?:liebe|lieber|liebes|ihr|alle)\s+\p{L}+[\s!.]*$|^(?:(?:liebe|viele|beste|schöne)\s+)?(?:grüße|gruß|lg|vg|mfg|tschö|tschüss|tschüs|ciao|bye)\s+\p{L}+[\s!.]*$|^(?:(?:liebe|viele|beste|schöne)\s+)?(?:grüße|gruß|lg|vg|mfg)\s+aus\s+(?:\d{5}\s+)?\p{L}[\p{L}-]*(?:\s+\p{L}[\p{L}-]*)?[\s!.]*$|^(?:danke|vielen\s+dank)\s+(?:fürs|für\s+(?:das|dein|euer|ihr))\s+(?:lesen|schauen|anschauen|interesse)$|^(?:bei\s+(?:interesse|fragen)\s+)?(?:gerne?\s+|einfach\s+|bitte\s+)*(?:melden|schreiben|anschreiben|eine\s+nachricht(?:\s+schreiben)?|fragen|meldet\s+euch|schreibt\s+mir|schreib\s+mir)(?:\s+(?:einfach|gerne?|bitte))*$`,
  "iu",
);
/** A laugh or an emoticon at the end of a clause ("Keine Tauschangebote lol", "… schreiben :)"). */
const TRAILING_CHATTER = /(?:\s+(?:lol|haha|hihi|xd|sorry)(?!\p{L})|\s*(?::-?[)(DP]|;-?\)|\^\^))+\s*[.!]*$/iu;
/**
 * A sign-off glued to the end of a clause, with the seller's name ("… Hermes Päckchen) vg lena");
 * "lg" only alone ("lg oled" is a television), "LG" in capitals is a brand.
 */
const TRAILING_SIGN_OFF =
  /(?:^|\s+)(?:lg|(?:vg|mfg|(?:[Vv]iele\s+|[Ll]iebe\s+|[Ss]chöne\s+|[Bb]este\s+)?(?:[Gg]ruß|[Gg]rüße|GRÜSSE))(?:\s+\p{L}+)?)[\s.!]*$/u;
/** The seller's own "verkaufe hier mein …": the ad has its own first sentence; the item that follows stays. */
const SELLER_INTRO =
  /^(?:ich\s+|wir\s+)?(?:(?:verkaufe|verkaufen|biete|bieten|verschenke|verschenken)(?:\s+(?:hier|euch|nun|jetzt|heute|schweren\s+herzens))*|(?<=^)(?:gebe|geb)(?=\s+(?:mein|meine|meinen|unser|unsere|unseren|den|die|das|einen|eine|ein|nen)\s)|(?:hab|habe|haben)\s+hier|zum\s+verkauf\s+(?:steht|stehen)(?:\s+hier)?|(?:verkauft|angeboten)\s+(?:wird|werden)(?:\s+hier)?|zu\s+verkaufen\s+(?:ist|sind|steht|stehen)(?:\s+hier)?)(?:\s+(?:mein|meine|meinen|meinem|unser|unsere|unseren|unseres|ein|eine|einen|nen|ne|den|die|das|diesen|diese|dieses))?\s+(?!(?:ihn|sie|es|ihm|ihr|ihnen)(?!\p{L}))/iu;
/** A greeting before the first statement ("hi hab hier …", "Hallo zusammen, …"). */
const LEADING_GREETING =
  /^(?:hallo|hallöchen|hi|heyho|hey|huhu|na\s+ihr|na|moin(?:\s+moin)?|servus|tach|grüß\s+(?:euch|dich|gott)|(?:guten|n|'n|nen)\s+(?:tag|morgen|abend))(?:\s+(?:zusammen|leute|ihr\s+lieben|ihr|alle|in\s+die\s+runde))?[\s,!.]+(?=\p{L})/iu;
/** The articles of a masculine noun in the accusative. */
const MASCULINE_ACCUSATIVE = /^(?:einen|nen|meinen|unseren|den|diesen)$/;
/**
 * What a seller says of warranty and returns ("Privatverkauf, keine Garantie oder Rücknahme"): the
 * legal block every ad ends with says it, in the words the law allows (a dealer may not exclude it
 * at all), so the clause is no line of the ad (ADR 086), with or without its reason ("keine
 * Rücknahme da Privatverkauf").
 */
const SAID_BY_LEGAL_BLOCK =
  /^(?:privatverkauf|privater\s+verkauf|(?:keine|ohne)\s+(?:garantie|gewährleistung|sachmängelhaftung|rücknahme|umtausch)(?:[\s,]+(?:und\s+|oder\s+|,\s*)?(?:keine\s+)?(?:garantie|gewährleistung|sachmängelhaftung|rücknahme|umtausch))*|(?:garantie|gewährleistung|rücknahme|umtausch)(?:\s+(?:und|oder)\s+(?:garantie|gewährleistung|rücknahme|umtausch))*\s+(?:ausgeschlossen|nicht\s+möglich))(?:[\s,]+(?:da|weil|wegen)\s+privat(?:verkauf)?)?$/iu;
/** A clause cut out of the note: bullets, a laugh at its end and a sentence's own dot taken off; its words as typed. */
function cleanClause(clause: string): string {
  // "Versand mögl.." (the abbreviation's dot and the sentence's): one dot, so the abbreviation is written out, never cut.
  let trimmed = clause
    .replace(/^[\s•*–-]+/, "")
    .trim()
    .replace(TRAILING_CHATTER, "")
    .replace(TRAILING_SIGN_OFF, "")
    .replace(/(?<!\.)\.{2}$/, ".")
    .replace(/!{2,}/g, "!");
  trimmed = trimmed.replace(/(\S+\.)$/, (word: string) => CLAUSE_END_WORDS[word.toLowerCase()] ?? word);
  // A dot that belongs to an abbreviation stays ("inkl. Dock u. Kabel usw."); a sentence's own goes.
  const abbreviated = isAbbreviation(trimmed) || /(?:^|\s)(?:usw|etc|stk|mwst)\.$/i.test(trimmed);
  return abbreviated ? trimmed.replace(/[\s,;!]+$/, "") : trimmed.replace(/[\s.,;!]+$/, "").trim();
}

/**
 * A clause in the ad's words: "" for words to the reader (greetings, thanks) and for what the legal
 * block says; the seller's "verkaufe hier mein" taken off; chat spellings written out; nouns, brands
 * and codes spelled as a careful seller writes them. Applied after the price phrases are taken out,
 * which are found in the words as the seller typed them.
 */
export function wordClause(clause: string): string {
  const bare = clause.replace(/[\s.,!]+$/, "");
  if (SOCIAL.test(bare) || SAID_BY_LEGAL_BLOCK.test(bare)) return "";
  // "paar Kratzer" as sellers type it is "ein paar Kratzer".
  // "biete meine alte Konsole an": the particle goes with "biete".
  // "… zu verkaufen", "… abzugeben": the ad says it; the item before it stays. A reason keeps its verb
  // ("nur wegen Umstieg auf größeres abzugeben").
  // "…, und der Schalter knackt": a statement of its own needs no "und" before it.
  // "hab 3 schraubzwingen von bessey abzugeben 30cm spannweite": the things, what the seller has them for said by the ad.
  // "vollständig weiß ich nicht": what the seller does not know, said as a sentence ("Ob vollständig, weiß ich nicht").
  // "2 leute mitbringen is schwer": the reason after the request ("2 Leute mitbringen, da schwer").
  // "…, glaub kabel": the seller's guess ("…, vermutlich Kabel").
  clause = clause
    .replace(LEADING_GREETING, "")
    .replace(/^(?:ob\s+)?(\p{L}+)\s+(wei(?:ß|ss)\s+ich\s+nicht)[.!]*$/iu, "ob $1, $2")
    .replace(/(mitbringen)\s+(?:is|ist)\s+((?:sehr\s+|ziemlich\s+|echt\s+)?schwer)(?!\p{L})/iu, "$1, da $2")
    .replace(/(,\s+)glaub(?:e)?\s+(?!ich(?!\p{L}))(?=\p{L})/iu, "$1vermutlich ");
  if (!/(?:^|\s)(?:wegen|weil|da|aufgrund|daher|deshalb|deswegen)(?:\s|$)/iu.test(clause))
    clause = (/^(?:ich\s+)?hab/iu.test(clause) ? clause.replace(HAVE_TO_GIVE, "$1") : clause).replace(
      /\s+(?:zu\s+verkaufen|abzugeben)(?=$|\s+(?:mit|inkl\.?|samt)\s)/iu,
      "",
    );
  clause = clause.replace(/^(?:und|sowie)\s+(?=\p{L}{3})/iu, "");
  const offered = /^(?:ich\s+|wir\s+)?biete/iu.test(clause) && SELLER_INTRO.test(clause);
  // "geb unsere regentonne ab garantia 300 liter": the particle of "abgeben" goes with the verb.
  const given = /^(?:ich\s+|wir\s+)?geb/iu.test(clause) && SELLER_INTRO.test(clause);
  const article = clause.match(SELLER_INTRO)?.[0].trim().split(/\s+/).at(-1)?.toLowerCase() ?? "";
  let worded = clause
    .replace(SELLER_INTRO, "")
    // Without its article, the adjective takes the nominative: "(hab hier nen) höhenverstellbaren Schreibtisch" → "höhenverstellbarer Schreibtisch".
    .replace(/^(\p{Ll}{3,}?)en(?=\s+\p{L})/u, (whole: string, stem: string) =>
      MASCULINE_ACCUSATIVE.test(article) && ADJECTIVE.test(stem) ? `${stem}er` : whole,
    )
    .replace(offered ? /\s+an(?=$|\s*,|\s+(?:weil|da|denn|und|wegen)(?!\p{L}))/iu : /$^/, "")
    .replace(given ? /\s+ab(?=$|\s)/iu : /$^/, "")
    .replace(/^paar\s+(?=\p{L})/iu, "ein paar ")
    // "(… für beide,) einzeln 120": the price per piece, in euros.
    .replace(/^(einzeln|je|pro\s+stück)\s*:?\s*(\d+(?:,\d{1,2})?)$/iu, "$1 $2 €")
    // A weak noun in the accusative after the seller's "verkaufe unseren …" is nominative on its own.
    .replace(/^(\p{L}*automat)en(?=\s)/iu, (whole: string, noun: string) => (MASCULINE_ACCUSATIVE.test(article) ? noun : whole))
    // "(25 € für beides,) einzeln nicht": the lot is sold together only.
    .replace(/^einzeln\s+nich?t?$/iu, "nur zusammen abzugeben");
  worded = sellersWords(worded);
  if (!/\p{L}{2}|\p{L}&\p{L}/u.test(worded) || /^(?:für|nur|jetzt|zu|ab|à|hier)$/iu.test(worded)) return "";
  // A name spelled with a capital inside ("iPad", "eBay") keeps its small first letter.
  return /^\p{Ll}+\p{Lu}/u.test(worded) ? worded : worded.charAt(0).toUpperCase() + worded.slice(1);
}

/** VAT belongs to the price ("inkl. MwSt", "MwSt. ausweisbar"): never an item in the contents. */
/** The VAT phrase of a clause: "inkl. MwSt.", "zzgl. 19 % MwSt", "MwSt. ausweisbar". */
const VAT_PHRASE =
  /(?:(?<!\p{L})(?:inkl\.?|incl\.?|inklusive|zzgl\.?|zuzüglich|plus)\s*(?:\d{1,2}\s?%\s*)?|^(?:\d{1,2}\s?%\s*)?)(?:mwst|mehrwertsteuer|umsatzsteuer|ust)(?!\p{L})\.?(?:\s+(?:ausweisbar|ausgewiesen))?/iu;

/** A clause that ends in how the item was used. */
const USED =
  /(?<!\p{L})(?:benutzt|genutzt|verwendet|getragen|gefahren|gelagert|betrieben|aufbewahrt|bespielt|gespielt|gelesen|gelaufen)(?=\s*(?:$|,))|^(?:war|wurde|lag|stand)\s+immer\s|^immer\s+(?:mit|in|im)\s/iu;

/** "hab 3 schraubzwingen … abzugeben …": the things the seller has to give. */
const HAVE_TO_GIVE =
  /^(?:ich\s+)?hab(?:e)?\s+(?:hier\s+)?(?:noch\s+)?(\S.*?)\s+(?:abzugeben|zu\s+verkaufen|zu\s+verschenken|übrig)(?=$|\s)/iu;

/** A look the seller wants ("(soll so)", "so gewollt", "Patina"): no defect. */
const WANTED_LOOK = /(?<!\p{L})(?:soll\s+so(?:\s+sein)?|so\s+gewollt|so\s+gewünscht|patina)(?!\p{L})/iu;
/** What the seller does not know of the item ("weiß ich nicht", "nicht getestet", "ungeprüft"). */
const UNKNOWN_TO_SELLER =
  /(?<!\p{L})(?:wei(?:ß|ss)\s+ich\s+nicht|keine\s+ahnung\s+ob|nicht\s+(?:getestet|geprüft|ausprobiert|nachgezählt|kontrolliert)|ungetestet|ungeprüft)(?!\p{L})/iu;

/** The old one of a part that is new ("…, alte war gerissen"): no defect of the item. */
const REPLACED_PART =
  /(?:neu|neue|neuer|neues|getauscht|ersetzt)\p{L}*\s*,\s*(?:(?:der|die|das)\s+)?(?:alte|alter|altes|vorherige)\s+(?:war|hatte)(?!\p{L})/iu;
/** The household the item comes from ("Nichtraucherhaushalt", "keine Haustiere"): a detail, not its condition. */
const HOUSEHOLD =
  /^(?:aus\s+)?(?:(?:wir\s+sind|es\s+ist|ist|sind|kommt|kommen)\s+(?:aus\s+)?(?:ein(?:em)?\s+)?)?(?:\p{L}+\s+)?(?:nichtraucher\p{L}*|rauchfrei\p{L}*|tierfrei\p{L}*|(?:keine|ohne)\s+(?:haus)?tiere|tier-?\s*(?:und|&)\s*rauchfrei\p{L}*)(?:\s+\p{L}+){0,2}$/iu;

/** The box, the manual or the receipt, and that it is gone: nothing else in the clause. */
const MISSING_PAPERS =
  /^(?:die\s+|der\s+|eine\s+)?(?:ovp|originalverpackung(?:en)?|original\s?kartons?|kartons?|verpackung(?:en)?|rechnung|quittung|kaufbeleg|anleitung(?:en)?|bedienungsanleitung(?:en)?)\s+(?:ist\s+|sind\s+|habe\s+ich\s+|hab\s+ich\s+|gibt\s+es\s+|gibt's\s+|gibts\s+)?(?:leider\s+)?(?:nicht\s+mehr(?:\s+(?:da|vorhanden))?|nicht\s+(?:mehr\s+)?vorhanden|fehlt|fehlen|weg|keine?\s+mehr)[.!]*$/iu;
/** The box or the papers and that they are gone, anywhere in a clause. */
const PAPERS_GONE =
  /(?<!\p{L})(?:ovp|originalverpackung|original\s?kartons?|karton|verpackung|rechnung|quittung|kaufbeleg|anleitung|bedienungsanleitung)\s+(?:ist\s+|sind\s+|habe\s+ich\s+|gibt\s+es\s+)?(?:leider\s+)?(?:nicht\s+mehr(?:\s+(?:da|vorhanden))?|nicht\s+(?:mehr\s+)?vorhanden|fehlt|fehlen|keine?\s+mehr)(?!\p{L})/iu;
/** Why a seller sells: no use, no room, the item outgrown or the seller moving. */
const REASON_TO_SELL =
  /(?<!\p{L})(?:(?:spielen|spielt|brauche|brauchen|braucht|benutze|benutzen|nutze|nutzen|fahre|fahren|trage|tragen|spiele|lese|lesen|höre|hören|verwende|verwenden)(?:\s+\p{L}+){0,2}\s+nicht\s+mehr|(?:passt|passen|gefällt|gefallen)\s+(?:mir|uns|ihm|ihr|ihnen)\s+(?:\p{L}+\s+){0,4}?nicht\s+mehr|(?:zeit|lust|platz|motivation)(?:\s+\p{L}+){0,3}\s+fehlt|kein(?:en)?\s+(?:platz|bedarf|verwendung|interesse|zeit)(?:\s+mehr)?|zu\s+(?:klein|groß|eng|weit)\s+geworden|(?:passt|passen)\s+nich?t\s+(?:mehr\s+)?(?:für|in|zu|an|auf)\s+(?:das\s+|den\s+|die\s+|unser\p{L}*\s+|mein\p{L}*\s+)?neu\p{L}*|(?:abgenommen|zugenommen)(?:[\s,]+(?:\p{L}+\s+){0,3}?nich?t\s+mehr)?|(?:spiele|spiel|zocke|zock|fahre|fahr|nutze|benutze|lese|trage)\s+(?:\p{L}+\s+){0,2}?(?:kaum|nur|nicht)\s+(?:noch|mehr)|(?:wird|werden)\s+(?:\p{L}+\s+){0,3}?nich?t\s+mehr\s+(?:gebraucht|benötigt|genutzt|benutzt)|(?:mein|meine|meinem|meiner|unser|unsere)\s+\p{L}+\s+(?:macht|will|wollen|kann|können|mag|mögen|spielt|spielen)(?:\s+\p{L}+)?\s+nich?t\s+mehr(?:\s+mit)?(?=\s*(?:$|[,.;!]|(?:deshalb|daher|darum|deswegen)(?!\p{L})))|(?:deshalb|darum|daher|deswegen)\s+(?:muss\s+(?:er|sie|es|das\s+\p{L}+)\s+)?(?:weg|raus)|(?:habe|hab)\s+mir\s+(?:\p{L}+\s+){1,3}(?:kaputt\s+gemacht|verletzt|gebrochen)|(?:und\s+)?(?:höre|hör)\s+auf(?!\p{L})|passt\s+(?:\p{L}+\s+){0,3}nich?t\s+mehr(?=\s*$)|(?:passt|passen)\s+(?:\p{L}+\s+){0,2}nich?t\s+mehr\s+zu(?!\p{L})|umzug|umzieh\p{L}*|herausgewachsen|rausgewachsen)(?!\p{L})/iu;

const NO_SHIPPING_RX = new RegExp(NO_SHIPPING, "iu");
const NO_PICKUP_RX = new RegExp(NO_PICKUP, "iu");
/** Trying or seeing the item before buying it. */
const TRY_FIRST =
  /(?<!\p{L})(?:ausprobieren|auszuprobieren|anschauen|anzuschauen|ansehen|anzusehen|antesten|anzutesten|probespielen|probehören|anprobieren|probefahrt|probesitzen|vorführen)(?!\p{L})/iu;
/** Whether a way of handing over works: "ist kein Problem", "geht (auch|nicht)", "ist möglich". */
const HANDOVER_VERDICT =
  /(?<!\p{L})(?:(?:ist|wäre)\s+(?:\p{L}+\s+)?kein\s+problem|geht\s+(?:\p{L}+\s+)?(?:auch|nich?t|klar)|(?:ist|wäre)\s+(?:\p{L}+\s+)?(?:nicht\s+)?möglich|klappt\s+(?:\p{L}+\s+)?(?:auch|nich?t))(?!\p{L})/iu;

export function classifyClause(text: string): ClauseKind {
  if (CONTACT.test(text)) return "contact";
  if (ASKING.test(text) || VAT_PHRASE.test(text)) return "price";
  if (HOUSEHOLD.test(text)) return "spec";
  // Shipping or pickup ruled out ("Einen Versand bieten wir wegen der Bruchgefahr nicht an"): the handover, whatever else it names.
  if (NO_SHIPPING_RX.test(text) || NO_PICKUP_RX.test(text)) return "handover";
  // Whether shipping, pickup or trying the item first works ("Versand für 7 € ist kein Problem",
  // "Verschicken geht nicht", "Ausprobieren vorher ist kein Problem"): the handover, never the condition.
  if ((HANDOVER.test(text) || TRY_FIRST.test(text)) && HANDOVER_VERDICT.test(text)) return "handover";
  // "gerne vorher antesten": an offer to try the item first goes with the handover.
  if (TRY_FIRST.test(text) && /(?<!\p{L})(?:gern|gerne|vorher|vor\s+ort)(?!\p{L})/iu.test(text) && text.split(/\s+/).length <= 8)
    return "handover";
  // The box or the papers gone ("OVP leider nicht mehr") say what comes with the item, not a defect of it.
  if (MISSING_PAPERS.test(text)) return "contents";
  // "Ladekabel mit dabei, OVP nicht mehr": the box gone beside what comes with it is contents too.
  if (PAPERS_GONE.test(text) && !DEFECT.test(text.replace(PAPERS_GONE, " "))) return "contents";
  // Why the seller sells ("Kinder spielen nicht mehr damit") tells the item's past, not a defect.
  if (REASON_TO_SELL.test(text) && !DEFECT.test(text.replace(REASON_TO_SELL, " "))) return "history";
  // "Netz ist neu, alte war gerissen": what was wrong with a part that is replaced is its history.
  if (REPLACED_PART.test(text)) return "history";
  // "ist halt rostig (soll so)", "Patina gewollt": a look the seller means, no defect.
  if (WANTED_LOOK.test(text)) return "spec";
  // "vollständig weiß ich nicht", "nicht getestet": what the seller does not know is said as a note, never as a good word.
  if (UNKNOWN_TO_SELLER.test(text)) return "defect";
  // A defect said only in brackets after an item ("Glasschüssel (die hat eine kleine Macke)") leaves the clause what it is;
  // a negation only in brackets ("kleinen Chip (kein Sprung)") leaves the defect before it one.
  const outside = text.replace(/\([^()]*\)/g, " ");
  if (NEGATION.test(text) && (NEGATION.test(outside) || !DEFECT.test(outside))) return "positive";
  if (DEFECT.test(/\p{L}{3}/u.test(outside) ? outside : text)) return "defect";
  if (HANDOVER.test(text)) return "handover";
  if (HISTORY.test(text)) return "history";
  // How the item was used ("immer mit Hülle benutzt", "2 Saisons getragen") tells its condition, whatever it names.
  if (USED.test(text)) return "positive";
  // "Ist vollständig, habe es nach Anleitung kontrolliert": the item complete is its condition.
  if (/^(?:ist|sind|alles|set\s+ist)\s+(?:\p{L}+\s+)?(?:vollständig|komplett)(?!\p{L})/iu.test(text)) return "positive";
  // A contents word only inside brackets ("neu gemacht (Rechnung vorhanden)") does not make the clause contents.
  if (CONTENTS.test(text.replace(/\([^()]*\)/g, " "))) return "contents";
  if (POSITIVE.test(text)) return "positive";
  return "spec";
}

function findPlace(clauses: string[]): string | null {
  for (const clause of clauses) {
    const match =
      clause.match(
        /(?:[Aa]bhol\p{L}*|[Üü]bergabe|[Ss]tandort)[^,;]*?\s(?:in|aus|bei)\s+((?:\d{5}\s+)?[A-ZÄÖÜ][\p{L}-]+(?:[ -][A-ZÄÖÜ][\p{L}-]+)?)/u,
      ) ??
      clause.match(/^(?:standort|ort)\s*:?\s*((?:\d{5}\s+)?[A-ZÄÖÜ][\p{L}-]+(?:[ -][A-ZÄÖÜ][\p{L}-]+)?)/iu) ??
      clause.match(/\b(\d{5}\s+[A-ZÄÖÜ][\p{L}-]+)/u);
    if (match) return match[1];
  }
  return null;
}

function purchaseYear(note: string, now: Date): number | null {
  const year = note.match(PURCHASE_YEAR);
  const value = year ? Number(year[1] ?? year[2]) : null;
  if (value && value >= 1980 && value <= berlinYear(now.getTime())) return value;
  const ago = note.match(YEARS_OLD);
  if (ago) {
    const word = (ago[1] ?? ago[2]).toLowerCase();
    const years = NUMBER_WORDS[word] ?? Number(word);
    if (years > 0 && years < 50) return berlinYear(now.getTime()) - years;
  }
  return null;
}

/** The clause without the seller's price phrases; "" when nothing else was in it. */
/** Words a seller asks for the price with, and the lot it is for ("für alles zusammen", "fürs paar"). */
const ASKING_WORD = String.raw`(?:liegt|liegen|bei|beträgt|lautet|ich|wir|will|wollen|möchte|möchten|hätte|hätten|würde|gern|gerne|noch|dafür|haben|bekommen|mindestens|mind\.?|nur|jetzt|für|fürs|der|die|das|preis|ist|wäre|letzter|letzte|mein|meine|unser|alles|alle|beide|paar|zusammen|komplett|insgesamt|etwas|leicht|bedingt)`;
const ASKING_WORDS = new RegExp(String.raw`^(?:(?:${ASKING_WORD}|\d{1,2})(?:\s+|$))+$`, "iu");
/** The lot a price is for: "für" and a few words, "zusammen" at most ("für sessel und hocker zusammen"). */
const PRICE_FOR = /^(?:für|fürs)\s+(?:[\p{L}\d-]+\s+){0,5}?(?:zusammen|komplett|insgesamt|alles|beide|[\p{L}\d-]+)$/iu;
/** A run of them that starts with an asking verb ("will", "möchte", "hätte gern"). */
const ASKING_LEAD = new RegExp(
  String.raw`^(?:ich\s+|wir\s+)?(?:will|wollen|möchte|möchten|hätte|hätten|würde)\s+(?:${ASKING_WORD}\s+)*`,
  "iu",
);
const capitalFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function withoutPhrases(clause: string, phrases: string[]): string {
  let rest = clause;
  for (const phrase of phrases) {
    const at = rest.toLowerCase().indexOf(phrase.toLowerCase());
    if (at !== -1) rest = `${rest.slice(0, at)} ${rest.slice(at + phrase.length)}`;
  }
  if (rest === clause) return clause;
  const cleaned = rest
    .replace(/\s+/g, " ")
    .replace(/^[\s,.;:!–-]+|[\s,.;:!–-]+$/g, "")
    .trim()
    // "320 € + Versand" without its price: the buyer pays shipping on top.
    .replace(/^(?:\+|plus(?!\p{L}))\s*(?=[\p{L}\d])/iu, "zzgl. ")
    // "je 8 € oder alle zusammen 35 €" without the bundle: the per-piece price stays, not its "oder".
    .replace(/^(?:oder|und|bzw\.?|sowie)\s+|\s+(?:oder|und|bzw\.?|sowie)$/iu, "")
    .replace(/^(?:je|à|pro\s+stück)\s+(?=\d)/iu, "Einzeln je ")
    // "je 15€ beide zusammen 25" without the bundle: no "beide" left hanging.
    .replace(/\s+(?:beide|alle|alles|zusammen)$/iu, "");
  // What is left is only how the seller asks for the price ("will noch", "hätte gern", "fürs paar",
  // "mein"): the price line says it.
  if (ASKING_WORDS.test(cleaned)) return "";
  // The piece's price beside the lot's ("je 8€ beide zus 14"): the price line says both ("14 € (einzeln je 8 €)").
  const lot = phrases.some((phrase) =>
    /(?<!\p{L})(?:zusammen|zus|beide|beides|alle|alles|komplett|gesamt|set|paket)(?!\p{L})/iu.test(phrase),
  );
  if (lot && /^Einzeln je \d+(?:[.,]\d{1,2})?\s?(?:€|euro|eur)?\.?$/iu.test(cleaned)) return "";
  // What the price is for, and nothing else ("für Sessel und Hocker zusammen"): the title names it.
  if (PRICE_FOR.test(cleaned) && !SENTENCE_WORD.test(cleaned)) return "";
  // The asking words before what the seller says next go too ("will für alles zusammen einzeln
  // verkaufe ich nicht" → "Einzeln verkaufe ich nicht").
  const asked = cleaned.match(ASKING_LEAD);
  if (asked && asked[0].length < cleaned.length) return capitalFirst(cleaned.slice(asked[0].length));
  // What is left of a price clause is talk about the price ("oder nen Angebot machen"): the price line says it.
  if (/(?<!\p{L})(?:angebot|angebote|preisvorschl\p{L}*|vorschl\p{L}*|verhandel\p{L}*|handeln)(?!\p{L})/iu.test(cleaned)) return "";
  return /\p{L}{2}/u.test(cleaned) && !/^(?:(?:der\s+)?preis(?:\s+ist)?|für|nur|jetzt|zu|ab|à)$/i.test(cleaned)
    ? cleaned.charAt(0).toUpperCase() + cleaned.slice(1)
    : "";
}

/**
 * The clause without the offer's phrases, as the writer and the fact guard read it: the price
 * phrases, and a swap said alone ("keine Tauschangebote bitte"), which the offer's "🔁" line says.
 * A swap with more to it ("Tausch gegen Switch") stays whole.
 */
export function withoutOfferPhrases(clause: string, seller: Pick<SellerFacts, "phrases" | "words">): string {
  const rest = withoutPhrases(clause, seller.phrases);
  const swap = seller.words.swap;
  if (swap && rest.toLowerCase().includes(swap.toLowerCase())) {
    const left = withoutPhrases(rest, [swap]);
    if (!left || /^(?:bitte|leider|danke|sorry|möglich|gerne?)$/iu.test(left)) return "";
  }
  return rest;
}

/** "Funktioniert einwandfrei, …", "Läuft super, …": a verdict on how it works before a comma. */
const WORKS_THEN_DEFECT =
  /^((?:funktioniert|läuft|geht)\s+(?:alles\s+)?(?:einwandfrei|tadellos|super|top|perfekt|problemlos|gut|1a))\s*,\s+(?!(?:aber|nur|bis\s+auf)(?!\p{L}))(.+)$/iu;
/** Until when or from when ("bis Ende des Monats", "ab dem 15.", "spätestens Samstag"): a time, said of the clause before. */
const UNTIL =
  /^(?:(?:noch\s+)?bis|ab|spätestens|frühestens)\s+(?:(?:zum|zur|ende|mitte|anfang|nächste[nrs]?|diese[nrs]?|kommende[nrs]?|(?:mon|diens|donners|frei|sams|sonn)tag|mittwoch|wochenende|\d{1,2}\.)(?!\p{L})|\p{L}+\s+(?:des|der)\s)/iu;

/** The place in a handover clause as the record spells it ("abholen in Hanau Steinheim" → "… Hanau-Steinheim"). */
function asPlaceName(clause: string, city: string | null): string {
  // "frankfurt/oder" as the record spells it: "Frankfurt (Oder)".
  const river = city?.match(/^(.+) \((\p{L}+)\)$/u);
  if (river)
    return clause.replace(
      new RegExp(String.raw`(?<!\p{L})${escapeRegExp(river[1])}\s*/\s*${escapeRegExp(river[2])}(?!\p{L})`, "iu"),
      city!,
    );
  // Only a clause that names the district at all is read again (a pattern per clause costs more than the test).
  if (!city || !city.includes("-") || !clause.toLowerCase().includes(city.slice(city.lastIndexOf("-") + 1).toLowerCase())) return clause;
  const typed = new RegExp(
    String.raw`(?<!\p{L})${city
      .split("-")
      .map(escapeRegExp)
      .join(String.raw`[\s-]+`)}(?![\p{L}-])`,
    "iu",
  );
  return clause.replace(typed, city);
}

/** A defect without the seller's label before it: "Mängel: am Oberrohr ein Kratzer" → "Am Oberrohr ein Kratzer". */
function unlabelled(clause: string): string {
  const rest = clause.replace(/^(?:mängel|mangel|defekte?|schäden|schaden|macken)\s*:\s*/iu, "");
  return rest.length >= 2 ? rest.charAt(0).toUpperCase() + rest.slice(1) : clause;
}

/**
 * A handover clause as an ad says it: that a way works is "möglich" ("Versand für 15 € geht auch",
 * "… ist kein Problem"), an amount in "eur" is in euros.
 */
export function handoverWords(clause: string): string {
  return (
    clause
      // "Abholung Gelsenkirchen Buer": the place after "in", where the gazetteer knows it.
      .replace(
        /(?<!\p{L})([Aa]bholung|[Aa]bholen|abgeholt\s+werden)\s+(?=\p{Lu})/u,
        (whole: string, word: string, offset: number, text: string) => {
          const rest = text.slice(offset + whole.length);
          return knownPlace(rest) && !isAmbiguousPlaceWord(rest.split(/[^\p{L}]/u)[0] ?? "") ? `${word} in ` : whole;
        },
      )
      // "… oder abholen in Ettlingen": the other way named as the first is ("… oder Abholung in Ettlingen").
      .replace(/(\s(?:oder|od\.?|bzw\.?)\s+)abholen(?=\s+in\s|\s*$)/iu, "$1Abholung")
      // "Versand als Päckchen 4,50 €": the cost of the way ("… für 4,50 €").
      .replace(
        /(als\s+(?:päckchen|paket|brief|warensendung|büchersendung))\s+(?=\d{1,3}(?:,\d{1,2})?(?:\s*(?:€|euro|eur))?(?:\s*$|\s*[,;]|\s+(?:oder|und|möglich|mgl)(?!\p{L})))/iu,
        "$1 für ",
      )
      // "versand inkl": shipping included, as it is written.
      .replace(/(?<!\p{L})(versand)\s+inkl\.?(?=\s*$)/iu, "$1 inklusive")
      // "auf kosten käufer": the buyer's cost, as it is written.
      .replace(/(?<!\p{L})auf\s+kosten\s+(?:des\s+)?käufers?(?!\p{L})/iu, "auf Kosten des Käufers")
      // "Versand +6,99 gut verpackt": the cost of the way, as an ad says it ("Versand für 6,99 € …").
      .replace(/(?<!\p{L})(versand)\s+\+\s*(\d{1,3}(?:,\d{1,2})?)(?:\s*(?:€|euro|eur)(?!\p{L}))?(?!\s*(?:[.,]?\d|%))/iu, "$1 für $2 €")
      .replace(/\s+(?:geht|klappt)\s+(?:natürlich\s+|aber\s+|selbstverständlich\s+)*(?:auch|klar)(?=\s*(?:$|[,.;!]))/iu, " möglich")
      // "Abholen in Freiburg geht auch dann 40": the way, then its price.
      .replace(/\s+(?:geht|klappt)\s+(?:natürlich\s+|aber\s+)*(?:auch|klar)(?=\s+dann\s)/iu, " möglich,")
      .replace(/\s+(?:ist|wäre)\s+(?:natürlich\s+|auch\s+)*kein\s+problem(?=\s*(?:$|[,.;!]))/iu, " möglich")
      // "PayPal Freunde geht": a way that works, at the clause's end.
      .replace(/(?<=\p{L})\s+(?:geht|klappt)(?=\s*$)/iu, " möglich")
      // "Dazu kommen 4,50 € Versand": the cost on top of the price, said where no price stands before it.
      .replace(
        /^(?:dazu|plus)\s+(?:kommen|kommt)\s+(?:noch\s+)?(\d+(?:,\d{1,2})?\s*(?:€|eur(?:o)?(?!\p{L}))?)\s*(?=versand|porto)/iu,
        "Zzgl. $1 ",
      )
      .replace(/(\d)\s*eur(?:o)?(?!\p{L})/giu, "$1 €")
  );
}

export function readNote(note: string | null, now = new Date()): NoteFacts {
  const text = note ?? "";
  const seller = readSellerFacts(text);
  const seen = new Set<string>();
  const clauses: Clause[] = [];
  const serialMatch = text.match(SERIAL);
  for (const whole of rawClauses(text)) {
    const rest = withoutOfferPhrases(whole, seller);
    if (rest !== whole) clauses.push({ kind: "price", text: wordClause(whole) || whole });
    let clause = rest ? wordClause(rest) : "";
    // The VAT note goes with the price; the rest of its clause is read on its own ("inkl. MwSt. versand möglich").
    const vat = clause.match(VAT_PHRASE);
    if (vat) {
      clauses.push({
        kind: "price",
        text: `${vat[0]
          .trim()
          .replace(/mwst\.?/i, "MwSt")
          .replace(/^\p{Ll}/u, (first) => first.toUpperCase())}`,
      });
      const rest = clause
        .replace(vat[0], " ")
        .replace(/\s+/g, " ")
        .replace(/^[\s,.;:!–-]+|[\s,;:!–-]+$/g, "")
        .trim();
      clause = /\p{L}{2}/u.test(rest) ? rest.charAt(0).toUpperCase() + rest.slice(1) : "";
    }
    if (!clause) continue;
    const key = clause.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    // The serial number has its own line; the clause that states it is not repeated.
    if (serialMatch && SERIAL.test(clause) && clause.replace(SERIAL, "").trim().length < 4) continue;
    // A place standing alone after the first clause ("…, nur abholung, leipzig plagwitz") says where
    // the handover is: it goes with the handover, never under the details.
    let kind = clauses.some((read) => read.kind !== "price") && placeClause(clause) ? "handover" : classifyClause(clause);
    // The note's first clause names the item, with what comes with it ("PS5 Disc Edition mit 2
    // Controllern"): a detail of the item, not a line of the contents.
    if (
      kind === "contents" &&
      !clauses.some((read) => read.kind !== "price") &&
      /\p{L}{2}/u.test(clause.slice(0, clause.match(CONTENTS)?.index ?? 0))
    )
      kind = "spec";
    // The seller's own label before a defect ("Mängel: Kratzer am Rahmen") is the ad's heading already;
    // a bare amount of a handover clause is written in euros ("zzgl. 4,50 versand" → "zzgl. 4,50 € Versand").
    // "Sägeblatt ist aber stumpf", "Kalibrierung ist aber schon älter" on a line of its own: the contrast with the
    // line before does not stand alone.
    const own = clause.replace(/^((?:\p{L}+\s+){1,2}(?:ist|sind|hat|haben|war|waren))\s+aber\s+(?=\p{L})/u, "$1 ");
    const text = kind === "defect" ? unlabelled(own) : kind === "handover" ? inEuros(handoverWords(asPlaceName(own, seller.city))) : own;
    // "Funktioniert einwandfrei, Gehäuse hat ein paar Kratzer": how it works, then a defect of a part, two statements.
    const split = kind === "defect" ? WORKS_THEN_DEFECT.exec(text) : null;
    if (split && !DEFECT.test(split[1])) {
      clauses.push({ kind: "positive", text: split[1] }, { kind: "defect", text: capitalFirst(split[2]) });
      continue;
    }
    // "muss nur abgeholt werden\nbis ende des monats": until when, said of the handover before it.
    const last = clauses.at(-1);
    if (last?.kind === "handover" && UNTIL.test(text)) {
      last.text = `${last.text}, ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
      continue;
    }
    clauses.push({ kind, text });
  }
  const newPrice = text.match(NEW_PRICE) ?? text.match(PAID);
  const year = purchaseYear(text, now);
  return {
    clauses,
    place: findPlace(clauses.filter((clause) => clause.kind === "handover" || clause.kind === "spec").map((clause) => clause.text)),
    askingPrice: seller.price,
    priceType: seller.priceType,
    newPrice: newPrice ? euros(newPrice[1] ?? newPrice[3], newPrice[2] ?? newPrice[4]) || null : seller.newPrice,
    purchaseYear: year,
    // A construction year ("Baujahr 2019") is no purchase: only "gekauft 2020" / "Kaufdatum 2020" gives the line.
    purchaseYearWritten: year !== null && new RegExp(String.raw`(?:gekauft|kaufdatum)\D{0,15}${year}|${year}\s+gekauft`, "i").test(text),
    serialNumber: serialMatch ? serialMatch[1].toUpperCase() : null,
  };
}

/** What the seller says about VAT ("inkl. MwSt"): part of the price, written as a price line, never as contents. */
export function vatClauses(facts: NoteFacts): string[] {
  return facts.clauses
    .filter((clause) => clause.kind === "price" && VAT_PHRASE.test(clause.text) && !/\d/.test(clause.text))
    .map((clause) => clause.text);
}

/** The clauses of one kind, in the seller's order. */
export function clausesOf(facts: NoteFacts, kind: ClauseKind): string[] {
  return facts.clauses.filter((clause) => clause.kind === kind).map((clause) => clause.text);
}
