// D1 binds at most 100 parameters per query (the local SQLite binds 32 766), takes statements of at
// most 100 KB and LIKE/GLOB patterns of at most 50 bytes. The guard in getDb makes every local query
// as strict as production (app/.server/db/d1-limits.ts).
import { env } from "cloudflare:workers";
import { inArray, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/.server/db/client";
import { countBoundParameters, likePatternParameters } from "~/.server/db/d1-limits";
import { ads } from "~/.server/db/schema";

const ids = (count: number) => Array.from({ length: count }, (_, index) => `ad-${index}`);

describe("D1's bound-parameter limit", () => {
  it("counts placeholders, not question marks inside strings or names", () => {
    expect(countBoundParameters("select * from ads where id in (?, ?, ?)")).toBe(3);
    expect(countBoundParameters("update ads set title = ?1 where id = ?2 or user_id = ?2")).toBe(2);
    expect(countBoundParameters(`select '?' as "a?", \`b?\` from ads where id = ?`)).toBe(1);
  });

  it("refuses a query with 101 bound parameters the way D1 does, and runs one with 100", async () => {
    const db = getDb(env.DB);
    await expect(
      db
        .select()
        .from(ads)
        .where(inArray(ads.id, ids(100))),
    ).resolves.toEqual([]);
    await expect(
      db
        .select()
        .from(ads)
        .where(inArray(ads.id, ids(101))),
    ).rejects.toThrow(/too many SQL variables/);
  });
});

/** The error of a refused query with its cause (drizzle wraps the driver's error). */
async function refusal(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    return `${String(error)} ${String((error as { cause?: unknown }).cause ?? "")}`;
  }
  return "no error";
}

describe("D1's statement and pattern limits", () => {
  it("finds the parameters used as LIKE or GLOB patterns", () => {
    expect(likePatternParameters("select * from t where a = ? and b like ? escape '\\' or c GLOB ?")).toEqual([1, 2]);
    expect(likePatternParameters("select 'like ?' from t where a = ?")).toEqual([]);
  });

  it("refuses a LIKE pattern over 50 bytes the way D1 does, and runs one of 50", async () => {
    const db = getDb(env.DB);
    await expect(
      db
        .select()
        .from(ads)
        .where(like(ads.itemName, `%${"a".repeat(48)}%`)),
    ).resolves.toEqual([]);
    expect(
      await refusal(
        db
          .select()
          .from(ads)
          .where(like(ads.itemName, `%${"a".repeat(49)}%`)),
      ),
    ).toMatch(/LIKE or GLOB pattern too complex/);
    // Bytes, not characters: 25 umlauts are 50 bytes.
    await expect(
      db
        .select()
        .from(ads)
        .where(like(ads.itemName, `${"ä".repeat(25)}`)),
    ).resolves.toEqual([]);
    expect(
      await refusal(
        db
          .select()
          .from(ads)
          .where(like(ads.itemName, `%${"ä".repeat(25)}`)),
      ),
    ).toMatch(/LIKE or GLOB pattern too complex/);
  });

  it("refuses a statement over 100 KB", async () => {
    const db = getDb(env.DB);
    const long = `select 1 /* ${"x".repeat(100_000)} */`;
    expect(await refusal(db.run(sql.raw(long)))).toMatch(/statement too long/);
    await expect(db.run(sql.raw("select 1"))).resolves.toBeDefined();
  });
});
