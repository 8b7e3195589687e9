// The local fakes (fakes/*.mjs) are JavaScript checked by TypeScript through their JSDoc types:
// tsconfig.fakes.json, one of the projects `tsc -b` (npm run typecheck, part of npm run check) builds.
// Run by the real compiler with the real config: the fakes as they are have no type error, and a fake
// with one fails the check.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const configPath = join(root, "tsconfig.fakes.json");

function parsedConfig() {
  const { config, error } = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath);
}

/** The compiler's errors for the files, one line each ("file(line): message"). */
function errorsOf(program: ts.Program) {
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error)
    .map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
      if (!diagnostic.file || diagnostic.start === undefined) return message;
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      return `${diagnostic.file.fileName.replace(root, "")}(${line + 1}): ${message}`;
    });
}

// The compiler reads the fakes, their imports and @types/node: seconds on a loaded machine.
describe("tsconfig.fakes.json", { timeout: 60_000 }, () => {
  const parsed = parsedConfig();
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  const fixtureDir = mkdtempSync(join(tmpdir(), "fakes-typecheck-"));
  afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }));

  it("is one of the projects `tsc -b` checks, and checks JavaScript", () => {
    const references: { path: string }[] = rawConfigOf("tsconfig.json").references ?? [];
    expect(references.map((reference) => reference.path)).toContain("./tsconfig.fakes.json");
    expect(parsed.options.checkJs).toBe(true);
    expect(parsed.fileNames.map((file) => file.replace(root, ""))).toEqual(
      expect.arrayContaining(["fakes/ebay.mjs", "fakes/ebay-contract.mjs", "fakes/kleinanzeigen.mjs"]),
    );
  });

  it("finds no type error in the fakes", () => {
    expect(errorsOf(program)).toEqual([]);
  });

  it("fails for a fake with a type error", () => {
    // A fake as the config reads it (no `// @ts-check` needed: checkJs checks every file), calling
    // the catalogue with a number where it takes a category id.
    const fixture = join(fixtureDir, "broken-fake.mjs");
    writeFileSync(
      fixture,
      `import { categoryById } from ${JSON.stringify(join(root, "fakes", "ebay-catalog.mjs"))};\n` +
        "/** @param {number} id */\nexport const nameOf = (id) => categoryById(id)?.name;\n",
    );
    const broken = ts.createProgram({ rootNames: [...parsed.fileNames, fixture], options: parsed.options, oldProgram: program });
    const errors = errorsOf(broken);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/broken-fake\.mjs\(3\): Argument of type 'number' is not assignable to parameter of type 'string'/);
  });
});

function rawConfigOf(name: string) {
  return JSON.parse(ts.sys.readFile(join(root, name)) ?? "{}");
}
