// The publication status, followed by the generator's cron (ADR 038): Kleinanzeigen publishes
// asynchronously, so every `publishing` listing is asked for once per run. ACTIVE → live with its
// address and the 60-day expiry; REJECTED → failed with Kleinanzeigen's reason in German;
// PENDING → asked again next run. One listing's failure never stops the others.
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { listings } from "../db/schema";
import type { KleinanzeigenClient } from "./client";
import { apiDetails, KLEINANZEIGEN_LIFETIME_MS } from "./listing-row";

export type StatusRun = { checked: number; live: number; failed: number; pending: number; errors: number };

export async function followPublications(db: Db, client: KleinanzeigenClient, now = Date.now()): Promise<StatusRun> {
  const run: StatusRun = { checked: 0, live: 0, failed: 0, pending: 0, errors: 0 };
  const rows = await db
    .select()
    .from(listings)
    .where(and(eq(listings.platform, "kleinanzeigen"), eq(listings.status, "publishing")))
    .limit(50);
  for (const row of rows) {
    const details = apiDetails.safeParse(row.details);
    // Still being sent by the app (no publication yet): the publishing request finishes it.
    if (!details.success) continue;
    run.checked++;
    try {
      const publication = await client.getPublication(details.data.listingUuid, details.data.publicationUuid);
      if (publication.state === "ACTIVE") {
        await db
          .update(listings)
          .set({
            status: "live",
            url: publication.adUrl ?? row.url,
            publishedAt: now,
            expiresAt: now + KLEINANZEIGEN_LIFETIME_MS,
            expiryReminderSentAt: null,
            lastError: null,
            updatedAt: now,
          })
          .where(and(eq(listings.id, row.id), eq(listings.status, "publishing")));
        run.live++;
      } else if (publication.state === "REJECTED") {
        const reason = publication.reason?.trim();
        await db
          .update(listings)
          .set({
            status: "failed",
            lastError: `Kleinanzeigen hat die Anzeige nicht veröffentlicht${reason ? `: ${reason}` : "."} Bitte passe sie an und veröffentliche sie neu.`,
            updatedAt: now,
          })
          .where(and(eq(listings.id, row.id), eq(listings.status, "publishing")));
        run.failed++;
      } else if (publication.state === "PAUSED" || publication.state === "DELETED") {
        await db
          .update(listings)
          .set({
            status: publication.state === "PAUSED" ? "paused" : "ended",
            ...(publication.state === "DELETED" ? { endedAt: now } : {}),
            updatedAt: now,
          })
          .where(and(eq(listings.id, row.id), eq(listings.status, "publishing")));
      } else {
        run.pending++;
      }
    } catch (error) {
      run.errors++;
      console.warn(`kleinanzeigen status of listing ${row.id} not read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return run;
}
