// Reading the activity log for the monitor: filtered and paged in D1, with the total.
import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { activityLogs } from "../../db/schema";

export const LOG_PAGE_SIZE = 20;

/** D1 refuses LIKE patterns over 50 bytes ("LIKE or GLOB pattern too complex"): the escaped search and its two % must fit. */
export const LOG_SEARCH_MAX_CHARS = 40;
const LIKE_PATTERN_MAX_BYTES = 50;

/** The literal LIKE pattern for a search: % and _ typed by the operator are escaped. */
export function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export const logQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(LOG_SEARCH_MAX_CHARS, { error: `Die Suche darf höchstens ${LOG_SEARCH_MAX_CHARS} Zeichen lang sein.` })
    .refine((value) => new TextEncoder().encode(likePattern(value)).length <= LIKE_PATTERN_MAX_BYTES, {
      error: "Die Suche ist zu lang (Umlaute und Sonderzeichen zählen doppelt). Bitte kürzer suchen.",
    })
    .optional()
    .transform((value) => value || undefined),
  action: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => value || undefined),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "Ungültiges Land." })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(LOG_PAGE_SIZE),
});

export type LogQuery = z.infer<typeof logQuerySchema>;

export async function queryLogs(db: Db, query: LogQuery) {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(activityLogs.action, query.action));
  if (query.country) conditions.push(eq(activityLogs.country, query.country));
  if (query.search) {
    const pattern = likePattern(query.search);
    const matches = (column: SQLiteColumn) => sql`${column} like ${pattern} escape '\\'`;
    conditions.push(or(matches(activityLogs.action), matches(activityLogs.email), matches(activityLogs.details))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(activityLogs)
      .where(where)
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(activityLogs).where(where),
  ]);
  return {
    total,
    entries: rows.map((row) => ({
      id: row.id,
      action: row.action,
      email: row.email,
      country: row.country,
      timestamp: row.createdAt,
      details: row.details,
    })),
  };
}

export async function logFacets(db: Db) {
  const [actions, countries] = await Promise.all([
    db.selectDistinct({ action: activityLogs.action }).from(activityLogs).orderBy(activityLogs.action).limit(200),
    db.selectDistinct({ country: activityLogs.country }).from(activityLogs).orderBy(activityLogs.country).limit(300),
  ]);
  return {
    actions: actions.map((row) => row.action),
    countries: countries.map((row) => row.country).filter((value): value is string => Boolean(value)),
  };
}
