// The condition is a fact the seller states, never a grade worked out for them. A grade ("Neuwertig",
// "Sehr gut") appears on a surface — the public page's preview, its JSON-LD, the Verkaufshelfer —
// only where the seller wrote it in grade words ("neuwertig", "wie neu", "sehr gut erhalten",
// "neu", "OVP ungeöffnet", "defekt") or picked it (the dealer's review before Kleinanzeigen). A
// grade read from other words ("funktioniert tadellos" → "Sehr gut", "zweimal benutzt" →
// "Neuwertig") or from the photos is the writer's estimate: the price may use it, no surface
// states it. The seller's own condition words are quoted instead (`conditionWords`).

export type GradeKind = "new" | "like_new" | "very_good" | "good" | "acceptable" | "defect";

/** What a stored grade means, whoever wrote it (the offline writer's labels, a model's words, the review's choice). */
const KIND_OF_GRADE: ReadonlyArray<[RegExp, GradeKind]> = [
  [/defekt|bastler|ersatzteil|kaputt/i, "defect"],
  [/neuwertig|wie neu/i, "like_new"],
  [/^neu\b|originalverpackt|ungeöffnet/i, "new"],
  [/sehr gut/i, "very_good"],
  [/akzeptabel|in ordnung|gebrauchsspuren/i, "acceptable"],
  [/\bgut\b/i, "good"],
];

/** The grade words a seller writes, per kind; "Neupreis", "neue Batterie" or "Akku neu" state no grade. */
const SELLER_GRADE_WORDS: ReadonlyArray<[RegExp, GradeKind]> = [
  [/\bdefekt|\bkaputt|\bbastler/i, "defect"],
  [/neuwertig|\bwie neu\b/i, "like_new"],
  [
    /^(?:zustand:?\s*)?neu\b(?!\s+(?:gekauft|kosten|kostet|kostete|gekostet|für|war|um|ca\.?|preis))|\b(?:nagel|brand)neu\b|originalverpackt|ungeöffnet/i,
    "new",
  ],
  [/\bsehr gut/i, "very_good"],
  [/akzeptabel|deutliche\w* gebrauchsspuren/i, "acceptable"],
  [/(?<!sehr )\bgut(?:e[mnr]?)? (?:zustand|erhalten)\b|zustand:? gut\b/i, "good"],
];

/** "nicht mehr wie neu", "keine Defekte": a grade word after a negation in its clause states nothing. */
const NEGATION = /\b(?:nicht|kein\w*|ohne|nie)\b/i;
/** "… ist nichts", "… ist da nichts" right after a word: it names nothing that is so. */
const NOTHING_AFTER = /^\p{L}*\s+(?:ist|sind|war)\s+(?:da\s+|hier\s+|auch\s+)?nichts\b/iu;
/** A refusal after what it refuses, in the same clause: "PayPal Freunde nein", "PayPal geht nicht". */
const REFUSED_AFTER = /\b(?:nein|nicht|ungern|no)\b/i;

/** A note's clauses: split at commas, semicolons, sentence ends, line breaks and dashes between spaces. */
export function clausesOf(text: string): string[] {
  // A bracket stays whole ("(nur auf weißem Hintergrund sichtbar, stört mich nicht)").
  const groups: string[] = [];
  const masked = text.replace(/\([^()\n]*\)/g, (group) => `\ue000${groups.push(group) - 1}\ue001`);
  return (
    masked
      // A comma or dot between digits belongs to a number ("2,5 Jahre", "4,7 l").
      // "u.", "bzw.", "ca." inside a clause end no clause ("PayPal Waren u. Dienstleistungen").
      .split(/(?<!\d),|,(?!\d)|[;!?\n]|(?<!(?<!\p{L})(?:u|bzw|ca|inkl|zzgl|evtl|ggf|incl))\.(?=\s|$)|\s[-–]\s/u)
      .map((clause) => clause.replace(/\ue000(\d+)\ue001/g, (_, index: string) => groups[Number(index)] ?? "").trim())
      .filter(Boolean)
  );
}

function kindOfGrade(grade: string): GradeKind | null {
  return KIND_OF_GRADE.find(([pattern]) => pattern.test(grade.trim()))?.[1] ?? null;
}

/** The kinds of grade the seller's own words name (item name and note). */
export function sellerGradeKinds(sellerText: string): Set<GradeKind> {
  const kinds = new Set<GradeKind>();
  for (const clause of clausesOf(sellerText)) {
    for (const [pattern, kind] of SELLER_GRADE_WORDS) {
      const match = pattern.exec(clause);
      // "Kaputt ist nichts": a broken word that "nichts" answers right after states no defect.
      if (match && !NEGATION.test(clause.slice(0, match.index)) && !NOTHING_AFTER.test(clause.slice(match.index + match[0].length)))
        kinds.add(kind);
    }
  }
  return kinds;
}

/** The grade when the seller's words name it, else null (a grade inferred from other words is not stated). */
export function gradeStatedBySeller(grade: string | null | undefined, sellerText: string): string | null {
  const kind = grade ? kindOfGrade(grade) : null;
  return kind && sellerGradeKinds(sellerText).has(kind) ? grade!.trim() : null;
}

export type ConditionSource = {
  itemName: string;
  originalDescription: string | null;
  description: string | null;
  imageAnalysis: { condition?: string | null; conditionPicked?: boolean } | null;
};

/** The seller's own words: the item name and the note as typed. */
export function sellerTextOf(ad: Pick<ConditionSource, "itemName" | "originalDescription" | "description">): string {
  return `${ad.itemName}\n${ad.originalDescription ?? ad.description ?? ""}`;
}

/** The ad's condition grade as surfaces may state it: picked by the seller, or named in their words; else null. */
export function statedCondition(ad: ConditionSource): string | null {
  const grade = ad.imageAnalysis?.condition?.trim() || null;
  if (!grade) return null;
  if (ad.imageAnalysis?.conditionPicked) return grade;
  return gradeStatedBySeller(grade, sellerTextOf(ad));
}

/** Words about the item's state: use, wear, function, marks and defects. */
const CONDITION_CLAUSE =
  /zustand|benutzt|genutzt|getragen|gefahren|gebraucht|gespielt|funktion|läuft|tadellos|einwandfrei|gepflegt|erhalten|\btop\b|neuwertig|wie neu|\bneu\b|nagelneu|originalverpackt|ungeöffnet|kratzer|macke|delle|fleck|riss|sprung|gebrauchsspuren|abgenutzt|verblasst|beschädigt|pixelfehler|defekt|kaputt|bastler/i;
/** Clauses about the offer (price, handover, swap) are the record's, not the condition. */
const OFFER_CLAUSE = /€|\beur\b|\bvb\b|preis|versand|abholung|abzuholen|porto|verschenken|tausch|\bnp\b/i;

/** The seller's own condition words from the note ("funktioniert tadellos", "zweimal benutzt"), as typed. */
export function conditionWords(note: string | null): string[] {
  // "…, aber seit Corona kaum noch gespielt": a clause that goes on from the one before is quoted with it.
  const clauses = clausesOf(note ?? "").reduce<string[]>((joined, clause) => {
    if (joined.length > 0 && /^(?:aber|sonst|ansonsten|also|dann|seitdem|jedoch|allerdings|deshalb|daher)(?!\p{L})/iu.test(clause))
      joined[joined.length - 1] += `, ${clause}`;
    else joined.push(clause);
    return joined;
  }, []);
  return (
    clauses
      .filter((clause) => CONDITION_CLAUSE.test(clause) && !OFFER_CLAUSE.test(clause))
      // "Zustand gut" is quoted after "Zum Zustand:" as "gut" (ADR 086).
      .map((clause) => clause.replace(/^zustand\s*:?\s+(?=\p{L})/iu, ""))
  );
}

const PAYMENT_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/paypal/i, "PayPal"],
  [/sicher bezahlen/i, "„Sicher bezahlen“"],
  [/überweisung/i, "Überweisung"],
  // "bar" as a word of its own: never the end of "abschließbar" or "lösbar", nor the pressure after a number ("8 bar").
  [/(?<!\d\s?)(?<!\p{L})bar(?!\p{L})|barzahlung|bargeld/iu, "bar"],
];

/** Words of a payment clause that add nothing to the methods it names. */
const PAYMENT_FILLER =
  /^(?:bezahlung|zahlung|bezahlen|zahlen|per|mit|über|via|oder|und|bzw|auch|gerne?|möglich|geht|ist|sind|nur|bar|paypal|überweisung|barzahlung|bargeld|sicher|ansonsten|sonst|bitte)$/i;

/**
 * The seller's payment clauses where they say more than the methods ("paypal freunde nur wenn ihr
 * das risiko kennt", "ansonsten überweisung"), as typed; empty where the methods say it all.
 */
export function paymentWords(note: string | null): string[] {
  // A sign-off typed onto the clause ("paypal ok (gebühren zahlst du) lg") is no word about payment.
  const said = clausesOf(note ?? "")
    .filter((clause) => PAYMENT_WORDS.some(([pattern]) => pattern.test(clause)))
    .map((clause) => clause.replace(/\s+(?:lg|vg|mfg|(?:liebe\s+|viele\s+)?grüße|gruß)(?:\s+\p{L}+)?\s*$/iu, ""));
  const words = said.flatMap((clause) => clause.toLowerCase().match(/\p{L}+/gu) ?? []);
  return words.every((word) => PAYMENT_FILLER.test(word)) ? [] : said;
}

/** The payment methods the seller named in the note ("PayPal", "bar"), in this order; none when unsaid or only refused ("kein PayPal"). */
export function paymentMethods(note: string | null): string[] {
  const clauses = clausesOf(note ?? "");
  return PAYMENT_WORDS.filter(([pattern]) =>
    clauses.some((clause) => {
      const match = pattern.exec(clause);
      // Refused before the method ("kein PayPal") or after it ("PayPal Freunde nein", "PayPal geht nicht").
      return (
        match !== null && !NEGATION.test(clause.slice(0, match.index)) && !REFUSED_AFTER.test(clause.slice(match.index + match[0].length))
      );
    }),
  ).map(([, name]) => name);
}
