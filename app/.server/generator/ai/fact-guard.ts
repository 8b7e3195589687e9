// The fact guard (ADR 043): after every writer — offline, Workers AI, OpenAI-compatible —
// the ad text is checked against what the seller said (the note, the item name and the offer
// record) and what a model read from the photos. In Germany the ad text binds a private seller, so:
//   (a) every fact and exclusion the seller stated is in the text ("kein Ladekabel", "3. OG ohne
//       Aufzug"); a missing one is added as a bullet in the seller's words;
//   (b) no condition, year, accessory, service or offer that neither the seller nor the photo
//       analysis stated: an invented phrase ("in gutem Zustand") or sentence/bullet ("Besichtigung
//       ist gerne möglich", "Gekauft: 2024") is removed; a claim only the photos support stays and is
//       listed for the seller to confirm in the editor (`toConfirm`);
//   (c) abbreviations are never cut ("mögl" → "möglich") and brackets stay whole on one line.
// Deterministic rules on a few kilobytes of text: it runs on every generation.
import { FIXED, NEGOTIABLE } from "../../../lib/offer-vocabulary";
import { type Availability, type PriceType } from "../../../lib/offer-facts";
import { readSellerFacts } from "../../../lib/seller-price";
import { handoverWords, rawClauses, withoutOfferPhrases, wordClause } from "./note";

export type GuardRecord = {
  /** The asking price in cents (form or note), null when unsaid. */
  priceCents: number | null;
  priceType: PriceType | null;
  shipping: Availability | null;
  pickup: Availability | null;
  swap: boolean | null;
  /** Shipping cost in cents (0 = included), null when unsaid. */
  shippingCents: number | null;
};

export type GuardSource = {
  itemName: string;
  note: string | null;
  record: GuardRecord;
  /** What a model read from the photos; null where nothing looked at them (the offline writer). */
  photos: { condition: string | null; defects: Array<{ text: string }> } | null;
};

export type GuardChange =
  | { kind: "removed"; claim: string; text: string }
  | { kind: "trimmed"; claim: string; text: string }
  | { kind: "added"; text: string }
  | { kind: "repaired"; text: string };

export type GuardedText = {
  title: string;
  description: string;
  notes: string[];
  /** Claims in the text that only the photo analysis supports: the seller confirms them in the editor. */
  toConfirm: string[];
  changes: GuardChange[];
};

type Support = "seller" | "photos" | "none";

/** A kind of claim: where it is in a text, and who may have stated it. */
type Claim = {
  key: string;
  pattern: RegExp;
  /** Whether the record states it (offers); absent: the seller's words or the photos must. */
  record?: (record: GuardRecord) => boolean;
  /** Condition and wear may come from the photos; accessories, services and offers only from the seller. */
  photos?: boolean;
};

const L = String.raw`\p{L}`;
const rx = (source: string) => new RegExp(source, "giu");

/** Claims about the item's state: each says one thing, so "kaum benutzt" never supports "neuwertig". */
const CONDITION_CLAIMS: Claim[] = [
  {
    key: "neu",
    pattern: rx(
      String.raw`(?<!${L})(?:brand|nagel|fabrik)neu${L}*|zustand:?[*\s]*neu(?!${L})|(?<!${L})neu(?:e[mnrs]?)?\s+(?:und|mit)\s+(?:unbenutzt|ovp|originalverpackt|etikett)|(?:^|[,.;:\n]\s*)neu(?=\s*(?:$|[,.;!\n]))`,
    ),
    photos: true,
  },
  { key: "unbenutzt", pattern: rx(String.raw`unbenutzt|ungenutzt|ungetragen|unbespielt|(?:noch\s+)?nie\s+benutzt`), photos: true },
  { key: "originalverpackt", pattern: rx(String.raw`originalverpackt|ungeöffnet|versiegelt`), photos: true },
  { key: "neuwertig", pattern: rx(String.raw`neuwertig${L}*|neuzustand|wie\s+neu|fast\s+neu`), photos: true },
  {
    key: "kaum benutzt",
    pattern: rx(
      String.raw`(?:kaum|wenig|selten)\s+(?:benutzt|genutzt|getragen|gefahren|bespielt)|(?:1x|einmal|nur\s+\d+\s?x?)\s+(?:benutzt|genutzt|getragen|gefahren)`,
    ),
    photos: true,
  },
  { key: "sehr gut", pattern: rx(String.raw`sehr\s+gut${L}*\s+(?:zustand|erhalten)|zustand:?[*\s]*sehr\s+gut`), photos: true },
  { key: "top", pattern: rx(String.raw`top[-\s]?zustand|(?<!${L})top(?!${L})|1a[-\s]?zustand`), photos: true },
  {
    key: "einwandfrei",
    pattern: rx(String.raw`einwandfrei${L}*|tadellos${L}*|makellos${L}*|perfekt${L}*\s+zustand|hervorragend${L}*\s+zustand`),
    photos: true,
  },
  {
    key: "gut",
    pattern: rx(
      String.raw`(?<!sehr\s)(?<!${L})gut(?:e[mnrs]?)?\s+(?:zustand|erhalten)|(?<!sehr\s)(?<!${L})gut\s+gebraucht|zustand:?[*\s]*gut(?!${L})`,
    ),
    photos: true,
  },
  { key: "gepflegt", pattern: rx(String.raw`gepflegt${L}*`), photos: true },
  { key: "gebrauchsspuren", pattern: rx(String.raw`gebrauchsspur${L}*`), photos: true },
  {
    key: "funktioniert",
    pattern: rx(
      String.raw`funktionsfähig${L}*|funktionstüchtig${L}*|funktioniert(?!\s+nicht)|läuft\s+(?:einwandfrei|problemlos|super|gut|tadellos)|(?<!${L})getestet`,
    ),
    photos: true,
  },
  { key: "nichtraucher", pattern: rx(String.raw`nichtraucher${L}*|(?<!${L})nr-haushalt|rauchfrei${L}*`) },
  { key: "tierfrei", pattern: rx(String.raw`tierfrei${L}*|haustierfrei${L}*|tierhaarfrei|ohne\s+haustiere`) },
  { key: "unfallfrei", pattern: rx(String.raw`unfallfrei${L}*`) },
  { key: "scheckheft", pattern: rx(String.raw`scheckheft${L}*`) },
];

/** What comes with the item: each kind on its own ("mit OVP" needs OVP from the seller). */
const ACCESSORY_CLAIMS: Claim[] = [
  { key: "OVP", pattern: rx(String.raw`(?<!${L})ovp(?!${L})|originalverpackung|originalkarton|(?<!${L})karton(?!${L})`) },
  { key: "Rechnung", pattern: rx(String.raw`rechnung|quittung|kaufbeleg|kassenbon|(?<!${L})beleg(?!${L})`) },
  { key: "Ladegerät", pattern: rx(String.raw`ladekabel|ladegerät|netzteil|ladestation|ladeschale`) },
  { key: "Kabel", pattern: rx(String.raw`(?<!lade|${L})kabel(?!${L})`) },
  { key: "Fernbedienung", pattern: rx(String.raw`fernbedienung`) },
  { key: "Anleitung", pattern: rx(String.raw`anleitung|handbuch`) },
  { key: "Zubehör", pattern: rx(String.raw`zubehör`) },
  { key: "Hülle", pattern: rx(String.raw`hülle|schutzcase|(?<!${L})case(?!${L})|(?<!${L})cover(?!${L})`) },
  { key: "Tasche", pattern: rx(String.raw`(?<!${L})tasche(?!${L})|transporttasche|(?<!${L})koffer(?!${L})`) },
  { key: "Akku", pattern: rx(String.raw`ersatzakku|zweitakku|(?<!${L})(?:\d+|zwei|drei|vier)\s+akkus`) },
  { key: "Controller", pattern: rx(String.raw`controller|joy-?cons?`) },
  { key: "Schutzfolie", pattern: rx(String.raw`panzerglas|schutzfolie|displayschutz`) },
  { key: "Garantiekarte", pattern: rx(String.raw`garantiekarte`) },
];

/** Services and offers: the record or the seller's words state them, never a model. */
const OFFER_CLAIMS: Claim[] = [
  {
    key: "Besichtigung",
    pattern: rx(String.raw`besichtig${L}*|probefahrt|probesitzen|(?<!${L})anschauen|(?<!${L})ansehen|ausprobieren|vorführ${L}*`),
  },
  { key: "Garantie", pattern: rx(String.raw`(?:rest|hersteller)?garantie(?!karte)|gewährleistung`) },
  { key: "Rücknahme", pattern: rx(String.raw`rückgabe|rücknahme|umtausch|rückgaberecht`) },
  { key: "Zahlung", pattern: rx(String.raw`paypal|überweisung|barzahlung|(?<!${L})bar\s+(?:bei|vor)|vorkasse|sicher\s+bezahlen`) },
  { key: "Lieferung", pattern: rx(String.raw`(?<!${L})liefer(?:ung|e|n)(?!${L})|vorbeibringen|(?<!${L})bringe\s`) },
  {
    key: "Versand",
    pattern: rx(
      String.raw`versand(?!kosten\s*frei)|versende|verschick|(?<!${L})porto|(?<!${L})paket|päckchen|(?<!${L})(?:dhl|hermes|dpd|gls)(?!${L})`,
    ),
    record: (record) => record.shipping === "offered" || (record.shippingCents !== null && record.shipping !== "excluded"),
  },
  {
    key: "Abholung",
    pattern: rx(String.raw`abhol${L}*|abzuholen|selbstabhol${L}*`),
    record: (record) => record.pickup === "offered",
  },
  { key: "Tausch", pattern: rx(String.raw`(?<!${L})tausch${L}*`), record: (record) => record.swap === true },
  {
    key: "VB",
    // The offer vocabulary's cues (ADR 064), and a bid word a writer uses for them.
    pattern: rx(String.raw`${NEGOTIABLE}|(?<!${L})gebote?(?!${L})|preisvorschläge`),
    record: (record) => record.priceType === "vb",
  },
  {
    key: "Festpreis",
    pattern: rx(FIXED),
    record: (record) => record.priceType === "festpreis",
  },
];

const CLAIMS = [...CONDITION_CLAIMS, ...ACCESSORY_CLAIMS, ...OFFER_CLAIMS];

/** A negation shortly before a word ("kein Ladekabel", "ohne OVP", "nicht verhandelbar") or "… fehlt" after it. */
const NEGATION_BEFORE = new RegExp(
  String.raw`(?<!${L})(?:kein${L}*|ohne|nicht|frei\s+von|leider\s+nicht)\s+(?:${L}[${L}-]*\s+){0,2}$`,
  "iu",
);
/** "Versand fehlt", "… nicht möglich", "Versand zu sperrig" (a way ruled out by its reason). */
const NEGATION_AFTER =
  /^[\p{L}-]*\s*(?:fehl\p{L}*|nicht\s+(?:dabei|vorhanden|enthalten|möglich|mehr)|ausgeschlossen|entfällt|(?:ist\s+|wäre\s+)?(?:leider\s+)?zu\s+(?:sperrig|schwer|groß|gross|aufwendig|aufwändig|empfindlich|zerbrechlich)(?!\p{L}))/iu;

function negated(text: string, start: number, end: number): boolean {
  const clauseStart = Math.max(0, ...[",", ";", ".", "(", "\n", ":"].map((mark) => text.lastIndexOf(mark, start - 1) + 1));
  return NEGATION_BEFORE.test(text.slice(clauseStart, start)) || NEGATION_AFTER.test(text.slice(end));
}

/** Whether `source` states the claim (affirmatively when `affirmative`, else as an exclusion). */
function states(source: string, claim: Claim, affirmative: boolean): boolean {
  for (const match of source.matchAll(claim.pattern)) {
    if (negated(source, match.index, match.index + match[0].length) !== affirmative) return true;
  }
  return false;
}

function photoText(source: GuardSource): string {
  if (!source.photos) return "";
  // The analysis names a grade ("Sehr gut"): read as "Zustand: Sehr gut", as the text would say it.
  const condition = source.photos.condition ? `Zustand: ${source.photos.condition}` : "";
  return [condition, ...source.photos.defects.map((defect) => defect.text)].join("\n");
}

/** The seller's item name and note, as typed and in the ad's words ("funzt" → "funktioniert", ADR 086), read once per source. */
const sellerTexts = new WeakMap<GuardSource, string>();
function sellerText(source: GuardSource): string {
  let text = sellerTexts.get(source);
  if (text === undefined) {
    text = [source.itemName, source.note ?? "", ...rawClauses(source.note ?? "").map(wordClause)].join("\n");
    sellerTexts.set(source, text);
  }
  return text;
}

/** Who states a claim found at `match` in `unit`: the seller (note or record), only the photos, or nobody. */
function support(claim: Claim, unit: string, match: RegExpMatchArray, source: GuardSource): Support {
  const affirmative = !negated(unit, match.index!, match.index! + match[0].length);
  // An exclusion in the text ("kein Versand") claims nothing in the seller's favour unless an offer
  // says otherwise; only offers are checked both ways.
  if (!affirmative && !claim.record) return "seller";
  if (claim.record) {
    if (affirmative && claim.record(source.record)) return "seller";
    if (!affirmative && !claim.record(source.record)) return "seller";
    // "nur Abholung" against a record of both, "Versand möglich" against "nur Abholung": the record rules.
    return states(sellerText(source), claim, affirmative) && !(affirmative && recordDenies(claim, source.record)) ? "seller" : "none";
  }
  if (states(sellerText(source), claim, affirmative)) return "seller";
  if (claim.photos && states(photoText(source), claim, affirmative)) return "photos";
  return "none";
}

/** A record that says the opposite of an offer: no shipping denies shipping, no pickup denies pickup, "kein Tausch" a swap. */
function recordDenies(claim: Claim, record: GuardRecord): boolean {
  if (claim.key === "Versand") return record.shipping === "excluded";
  if (claim.key === "Abholung") return record.pickup === "excluded";
  if (claim.key === "Tausch") return record.swap === false;
  if (claim.key === "VB") return record.priceType === "festpreis";
  if (claim.key === "Festpreis") return record.priceType === "vb";
  return false;
}

const YEAR = /(?<![\p{L}\d.,/-])((?:19[89]|20[0-4])\d)(?![\d.,]*\s*(?:€|euro|eur|cm|mm|kg|w|gb|tb|mah|km|ps|u\/min)|[\p{L}\d])/giu;
const AMOUNT = /(?<![\p{L}\d.,])(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}|-))?\s?(?:€|euro(?!\p{L})|eur(?!\p{L}))/giu;

function euroCents(whole: string, fraction?: string) {
  const cents = fraction && fraction !== "-" ? Number(fraction.padEnd(2, "0")) : 0;
  return Number(whole.replace(/\./g, "")) * 100 + cents;
}

/** Amounts (in cents) the seller stated: every number of the note, and the record's price and shipping. */
function statedAmounts(source: GuardSource): Set<number> {
  const amounts = new Set<number>();
  for (const match of sellerText(source).matchAll(/(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}|-))?/g))
    amounts.add(euroCents(match[1], match[2]));
  if (source.record.priceCents !== null) amounts.add(source.record.priceCents);
  if (source.record.shippingCents !== null) amounts.add(source.record.shippingCents);
  return amounts;
}

/** Phrases a claim may sit in that can go without the sentence: "Ich verkaufe mein X in gutem Zustand." */
const CUTTABLE = [
  /,?\s+(?:in|im)\s+(?:einem\s+)?(?:sehr\s+|top\s+|absolut\s+)?(?:gut|neuwertig|einwandfrei|tadellos|hervorragend|perfekt|gepflegt|top)\p{L}*\s+zustand(?!\p{L})/giu,
  /,?\s+mit\s+(?:leichten|normalen|geringen|minimalen|kleinen|üblichen|altersbedingten|deutlichen)\s+gebrauchsspuren(?!\p{L})/giu,
  /,?\s+(?:neu\s+und\s+unbenutzt|wie\s+neu|neuwertig|kaum\s+benutzt)(?=\s*[.!]?$)/giu,
  /,?\s+(?:aus\s+(?:einem\s+)?)?(?:nichtraucher|tierfreien\s+nichtraucher)\p{L}*(?!\p{L})/giu,
];

type Finding = { claim: string; support: Support };

/** Every claim in one unit of text (a bullet, a heading, a sentence, a title part). */
function findings(unit: string, source: GuardSource, amounts: Set<number>, seller: string): Finding[] {
  const found: Finding[] = [];
  for (const claim of CLAIMS) {
    for (const match of unit.matchAll(claim.pattern)) found.push({ claim: claim.key, support: support(claim, unit, match, source) });
  }
  for (const match of unit.matchAll(YEAR)) {
    const stated = seller.includes(match[1]);
    found.push({ claim: `Jahr ${match[1]}`, support: stated ? "seller" : photoText(source).includes(match[1]) ? "photos" : "none" });
  }
  for (const match of unit.matchAll(AMOUNT)) {
    found.push({ claim: `Betrag ${match[0]}`, support: amounts.has(euroCents(match[1], match[2])) ? "seller" : "none" });
  }
  return found;
}

/** Abbreviations a writer may cut at a line end, with what they stand for. */
const CUT_ABBREVIATIONS: Record<string, string> = {
  mögl: "möglich",
  vorh: "vorhanden",
  neuw: "neuwertig",
  verh: "verhandelbar",
  gebr: "gebraucht",
  inkl: "inkl.",
  zzgl: "zzgl.",
  evtl: "evtl.",
  ggf: "ggf.",
  bzw: "bzw.",
  usw: "usw.",
  ca: "ca.",
};
const CUT = new RegExp(String.raw`(?<![\p{L}.])(${Object.keys(CUT_ABBREVIATIONS).join("|")})(?![\p{L}.])`, "giu");

function expandAbbreviations(line: string): string {
  return line.replace(CUT, (word: string) => {
    const expansion = CUT_ABBREVIATIONS[word.toLowerCase()];
    return /^\p{Lu}/u.test(word) ? expansion.charAt(0).toUpperCase() + expansion.slice(1) : expansion;
  });
}

const BULLET = /^(\s*(?:[-*•]|\d+\.)\s+)/;

/** Lines whose brackets do not close are joined with the lines that close them: "(Zelda TOTK" + "Mario Kart 8)". */
function joinBrackets(lines: string[]): string[] {
  const result: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index];
    while (depth(line) > 0 && index + 1 < lines.length && lines[index + 1].trim() !== "") {
      index += 1;
      line = `${line.replace(/\s+$/, "")}, ${lines[index].replace(BULLET, "").trim()}`;
    }
    // A bracket left open or a closing one without its opening: the stray mark goes.
    if (depth(line) !== 0 || /^[^(]*\)/.test(line)) line = line.replace(/[()]/g, (mark, at: number) => (strayAt(line, at) ? "" : mark));
    result.push(line);
  }
  return result;
}

function depth(line: string): number {
  return (line.match(/\(/g)?.length ?? 0) - (line.match(/\)/g)?.length ?? 0);
}

/** Whether the bracket at `at` has no partner on its line. */
function strayAt(line: string, at: number): boolean {
  const stray = new Set<number>();
  const openings: number[] = [];
  for (let index = 0; index < line.length; index++) {
    if (line[index] === "(") openings.push(index);
    if (line[index] === ")") {
      if (openings.length === 0) stray.add(index);
      else openings.pop();
    }
  }
  for (const index of openings) stray.add(index);
  return stray.has(at);
}

/** Sentences of a paragraph line; an abbreviation or an ordinal ("3.") ends none. */
function sentences(line: string): string[] {
  const pieces = line.split(/(?<=[.!?])\s+(?=\S)/);
  const result: string[] = [];
  for (const piece of pieces) {
    const last = result[result.length - 1];
    if (
      last !== undefined &&
      /(?:^|\s)(?:ca|inkl|zzgl|evtl|ggf|bzw|usw|etc|mögl|vorh|nr|gr|stk|z\.\s?b|d\.\s?h|u\.\s?a|m|u|\d{1,2})\.$/i.test(last)
    ) {
      result[result.length - 1] = `${last} ${piece}`;
    } else result.push(piece);
  }
  return result;
}

/** The unit without the claim's cuttable phrase, or null when the phrase cannot go alone. */
function trimmed(unit: string, source: GuardSource, amounts: Set<number>, seller: string): string | null {
  let result = unit;
  for (const phrase of CUTTABLE) {
    result = result.replace(phrase, (text: string) => {
      const rest = findings(text, source, amounts, seller);
      return rest.some((finding) => finding.support === "none") ? "" : text;
    });
  }
  if (result === unit || !/\p{L}{2}/u.test(result.replace(BULLET, ""))) return null;
  return findings(result, source, amounts, seller).some((finding) => finding.support === "none")
    ? null
    : result.replace(/\s+([.!,])/g, "$1");
}

/** Content words of a seller's clause: what must be found in the text for the fact to be there. */
const STOPWORDS = new Set(
  "der die das den dem des ein eine einen einem einer und oder mit ohne für von vom zum zur im in am an auf aus bei bis ist sind war hat habe wird nur noch auch sehr sowie als nach per über unter wie zu zusammen insgesamt damals".split(
    " ",
  ),
);

function stem(word: string) {
  return word.toLowerCase().slice(0, Math.max(4, Math.min(6, word.length - 2)));
}

function contentWords(clause: string): string[] {
  // A name with a version keeps it ("QL2.1"): its "1" is no amount of its own.
  return (clause.match(/\d+(?:[.,]\d+)*|\p{L}[\p{L}\d-]*(?:[.,]\d+)*/gu) ?? []).filter(
    (word) => (/\d/.test(word) || word.length >= 3) && !STOPWORDS.has(word.toLowerCase()),
  );
}

/** Whether the text says the seller's clause: its numbers all, and most of its words. */
function present(clause: string, written: string): boolean {
  // "2.199 €" in the text is the seller's "2199€": amounts are compared without thousands dots.
  const withoutDots = (value: string) => value.replace(/(?<![\d.,])\d{1,3}(?:\.\d{3})+(?![\d])/g, (amount) => amount.replace(/\./g, ""));
  const text = withoutDots(written);
  const haystack = text.toLowerCase();
  // The seller's "1.300 Watt" is found as the text's "1.300 Watt" too.
  const words = contentWords(withoutDots(clause));
  if (words.length === 0) return true;
  const numbers = words.filter((word) => /^\d/.test(word));
  if (!numbers.every((number) => new RegExp(`(?<![\\d.,])${number.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\d])`, "i").test(text)))
    return false;
  const found = words.filter((word) => haystack.includes(stem(word))).length;
  return found / words.length >= 0.6;
}

const EXCLUSION = new RegExp(String.raw`(?<!${L})(?:kein${L}*|ohne)\s+((?:${L}[${L}-]*\s+)?${L}[${L}-]*)`, "iu");

/** Whether the text keeps the seller's exclusion: the excluded thing, negated ("kein Ladekabel", "ohne OVP", "kratzerfrei"). */
function keepsExclusion(clause: string, text: string): boolean {
  const match = clause.match(EXCLUSION);
  if (!match) return true;
  const words = match[1].split(/\s+/);
  const noun = words.find((word) => /^\p{Lu}/u.test(word)) ?? words[words.length - 1];
  const root = stem(noun);
  const near = new RegExp(
    String.raw`(?<!${L})(?:kein${L}*|ohne|frei\s+von)\s+(?:${L}[${L}-]*\s+){0,2}?${escape(root)}|${escape(root)}${L}*\s*(?:fehl${L}*|nicht\s+(?:dabei|enthalten|vorhanden|möglich))|${escape(root)}${L}*frei`,
    "iu",
  );
  return near.test(text);
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The seller's clauses that state a fact the ad must carry, read as the offline writer reads them:
 * no links or contact details, and the price phrases taken out (the price and its VAT note have
 * their own fields; ADR 028, ADR 041).
 */
function statedClauses(note: string | null): string[] {
  const seller = readSellerFacts(note);
  return rawClauses(note ?? "")
    .filter((clause) => !/(?:https?:\/\/|www\.|\S@\S|\+49|(?<!\d)0\d{3,}|whats ?app|telegram|e-?mail|telefon)/i.test(clause))
    .map((clause) => {
      const rest = withoutOfferPhrases(clause, seller);
      return rest ? wordClause(rest) : "";
    })
    .filter((clause) => /\p{L}{2}/u.test(clause) && !/(?<!\p{L})(?:mwst|mehrwertsteuer|ust)(?!\p{L})/iu.test(clause));
}

function guardTitle(title: string, source: GuardSource, amounts: Set<number>, seller: string, changes: GuardChange[]): string {
  const [core = "", ...rest] = title.split(" – ");
  const highlights = rest.join(" – ").split(/,\s+/).filter(Boolean);
  const kept = highlights.filter((part) => {
    const invented = findings(part, source, amounts, seller).find((finding) => finding.support === "none");
    if (invented) changes.push({ kind: "removed", claim: invented.claim, text: part });
    return !invented;
  });
  let head = core;
  const invented = findings(head, source, amounts, seller).find((finding) => finding.support === "none");
  if (invented) {
    // The item's name stays; an invented word in it ("Neuwertiges iPhone") goes.
    const cleaned = CLAIMS.reduce(
      (text, claim) => text.replace(claim.pattern, (word: string) => (states(seller, claim, true) ? word : "")),
      head,
    )
      .replace(/\s{2,}/g, " ")
      // No joining word left without what it joined: "GSR 18V mit" → "GSR 18V".
      .replace(/(?:\s+(?:mit|inkl\.?|inklusive|samt|plus|und|&|\+)(?=\s+(?:mit|und|&|\+|,)\s|\s*,?\s*$))+/giu, "")
      .replace(/[\s,–-]+$/u, "")
      .trim();
    changes.push({ kind: "trimmed", claim: invented.claim, text: head });
    head = cleaned.length >= 3 ? cleaned : source.itemName;
  }
  return kept.length > 0 ? `${head} – ${kept.join(", ")}` : head;
}

/** The closing line of a description ("Bei Fragen einfach melden."): added facts go before it. */
function closingIndex(lines: string[]): number {
  const last = lines.length - 1;
  return last > 0 && !BULLET.test(lines[last]) && !/\*\*/.test(lines[last]) && lines[last].length < 80 ? last : lines.length;
}

function isHeading(line: string): boolean {
  return !BULLET.test(line) && /^\s*[^\s*]*\s*\*\*[^*:]+\*\*\s*$/u.test(line);
}

/** Drops section headings left without content (the next line is another heading, the closing line or nothing) and runs of blank lines. */
function tidy(lines: string[]): string[] {
  const result: string[] = [];
  const closing = closingIndex(lines);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line.trim() === "" && (result.length === 0 || result[result.length - 1].trim() === "")) continue;
    const next = lines.findIndex((candidate, at) => at > index && candidate.trim() !== "");
    // Nor before the closing line ("🚚 **Übergabe**" and then "Bei Fragen einfach melden.").
    if (index > 0 && isHeading(line) && (next === -1 || isHeading(lines[next]) || next === closing)) continue;
    result.push(line);
  }
  while (result.length > 0 && result[result.length - 1].trim() === "") result.pop();
  return result;
}

export function guardFacts(output: { title: string; description: string; notes: string[] }, source: GuardSource): GuardedText {
  const changes: GuardChange[] = [];
  const toConfirm: string[] = [];
  const seller = sellerText(source);
  const amounts = statedAmounts(source);

  const checkUnit = (unit: string): string | null => {
    const found = findings(unit, source, amounts, seller);
    const invented = found.find((finding) => finding.support === "none");
    if (invented) {
      const cut = trimmed(unit, source, amounts, seller);
      if (cut !== null) {
        changes.push({ kind: "trimmed", claim: invented.claim, text: unit });
        return cut;
      }
      changes.push({ kind: "removed", claim: invented.claim, text: unit });
      return null;
    }
    if (found.some((finding) => finding.support === "photos")) toConfirm.push(unit.replace(BULLET, "").replace(/\*\*/g, "").trim());
    return unit;
  };

  let lines = joinBrackets(output.description.replace(/\r/g, "").split("\n")).map((line) => {
    const expanded = expandAbbreviations(line);
    if (expanded !== line) changes.push({ kind: "repaired", text: expanded });
    return expanded;
  });
  lines = lines.flatMap((line) => {
    if (line.trim() === "") return [line];
    // A heading with a label ("✨ **Zustand: Gut**"): the label goes when nobody stated it.
    const heading = line.match(/^(\S*\s*\*\*)([^*:]+):\s*([^*]+)(\*\*\s*)$/);
    if (heading && !BULLET.test(line)) {
      const label = `${heading[2]}: ${heading[3]}`;
      const kept = checkUnit(label);
      if (kept === label) return [line];
      return [`${heading[1]}${heading[2]}${heading[4]}`.trimEnd()];
    }
    // A section name ("🚚 **Übergabe**") claims nothing; its bullets do.
    if (isHeading(line)) return [line];
    if (BULLET.test(line) || /^\s*\S*\s*\*\*[^*]+\*\*/.test(line)) {
      const kept = checkUnit(line);
      return kept === null ? [] : [kept];
    }
    const kept = sentences(line)
      .map(checkUnit)
      .filter((sentence): sentence is string => sentence !== null && sentence.trim() !== "");
    return kept.length > 0 ? [kept.join(" ")] : [];
  });

  const notes = output.notes.map(expandAbbreviations).filter((note) => checkUnit(note) === note);

  // (a) Every fact and exclusion the seller stated: what the text lacks is added in the seller's words.
  const text = [output.title, ...lines, ...notes].join("\n");
  // A handover clause is found as the writer words it too ("… geht natürlich auch" → "… möglich").
  const said = (clause: string) => present(clause, text) && keepsExclusion(clause, text);
  const missing = statedClauses(source.note).filter((clause) => !said(clause) && !said(handoverWords(clause)));
  const added = [...new Set(missing)].filter((clause) =>
    findings(clause, source, amounts, seller).every((finding) => finding.support !== "none"),
  );
  if (added.length > 0) {
    for (const clause of added) changes.push({ kind: "added", text: clause });
    const at = closingIndex(lines);
    lines = [...lines.slice(0, at), "", "📌 **Weitere Angaben**", ...added.map((clause) => `- ${clause}`), "", ...lines.slice(at)];
  }

  return {
    title: guardTitle(expandAbbreviations(output.title), source, amounts, seller, changes),
    description: tidy(lines).join("\n"),
    notes,
    toConfirm: [...new Set(toConfirm)],
    changes,
  };
}
