// The development sets (ADR 064): 40 notes written apart from the reader's patterns, and 60 written
// blind and measured once before they were used (offer-notes-blind.README.md); each fact read right
// or asked ("Bitte prüfen"), and no silent misread. `npm run eval` reports the same totals, each set
// apart (OFFER_NOTES_DEV_REPORT names the file the totals go to).
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEV_NOTES, judgeNote, SECOND_NOTES, summary } from "../fixtures/offer-notes-dev";

const SETS = [
  { name: "the development set", file: "offer-notes-dev.jsonl", notes: DEV_NOTES, size: 40 },
  { name: "the second set (written blind, then used for development)", file: "offer-notes-blind.jsonl", notes: SECOND_NOTES, size: 60 },
];

const report: Record<string, unknown> = {};

describe.each(SETS)("$name", ({ file, notes, size }) => {
  const verdicts = notes.map(judgeNote);

  it(`holds ${size} notes, as written`, () => {
    expect(notes).toHaveLength(size);
  });

  it.each(verdicts.map((verdict) => [verdict.note, verdict] as const))("%s: every fact right or asked", (_note, verdict) => {
    expect(verdict.facts.filter((fact) => fact.verdict === "silent")).toEqual([]);
  });

  it("reports its totals", () => {
    const totals = summary(verdicts);
    report[file] = { totals, verdicts };
    if (process.env.OFFER_NOTES_DEV_REPORT) writeFileSync(process.env.OFFER_NOTES_DEV_REPORT, JSON.stringify(report, null, 2));
    expect(totals.silent).toBe(0);
  });
});
