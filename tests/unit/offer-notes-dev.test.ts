// The development set (ADR 064): 40 notes written apart from the reader's patterns, each fact read
// right or asked ("Bitte prüfen"), and no silent misread. `npm run eval` reports the same totals
// apart from the generated notes (OFFER_NOTES_DEV_REPORT names the file the totals go to).
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEV_NOTES, judgeNote, summary } from "../fixtures/offer-notes-dev";

describe("the development set of sellers' notes", () => {
  const verdicts = DEV_NOTES.map(judgeNote);

  it("holds 40 notes, as copied", () => {
    expect(DEV_NOTES).toHaveLength(40);
  });

  it.each(verdicts.map((verdict) => [verdict.note, verdict] as const))("%s: every fact right or asked", (_note, verdict) => {
    expect(verdict.facts.filter((fact) => fact.verdict === "silent")).toEqual([]);
  });

  it("reports its totals", () => {
    const totals = summary(verdicts);
    if (process.env.OFFER_NOTES_DEV_REPORT)
      writeFileSync(process.env.OFFER_NOTES_DEV_REPORT, JSON.stringify({ totals, verdicts }, null, 2));
    expect(totals.silent).toBe(0);
  });
});
