// `npm run check:adrs` (part of `npm run check`): the decision records and their index agree.
// Each record in docs/decisions/ starts with the same head (see docs/decisions/template.md):
//
//   # 072 — Title
//
//   Status: accepted · 2026-11-27
//   Supersedes in part: ADR 049          (optional; also "Supersedes:", "Amends:", "Builds on:")
//
// The index (docs/decisions/README.md) is a table between two markers, written by this script. A
// check fails when a record's head is malformed, when a link has no back-link in the other record
// ("Supersedes" ↔ "Superseded by", "Amends" ↔ "Amended by"), when a record names a number that
// does not exist, when a gap in the numbering is not explained in the index, or when the table
// differs from the records.
//
//   node scripts/adr-index.mjs           exit 1 and list every problem
//   node scripts/adr-index.mjs --write   rewrite the table in docs/decisions/README.md
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const START = "<!-- adr-index:start -->";
export const END = "<!-- adr-index:end -->";
const STATUSES = ["proposed", "accepted", "superseded"];
/** A link and the back-link the other record must carry. `Builds on` needs none. */
const LINKS = {
  Supersedes: "Superseded by",
  "Superseded by": "Supersedes",
  "Supersedes in part": "Superseded in part by",
  "Superseded in part by": "Supersedes in part",
  Amends: "Amended by",
  "Amended by": "Amends",
  "Builds on": null,
};
const RECORD = /^(\d{3})-[a-z0-9-]+\.md$/;

/** Every record in `dir` with its head read, and the problems found in the heads alone. */
export function readRecords(dir) {
  const problems = [];
  const records = [];
  for (const file of readdirSync(dir).sort()) {
    const match = RECORD.exec(file);
    if (!match) continue;
    const lines = readFileSync(join(dir, file), "utf8").split("\n");
    const title = /^# (\d{3}) — (.+)$/.exec(lines[0] ?? "");
    if (!title || title[1] !== match[1]) {
      problems.push(`${file}: the first line must be "# ${match[1]} — Title"`);
      continue;
    }
    const status = /^Status: (\w+) · (\d{4}-\d{2}-\d{2})$/.exec(lines[2] ?? "");
    if (lines[1] !== "" || !status || !STATUSES.includes(status[1])) {
      problems.push(`${file}: the third line must be "Status: ${STATUSES.join("|")} · YYYY-MM-DD"`);
      continue;
    }
    const links = {};
    let index = 3;
    for (; lines[index]; index++) {
      const link = /^([A-Za-z ]+): (ADR \d{3}(?:, ADR \d{3})*)$/.exec(lines[index]);
      if (!link || !(link[1] in LINKS)) {
        problems.push(`${file}:${index + 1}: expected a link line (${Object.keys(LINKS).join(", ")}: ADR NNN, ADR NNN)`);
        break;
      }
      links[link[1]] = link[2].split(", ").map((adr) => adr.slice(4));
    }
    records.push({ number: match[1], file, title: title[2], status: status[1], date: status[2], links });
  }
  return { records, problems };
}

/** The numbers between the first and the last record that no record has. */
export function gaps(records) {
  const numbers = new Set(records.map((record) => Number(record.number)));
  const last = Math.max(0, ...numbers);
  const missing = [];
  for (let number = 1; number < last; number++) if (!numbers.has(number)) missing.push(String(number).padStart(3, "0"));
  return missing;
}

/** The index table for `records`. */
export function renderTable(records) {
  const rows = records.map((record) => {
    const links = Object.entries(record.links)
      .map(([kind, numbers]) => `${kind.toLowerCase()} ${numbers.join(", ")}`)
      .join("; ");
    return `| [${record.number}](${record.file}) | ${record.title.replaceAll("|", "\\|")} | ${record.status} · ${record.date} | ${links} |`;
  });
  return ["| ADR | Decision | Status | Links |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

/** Every problem with the records in `dir` and their index `dir/README.md`. */
export function checkIndex(dir) {
  const { records, problems } = readRecords(dir);
  const byNumber = new Map(records.map((record) => [record.number, record]));
  for (const record of records) {
    for (const [kind, numbers] of Object.entries(record.links)) {
      for (const number of numbers) {
        const other = byNumber.get(number);
        if (!other) {
          problems.push(`${record.file}: "${kind}" names ADR ${number}, which does not exist`);
          continue;
        }
        const back = LINKS[kind];
        if (back && !(other.links[back] ?? []).includes(record.number))
          problems.push(`${other.file}: needs "${back}: ADR ${record.number}" (the back-link of ${record.file}'s "${kind}")`);
      }
    }
  }
  const readme = readFileSync(join(dir, "README.md"), "utf8");
  const table = between(readme);
  if (table === null) problems.push(`README.md: the index table belongs between ${START} and ${END}`);
  else if (normalise(table) !== normalise(renderTable(records)))
    problems.push("README.md: the index table is not the records' (run `node scripts/adr-index.mjs --write`)");
  for (const gap of gaps(records))
    if (!new RegExp(`^- ${gap}: \\S`, "m").test(readme))
      problems.push(`README.md: the unused number ${gap} needs a line "- ${gap}: why" under "Numbers never used"`);
  return problems;
}

/** A markdown table with its cells' padding removed (prettier aligns the columns). */
function normalise(table) {
  return table
    .trim()
    .split("\n")
    .map((line) =>
      line
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replace(/^:?-+:?$/, "---"))
        .join("|"),
    )
    .join("\n");
}

function between(text) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  return start === -1 || end < start ? null : text.slice(start + START.length, end);
}

const DIR = fileURLToPath(new URL("../docs/decisions", import.meta.url));
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--write")) {
    const path = join(DIR, "README.md");
    const readme = readFileSync(path, "utf8");
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    if (start === -1 || end < start) throw new Error(`README.md has no ${START} … ${END}`);
    const table = renderTable(readRecords(DIR).records);
    const { format, resolveConfig } = await import("prettier");
    const text = `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
    writeFileSync(path, await format(text, { ...(await resolveConfig(path)), filepath: path }));
  }
  const problems = checkIndex(DIR);
  for (const problem of problems) console.error(`docs/decisions/${problem}`);
  if (problems.length > 0) process.exit(1);
}
