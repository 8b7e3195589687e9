// D1 allows at most 100 bound parameters per query (developers.cloudflare.com/d1/platform/limits/,
// "Maximum bound parameters per query"); the SQLite behind the local simulation allows 32 766. Every
// D1 handle the app opens goes through this guard (getDb), so a query that D1 would refuse in
// production fails the same way locally and in every test, instead of working until a seller has
// more than a hundred of something.
export const D1_MAX_BOUND_PARAMETERS = 100;

/** The bound parameters of one SQL statement: `?` and `?NNN` outside quoted strings and names. */
export function countBoundParameters(sql: string): number {
  const code = sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`/g, "");
  let anonymous = 0;
  let highestNumbered = 0;
  for (const match of code.matchAll(/\?(\d*)/g)) {
    if (match[1]) highestNumbered = Math.max(highestNumbered, Number(match[1]));
    else anonymous += 1;
  }
  return anonymous + highestNumbered;
}

/** The same database, refusing statements with more bound parameters than D1 allows. */
export function withD1ParameterLimit(d1: D1Database): D1Database {
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") {
        return (sql: string) => {
          const count = countBoundParameters(sql);
          if (count > D1_MAX_BOUND_PARAMETERS) {
            throw new Error(`D1_ERROR: too many SQL variables: ${count} bound parameters, D1 allows ${D1_MAX_BOUND_PARAMETERS} per query`);
          }
          return target.prepare(sql);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
