import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findOutsideReferences as find } from "../../scripts/check-references.mjs";

describe("references to documents outside the repository (npm run check:references)", () => {
  it("names each file and line that cites a brief's section, the outside decision list or the workspace", () => {
    const root = mkdtempSync(join(tmpdir(), "references-"));
    mkdirSync(join(root, "app"));
    mkdirSync(join(root, "docs"));
    writeFileSync(join(root, "app", "page.tsx"), ['// fine: docs/PRODUCT.md, "Pages"', "// The footer (spec " + "§2)."].join("\n"));
    writeFileSync(join(root, "docs", "adr.md"), "As DECISIONS" + ".md says.\n");
    writeFileSync(join(root, "README.md"), "See `../" + "shared/ARCHITECTURE.md`.\n");
    const hits = find(root);
    expect(hits.map((hit) => hit.split(":").slice(0, 2).join(":")).sort()).toEqual(["README.md:1", "app/page.tsx:2", "docs/adr.md:1"]);
  });

  it("names each line that cites an issue of a tracker outside the repository, in any spelling", () => {
    const root = mkdtempSync(join(tmpdir(), "references-"));
    mkdirSync(join(root, "tests"));
    mkdirSync(join(root, "bench"));
    writeFileSync(
      join(root, "tests", "a.test.ts"),
      ['it("keeps the price (ADR 028)", () => {});', 'it("keeps the price (Issue ' + '26)", () => {});'].join("\n"),
    );
    writeFileSync(
      join(root, "bench", "run.mjs"),
      ["// Goal (issue-" + "49): 300 ms.", "// See issue #" + "12.", "// After issues " + "26–29."].join("\n"),
    );
    const hits = find(root);
    expect(hits.map((hit) => hit.split(":").slice(0, 2).join(":")).sort()).toEqual([
      "bench/run.mjs:1",
      "bench/run.mjs:2",
      "bench/run.mjs:3",
      "tests/a.test.ts:2",
    ]);
  });

  it("lets another project's tracker be cited as owner/repo#123 or by its URL", () => {
    const root = mkdtempSync(join(tmpdir(), "references-"));
    mkdirSync(join(root, "docs"));
    writeFileSync(
      join(root, "docs", "adr.md"),
      [
        "Fixed upstream (workers-sdk#14695, cloudflare/workers-sdk#14810).",
        "https://github.com/cloudflare/workers-sdk/issues/14695",
        "The issues of a photo's metadata are listed in ADR 070.",
      ].join("\n"),
    );
    expect(find(root)).toEqual([]);
  });

  it("finds none in this repository", () => {
    expect(find(fileURLToPath(new URL("../..", import.meta.url)))).toEqual([]);
  });
});
