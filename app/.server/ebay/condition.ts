// The item's condition on eBay (ADR 046): the ad's condition (the generator's German labels,
// app/.server/generator/ai/condition.ts, or the model's words) read as a ConditionEnum, and moved to
// the nearest condition the category allows — never from used to new or the other way, never to a
// restricted (refurbished) one. Condition ids per
// https://developer.ebay.com/api-docs/sell/static/metadata/condition-id-values.html
import { z } from "zod";
import { CONDITION_VALUES, type ConditionEnum } from "./types";

/** Condition id (Metadata API) → ConditionEnum (Inventory API), for the values we list with. */
export const CONDITION_BY_ID: Readonly<Record<string, ConditionEnum>> = {
  "1000": "NEW",
  "1500": "NEW_OTHER",
  "1750": "NEW_WITH_DEFECTS",
  "2750": "LIKE_NEW",
  "2990": "PRE_OWNED_EXCELLENT",
  "3000": "USED_EXCELLENT",
  "3010": "PRE_OWNED_FAIR",
  "4000": "USED_VERY_GOOD",
  "5000": "USED_GOOD",
  "6000": "USED_ACCEPTABLE",
  "7000": "FOR_PARTS_OR_NOT_WORKING",
};

/** Our words where eBay sends none (eBay's own label, per category, wins). */
export const CONDITION_LABELS: Readonly<Record<ConditionEnum, string>> = {
  NEW: "Neu",
  NEW_OTHER: "Neu: Sonstige",
  NEW_WITH_DEFECTS: "Neu mit Fehlern",
  LIKE_NEW: "Neuwertig",
  PRE_OWNED_EXCELLENT: "Gebraucht – hervorragend",
  USED_EXCELLENT: "Gebraucht",
  USED_VERY_GOOD: "Gebraucht – sehr gut",
  USED_GOOD: "Gebraucht – gut",
  PRE_OWNED_FAIR: "Gebraucht – akzeptabel",
  USED_ACCEPTABLE: "Gebraucht – akzeptabel",
  FOR_PARTS_OR_NOT_WORKING: "Als Ersatzteil / defekt",
};

/**
 * A condition descriptor the condition requires (sel:ItemConditionDescriptor, trading cards: grader
 * and grade, or the card's condition), with the values eBay takes, in eBay's words (ADR 073).
 */
export const conditionDescriptorSchema = z.object({
  id: z.string(),
  name: z.string(),
  values: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ConditionDescriptorChoice = z.infer<typeof conditionDescriptorSchema>;

/** One condition the seller can choose in the draft, in eBay's words (the draft's answer declares it). */
export const conditionChoiceSchema = z.object({
  value: z.enum(CONDITION_VALUES),
  label: z.string(),
  descriptors: z.array(conditionDescriptorSchema).describe("Was eBay bei diesem Zustand zusätzlich verlangt (Sammelkarten)"),
});
export type ConditionChoice = z.infer<typeof conditionChoiceSchema>;

/** Which kind a condition is and how good within it: a condition only moves within its kind. */
const GRADE: Readonly<Record<ConditionEnum, { kind: "new" | "used" | "parts"; rank: number }>> = {
  NEW: { kind: "new", rank: 100 },
  NEW_OTHER: { kind: "new", rank: 95 },
  NEW_WITH_DEFECTS: { kind: "new", rank: 85 },
  LIKE_NEW: { kind: "used", rank: 90 },
  PRE_OWNED_EXCELLENT: { kind: "used", rank: 75 },
  USED_EXCELLENT: { kind: "used", rank: 70 },
  USED_VERY_GOOD: { kind: "used", rank: 65 },
  USED_GOOD: { kind: "used", rank: 60 },
  PRE_OWNED_FAIR: { kind: "used", rank: 45 },
  USED_ACCEPTABLE: { kind: "used", rank: 45 },
  FOR_PARTS_OR_NOT_WORKING: { kind: "parts", rank: 0 },
};

const RULES: ReadonlyArray<[RegExp, ConditionEnum]> = [
  [/defekt|bastler|ersatzteil|kaputt/i, "FOR_PARTS_OR_NOT_WORKING"],
  [/neuwertig|wie neu|fast neu/i, "LIKE_NEW"],
  [/^neu\b|originalverpackt|ungeöffnet|unbenutzt/i, "NEW"],
  [/sehr gut|hervorragend|top/i, "USED_EXCELLENT"],
  [/akzeptabel|gebrauchsspuren|abgenutzt/i, "USED_ACCEPTABLE"],
  [/gut/i, "USED_GOOD"],
];

/** The ad's condition as eBay's enum; unknown or unstated → USED_GOOD, which the seller sees and can change. */
export function ebayConditionOf(condition: string | null | undefined): ConditionEnum {
  const text = (condition ?? "").trim();
  return RULES.find(([pattern]) => pattern.test(text))?.[1] ?? "USED_GOOD";
}

/**
 * The allowed condition nearest to the wanted one, of the same kind (a used item is never listed
 * as new); on a tie the better one. Null when the category allows none of its kind: the seller chooses.
 */
export function nearestCondition(wanted: ConditionEnum, allowed: readonly ConditionEnum[]): ConditionEnum | null {
  if (allowed.includes(wanted)) return wanted;
  const { kind, rank } = GRADE[wanted];
  const candidates = allowed
    .filter((value) => GRADE[value].kind === kind)
    .sort((a, b) => Math.abs(GRADE[a].rank - rank) - Math.abs(GRADE[b].rank - rank) || GRADE[b].rank - GRADE[a].rank);
  return candidates[0] ?? null;
}
