// The ad's condition (the generator's German labels, app/.server/ai/offline/condition.ts, or the
// model's words) mapped to eBay's ConditionEnum. Unknown or unstated → USED_GOOD ("Gut"), which the
// seller sees and can change before publishing.
import type { ConditionEnum } from "./types";

export const CONDITION_CHOICES: ReadonlyArray<{ value: ConditionEnum; label: string }> = [
  { value: "NEW", label: "Neu" },
  { value: "NEW_OTHER", label: "Neu (sonstige)" },
  { value: "LIKE_NEW", label: "Neuwertig" },
  { value: "USED_EXCELLENT", label: "Gebraucht – sehr gut" },
  { value: "USED_GOOD", label: "Gebraucht – gut" },
  { value: "USED_ACCEPTABLE", label: "Gebraucht – akzeptabel" },
  { value: "FOR_PARTS_OR_NOT_WORKING", label: "Als Ersatzteil / defekt" },
];

const RULES: ReadonlyArray<[RegExp, ConditionEnum]> = [
  [/defekt|bastler|ersatzteil|kaputt/i, "FOR_PARTS_OR_NOT_WORKING"],
  [/neuwertig|wie neu|fast neu/i, "LIKE_NEW"],
  [/^neu\b|originalverpackt|ungeöffnet|unbenutzt/i, "NEW"],
  [/sehr gut|hervorragend|top/i, "USED_EXCELLENT"],
  [/akzeptabel|gebrauchsspuren|abgenutzt/i, "USED_ACCEPTABLE"],
  [/gut/i, "USED_GOOD"],
];

export function ebayConditionOf(condition: string | null | undefined): ConditionEnum {
  const text = (condition ?? "").trim();
  return RULES.find(([pattern]) => pattern.test(text))?.[1] ?? "USED_GOOD";
}
