// D1 refuses what the SQLite behind the local simulation accepts (developers.cloudflare.com/d1/platform/limits/):
// "Maximum bound parameters per query" 100 (local SQLite: 32 766), "Maximum SQL statement length"
// 100 KB, "Maximum characters (bytes) in a LIKE or GLOB pattern" 50 bytes. Every D1 handle the app
// opens goes through this guard (getDb), so a query that D1 would refuse in production fails the
// same way locally and in every test, instead of working until a seller has more than a hundred of
// something (ADR 022).
export const D1_MAX_BOUND_PARAMETERS = 100;
export const D1_MAX_STATEMENT_BYTES = 100_000;
export const D1_MAX_LIKE_PATTERN_BYTES = 50;

const bytes = (text: string) => new TextEncoder().encode(text).byteLength;

/** The SQL with quoted strings and names blanked out (same length), so placeholders are found only in code. */
function codeOnly(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`/g, (quoted) => " ".repeat(quoted.length));
}

/** The bound parameters of one SQL statement: `?` and `?NNN` outside quoted strings and names. */
export function countBoundParameters(sql: string): number {
  let anonymous = 0;
  let highestNumbered = 0;
  for (const match of codeOnly(sql).matchAll(/\?(\d*)/g)) {
    if (match[1]) highestNumbered = Math.max(highestNumbered, Number(match[1]));
    else anonymous += 1;
  }
  return anonymous + highestNumbered;
}

/** Positions (0-based) of the anonymous parameters used as a LIKE or GLOB pattern. */
export function likePatternParameters(sql: string): number[] {
  const positions: number[] = [];
  let index = 0;
  for (const match of codeOnly(sql).matchAll(/(\b(?:like|glob)\s+)?\?(\d*)/gi)) {
    if (match[2]) continue;
    if (match[1]) positions.push(index);
    index += 1;
  }
  return positions;
}

function d1Error(message: string): Error {
  return new Error(`D1_ERROR: ${message}`);
}

/** Refuses, like D1, a statement that is too long or has too many bound parameters. */
export function checkStatement(sql: string) {
  const length = bytes(sql);
  if (length > D1_MAX_STATEMENT_BYTES) throw d1Error(`statement too long: ${length} bytes, D1 allows ${D1_MAX_STATEMENT_BYTES}`);
  const count = countBoundParameters(sql);
  if (count > D1_MAX_BOUND_PARAMETERS)
    throw d1Error(`too many SQL variables: ${count} bound parameters, D1 allows ${D1_MAX_BOUND_PARAMETERS} per query`);
}

/** Refuses, like D1, a LIKE or GLOB pattern over 50 bytes among the values bound to `sql`. */
export function checkBoundValues(sql: string, values: unknown[]) {
  for (const position of likePatternParameters(sql)) {
    const pattern = values[position];
    if (typeof pattern === "string" && bytes(pattern) > D1_MAX_LIKE_PATTERN_BYTES) throw d1Error("LIKE or GLOB pattern too complex");
  }
}

function guardedStatement(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
  return new Proxy(statement, {
    get(target, property) {
      if (property === "bind") {
        return (...values: unknown[]) => {
          checkBoundValues(sql, values);
          return guardedStatement(target.bind(...values), sql);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The same database, refusing what D1 refuses in production. */
export function withD1Limits(d1: D1Database): D1Database {
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") {
        return (sql: string) => {
          checkStatement(sql);
          return guardedStatement(target.prepare(sql), sql);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
