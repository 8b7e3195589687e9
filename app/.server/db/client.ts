import { drizzle } from "drizzle-orm/d1";
import { withD1Limits } from "./d1-limits";
import * as schema from "./schema";

export function getDb(d1: D1Database) {
  return drizzle(withD1Limits(d1), { schema });
}

export type Db = ReturnType<typeof getDb>;
export { schema };
