import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { END, START, checkIndex, readRecords, renderTable } from "../../scripts/adr-index.mjs";

const record = (number: string, title: string, ...links: string[]) =>
  [`# ${number} — ${title}`, "", "Status: accepted · 2026-11-27", ...links, "", "## Context", ""].join("\n");

/** A folder with the given records and an index made from them, plus `extra` below the table. */
function decisions(files: Record<string, string>, extra = ""): string {
  const dir = mkdtempSync(join(tmpdir(), "adrs-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const table = renderTable(readRecords(dir).records);
  writeFileSync(join(dir, "README.md"), `# Index\n\n${extra}\n${START}\n${table}\n${END}\n`);
  return dir;
}

describe("the decision records' index (npm run check:adrs)", () => {
  it("finds nothing wrong in this repository: every record is in the table, linked both ways, gaps explained", () => {
    expect(checkIndex(fileURLToPath(new URL("../../docs/decisions", import.meta.url)))).toEqual([]);
  });

  it("refuses a record the table does not list", () => {
    const dir = decisions({ "001-one.md": record("001", "One") });
    writeFileSync(join(dir, "002-two.md"), record("002", "Two"));
    expect(checkIndex(dir)).toEqual([expect.stringContaining("the index table is not the records'")]);
  });

  it("refuses a link without its back-link and a link to a number that does not exist", () => {
    const dir = decisions({
      "001-one.md": record("001", "One"),
      "002-two.md": record("002", "Two", "Supersedes in part: ADR 001", "Amends: ADR 009"),
    });
    expect(checkIndex(dir)).toEqual(
      expect.arrayContaining([
        '001-one.md: needs "Superseded in part by: ADR 002" (the back-link of 002-two.md\'s "Supersedes in part")',
        '002-two.md: "Amends" names ADR 009, which does not exist',
      ]),
    );
  });

  it("refuses a gap in the numbering that the index does not explain, and accepts it once explained", () => {
    const files = { "001-one.md": record("001", "One"), "003-three.md": record("003", "Three") };
    expect(checkIndex(decisions(files))).toEqual([expect.stringContaining("the unused number 002")]);
    expect(checkIndex(decisions(files, "- 002: skipped.\n"))).toEqual([]);
  });

  it("refuses a malformed head: a title without the number, a status that is not one of the three", () => {
    const dir = decisions({
      "001-one.md": "# ADR 1: One\n\nStatus: accepted · 2026-11-27\n",
      "002-two.md": "# 002 — Two\n\nStatus: maybe · 2026-11-27\n",
    });
    expect(checkIndex(dir)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("001-one.md: the first line"),
        expect.stringContaining("002-two.md: the third line"),
      ]),
    );
  });
});
