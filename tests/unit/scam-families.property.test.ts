// ADR 042: the scam check over buyer messages generated from parts (tests/fixtures/scam-messages.ts).
// Every generated scam is flagged with its family and called "Betrugsmuster"; no generated harmless
// message is called fraud or given a family. A fixed seed by default; SCAM_MESSAGES_RUNS and
// SCAM_MESSAGES_SEED read more, or others. A failure prints the shrunk message and what was found.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkBuyerMessage } from "~/.server/app-worker/sales-kit/scam-check";
import { SCAM_FAMILIES } from "~/.server/app-worker/sales-kit/scam-patterns";
import { generatedHarmless, generatedScam } from "../fixtures/scam-messages";

const RUNS = Number(process.env.SCAM_MESSAGES_RUNS ?? 2_000);
const SEED = Number(process.env.SCAM_MESSAGES_SEED ?? 20261126);
const FAMILY_IDS = new Set<string>(SCAM_FAMILIES.map((family) => family.id));

describe(`the scam check over ${RUNS} generated messages of each kind (seed ${SEED})`, () => {
  it("flags every generated scam with its family", () => {
    fc.assert(
      fc.property(generatedScam, ({ message, family }) => {
        const result = checkBuyerMessage(message);
        expect(
          result.matches.map((match) => match.id),
          message,
        ).toContain(family);
        expect(result.verdict, message).toBe("betrugsmuster");
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
  }, 60_000);

  it("never calls a generated harmless message fraud", () => {
    fc.assert(
      fc.property(generatedHarmless, (message) => {
        const result = checkBuyerMessage(message);
        const found = result.matches.map((match) => match.id);
        expect(result.verdict, `${message} → ${found.join(", ")}`).not.toBe("betrugsmuster");
        expect(
          found.filter((id) => FAMILY_IDS.has(id)),
          message,
        ).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED + 1, endOnFailure: false },
    );
  }, 60_000);
});
