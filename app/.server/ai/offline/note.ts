// Reading the seller's note clause by clause. Each clause gets one class; a negation ("ohne",
// "keine", "frei von", "-frei") turns a defect word into a positive statement; links, e-mail
// addresses and phone numbers drop their whole clause (never half of it); each fact appears once.

export type ClauseKind = "defect" | "positive" | "spec" | "contents" | "history" | "handover" | "contact" | "price";

export type Clause = { kind: ClauseKind; text: string };

export type NoteFacts = {
  clauses: Clause[];
  /** The pickup place the seller named ("Köln-Ehrenfeld", "50667 Köln"), if any. */
  place: string | null;
  /** The seller's own asking price in euros ("VB 80 €", "Festpreis 50"). */
  askingPrice: number | null;
  /** The new price in euros ("NP 899 €", "gekauft 2022 für 3.299 €"). */
  newPrice: number | null;
  /** The purchase year ("gekauft 2020", "Baujahr 2019", "aus 2021"). */
  purchaseYear: number | null;
  serialNumber: string | null;
};

const AMOUNT = String.raw`(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}|-))?\s*(?:€|euro\b|eur\b)`;
const AMOUNT_LOOSE = String.raw`(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}|-))?\s*(?:€|euro\b|eur\b)?`;

function euros(whole: string, fraction?: string): number {
  const cents = fraction && fraction !== "-" ? Number(fraction.padEnd(2, "0")) / 100 : 0;
  return Number(whole.replace(/\./g, "")) + cents;
}

const CONTACT = /\b(?:https?:\/\/|www\.)\S*|\b[a-z0-9-]+\.(?:de|com|net|org|at|ch|eu|shop|info|io)\b|\S+@\S+|\b(?:whats ?app|telegram|signal|e-?mail|per mail|mail an|tel\.?|telefon|handynummer|ruf(?:t|en sie)? an)\b|(?:\+49|\b0)\s?\d{2,5}[\s/-]?\d{4,}/i;
const ASKING = new RegExp(String.raw`\b(?:vb|verhandlungsbasis|festpreis|preis(?:vorstellung)?)\s*:?\s*${AMOUNT_LOOSE}|${AMOUNT}\s*(?:vb|verhandlungsbasis|festpreis)\b`, "i");
const NEW_PRICE = new RegExp(String.raw`\b(?:np|neupreis|uvp|neu\s+(?:gekostet|für))\s*(?:war|lag bei|von|:)?\s*(?:ca\.?|etwa|rund)?\s*${AMOUNT_LOOSE}`, "i");
const PAID = new RegExp(String.raw`\b(?:gekauft|bezahlt|gekostet)\b[^.;]*?\bfür\s*(?:ca\.?|etwa)?\s*${AMOUNT_LOOSE}|\bfür\s*${AMOUNT}[^.;]*?\b(?:gekauft|bezahlt)\b`, "i");
const YEAR = String.raw`((?:19|20)\d{2})`;
const PURCHASE_YEAR = new RegExp(String.raw`\b(?:gekauft|kaufdatum|baujahr|bj\.?|modelljahr|gekauft im|aus dem jahr|aus|von|seit)\s*(?:(?:im|am)\s+)?(?:(?:0?[1-9]|1[0-2])[./]|(?:januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember)\s+)?${YEAR}\b|\b${YEAR}\s+gekauft\b`, "i");
const YEARS_OLD = /\b(\d{1,2}|ein(?:em)?|zwei|drei|vier|fünf)\s+jahre?n?\s+(?:alt|gekauft)|\bvor\s+(\d{1,2}|einem|zwei|drei|vier|fünf)\s+jahren?\s+gekauft/i;
const SERIAL = /(?:S\/N|\bSN\b|Seriennummer|Serien-?Nr\.?|Serial(?: number)?)\s*[:#.]?\s*([A-Z0-9][A-Z0-9-]{4,24})/i;

const DEFECT = /(kratzer|zerkratzt|delle|riss\b|risse|gerissen|fleck|macke|gebrauchsspur|defekt|kaputt|fehlt|fehlen|beschädig|abgenutzt|abgewetzt|verfärb|verblass|ausgeblichen|vergilbt|\bloch\b|löcher|abgebrochen|wackel|bruch|rost|angeschlagen|abgeplatzt|pilling|knötchen|ausgefranst|mängel|mangel\b|schaden|schäden|funktioniert nicht|geht nicht|lädt nicht|springt nicht|nicht mehr|quietsch|klemmt|drift|undicht|bastler|für teile|ersatzteil)/i;
const NEGATION = /\b(ohne|keine?[nrms]?|frei von|nicht)\s+(?:\S+\s+){0,2}?(kratzer|zerkratzt|delle|risse?|fleck|flecken|macken?|gebrauchsspuren|defekte?|beschädig\S*|mängel|schäden|schaden|löcher|rost|abnutzung)|\b\w*(?:kratzer|flecken|macken|mängel|rost|schaden|unfall)frei\b|\bunbeschädigt\b/i;
const POSITIVE = /(zustand|neuwertig|wie neu|top|einwandfrei|funktionsfähig|funktioniert|gepflegt|unbespielt|ungetragen|unbenutzt|ungenutzt|kaum (?:benutzt|getragen|genutzt|gefahren)|wenig (?:benutzt|getragen|genutzt|gefahren)|selten (?:benutzt|getragen|genutzt)|nichtraucher|\bnr-haushalt|tierfrei|unfallfrei|scheckheft|inspiziert|gewartet|frisch|sauber)/i;
const CONTENTS = /(\bovp\b|originalverpackung|originalkarton|\bkarton\b|inkl\.?|inklusive|\bsamt\b|zubehör|rechnung|quittung|kaufbeleg|ladekabel|ladegerät|netzteil|kabel\b|fernbedienung|anleitung|garantiekarte|\btasche\b|hülle|\bcase\b|koffer|\b(?:\d+|zwei|drei|vier)\s+akkus\b|ersatzakku|adapter|controller|schutzfolie|panzerglas|^mit\s)/i;
const HANDOVER = /(abholung|abzuholen|abholen|abholer|versand|versende|verschick|selbstabhol|übergabe|besichtig|porto|\bdhl\b|hermes|\bdpd\b|\bgls\b)/i;
const HISTORY = /(gekauft|kaufdatum|baujahr|modelljahr|\bbj\.?\s|neupreis|\bnp\b|\buvp\b|neu gekostet|garantie|gewährleistung bis|erstbesitz|aus erster hand|1\. hand)/i;

const NUMBER_WORDS: Record<string, number> = { ein: 1, einem: 1, zwei: 2, drei: 3, vier: 4, fünf: 5 };

const ABBREVIATION = /(?:^|[\s-])(?:inkl|ca|z\.\s?b|bzw|ggf|evtl|usw|nr|gr|u\.\s?a|max|min|mind|st|stk|tel|np|bj|zzgl|gem|orig)\.$/i;

/** Sentences of a note: lines, bullets, semicolons, and ". " unless it ends an abbreviation. */
function sentencesOf(note: string): string[] {
  const sentences: string[] = [];
  for (const line of note.replace(/\r/g, "").split(/\n+|\s+[-–•]\s+|;\s*/)) {
    let current = "";
    for (const piece of line.split(/(?<=[.!?])\s+/)) {
      current = current ? `${current} ${piece}` : piece;
      if (!ABBREVIATION.test(current)) {
        sentences.push(current.trim());
        current = "";
      }
    }
    if (current.trim()) sentences.push(current.trim());
  }
  return sentences.filter(Boolean);
}

/** Splits a note into clauses: sentences, ", " and "und"/"sowie" between two full phrases. */
export function splitClauses(note: string): string[] {
  const sentences = sentencesOf(note);
  const clauses: string[] = [];
  for (const sentence of sentences) {
    for (const piece of sentence.split(/,\s+/)) {
      // "Abholung und Versand möglich" stays one clause; "Display ohne Kratzer und Akku bei 89 %" splits.
      const halves = piece.split(/\s+(?:und|sowie)\s+/i);
      if (halves.length > 1 && halves.every((half) => half.split(/\s+/).length >= 2)) clauses.push(...halves);
      else clauses.push(piece);
    }
  }
  return clauses.map(cleanClause).filter((clause) => clause.length >= 2);
}

function cleanClause(clause: string): string {
  const trimmed = clause.replace(/^[\s•*–-]+/, "").replace(/[\s.,;!]+$/, "").trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

export function classifyClause(text: string): ClauseKind {
  if (CONTACT.test(text)) return "contact";
  if (ASKING.test(text)) return "price";
  if (NEGATION.test(text)) return "positive";
  if (DEFECT.test(text)) return "defect";
  if (HANDOVER.test(text)) return "handover";
  if (HISTORY.test(text)) return "history";
  if (CONTENTS.test(text)) return "contents";
  if (POSITIVE.test(text)) return "positive";
  return "spec";
}

function findPlace(clauses: string[]): string | null {
  for (const clause of clauses) {
    const match = clause.match(/(?:[Aa]bhol\p{L}*|[Üü]bergabe|[Ss]tandort)[^,;]*?\s(?:in|aus|bei)\s+((?:\d{5}\s+)?[A-ZÄÖÜ][\p{L}-]+(?:[ -][A-ZÄÖÜ][\p{L}-]+)?)/u)
      ?? clause.match(/^(?:standort|ort)\s*:?\s*((?:\d{5}\s+)?[A-ZÄÖÜ][\p{L}-]+(?:[ -][A-ZÄÖÜ][\p{L}-]+)?)/iu)
      ?? clause.match(/\b(\d{5}\s+[A-ZÄÖÜ][\p{L}-]+)/u);
    if (match) return match[1];
  }
  return null;
}

function purchaseYear(note: string, now: Date): number | null {
  const year = note.match(PURCHASE_YEAR);
  const value = year ? Number(year[1] ?? year[2]) : null;
  if (value && value >= 1980 && value <= now.getFullYear()) return value;
  const ago = note.match(YEARS_OLD);
  if (ago) {
    const word = (ago[1] ?? ago[2]).toLowerCase();
    const years = NUMBER_WORDS[word] ?? Number(word);
    if (years > 0 && years < 50) return now.getFullYear() - years;
  }
  return null;
}

export function readNote(note: string | null, now = new Date()): NoteFacts {
  const text = note ?? "";
  const seen = new Set<string>();
  const clauses: Clause[] = [];
  const serialMatch = text.match(SERIAL);
  for (const clause of splitClauses(text)) {
    const key = clause.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    // The serial number has its own line; the clause that states it is not repeated.
    if (serialMatch && SERIAL.test(clause) && clause.replace(SERIAL, "").trim().length < 4) continue;
    clauses.push({ kind: classifyClause(clause), text: clause });
  }
  const newPrice = text.match(NEW_PRICE) ?? text.match(PAID);
  const asking = text.match(ASKING);
  return {
    clauses,
    place: findPlace(clauses.filter((clause) => clause.kind === "handover" || clause.kind === "spec").map((clause) => clause.text)),
    askingPrice: asking ? euros(asking[1] ?? asking[3], asking[2] ?? asking[4]) || null : null,
    newPrice: newPrice ? euros(newPrice[1] ?? newPrice[3], newPrice[2] ?? newPrice[4]) || null : null,
    purchaseYear: purchaseYear(text, now),
    serialNumber: serialMatch ? serialMatch[1].toUpperCase() : null,
  };
}

/** The clauses of one kind, in the seller's order. */
export function clausesOf(facts: NoteFacts, kind: ClauseKind): string[] {
  return facts.clauses.filter((clause) => clause.kind === kind).map((clause) => clause.text);
}
