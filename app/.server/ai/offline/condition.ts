// The item's condition from the classified clauses: broken only by a defect clause, new or
// like-new only by a positive one — so "keine Defekte" never reads as "Defekt" and "Neupreis"
// never as "Neu".
import { clausesOf, type NoteFacts } from "./note";

export type ConditionLabel = "Neu" | "Neuwertig" | "Sehr gut" | "Gut" | "Akzeptabel" | "Defekt – für Bastler";

export type Condition = {
  label: ConditionLabel;
  /** Completes "Ich verkaufe mein iPhone …". */
  phrase: string;
  /** False when the note says nothing about the condition: then the ad claims none (no invented wear). */
  stated: boolean;
};

const CONDITIONS: Record<ConditionLabel, Condition> = {
  Neu: { label: "Neu", phrase: "neu und unbenutzt", stated: true },
  Neuwertig: { label: "Neuwertig", phrase: "in neuwertigem Zustand", stated: true },
  "Sehr gut": { label: "Sehr gut", phrase: "in sehr gutem Zustand", stated: true },
  Gut: { label: "Gut", phrase: "in gutem Zustand", stated: true },
  Akzeptabel: { label: "Akzeptabel", phrase: "mit deutlichen Gebrauchsspuren", stated: true },
  "Defekt – für Bastler": { label: "Defekt – für Bastler", phrase: "als defekt – für Bastler oder als Ersatzteilspender", stated: true },
};

const BROKEN = /(defekt|kaputt|bastler|für teile|ersatzteil|funktioniert nicht|geht nicht|lädt nicht|springt nicht an|startet nicht)/i;
const NEW =
  /\b(neu und ovp|neu mit etikett|originalverpackt|ungeöffnet|unbenutzt|ungenutzt|unbespielt|ungetragen|nagelneu|noch nie benutzt)\b|^neu\b/i;
const LIKE_NEW =
  /(neuwertig|wie neu|fast neu|kaum (?:benutzt|getragen|genutzt|gefahren)|(?:1x|einmal|nur \d+x?) (?:benutzt|getragen|genutzt|gefahren))/i;
const VERY_GOOD = /(sehr gut|top[- ]?zustand|\btop\b|einwandfrei|tadellos|gepflegt)/i;
const WORN = /(deutliche|starke|viele) gebrauchsspuren|abgenutzt|stark gebraucht|abgewetzt/i;

export function conditionOf(facts: NoteFacts): Condition {
  const defects = clausesOf(facts, "defect");
  const positives = [...clausesOf(facts, "positive"), ...clausesOf(facts, "spec"), ...clausesOf(facts, "contents")];
  if (defects.some((clause) => BROKEN.test(clause))) return CONDITIONS["Defekt – für Bastler"];
  if (defects.some((clause) => WORN.test(clause))) return CONDITIONS.Akzeptabel;
  if (positives.some((clause) => NEW.test(clause))) return defects.length > 0 ? CONDITIONS.Neuwertig : CONDITIONS.Neu;
  if (positives.some((clause) => LIKE_NEW.test(clause))) return defects.length > 0 ? CONDITIONS["Sehr gut"] : CONDITIONS.Neuwertig;
  if (positives.some((clause) => VERY_GOOD.test(clause))) return defects.length > 1 ? CONDITIONS.Gut : CONDITIONS["Sehr gut"];
  // "Gut" is what the price model assumes; the ad claims it only where the note speaks of the condition.
  const stated = defects.length > 0 || clausesOf(facts, "positive").length > 0;
  return { ...CONDITIONS.Gut, stated };
}
