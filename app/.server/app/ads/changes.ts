// The dashboard's wait for its processing ads (ADR 063): one request that answers as soon as one of
// them has changed — finished, failed, deleted, or new words of a streaming model — instead of a
// reload of the whole page every second. It reads only those ads, by primary key, every
// CHANGES_CHECK_MS until something changed or the wait is over.
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { ads } from "../../db/schema";
import { AD_ID_PATTERN } from "../../storage/photo-keys";
// At most this many ads per request: their ids and the user are bound parameters of one query.
import { CHANGES_MAX_ADS } from "../../../lib/ad-limits";

export const CHANGES_PATH = "/api/ads/changes";
/** How often the ads are read while a page waits: a change shows at most this much later. */
export const CHANGES_CHECK_MS = 100;
/** The longest one request waits; the page then asks again (well inside any proxy's idle timeout). */
export const CHANGES_MAX_WAIT_SECONDS = 20;

export const changesQuerySchema = z.object({
  ids: z
    .string({ error: "Bitte gib die IDs der Anzeigen an, auf die du wartest." })
    .regex(new RegExp(`^${AD_ID_PATTERN}(,${AD_ID_PATTERN}){0,${CHANGES_MAX_ADS - 1}}$`), {
      error: `Bitte gib eine bis ${CHANGES_MAX_ADS} Anzeigen-IDs an, durch Kommas getrennt.`,
    })
    // Described before the split: the document shows what a client sends.
    .meta({
      description: "IDs der Anzeigen, die die Seite als „in Arbeit“ zeigt, durch Kommas getrennt",
      examples: ["3f2b8c1e-7a4d-4e9b-9c2f-1d5e6a7b8c9d,0a6c2d4e-1b3f-4a5c-8d7e-9f0a1b2c3d4e"],
    })
    .transform((value) => [...new Set(value.split(","))]),
  since: z.coerce
    .number({ error: "Bitte gib den Stand der Seite als Zeitstempel an." })
    .int({ error: "Bitte gib den Stand der Seite als Zeitstempel an." })
    .min(0, { error: "Bitte gib den Stand der Seite als Zeitstempel an." })
    .meta({
      description: "neuester `updatedAt` dieser Anzeigen, wie die Seite sie zeigt (Epoch-Millisekunden)",
      examples: [1764151200000],
    }),
  wait: z.coerce
    .number()
    .int()
    .min(0)
    .max(CHANGES_MAX_WAIT_SECONDS, { error: `Höchstens ${CHANGES_MAX_WAIT_SECONDS} Sekunden Wartezeit.` })
    .default(CHANGES_MAX_WAIT_SECONDS)
    .meta({ description: "längste Wartezeit in Sekunden" }),
});

export type ChangesQuery = z.infer<typeof changesQuerySchema>;

/** True when one of the seller's `ids` is gone, no longer processing, or written after `since`. */
async function changed(db: Db, userId: string, { ids, since }: Pick<ChangesQuery, "ids" | "since">): Promise<boolean> {
  const rows = await db
    .select({ status: ads.status, updatedAt: ads.updatedAt })
    .from(ads)
    .where(and(eq(ads.userId, userId), inArray(ads.id, ids)));
  return rows.length < ids.length || rows.some((row) => row.status !== "processing" || row.updatedAt > since);
}

/**
 * Waits until one of the ads changed or `wait` seconds have passed; answers whether one changed.
 * An aborted request (the page left) ends the wait at the next check.
 */
export async function waitForChanges(db: Db, userId: string, query: ChangesQuery, signal?: AbortSignal): Promise<boolean> {
  const deadline = Date.now() + query.wait * 1000;
  for (;;) {
    if (await changed(db, userId, query)) return true;
    const left = deadline - Date.now();
    if (left <= 0 || signal?.aborted) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(CHANGES_CHECK_MS, left)));
  }
}
