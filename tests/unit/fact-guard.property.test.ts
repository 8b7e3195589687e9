// ADR 043: the offline writer and the fact guard over generated notes (tests/fixtures/seller-claims.ts).
// `npm test` writes 1,000 ads from a fixed seed; `npm run eval` writes more from a random one
// (FACT_GUARD_RUNS, FACT_GUARD_SEED; bench/eval.mjs). A failure prints the shrunk note and the ad.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generatedClaimsNote, writeAndGuard } from "../fixtures/seller-claims";
import { readSellerFacts } from "~/lib/seller-price";
import { PRIVATE_SALE_NOTE } from "~/lib/legal-notes";

const RUNS = Number(process.env.FACT_GUARD_RUNS ?? 1_000);
const SEED = Number(process.env.FACT_GUARD_SEED ?? 20261125);

/** Condition labels a writer may not claim unless the seller wrote the same words. */
const LABELS = [
  /neuwertig/i,
  /sehr gut/i,
  /(?<!sehr )gute[mnr]? zustand|zustand:\** ?gut/i,
  /einwandfrei/i,
  /top[- ]?zustand/i,
  /neu und unbenutzt/i,
  /wie neu/i,
  /gebrauchsspuren/i,
  /unbenutzt/i,
  /kaum benutzt/i,
];
const CUT = /(?<![\p{L}.])(?:mögl|vorh|inkl|zzgl|evtl|ggf|ca|bzw|usw)(?![\p{L}.])/iu;

describe(`the offline writer and the fact guard over ${RUNS} generated notes (seed ${SEED})`, () => {
  it("claim no condition, exclusion or year the seller did not state, keep brackets whole and abbreviations uncut", () => {
    fc.assert(
      fc.property(generatedClaimsNote, ({ itemName, note, exclusions, year }) => {
        const { guarded } = writeAndGuard(itemName, note);
        const ad = `${guarded.title}\n${guarded.description}`;
        const context = `note: ${JSON.stringify(note)}\nad:\n${ad}`;
        for (const label of LABELS) if (label.test(ad)) expect(label.test(note), `${label} unstated\n${context}`).toBe(true);
        // What the seller excludes of warranty or returns, the legal block every private ad ends with says (ADR 086).
        const published = `${ad}\n${PRIVATE_SALE_NOTE}`.toLowerCase();
        // A swap ruled out is the offer's: every copy's "🔁 Kein Tausch" line says it (ADR 089).
        for (const exclusion of exclusions) {
          if (/tausch/i.test(exclusion) && readSellerFacts(note).swap === false) continue;
          expect(published, context).toContain(exclusion.toLowerCase());
        }
        const bought = ad.match(/Gekauft:\**\s*(\d{4})/);
        if (bought) expect(year, context).toBe(Number(bought[1]));
        // The writer invents nothing itself: the guard finds nothing to remove, add or repair.
        expect(guarded.changes, context).toEqual([]);
        for (const line of ad.split("\n")) {
          expect(line.split("(").length, `${line}\n${context}`).toBe(line.split(")").length);
          expect(line, context).not.toMatch(CUT);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
  }, 120_000);
});
