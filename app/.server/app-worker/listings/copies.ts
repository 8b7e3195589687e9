// The marketplaces whose paste-ready copy the seller took ("Titel kopieren", "Text kopieren",
// ADR 029): a private seller posts the ad there by hand, so "Verkauft" names them for the seller to
// end it there too (ADR 076). Recorded once per marketplace, in one statement (no lost write
// between two copies).
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { PLATFORM_VALUES, type Platform } from "../../../lib/platforms";
import type { Db } from "../../db/client";
import { ads } from "../../db/schema";

export const copyInputSchema = z.object({
  platform: z.enum(PLATFORM_VALUES, { error: "Unbekannte Plattform." }).describe("Für welche Plattform kopiert wurde"),
});

export async function recordCopy(db: Db, ad: { id: string; userId: string }, platform: Platform): Promise<void> {
  await db
    .update(ads)
    .set({
      copiedTo: sql`CASE WHEN EXISTS (SELECT 1 FROM json_each(${ads.copiedTo}) WHERE value = ${platform}) THEN ${ads.copiedTo} ELSE json_insert(${ads.copiedTo}, '$[#]', ${platform}) END`,
    })
    .where(and(eq(ads.id, ad.id), eq(ads.userId, ad.userId)));
}
