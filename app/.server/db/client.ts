import { drizzle } from "drizzle-orm/d1";
import { withD1Limits } from "./d1-limits";
import * as schema from "./schema";

/**
 * One drizzle handle per D1 binding and isolate: building it reads the whole schema's relations
 * (`extractTablesRelationalConfig`), which the app Worker did on every request before. The handle
 * holds no request state; each query is its own call to the binding.
 */
const handles = new WeakMap<D1Database, ReturnType<typeof openDb>>();

function openDb(d1: D1Database) {
  return drizzle(withD1Limits(d1), { schema });
}

export function getDb(d1: D1Database): Db {
  let db = handles.get(d1);
  if (!db) {
    db = openDb(d1);
    handles.set(d1, db);
  }
  return db;
}

export type Db = ReturnType<typeof openDb>;
export { schema };
