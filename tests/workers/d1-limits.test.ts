// D1 binds at most 100 parameters per query; the local SQLite binds 32 766. The guard in getDb
// makes every local query as strict as production (app/.server/db/parameter-limit.ts).
import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/.server/db/client";
import { countBoundParameters } from "~/.server/db/parameter-limit";
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
    await expect(db.select().from(ads).where(inArray(ads.id, ids(100)))).resolves.toEqual([]);
    await expect(db.select().from(ads).where(inArray(ads.id, ids(101)))).rejects.toThrow(/too many SQL variables/);
  });
});
