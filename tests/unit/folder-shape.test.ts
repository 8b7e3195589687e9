// A folder holds a feature's files, so it holds at least two (ADR 079): a one-file part sits at its
// zone's root or in its nearest feature's folder, where a reader finds it beside its neighbours.
// Checked for the server code (app/.server/) and the UI (app/components/).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const CHECKED = ["app/.server", "app/components"];

/** Every folder below `top` (top itself excepted) that holds one file and no folder, named from `base`. */
function oneFileFolders(base: string, top: string, isTop = true): string[] {
  const entries = readdirSync(top, { withFileTypes: true });
  const folders = entries.filter((entry) => entry.isDirectory());
  const files = entries.filter((entry) => entry.isFile());
  const found = !isTop && folders.length === 0 && files.length === 1 ? [relative(base, top)] : [];
  return found.concat(folders.flatMap((folder) => oneFileFolders(base, join(top, folder.name), false)));
}

describe("folder shape", () => {
  let scratch: string | undefined;
  afterEach(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    scratch = undefined;
  });

  it("finds a folder that holds a single file", () => {
    scratch = mkdtempSync(join(tmpdir(), "folder-shape-"));
    for (const file of ["app/.server/ebay/oauth.ts", "app/.server/ebay/client.ts", "app/.server/http/errors.ts", "app/.server/config.ts"]) {
      mkdirSync(join(scratch, file, ".."), { recursive: true });
      writeFileSync(join(scratch, file), "export {};\n");
    }
    expect(oneFileFolders(scratch, join(scratch, "app/.server"))).toEqual(["app/.server/http"]);
  });

  it("no folder of the server code or the UI holds a single file", () => {
    expect(CHECKED.flatMap((top) => oneFileFolders(root, join(root, top)))).toEqual([]);
  });
});
