import { drizzle } from "drizzle-orm/d1";
import { withD1ParameterLimit } from "./parameter-limit";
import * as schema from "./schema";

export function getDb(d1: D1Database) {
  return drizzle(withD1ParameterLimit(d1), { schema });
}

export type Db = ReturnType<typeof getDb>;
export { schema };
