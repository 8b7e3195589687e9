// `npm run check:references` (part of `npm run check`, ADR 033): the repository explains itself.
// No file may cite a document a person who clones it does not have — the product brief's sections
// (a "spec" section sign and number), its decision list, the workspace around the repository, or an
// issue tracker that is not in it (the word "issue" with a number). Comments point to docs/PRODUCT.md
// (a section), a docs/ page or an ADR in docs/decisions/ instead; another project's tracker is cited
// as owner/repo#123 or by its URL.
//
//   node scripts/check-references.mjs            exit 1 and list every hit
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** Written in pieces so this file does not match itself. */
export const FORBIDDEN = [
  { pattern: new RegExp(["spec", "\\s*§"].join(""), "i"), why: "cites a section of a brief outside the repository" },
  { pattern: new RegExp(["DECISIONS", "\\.md"].join("")), why: "cites a decision list outside the repository" },
  { pattern: new RegExp(["\\.\\./", "shared/"].join("")), why: "points into the workspace around the repository" },
  {
    pattern: new RegExp(["\\bissues?", "[ -]?#?\\d"].join(""), "i"),
    why: "cites an issue tracker outside the repository (name the ADR or the docs/ section)",
  },
];

const FOLDERS = ["app", "workers", "tests", "scripts", "bench", "docs", "migrations", "public"];
const SKIP = new Set(["node_modules", "build", ".wrangler", "test-results", "playwright-report", "meta"]);
const TEXT = /\.(?:[cm]?[jt]sx?|md|toml|json|sql|css|html|txt|ya?ml)$/;

function* files(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    if (TEXT.test(path)) yield path;
    return;
  }
  for (const entry of readdirSync(path)) if (!SKIP.has(entry)) yield* files(join(path, entry));
}

/** Every line under `root` that cites a document outside the repository, as "file:line: why". */
export function findOutsideReferences(root) {
  const roots = [
    ...FOLDERS.map((folder) => join(root, folder)),
    ...readdirSync(root)
      .filter((name) => TEXT.test(name) && name !== "package-lock.json")
      .map((name) => join(root, name)),
  ];
  const hits = [];
  for (const top of roots) {
    for (const file of files(top)) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          for (const { pattern, why } of FORBIDDEN)
            if (pattern.test(line)) hits.push(`${relative(root, file)}:${index + 1}: ${why}\n    ${line.trim().slice(0, 160)}`);
        });
    }
  }
  return hits;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const hits = findOutsideReferences(fileURLToPath(new URL("..", import.meta.url)));
  if (hits.length > 0) {
    console.error(
      `${hits.length} reference(s) to documents outside the repository; point to docs/PRODUCT.md, a docs/ page or an ADR instead:\n${hits.join("\n")}`,
    );
    process.exit(1);
  }
  console.log("references: every cited document is inside the repository");
}
