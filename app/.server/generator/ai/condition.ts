// The item's condition from the classified clauses: broken only by a defect clause, new or
// like-new only by a positive one — so "keine Defekte" never reads as "Defekt" and "Neupreis"
// never as "Neu". The label is for the price model and the structured fields; the ad text says the
// condition in the seller's own words (`words`): "kaum benutzt" stays "kaum benutzt", never
// "neuwertig" (ADR 043). A note that names no condition gets none.
import { clausesOf, type NoteFacts } from "./note";

export type ConditionLabel = "Neu" | "Neuwertig" | "Sehr gut" | "Gut" | "Akzeptabel" | "Defekt – für Bastler";

export type Condition = {
  label: ConditionLabel;
  /** Completes "Ich verkaufe mein iPhone …" — only where the seller named the label itself ("neuwertig"); else "". */
  phrase: string;
  /** False when the note names no condition: then the ad claims none (no invented wear, no "Gut"). */
  stated: boolean;
  /** The seller's own condition words ("kaum benutzt", "Top Zustand"), as written; null when unsaid. */
  words: string | null;
  /** The clause the words stand in ("Dampflanze funktioniert einwandfrei"): it may say them of a part. */
  clause?: string | null;
};

const PHRASES: Record<ConditionLabel, string> = {
  Neu: "neu",
  Neuwertig: "in neuwertigem Zustand",
  "Sehr gut": "in sehr gutem Zustand",
  Gut: "in gutem Zustand",
  Akzeptabel: "mit deutlichen Gebrauchsspuren",
  "Defekt – für Bastler": "defekt",
};

/** The seller's words that are the label itself: only then may the ad name the label. */
const SAYS_LABEL: Record<ConditionLabel, RegExp> = {
  Neu: /^neu\b|\bnagelneu\b|\bneu (?:und|mit) (?:ovp|etikett)\b/i,
  Neuwertig: /neuwertig/i,
  "Sehr gut": /sehr gut(?:e[mr]?)?(?: zustand)?\b/i,
  Gut: /(?<!sehr )\bgut(?:e[mr]?)? (?:zustand|erhalten)\b|zustand:? gut\b/i,
  Akzeptabel: /deutliche gebrauchsspuren/i,
  "Defekt – für Bastler": /\bdefekt\b/i,
};

const BROKEN = /(defekt|kaputt|bastler|für teile|ersatzteil|funktioniert nicht|geht nicht|lädt nicht|springt nicht an|startet nicht)/i;
const NEW =
  /\b(neu und ovp|neu mit etikett|originalverpackt|ungeöffnet|unbenutzt|ungenutzt|unbespielt|ungetragen|nagelneu|noch nie benutzt)\b|^neu\b(?!\s+(?:gekauft|kosten|kostet|kostete|gekostet|für|war|um|ca\.?|preis))/i;
const LIKE_NEW =
  /(neuwertig|wie neu|fast neu|kaum (?:benutzt|getragen|genutzt|gefahren)|(?:1x|einmal|nur \d+x?) (?:benutzt|getragen|genutzt|gefahren))/i;
const VERY_GOOD = /(sehr gut(?:e[mr]?)?(?: zustand)?|top[- ]?zustand|\btop\b|einwandfrei|tadellos|gepflegt)/i;
const GOOD = /(?<!sehr )\bgut(?:e[mr]?)? (?:zustand|erhalten)\b|zustand:? gut\b/i;
const WORN = /(deutliche|starke|viele) gebrauchsspuren|abgenutzt|stark gebraucht|abgewetzt/i;

function condition(label: ConditionLabel, clauses: string[], pattern: RegExp): Condition {
  const clause = clauses.find((text) => pattern.test(text)) ?? "";
  const match = clause.match(pattern);
  const raw = match ? match[0] : null;
  // At the start of its clause the word was capitalised for the bullet; in a title it is not.
  const words = raw ? (match!.index === 0 && !/^Top Zustand/i.test(raw) ? raw.charAt(0).toLowerCase() + raw.slice(1) : raw) : null;
  return { label, phrase: SAYS_LABEL[label].test(clause) ? PHRASES[label] : "", stated: true, words, clause: clause || null };
}

/**
 * Words before a condition word that leave it said of the whole item: verbs, pronouns, articles and
 * adverbs ("funktioniert alles einwandfrei", "ist leider kaputt"); any other word names a part
 * ("Dampflanze funktioniert einwandfrei", "Die Tonarmlampe ist kaputt"). Shared by the label and the
 * title (ADR 086, ADR 089).
 */
export const OF_THE_WHOLE =
  /^(?:funktioniert|funktionieren|funzt|läuft|laufen|ist|sind|war|waren|wurde|wirkt|sieht|aus|alles|alle|es|er|sie|sonst|ansonsten|insgesamt|rundum|technisch|optisch|absolut|wirklich|echt|super|sehr|noch|immer|in|im|mit|einem|einen|ein|eine|der|die|das|dem|den|und|zustand|leider|gerät|artikel|ganz|ganze|komplett|total|momentan|aktuell|derzeit|als|nur|für|deshalb|daher|also)$/iu;

/**
 * Whether a broken word is said of the whole item ("defekt", "Gerät geht nicht", "Plattenspieler
 * ist kaputt"), not of a part ("Die Tonarmlampe ist kaputt", "Kurbel ist abgebrochen"): no word
 * before it but the item's own and small words (ADR 089).
 */
function brokenAsAWhole(clause: string, itemName: string): boolean {
  const at = clause.search(BROKEN);
  if (at < 0) return false;
  const itemWords = new Set(itemName.toLowerCase().split(/[\s-]+/));
  return clause
    .slice(0, at)
    .split(/[^\p{L}\d-]+/u)
    .filter(Boolean)
    .every((word) => OF_THE_WHOLE.test(word) || itemWords.has(word.toLowerCase()));
}

export function conditionOf(facts: NoteFacts, itemName = ""): Condition {
  const defects = clausesOf(facts, "defect");
  const positives = [...clausesOf(facts, "positive"), ...clausesOf(facts, "spec"), ...clausesOf(facts, "contents")];
  const broken = defects.filter((clause) => brokenAsAWhole(clause, itemName));
  if (broken.length > 0) return condition("Defekt – für Bastler", broken, BROKEN);
  if (defects.some((clause) => WORN.test(clause))) return condition("Akzeptabel", defects, WORN);
  if (positives.some((clause) => NEW.test(clause))) return condition(defects.length > 0 ? "Neuwertig" : "Neu", positives, NEW);
  if (positives.some((clause) => LIKE_NEW.test(clause)))
    return condition(defects.length > 0 ? "Sehr gut" : "Neuwertig", positives, LIKE_NEW);
  if (positives.some((clause) => VERY_GOOD.test(clause))) return condition(defects.length > 1 ? "Gut" : "Sehr gut", positives, VERY_GOOD);
  if (positives.some((clause) => GOOD.test(clause))) return condition("Gut", positives, GOOD);
  // "Gut" is what the price model assumes; the ad claims no condition the seller did not name —
  // "Display ohne Kratzer" or a small defect is a fact, not a grade.
  return { label: "Gut", phrase: "", stated: false, words: null };
}
