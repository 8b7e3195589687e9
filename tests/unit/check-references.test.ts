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

  it("finds none in this repository", () => {
    expect(find(fileURLToPath(new URL("../..", import.meta.url)))).toEqual([]);
  });
});
